//! One way for every game to run its computer player: an [`AiJob`] runs a piece of
//! [`AiWork`] where the [`AiHost`] says (a worker thread on the desktop, a slice per frame in
//! the browser, or whole within the frame for tests that must replay exactly). A job belongs
//! to one state of one game, its [`Generation`]: a job whose game has moved on (a new game, a
//! move, an undo, another player) or whose screen was left is cancelled (its work's
//! [`Cancel`] flag is set, so the engine stops early) and its answer dropped. A frame never
//! waits for a search.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
pub use gems_rules::cancel::Cancel;

use super::screens::Screen;

/// Search time per frame when work runs in frames (a 60 Hz frame is 16.7 ms).
pub const SLICE: Duration = Duration::from_millis(10);

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

/// Where AI work runs.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub enum AiHost {
    /// On a worker thread of Bevy's `AsyncComputeTaskPool` (the desktop).
    Thread,
    /// On the main thread, one [`SLICE`] per frame: the web build has one thread, and a search
    /// run whole there would freeze the page for as long as it thinks.
    Frames,
    /// Whole, within the frame that starts it: with node budgets instead of time limits, a
    /// test's run then replays exactly, frame for frame.
    Inline,
    /// Nowhere: no job starts, so the computer never answers. For replaying a recorded run,
    /// whose log already holds the computer's moves as the games' actions.
    Off,
    /// On a worker thread, like [`AiHost::Thread`], but each job waits at the gate until the
    /// test holding it opens it: the test decides when an answer arrives.
    Gated(AiGate),
}

impl Default for AiHost {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            AiHost::Frames
        } else {
            AiHost::Thread
        }
    }
}

/// A test's hold on the jobs of an [`AiHost::Gated`] host: each waits on a worker thread
/// until the gate opens, and the gate counts the jobs that reached it, that finished, and
/// that finished with their cancel flag set.
#[derive(Clone, Debug, Default)]
pub struct AiGate(Arc<GateState>);

/// What an [`AiGate`]'s clones share.
#[derive(Debug, Default)]
struct GateState {
    open: Mutex<bool>,
    opened: Condvar,
    arrived: AtomicUsize,
    finished: AtomicUsize,
    cancelled: AtomicUsize,
}

impl PartialEq for AiGate {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for AiGate {}

impl AiGate {
    /// Lets every job waiting at the gate, and every later one, run.
    pub fn open(&self) {
        *self.0.open.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.0.opened.notify_all();
    }

    /// Jobs that have reached the gate.
    pub fn arrived(&self) -> usize {
        self.0.arrived.load(Ordering::SeqCst)
    }

    /// Jobs whose work has ended.
    pub fn finished(&self) -> usize {
        self.0.finished.load(Ordering::SeqCst)
    }

    /// Jobs whose work ended with its cancel flag set.
    pub fn cancelled(&self) -> usize {
        self.0.cancelled.load(Ordering::SeqCst)
    }

    /// Runs `work` once the gate is open, counting it.
    fn run<W: AiWork>(&self, work: W, cancel: &Cancel) -> W::Output {
        self.0.arrived.fetch_add(1, Ordering::SeqCst);
        let mut open = self.0.open.lock().unwrap_or_else(PoisonError::into_inner);
        while !*open {
            open = self
                .0
                .opened
                .wait(open)
                .unwrap_or_else(PoisonError::into_inner);
        }
        drop(open);
        let answer = work.finish(cancel);
        if cancel.is_cancelled() {
            self.0.cancelled.fetch_add(1, Ordering::SeqCst);
        }
        self.0.finished.fetch_add(1, Ordering::SeqCst);
        answer
    }
}

/// A computation a computer player runs: whole on a thread, or a slice at a time.
pub trait AiWork: Send + Sync + 'static {
    /// What the work answers.
    type Output: Send + Sync + 'static;
    /// Works for about `slice`; the answer once the work is done, else `None` (call again).
    /// Sliced work is stopped by no longer being called.
    fn step(&mut self, slice: Duration) -> Option<Self::Output>;
    /// Runs the work to its end, or until `cancel` is set (its answer is then dropped).
    fn finish(self, cancel: &Cancel) -> Self::Output;
}

/// The body of a [`Once`]: a search given its job's cancel flag.
type OnceFn<T> = Box<dyn FnOnce(&Cancel) -> T + Send + Sync>;

/// Work that cannot be cut into slices: it runs whole in its first step (searches short
/// enough for a frame, or only run on a thread). It is given its job's cancel flag.
pub struct Once<T>(Option<OnceFn<T>>);

impl<T> Once<T> {
    /// The work of calling `f` with the job's cancel flag.
    pub fn new(f: impl FnOnce(&Cancel) -> T + Send + Sync + 'static) -> Once<T> {
        Once(Some(Box::new(f)))
    }
}

impl<T: Send + Sync + 'static> AiWork for Once<T> {
    type Output = T;

    fn step(&mut self, _slice: Duration) -> Option<T> {
        // Sliced work stops by being dropped, so it needs no flag of its own.
        self.0.take().map(|f| f(&Cancel::never()))
    }

    fn finish(mut self, cancel: &Cancel) -> T {
        let f = self.0.take();
        // A `Once` is finished only by `AiJob::start`, before any step has taken its function.
        f.map(|f| f(cancel))
            .unwrap_or_else(|| unreachable!("Once::finish after its step"))
    }
}

/// Where a job's work stands.
enum Running<W: AiWork> {
    /// On a worker thread.
    Task(Task<W::Output>),
    /// Advanced a slice per poll.
    Steps(Box<W>),
    /// Finished within the frame that started it; handed out at the next poll.
    Done(Option<W::Output>),
}

/// One running piece of AI work, with the game generation it was started for and what its
/// answer is for (`P`: play it, show it as a hint…). Dropping the job sets its work's cancel
/// flag, so a search on a thread stops at its next look.
pub struct AiJob<W: AiWork, P = ()> {
    running: Running<W>,
    _cancel: CancelOnDrop,
    /// The game's generation when the job started; an answer for another one is stale.
    pub generation: Generation,
    /// What the answer is for.
    pub purpose: P,
}

impl<W: AiWork, P> AiJob<W, P> {
    /// Starts `work` on `host` for the game at `generation`.
    pub fn start(host: &AiHost, work: W, generation: Generation, purpose: P) -> Self {
        let cancel = Cancel::new();
        let flag = cancel.clone();
        let running = match host {
            AiHost::Thread => {
                Running::Task(AsyncComputeTaskPool::get().spawn(async move { work.finish(&flag) }))
            }
            AiHost::Gated(gate) => {
                let gate = gate.clone();
                Running::Task(
                    AsyncComputeTaskPool::get().spawn(async move { gate.run(work, &flag) }),
                )
            }
            AiHost::Frames => Running::Steps(Box::new(work)),
            AiHost::Inline => Running::Done(Some(work.finish(&flag))),
            // `AiSlot::start` starts nothing under `Off`; a job made directly never answers.
            AiHost::Off => Running::Done(None),
        };
        AiJob {
            running,
            _cancel: CancelOnDrop::new(cancel),
            generation,
            purpose,
        }
    }

    /// The answer once the work is done (advancing sliced work by one slice).
    pub fn poll(&mut self) -> Option<W::Output> {
        match &mut self.running {
            Running::Task(task) => check_ready(task),
            Running::Steps(work) => work.step(SLICE),
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
pub struct AiSlot<W: AiWork, P = ()>(pub Option<AiJob<W, P>>);

impl<W: AiWork, P> Default for AiSlot<W, P> {
    fn default() -> Self {
        AiSlot(None)
    }
}

impl<W: AiWork, P: Send + Sync + 'static> AiSlot<W, P> {
    /// Whether a job is running.
    pub fn busy(&self) -> bool {
        self.0.is_some()
    }

    /// Starts `work` for the game at `generation` unless a job is already running.
    pub fn start(&mut self, host: &AiHost, work: W, generation: Generation, purpose: P) {
        if self.0.is_none() && *host != AiHost::Off {
            self.0 = Some(AiJob::start(host, work, generation, purpose));
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
    pub fn poll_fresh(&mut self, generation: Generation) -> Option<(P, W::Output)> {
        self.cancel_stale(generation);
        let answer = self.0.as_mut()?.poll()?;
        let job = self.0.take()?;
        Some((job.purpose, answer))
    }
}

/// Cancels the slot's job once the session has moved on from the state it was started for.
fn cancel_stale<W: AiWork, P: Send + Sync + 'static, S: AiSession>(
    session: Option<Res<S>>,
    mut slot: ResMut<AiSlot<W, P>>,
) {
    if let Some(session) = session {
        slot.cancel_stale(session.generation());
    }
}

/// Cancels the slot's job (its game's screen was left).
fn cancel_job<W: AiWork, P: Send + Sync + 'static>(mut slot: ResMut<AiSlot<W, P>>) {
    slot.cancel();
}

/// Registers a game's computer player: its job slot, and the systems that start and finish
/// its jobs, in order, in the game's `set`. The kit cancels the slot's job when the game's
/// session `S` moves to another generation and when `screen` is left.
pub trait AddAi {
    /// Adds the slot `AiSlot<W, P>` and `systems` (chained) in `set`, after the kit's check
    /// that the running job is still for the session's state.
    fn add_ai<W: AiWork, P: Send + Sync + 'static, S: AiSession, M>(
        &mut self,
        screen: Screen,
        set: impl SystemSet + Clone,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self;
}

impl AddAi for App {
    fn add_ai<W: AiWork, P: Send + Sync + 'static, S: AiSession, M>(
        &mut self,
        screen: Screen,
        set: impl SystemSet + Clone,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self {
        self.init_resource::<AiSlot<W, P>>()
            .add_systems(
                Update,
                (cancel_stale::<W, P, S>, systems.chain())
                    .chain()
                    .in_set(set),
            )
            .add_systems(OnExit(screen), cancel_job::<W, P>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::tasks::{TaskPool, TaskPoolBuilder};

    /// Work that needs `n` steps.
    struct Count(u32);

    impl AiWork for Count {
        type Output = u32;
        fn step(&mut self, _: Duration) -> Option<u32> {
            self.0 = self.0.saturating_sub(1);
            (self.0 == 0).then_some(7)
        }
        fn finish(self, _: &Cancel) -> u32 {
            7
        }
    }

    #[test]
    fn frames_step_until_done_and_inline_answers_at_once() {
        let mut slot: AiSlot<Count, &str> = AiSlot::default();
        let g = Generation::next();
        slot.start(&AiHost::Frames, Count(3), g, "play");
        assert!(slot.busy());
        assert_eq!(slot.poll_fresh(g), None);
        assert_eq!(slot.poll_fresh(g), None);
        assert_eq!(slot.poll_fresh(g), Some(("play", 7)));
        assert!(!slot.busy());
        slot.start(&AiHost::Inline, Count(3), g, "hint");
        assert_eq!(slot.poll_fresh(g), Some(("hint", 7)));
        slot.start(&AiHost::Off, Count(3), g, "replay");
        assert!(!slot.busy(), "nothing starts when the computer is off");
    }

    #[test]
    fn a_stale_answer_is_dropped_and_the_slot_frees() {
        let mut slot: AiSlot<Once<u8>> = AiSlot::default();
        slot.start(&AiHost::Inline, Once::new(|_| 3), Generation::next(), ());
        assert_eq!(slot.poll_fresh(Generation::next()), None);
        assert!(!slot.busy());
    }

    #[test]
    fn thread_jobs_answer_from_the_pool() {
        AsyncComputeTaskPool::get_or_init(|| -> TaskPool { TaskPoolBuilder::new().build() });
        let mut slot: AiSlot<Once<u8>> = AiSlot::default();
        let g = Generation::next();
        slot.start(&AiHost::Thread, Once::new(|_| 5), g, ());
        let mut answer = None;
        for _ in 0..10_000 {
            answer = slot.poll_fresh(g);
            if answer.is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(answer, Some(((), 5)));
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
        let mut slot: AiSlot<Once<bool>> = AiSlot::default();
        let old = Generation::next();
        slot.start(
            &AiHost::Gated(gate.clone()),
            Once::new(|cancel: &Cancel| cancel.is_cancelled()),
            old,
            (),
        );
        while gate.arrived() == 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
        // The game moves on while the job waits at the gate.
        assert_eq!(slot.poll_fresh(Generation::next()), None);
        assert!(!slot.busy(), "the stale job is gone");
        gate.open();
        while gate.finished() == 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(gate.cancelled(), 1, "the work saw its cancel flag");
    }
}
