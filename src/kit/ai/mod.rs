//! One way for every game to run its computer player: an [`AiJob`] runs a search, a
//! [`Job`] of the rules crate, where the [`AiHost`] says (on a worker thread on the desktop,
//! in the AI worker beside the page in the browser, or whole within the frame for tests that
//! must replay exactly), and hands back its [`Answer`]. The games say what to search and read
//! what was found; none of them knows where the search ran. A job belongs to one state of one
//! game, its [`Generation`]: a job whose game has moved on (a new game, a move, an undo,
//! another player) or whose screen was left is cancelled (on a thread its [`Cancel`] flag is
//! set, so the engine stops early; in the browser its worker is terminated) and its answer
//! dropped. A frame never waits for a search.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
pub use gems_rules::cancel::{Cancel, Progress};
pub use gems_rules::job::{Answer, Job};

use super::screens::Screen;

#[cfg(any(target_arch = "wasm32", test))]
mod backoff;
#[cfg(not(target_arch = "wasm32"))]
mod native;
mod split;
#[cfg(target_arch = "wasm32")]
mod worker;

#[cfg(not(target_arch = "wasm32"))]
pub use native::{AiGate, lanes};
#[cfg(not(target_arch = "wasm32"))]
use native::{Latest, ThreadLane, as_messages, run};

/// One state of one game, which a search is started for. Every new game, move, undo or
/// change of player takes the [next](Generation::next) one, and no two are ever equal in the
/// process (a counter that restarted with each game would let a search for the last game
/// answer into the next).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Generation(u64);

impl Generation {
    /// A generation never handed out before in this process.
    pub fn next() -> Generation {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        Generation(NEXT.fetch_add(1, Ordering::Relaxed))
    }

    /// Moves on to the next generation (the game's state changed).
    pub fn bump(&mut self) {
        *self = Generation::next();
    }
}

impl Default for Generation {
    /// A fresh generation (a new game's first state).
    fn default() -> Self {
        Generation::next()
    }
}

/// A game's session as the AI sees it: the generation of its current state.
pub trait AiSession: Resource {
    /// The state the game is in now; a job started for another one is stale.
    fn generation(&self) -> Generation;
}

/// Where AI work runs (by default a thread on the desktop, the AI worker on the web).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub enum AiHost {
    /// On a worker thread of Bevy's `AsyncComputeTaskPool` (the desktop), the Expert's
    /// time-budget searches on [`lanes`] threads.
    #[cfg(not(target_arch = "wasm32"))]
    #[default]
    Thread,
    /// In the browser's AI worker (`web/ai-worker.js`, the `gems-worker` module): the page's
    /// one thread only posts the job and later reads the reply.
    #[cfg(target_arch = "wasm32")]
    #[default]
    Worker,
    /// On a worker thread, with the job carried as the browser carries it to its AI worker:
    /// the request's text in, the reply's text out, the Expert on one lane. Native tests run
    /// the web's way with it (the browser's own transport is covered by its browser test).
    #[cfg(not(target_arch = "wasm32"))]
    Messages,
    /// As the browser runs the Expert on several AI workers (the page's coordinator handing
    /// out pieces of its search), over this many lanes, each a worker thread carrying the
    /// worker's texts; every other job as [`AiHost::Messages`]. For tests.
    #[cfg(not(target_arch = "wasm32"))]
    Lanes(usize),
    /// Whole, within the frame that starts it: with node budgets instead of time limits, a
    /// test's run then replays exactly, frame for frame.
    #[cfg(not(target_arch = "wasm32"))]
    Inline,
    /// Nowhere: no job starts, so the computer never answers. For replaying a recorded run,
    /// whose log already holds the computer's moves as the games' actions.
    Off,
    /// On a worker thread, like [`AiHost::Thread`], but each job waits at the gate until the
    /// test holding it opens it: the test decides when an answer arrives.
    #[cfg(not(target_arch = "wasm32"))]
    Gated(AiGate),
}

/// Where a job's search stands.
enum Running {
    /// On a worker thread.
    #[cfg(not(target_arch = "wasm32"))]
    Task(Task<Answer>),
    /// In the browser's AI worker (dropping the ticket stops it).
    #[cfg(target_arch = "wasm32")]
    Worker(worker::Ticket),
    /// The Expert over several AI workers.
    #[cfg(target_arch = "wasm32")]
    Split(Box<split::Split<worker::Ticket>>),
    /// The Expert over several lanes of threads (tests).
    #[cfg(not(target_arch = "wasm32"))]
    Split(Box<split::Split<ThreadLane>>),
    /// Finished within the frame that started it (or never started); handed out at the next
    /// poll.
    Done(Option<Answer>),
}

/// One running search, with the game generation it was started for and what its answer is
/// for (`P`: play it, show it as a hint…). Dropping the job stops its search (a thread's at
/// its next look at the cancel flag; the browser's worker at once).
pub struct AiJob<P = ()> {
    running: Running,
    _cancel: CancelOnDrop,
    /// What a search on a thread last reported.
    #[cfg(not(target_arch = "wasm32"))]
    latest: Latest,
    /// The game's generation when the job started; an answer for another one is stale.
    pub generation: Generation,
    /// What the answer is for.
    pub purpose: P,
}

impl<P> AiJob<P> {
    /// Starts `job` on `host` for the game at `generation`.
    pub fn start(host: &AiHost, job: Job, generation: Generation, purpose: P) -> Self {
        let cancel = Cancel::new();
        #[cfg(not(target_arch = "wasm32"))]
        let (latest, flag) = (Latest::default(), cancel.clone());
        #[cfg(not(target_arch = "wasm32"))]
        let (reporting, inbox) = (latest.reporting(&cancel), latest.clone());
        let running = match host {
            #[cfg(not(target_arch = "wasm32"))]
            AiHost::Thread => Running::Task(
                AsyncComputeTaskPool::get().spawn(async move { run(job, &reporting) }),
            ),
            #[cfg(not(target_arch = "wasm32"))]
            AiHost::Gated(gate) => {
                let gate = gate.clone();
                Running::Task(
                    AsyncComputeTaskPool::get().spawn(async move { gate.run(job, &reporting) }),
                )
            }
            #[cfg(not(target_arch = "wasm32"))]
            AiHost::Messages => Running::Task(
                AsyncComputeTaskPool::get().spawn(async move { as_messages(job, &flag, &inbox) }),
            ),
            #[cfg(not(target_arch = "wasm32"))]
            AiHost::Inline => Running::Done(Some(run(job, &flag))),
            #[cfg(not(target_arch = "wasm32"))]
            AiHost::Lanes(lanes) => match split::Split::start(&job, *lanes) {
                Some(split) => Running::Split(Box::new(split)),
                None => Running::Task(
                    AsyncComputeTaskPool::get()
                        .spawn(async move { as_messages(job, &flag, &inbox) }),
                ),
            },
            #[cfg(target_arch = "wasm32")]
            AiHost::Worker => match split::Split::start(&job, worker::lanes()) {
                Some(split) => Running::Split(Box::new(split)),
                None => Running::Worker(worker::Ticket::post(&job)),
            },
            // `AiSlot::start` starts nothing under `Off`; a job made directly never answers.
            AiHost::Off => Running::Done(None),
        };
        AiJob {
            running,
            _cancel: CancelOnDrop::new(cancel),
            #[cfg(not(target_arch = "wasm32"))]
            latest,
            generation,
            purpose,
        }
    }

    /// How far the search has got, as it last reported (long searches report every
    /// [`gems_rules::job::REPORT_EVERY`]; a short one may answer before any report).
    pub fn progress(&self) -> Option<Progress> {
        match &self.running {
            #[cfg(not(target_arch = "wasm32"))]
            Running::Task(_) => self.latest.get(),
            #[cfg(target_arch = "wasm32")]
            Running::Worker(ticket) => ticket.progress(),
            Running::Split(split) => split.progress(),
            Running::Done(_) => None,
        }
    }

    /// The answer once the search is done.
    pub fn poll(&mut self) -> Option<Answer> {
        match &mut self.running {
            #[cfg(not(target_arch = "wasm32"))]
            Running::Task(task) => check_ready(task),
            #[cfg(target_arch = "wasm32")]
            Running::Worker(ticket) => ticket.poll(),
            Running::Split(split) => split.poll(),
            Running::Done(answer) => answer.take(),
        }
    }
}

/// Sets its flag when dropped: a job's work is told to stop when the job goes. It also counts
/// the jobs alive ([`jobs_alive`]).
struct CancelOnDrop(Cancel);

/// How many [`AiJob`]s exist now, in every game.
static JOBS_ALIVE: AtomicUsize = AtomicUsize::new(0);

/// How many computer jobs exist now, in every game (a window that draws only when something
/// changes keeps drawing while one runs, so that its answer is looked at every frame).
pub fn jobs_alive() -> usize {
    JOBS_ALIVE.load(Ordering::Relaxed)
}

impl CancelOnDrop {
    fn new(cancel: Cancel) -> Self {
        JOBS_ALIVE.fetch_add(1, Ordering::Relaxed);
        CancelOnDrop(cancel)
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        JOBS_ALIVE.fetch_sub(1, Ordering::Relaxed);
        self.0.cancel();
    }
}

/// A game's AI job slot: at most one job at a time (its presence is the "thinking" indicator).
#[derive(Resource)]
pub struct AiSlot<P = ()>(pub Option<AiJob<P>>);

impl<P> Default for AiSlot<P> {
    fn default() -> Self {
        AiSlot(None)
    }
}

impl<P: Send + Sync + 'static> AiSlot<P> {
    /// Whether a job is running.
    pub fn busy(&self) -> bool {
        self.0.is_some()
    }

    /// The running job's progress, as it last reported.
    pub fn progress(&self) -> Option<Progress> {
        self.0.as_ref()?.progress()
    }

    /// Starts `job` for the game at `generation` unless a job is already running.
    pub fn start(&mut self, host: &AiHost, job: Job, generation: Generation, purpose: P) {
        if self.0.is_none() && *host != AiHost::Off {
            self.0 = Some(AiJob::start(host, job, generation, purpose));
        }
    }

    /// Cancels the running job, if any: its search is told to stop, and its answer will
    /// never be used.
    pub fn cancel(&mut self) {
        self.0 = None;
    }

    /// Cancels the running job if it was started for another generation than `generation`.
    pub fn cancel_stale(&mut self, generation: Generation) {
        if self.0.as_ref().is_some_and(|j| j.generation != generation) {
            self.cancel();
        }
    }

    /// Polls the running job, after cancelling it if it was started for another generation
    /// than `generation` (its answer is then never seen). Once it is done the slot empties and
    /// the answer comes back with its purpose.
    pub fn poll_fresh(&mut self, generation: Generation) -> Option<(P, Answer)> {
        self.cancel_stale(generation);
        let answer = self.0.as_mut()?.poll()?;
        let job = self.0.take()?;
        Some((job.purpose, answer))
    }
}

/// Cancels the slot's job once the session has moved on from the state it was started for.
fn cancel_stale<P: Send + Sync + 'static, S: AiSession>(
    session: Option<Res<S>>,
    mut slot: ResMut<AiSlot<P>>,
) {
    if let Some(session) = session {
        slot.cancel_stale(session.generation());
    }
}

/// Cancels the slot's job (its game's screen was left).
fn cancel_job<P: Send + Sync + 'static>(mut slot: ResMut<AiSlot<P>>) {
    slot.cancel();
}

/// The kit's part of the computer players: in the browser, a failed AI worker is told to
/// the player as a notice (the computer cannot move until it loads).
pub fn plugin(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Update, tell_worker_failures);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = app;
}

/// Shows a failure of the browser's AI worker as a notice, once.
#[cfg(target_arch = "wasm32")]
fn tell_worker_failures(notices: Option<ResMut<super::settings::Notices>>) {
    if let (Some(why), Some(mut notices)) = (worker::take_failure(), notices) {
        notices.warn(format!(
            "The computer players cannot think: {why}. Check the connection and reload the page."
        ));
    }
}

/// Registers a game's computer player: its job slot, and the systems that start and finish
/// its jobs, in order, in the game's `set`. The kit cancels the slot's job when the game's
/// session `S` moves to another generation and when `screen` is left.
pub trait AddAi {
    /// Adds the slot `AiSlot<P>` and `systems` (chained) in `set`, after the kit's check
    /// that the running job is still for the session's state.
    fn add_ai<P: Send + Sync + 'static, S: AiSession, M>(
        &mut self,
        screen: Screen,
        set: impl SystemSet + Clone,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self;
}

impl AddAi for App {
    fn add_ai<P: Send + Sync + 'static, S: AiSession, M>(
        &mut self,
        screen: Screen,
        set: impl SystemSet + Clone,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self {
        self.init_resource::<AiSlot<P>>()
            .add_systems(
                Update,
                (cancel_stale::<P, S>, systems.chain()).chain().in_set(set),
            )
            .add_systems(OnExit(screen), cancel_job::<P>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::tasks::{TaskPool, TaskPoolBuilder};
    use gems_rules::gems::{Budget, Player, RemovalPolicy, random_board};

    /// A job that answers at once: the Greedy player's next move.
    fn quick_job() -> Job {
        let board = random_board(5, 5, 3, 1).unwrap();
        Job::gems_line(
            &board,
            RemovalPolicy::Classic,
            Player::Greedy,
            Budget::Nodes(1),
            None,
        )
    }

    /// Polls `slot` until it answers (at most 10 s).
    fn wait<P: Send + Sync + 'static>(slot: &mut AiSlot<P>, g: Generation) -> Option<(P, Answer)> {
        for _ in 0..10_000 {
            if let Some(answer) = slot.poll_fresh(g) {
                return Some(answer);
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        None
    }

    #[test]
    fn inline_answers_at_once_and_off_starts_nothing() {
        let mut slot: AiSlot<&str> = AiSlot::default();
        let g = Generation::next();
        slot.start(&AiHost::Inline, quick_job(), g, "hint");
        assert!(slot.busy());
        let (purpose, answer) = slot.poll_fresh(g).expect("answered within the frame");
        assert_eq!(purpose, "hint");
        assert_eq!(answer, gems_rules::job::run(quick_job(), &Cancel::never()));
        assert!(!slot.busy());
        slot.start(&AiHost::Off, quick_job(), g, "replay");
        assert!(!slot.busy(), "nothing starts when the computer is off");
    }

    #[test]
    fn a_stale_answer_is_dropped_and_the_slot_frees() {
        let mut slot: AiSlot = AiSlot::default();
        slot.start(&AiHost::Inline, quick_job(), Generation::next(), ());
        assert_eq!(slot.poll_fresh(Generation::next()), None);
        assert!(!slot.busy());
    }

    #[test]
    fn thread_jobs_answer_from_the_pool() {
        AsyncComputeTaskPool::get_or_init(|| -> TaskPool { TaskPoolBuilder::new().build() });
        let mut slot: AiSlot = AiSlot::default();
        let g = Generation::next();
        slot.start(&AiHost::Thread, quick_job(), g, ());
        let want = gems_rules::job::run(quick_job(), &Cancel::never());
        assert_eq!(wait(&mut slot, g), Some(((), want)));
    }

    #[test]
    fn generations_never_repeat() {
        let mut g = Generation::default();
        let first = g;
        g.bump();
        assert_ne!(g, first);
        assert_ne!(Generation::next(), g);
    }

    #[test]
    fn a_stale_job_on_a_thread_is_cancelled_and_its_answer_dropped() {
        AsyncComputeTaskPool::get_or_init(|| -> TaskPool { TaskPoolBuilder::new().build() });
        let gate = AiGate::default();
        let mut slot: AiSlot = AiSlot::default();
        let old = Generation::next();
        // A search long enough to still be running when the gate opens after the cancel.
        let board = random_board(15, 15, 5, 2).unwrap();
        let long = Job::gems_line(
            &board,
            RemovalPolicy::Classic,
            Player::Expert,
            Budget::Time(std::time::Duration::from_secs(60)),
            None,
        );
        slot.start(&AiHost::Gated(gate.clone()), long, old, ());
        while gate.arrived() == 0 {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        // The game moves on while the job waits at the gate.
        assert_eq!(slot.poll_fresh(Generation::next()), None);
        assert!(!slot.busy(), "the stale job is gone");
        gate.open();
        while gate.finished() == 0 {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert_eq!(
            gate.cancelled(),
            1,
            "the search saw its cancel flag and stopped"
        );
    }
}
