//! What the page does after an AI worker failed (its script or module did not load, or its
//! search trapped): the player is told once per run of failures, not at every retry; new
//! workers are not started for a while, longer after each failure in a row; and workers
//! already loaded keep serving. A plain value with the time passed in, so that it is tested
//! natively (`kit::ai::worker` holds one in its pool).

/// How long after a first worker failure no new worker is started.
pub const RETRY_AFTER_MS: f64 = 5_000.0;

/// The longest wait between two failed starts, however many failed in a row.
pub const RETRY_AT_MOST_MS: f64 = 60_000.0;

/// The failures since a worker last answered, and what is still to tell the player.
#[derive(Debug, Default)]
pub struct Backoff {
    /// The last failure's reason, while no worker has answered since.
    why: Option<String>,
    /// Failures in a row.
    streak: u32,
    /// Until when (page time, ms) no new worker starts.
    until_ms: f64,
    /// A failure not yet told to the player.
    untold: Option<String>,
}

impl Backoff {
    /// A worker failed at `now_ms` for `why`. The player is told when this is the first
    /// failure since a worker last answered or its reason is new; new workers wait
    /// [`RETRY_AFTER_MS`], doubled for each failure in a row, at most [`RETRY_AT_MOST_MS`].
    pub fn failed(&mut self, why: String, now_ms: f64) {
        if self.why.as_deref() != Some(why.as_str()) {
            self.untold = Some(why.clone());
        }
        let wait = RETRY_AFTER_MS * 2f64.powi(self.streak.min(16) as i32);
        self.streak += 1;
        self.until_ms = now_ms + wait.min(RETRY_AT_MOST_MS);
        self.why = Some(why);
    }

    /// A worker answered: the run of failures is over.
    pub fn answered(&mut self) {
        *self = Backoff {
            untold: self.untold.take(),
            ..Backoff::default()
        };
    }

    /// Why a request that would need a new worker at `now_ms` is refused, while waiting
    /// after a failure (a worker already loaded is used instead, when one is idle).
    pub fn refuses_new_worker(&self, now_ms: f64) -> Option<&str> {
        self.why.as_deref().filter(|_| now_ms < self.until_ms)
    }

    /// A failure not yet told to the player, once.
    pub fn take_untold(&mut self) -> Option<String> {
        self.untold.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_worker_is_told_once_and_retried_less_and_less_often() {
        let mut b = Backoff::default();
        assert_eq!(b.refuses_new_worker(0.0), None);
        b.failed("no script".into(), 1_000.0);
        assert_eq!(b.take_untold().as_deref(), Some("no script"));
        assert_eq!(b.take_untold(), None, "told once");
        assert_eq!(b.refuses_new_worker(5_999.0), Some("no script"));
        assert_eq!(b.refuses_new_worker(6_000.0), None, "retried after 5 s");
        // The retry fails the same way: not told again, and the next wait is twice as long.
        b.failed("no script".into(), 6_000.0);
        assert_eq!(b.take_untold(), None);
        assert_eq!(b.refuses_new_worker(15_999.0), Some("no script"));
        assert_eq!(b.refuses_new_worker(16_000.0), None);
        // The waits grow to a minute and stay there.
        let mut now = 16_000.0;
        for wait in [20_000.0, 40_000.0, 60_000.0, 60_000.0]
            .into_iter()
            .chain([60_000.0; 30])
        {
            b.failed("no script".into(), now);
            now += wait;
            assert_eq!(b.refuses_new_worker(now - 1.0), Some("no script"));
            assert_eq!(b.refuses_new_worker(now), None);
        }
        // A new reason is told.
        b.failed("a search trapped".into(), now);
        assert_eq!(b.take_untold().as_deref(), Some("a search trapped"));
    }

    #[test]
    fn a_worker_that_answers_ends_the_run_of_failures() {
        let mut b = Backoff::default();
        b.failed("no script".into(), 0.0);
        b.failed("no script".into(), 5_000.0);
        b.answered();
        assert_eq!(
            b.refuses_new_worker(5_001.0),
            None,
            "no wait after an answer"
        );
        assert_eq!(
            b.take_untold().as_deref(),
            Some("no script"),
            "an answer does not swallow a failure not yet told"
        );
        // The next failure is a new run: told again, and a 5 s wait.
        b.failed("no script".into(), 10_000.0);
        assert_eq!(b.take_untold().as_deref(), Some("no script"));
        assert_eq!(b.refuses_new_worker(14_999.0), Some("no script"));
        assert_eq!(b.refuses_new_worker(15_000.0), None);
    }
}
