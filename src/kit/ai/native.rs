//! The desktop's hosts (and the tests'): jobs run on Bevy's `AsyncComputeTaskPool`, the
//! Expert's time budgets on several threads; a test can carry jobs as the browser's AI worker
//! texts, split the Expert over lanes as the page does, or hold jobs at a gate.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use gems_rules::cancel::Progress;
use gems_rules::job::REPORT_EVERY;

use super::{Answer, Cancel, Job, split};

/// The latest progress a search running on a thread reported, for the frame to read.
#[derive(Clone, Debug, Default)]
pub(super) struct Latest(Arc<Mutex<Option<Progress>>>);

impl Latest {
    /// The progress last reported, if any.
    pub(super) fn get(&self) -> Option<Progress> {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `cancel`'s flag, with the search's progress kept here.
    pub(super) fn reporting(&self, cancel: &Cancel) -> Cancel {
        let latest = self.0.clone();
        cancel.clone().reporting(REPORT_EVERY, move |p| {
            *latest.lock().unwrap_or_else(PoisonError::into_inner) = Some(p);
        })
    }

    /// Keeps the progress a report's `text` holds (a text that is none is ignored).
    fn take_text(&self, text: &str) {
        if let Ok(report) = gems_rules::job::Report::from_text(text) {
            *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some(report.progress);
        }
    }
}

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

/// Runs `job` as the browser's AI worker does: the request as text, answered on one lane
/// with its progress reports as texts (kept in `latest`), the reply read back from its text.
pub(super) fn as_messages(job: Job, cancel: &Cancel, latest: &Latest) -> Answer {
    use gems_rules::job::{Reply, Request};
    let inbox = latest.clone();
    let text = Request { id: 1, job }.to_text();
    let reply = gems_rules::job::respond_reporting(&text, cancel, move |t| inbox.take_text(&t));
    Reply::from_text(&reply).map_or_else(|e| Answer::Refused(e.to_string()), |r| r.answer)
}

/// A lane of [`AiHost::Lanes`]: a worker thread answering one job as the AI worker would,
/// told to stop when the lane is dropped (as a worker is terminated).
pub(super) struct ThreadLane {
    task: Task<Answer>,
    cancel: Cancel,
    latest: Latest,
}

impl split::Lane for ThreadLane {
    fn post(job: &Job) -> Self {
        let (job, cancel, latest) = (job.clone(), Cancel::new(), Latest::default());
        let (flag, inbox) = (cancel.clone(), latest.clone());
        let task =
            AsyncComputeTaskPool::get().spawn(async move { as_messages(job, &flag, &inbox) });
        ThreadLane {
            task,
            cancel,
            latest,
        }
    }

    fn poll(&mut self) -> Option<Answer> {
        check_ready(&mut self.task)
    }

    fn progress(&self) -> Option<Progress> {
        self.latest.get()
    }
}

impl Drop for ThreadLane {
    fn drop(&mut self) {
        self.cancel.cancel();
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
