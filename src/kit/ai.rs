//! One way for every game to run its computer player: an [`AiJob`] runs a piece of
//! [`AiWork`] where the [`AiHost`] says (a worker thread on the desktop, a slice per frame in
//! the browser, or whole within the frame for tests that must replay exactly) and remembers the
//! game generation it was started for, so an answer for a position that has moved on is
//! dropped. A frame never waits for a search.

use std::time::Duration;

use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

/// Search time per frame when work runs in frames (a 60 Hz frame is 16.7 ms).
pub const SLICE: Duration = Duration::from_millis(10);

/// Where AI work runs.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
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

/// A computation a computer player runs: whole on a thread, or a slice at a time.
pub trait AiWork: Send + Sync + 'static {
    /// What the work answers.
    type Output: Send + Sync + 'static;
    /// Works for about `slice`; the answer once the work is done, else `None` (call again).
    fn step(&mut self, slice: Duration) -> Option<Self::Output>;
    /// Runs the work to its end.
    fn finish(self) -> Self::Output;
}

/// Work that cannot be cut into slices: it runs whole in its first step (searches short
/// enough for a frame, or only run on a thread).
pub struct Once<T>(Option<Box<dyn FnOnce() -> T + Send + Sync>>);

impl<T> Once<T> {
    /// The work of calling `f`.
    pub fn new(f: impl FnOnce() -> T + Send + Sync + 'static) -> Once<T> {
        Once(Some(Box::new(f)))
    }
}

impl<T: Send + Sync + 'static> AiWork for Once<T> {
    type Output = T;

    fn step(&mut self, _slice: Duration) -> Option<T> {
        self.0.take().map(|f| f())
    }

    fn finish(mut self) -> T {
        let f = self.0.take();
        // A `Once` is finished only by `AiJob::start`, before any step has taken its function.
        f.map(|f| f())
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
/// answer is for (`P`: play it, show it as a hint…).
pub struct AiJob<W: AiWork, P = ()> {
    running: Running<W>,
    /// The game's generation when the job started; an answer for another one is stale.
    pub generation: u64,
    /// What the answer is for.
    pub purpose: P,
}

impl<W: AiWork, P> AiJob<W, P> {
    /// Starts `work` on `host` for the game at `generation`.
    pub fn start(host: AiHost, work: W, generation: u64, purpose: P) -> Self {
        let running = match host {
            AiHost::Thread => {
                Running::Task(AsyncComputeTaskPool::get().spawn(async move { work.finish() }))
            }
            AiHost::Frames => Running::Steps(Box::new(work)),
            AiHost::Inline => Running::Done(Some(work.finish())),
            // `AiSlot::start` starts nothing under `Off`; a job made directly never answers.
            AiHost::Off => Running::Done(None),
        };
        AiJob {
            running,
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

    /// Starts `work` unless a job is already running.
    pub fn start(&mut self, host: AiHost, work: W, generation: u64, purpose: P) {
        if self.0.is_none() && host != AiHost::Off {
            self.0 = Some(AiJob::start(host, work, generation, purpose));
        }
    }

    /// Drops the running job, if any (its answer will never be used).
    pub fn cancel(&mut self) {
        self.0 = None;
    }

    /// Polls the running job. Once it is done the slot empties, and the answer comes back with
    /// its purpose if the game is still at the generation the job started for (else it is
    /// dropped).
    pub fn poll_fresh(&mut self, generation: u64) -> Option<(P, W::Output)> {
        let answer = self.0.as_mut()?.poll()?;
        let job = self.0.take()?;
        (job.generation == generation).then_some((job.purpose, answer))
    }
}

/// Registers a game's computer player: its job slot, and the systems that start and finish
/// its jobs, in order, in the game's `set`.
pub trait AddAi {
    /// Adds the slot `AiSlot<W, P>` and `systems` (chained) in `set`.
    fn add_ai<W: AiWork, P: Send + Sync + 'static, M>(
        &mut self,
        set: impl SystemSet,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self;
}

impl AddAi for App {
    fn add_ai<W: AiWork, P: Send + Sync + 'static, M>(
        &mut self,
        set: impl SystemSet,
        systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
    ) -> &mut Self {
        self.init_resource::<AiSlot<W, P>>()
            .add_systems(Update, systems.chain().in_set(set))
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
        fn finish(self) -> u32 {
            7
        }
    }

    #[test]
    fn frames_step_until_done_and_inline_answers_at_once() {
        let mut slot: AiSlot<Count, &str> = AiSlot::default();
        slot.start(AiHost::Frames, Count(3), 1, "play");
        assert!(slot.busy());
        assert_eq!(slot.poll_fresh(1), None);
        assert_eq!(slot.poll_fresh(1), None);
        assert_eq!(slot.poll_fresh(1), Some(("play", 7)));
        assert!(!slot.busy());
        slot.start(AiHost::Inline, Count(3), 1, "hint");
        assert_eq!(slot.poll_fresh(1), Some(("hint", 7)));
        slot.start(AiHost::Off, Count(3), 1, "replay");
        assert!(!slot.busy(), "nothing starts when the computer is off");
    }

    #[test]
    fn a_stale_answer_is_dropped_and_the_slot_frees() {
        let mut slot: AiSlot<Once<u8>> = AiSlot::default();
        slot.start(AiHost::Inline, Once::new(|| 3), 1, ());
        assert_eq!(slot.poll_fresh(2), None);
        assert!(!slot.busy());
    }

    #[test]
    fn thread_jobs_answer_from_the_pool() {
        AsyncComputeTaskPool::get_or_init(|| -> TaskPool { TaskPoolBuilder::new().build() });
        let mut slot: AiSlot<Once<u8>> = AiSlot::default();
        slot.start(AiHost::Thread, Once::new(|| 5), 4, ());
        let mut answer = None;
        for _ in 0..10_000 {
            answer = slot.poll_fresh(4);
            if answer.is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(answer, Some(((), 5)));
    }
}
