//! A search's line to its owner: a [`Cancel`] is a flag its owner sets (from any thread) and
//! every engine looks at between pieces of work, so a search for a position the player has
//! left ends early instead of holding a thread. A search stopped this way answers the best it
//! had found (or nothing), and its caller drops that answer. The other way, an owner that
//! wants to show a long search's [`Progress`] gives the flag a reporter
//! ([`Cancel::reporting`]), which the engines call as they go.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use serde::{Deserialize, Serialize};

/// How far a long search has got, for its owner to show while it waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Progress {
    /// The best score found so far (Modern Gems' Expert).
    Score(u64),
    /// Positions searched so far, and the deepest iteration finished (K in a row; 0 before
    /// the first).
    Nodes {
        /// Positions searched.
        nodes: u64,
        /// Plies of the last finished iteration.
        depth: u32,
    },
}

impl Progress {
    /// The progress of one search reported by several of its parts (the Expert's threads
    /// each report their own best): the better of the two.
    pub fn combine(self, other: Progress) -> Progress {
        match (self, other) {
            (Progress::Score(a), Progress::Score(b)) => Progress::Score(a.max(b)),
            (Progress::Nodes { nodes: a, depth: d }, Progress::Nodes { nodes: b, depth: e }) => {
                Progress::Nodes {
                    nodes: a.max(b),
                    depth: d.max(e),
                }
            }
            (_, other) => other,
        }
    }

    /// The progress in words, for a status line ("best 1,234 so far").
    pub fn describe(self) -> String {
        match self {
            Progress::Score(score) => format!("best {} so far", thousands(score)),
            Progress::Nodes { nodes, depth: 0 } => format!("{} positions", thousands(nodes)),
            Progress::Nodes { nodes, depth } => {
                format!("{depth} moves deep, {} positions", thousands(nodes))
            }
        }
    }
}

/// `n` with commas between its thousands.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Where a search's progress goes: at most one report per `every`, the best progress seen
/// since the search began (the reports combined), and only when it changed. Progress held
/// back by the interval goes once the interval is over, at the search's next look at its
/// flag ([`Cancel::is_cancelled`]) if no report comes first: a search's last improvement is
/// told even when nothing follows it.
struct Reporter {
    every: Duration,
    state: Mutex<Said>,
    send: Box<dyn Fn(Progress) + Send + Sync>,
    /// Whether progress is held back (a cheap look for [`Reporter::send_held`]).
    holding: AtomicBool,
    /// The reporter this one's reports go on to (a [`Cancel::mapping`]'s), which may hold
    /// them back in turn.
    next: Option<Arc<Reporter>>,
}

/// What a [`Reporter`] has seen and said.
#[derive(Default)]
struct Said {
    /// When the last report went, and what it said.
    sent: Option<(Instant, Progress)>,
    /// The best progress seen (the reports combined).
    seen: Option<Progress>,
}

impl Reporter {
    /// A reporter that has sent nothing yet.
    fn new(
        every: Duration,
        next: Option<Arc<Reporter>>,
        send: impl Fn(Progress) + Send + Sync + 'static,
    ) -> Arc<Reporter> {
        Arc::new(Reporter {
            every,
            state: Mutex::new(Said::default()),
            send: Box::new(send),
            holding: AtomicBool::new(false),
            next,
        })
    }

    fn report(&self, progress: Progress) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let now = state.seen.map_or(progress, |s| s.combine(progress));
        state.seen = Some(now);
        self.send_if_due(&mut state);
    }

    /// Sends the progress seen if the interval is over and it changed; notes whether it is
    /// still held back.
    fn send_if_due(&self, state: &mut Said) {
        let Some(now) = state.seen else { return };
        let changed = state.sent.is_none_or(|(_, said)| said != now);
        let due = state.sent.is_none_or(|(t, _)| t.elapsed() >= self.every);
        if changed && due {
            state.sent = Some((Instant::now(), now));
            (self.send)(now);
        }
        self.holding.store(changed && !due, Ordering::Relaxed);
    }

    /// Sends the progress held back, once its interval is over (here and down the chain).
    fn send_held(&self) {
        if self.holding.load(Ordering::Relaxed) {
            let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            self.send_if_due(&mut state);
        }
        if let Some(next) = &self.next {
            next.send_held();
        }
    }
}

/// A shared stop flag, and maybe a reporter of progress. Clones share both.
/// [`Cancel::never`] has no flag and is never set.
#[derive(Clone, Default)]
pub struct Cancel {
    flag: Option<Arc<AtomicBool>>,
    reporter: Option<Arc<Reporter>>,
}

impl fmt::Debug for Cancel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cancel")
            .field("cancelled", &self.is_cancelled())
            .field("reporting", &self.reporter.is_some())
            .finish()
    }
}

impl Cancel {
    /// A flag not yet set.
    pub fn new() -> Cancel {
        Cancel {
            flag: Some(Arc::new(AtomicBool::new(false))),
            reporter: None,
        }
    }

    /// No flag: a search given it runs to its own limits.
    pub fn never() -> Cancel {
        Cancel::default()
    }

    /// The same flag, with the searches' progress going to `send`, at most once per `every`
    /// (the latest progress, when it changed).
    pub fn reporting(
        self,
        every: Duration,
        send: impl Fn(Progress) + Send + Sync + 'static,
    ) -> Cancel {
        Cancel {
            flag: self.flag,
            reporter: Some(Reporter::new(every, None, send)),
        }
    }

    /// The same flag, with every report passed through `map` on its way to this one's
    /// reporter: for a search made of parts that each count from zero (K in a row's perfect
    /// play falls back to a second search, whose positions add to the first's).
    pub fn mapping(&self, map: impl Fn(Progress) -> Progress + Send + Sync + 'static) -> Cancel {
        let Some(outer) = self.reporter.clone() else {
            return self.clone();
        };
        Cancel {
            flag: self.flag.clone(),
            // The outer reporter throttles.
            reporter: Some(Reporter::new(
                Duration::ZERO,
                Some(outer.clone()),
                move |p| outer.report(map(p)),
            )),
        }
    }

    /// Sets the flag: every search holding a clone stops at its next look.
    pub fn cancel(&self) {
        if let Some(flag) = &self.flag {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the flag has been set. A search looks often, so progress its reporter held
    /// back goes from here once its interval is over.
    pub fn is_cancelled(&self) -> bool {
        if let Some(reporter) = &self.reporter {
            reporter.send_held();
        }
        self.flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Tells the owner how far the search has got (nothing without a reporter).
    pub fn report(&self, progress: Progress) {
        if let Some(reporter) = &self.reporter {
            reporter.report(progress);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag_and_never_is_never_set() {
        let a = Cancel::new();
        let b = a.clone();
        assert!(!b.is_cancelled());
        a.cancel();
        assert!(b.is_cancelled());
        let never = Cancel::never();
        never.cancel();
        assert!(!never.is_cancelled());
    }

    #[test]
    fn progress_reports_are_throttled_combined_and_sent_only_when_changed() {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let inbox = sent.clone();
        let cancel = Cancel::new().reporting(Duration::from_millis(40), move |p| {
            inbox.lock().unwrap().push(p);
        });
        let lane = cancel.clone();
        cancel.report(Progress::Score(10));
        // Within the interval: kept, not sent.
        lane.report(Progress::Score(30));
        lane.report(Progress::Score(20));
        std::thread::sleep(Duration::from_millis(50));
        // A lower score from another lane: the best seen (30) goes.
        cancel.report(Progress::Score(5));
        std::thread::sleep(Duration::from_millis(50));
        // Nothing new: nothing sent.
        cancel.report(Progress::Score(30));
        assert_eq!(
            *sent.lock().unwrap(),
            [Progress::Score(10), Progress::Score(30)]
        );
        // A last improvement within the interval, and no report after it: it goes at the
        // search's first look at its flag once the interval is over.
        lane.report(Progress::Score(40));
        lane.report(Progress::Score(50));
        assert!(!lane.is_cancelled());
        assert_eq!(sent.lock().unwrap().len(), 3, "held back");
        std::thread::sleep(Duration::from_millis(50));
        assert!(!lane.is_cancelled());
        assert_eq!(sent.lock().unwrap().last(), Some(&Progress::Score(50)));
        assert!(!cancel.is_cancelled());
        assert_eq!(sent.lock().unwrap().len(), 4, "sent once");
        // The flag is still the flag.
        lane.cancel();
        assert!(cancel.is_cancelled());
        Cancel::never().report(Progress::Score(1));
    }

    #[test]
    fn a_mapped_cancel_shares_the_flag_and_reports_through_the_map() {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let inbox = sent.clone();
        let cancel =
            Cancel::new().reporting(Duration::ZERO, move |p| inbox.lock().unwrap().push(p));
        let second = cancel.mapping(|p| match p {
            Progress::Nodes { nodes, depth } => Progress::Nodes {
                nodes: nodes + 1_000,
                depth,
            },
            p => p,
        });
        cancel.report(Progress::Nodes {
            nodes: 900,
            depth: 0,
        });
        second.report(Progress::Nodes {
            nodes: 50,
            depth: 2,
        });
        assert_eq!(
            *sent.lock().unwrap(),
            [
                Progress::Nodes {
                    nodes: 900,
                    depth: 0
                },
                Progress::Nodes {
                    nodes: 1_050,
                    depth: 2
                }
            ]
        );
        second.cancel();
        assert!(cancel.is_cancelled());
        // Without a reporter, the same flag.
        let plain = Cancel::new();
        plain.mapping(|p| p).cancel();
        assert!(plain.is_cancelled());
    }

    #[test]
    fn progress_is_described_with_thousands_separators() {
        assert_eq!(
            Progress::Score(1_234_567).describe(),
            "best 1,234,567 so far"
        );
        assert_eq!(Progress::Score(999).describe(), "best 999 so far");
        let nodes = Progress::Nodes {
            nodes: 12_000,
            depth: 0,
        };
        assert_eq!(nodes.describe(), "12,000 positions");
        let deeper = Progress::Nodes {
            nodes: 1_000,
            depth: 7,
        };
        assert_eq!(deeper.describe(), "7 moves deep, 1,000 positions");
        assert_eq!(
            nodes.combine(deeper),
            Progress::Nodes {
                nodes: 12_000,
                depth: 7
            }
        );
    }
}
