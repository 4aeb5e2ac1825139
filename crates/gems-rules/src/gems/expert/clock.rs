//! The Expert's budget (a time or a number of nodes) and the clock a piece of search runs
//! against.

use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use crate::cancel::{Cancel, Progress};

/// How long the Expert may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Budget {
    /// Time: wall-clock time on threads, or time spent searching when run in slices. The
    /// strongest play a machine gives in that time, but not reproducible from run to run.
    Time(Duration),
    /// A number of search nodes (playouts, or moves tried), on one lane: the same board always
    /// gets the same answer, on any machine (tests, replays).
    Nodes(u64),
}

impl Default for Budget {
    /// One second per move (300 ms in the browser, where the search shares the page's thread).
    fn default() -> Self {
        Budget::Time(Duration::from_millis(if cfg!(target_arch = "wasm32") {
            300
        } else {
            1000
        }))
    }
}

impl Budget {
    /// What is left of this budget after `elapsed` time and `nodes` nodes.
    pub(super) fn less(self, elapsed: Duration, nodes: u64) -> Budget {
        match self {
            Budget::Time(d) => Budget::Time(d.saturating_sub(elapsed)),
            Budget::Nodes(n) => Budget::Nodes(n.saturating_sub(nodes)),
        }
    }

    /// Whether nothing is left.
    pub(super) fn spent(self) -> bool {
        match self {
            Budget::Time(d) => d.is_zero(),
            Budget::Nodes(n) => n == 0,
        }
    }

    /// `share` of this budget.
    pub(super) fn share(self, share: f64) -> Budget {
        match self {
            Budget::Time(d) => Budget::Time(d.mul_f64(share)),
            Budget::Nodes(n) => Budget::Nodes((n as f64 * share) as u64),
        }
    }

    /// The smaller of two budgets of the same kind (`self` when they differ).
    pub(super) fn min(self, other: Budget) -> Budget {
        match (self, other) {
            (Budget::Time(a), Budget::Time(b)) => Budget::Time(a.min(b)),
            (Budget::Nodes(a), Budget::Nodes(b)) => Budget::Nodes(a.min(b)),
            (a, _) => a,
        }
    }
}

/// When a piece of search must stop: a deadline, or a number of nodes, or its owner's
/// [`Cancel`]; it counts the nodes spent either way (their rate tells how many more a deadline
/// allows).
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    limit: Limit,
    started: Instant,
    pub(super) spent: u64,
    cancel: Cancel,
}

#[derive(Clone, Copy, Debug)]
enum Limit {
    Deadline(Instant),
    Nodes(u64),
}

impl Clock {
    /// A clock for `budget`, or for `slice` of it when that is shorter (a time budget), that
    /// also runs out when `cancel` is set.
    pub(super) fn start(budget: Budget, slice: Option<Duration>, cancel: &Cancel) -> Clock {
        let now = Instant::now();
        let limit = match budget {
            Budget::Time(d) => Limit::Deadline(now + slice.map_or(d, |s| s.min(d))),
            Budget::Nodes(n) => Limit::Nodes(n),
        };
        Clock {
            limit,
            started: now,
            spent: 0,
            cancel: cancel.clone(),
        }
    }

    /// Whether the clock has run out.
    pub(crate) fn out(&self) -> bool {
        self.cancel.is_cancelled()
            || match self.limit {
                Limit::Deadline(t) => Instant::now() >= t,
                Limit::Nodes(n) => self.spent >= n,
            }
    }

    /// Tells the search's owner the best score found so far.
    pub(crate) fn report_score(&self, score: impl Into<u64>) {
        self.cancel.report(Progress::Score(score.into()));
    }

    /// Counts one node.
    pub(crate) fn tick(&mut self) {
        self.spent += 1;
    }

    /// Counts `n` nodes.
    pub(crate) fn spend(&mut self, n: u64) {
        self.spent += n;
    }

    /// Time since the clock started.
    pub(super) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}
