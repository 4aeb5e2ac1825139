//! The desktop's hosts (and the tests'): jobs run on Bevy's `AsyncComputeTaskPool`, the
//! Expert's time budgets on several threads; a test can carry jobs as the browser's AI worker
//! texts, split the Expert over lanes as the page does, or hold jobs at a gate.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::{Answer, Cancel, Job, split};

/// Threads the Expert's time-budget searches take on the desktop: every core but one (at
/// least one), so the frame's own thread is never crowded out.
pub fn lanes() -> usize {
    gems_rules::gems::cores().saturating_sub(1).max(1)
}

/// Runs `job` on this thread with the desktop's [`lanes`]; refusals are logged (a job the
/// kit built from a game's own position is never refused unless a game has a bug).
pub(super) fn run(job: Job, cancel: &Cancel) -> Answer {
    let answer = gems_rules::job::run_on(job, cancel, lanes());
    if let Answer::Refused(why) = &answer {
        tracing::warn!("the computer's search was refused: {why}");
    }
    answer
}

/// Runs `job` as the browser's AI worker does: the request as text, answered on one lane,
/// the reply read back from its text.
pub(super) fn as_messages(job: Job, cancel: &Cancel) -> Answer {
    use gems_rules::job::{Reply, Request};
    let reply = match Request::from_text(&Request { id: 1, job }.to_text()) {
        Ok(request) => gems_rules::job::answer(request, cancel).to_text(),
        Err(e) => return Answer::Refused(e.to_string()),
    };
    Reply::from_text(&reply).map_or_else(|e| Answer::Refused(e.to_string()), |r| r.answer)
}

/// A lane of [`AiHost::Lanes`]: a worker thread answering one job as the AI worker would.
pub(super) struct ThreadLane(Task<Answer>);

impl split::Lane for ThreadLane {
    fn post(job: &Job) -> Self {
        let job = job.clone();
        ThreadLane(
            AsyncComputeTaskPool::get().spawn(async move { as_messages(job, &Cancel::never()) }),
        )
    }

    fn poll(&mut self) -> Option<Answer> {
        check_ready(&mut self.0)
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

    /// Runs `job` once the gate is open, counting it.
    pub(super) fn run(&self, job: Job, cancel: &Cancel) -> Answer {
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
        let answer = run(job, cancel);
        if cancel.is_cancelled() {
            self.0.cancelled.fetch_add(1, Ordering::SeqCst);
        }
        self.0.finished.fetch_add(1, Ordering::SeqCst);
        answer
    }
}
