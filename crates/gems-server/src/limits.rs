//! Rate limits: a token bucket per key (a player, an address), kept in memory.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most keys kept: past it, the full buckets (keys idle for a minute) are forgotten.
const MAX_KEYS: usize = 100_000;

/// Token buckets of `per_minute` tokens, refilled continuously.
#[derive(Debug)]
pub struct RateLimiter {
    per_minute: u32,
    buckets: Mutex<Buckets>,
}

/// The buckets by key, and when the idle ones were last forgotten.
#[derive(Debug, Default)]
struct Buckets {
    by_key: HashMap<String, (f64, Instant)>,
    pruned: Option<Instant>,
}

impl RateLimiter {
    /// A limiter allowing `per_minute` requests a minute per key, in bursts of as many.
    pub fn new(per_minute: u32) -> RateLimiter {
        RateLimiter {
            per_minute,
            buckets: Mutex::new(Buckets::default()),
        }
    }

    /// Takes a token for `key` at `now`: `Err` with the wait before the next one when the
    /// key has none left.
    pub fn take(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let cap = f64::from(self.per_minute);
        let per_second = cap / 60.0;
        // A poisoned lock only means another request panicked: the counts are still counts.
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        // Forgetting is a pass over every key: at most once a second, so that a flood of
        // active keys cannot make every request pay for one.
        let due = buckets
            .pruned
            .is_none_or(|at| now.saturating_duration_since(at) >= Duration::from_secs(1));
        if buckets.by_key.len() >= MAX_KEYS && due {
            buckets.by_key.retain(|_, (tokens, at)| {
                *tokens + now.saturating_duration_since(*at).as_secs_f64() * per_second < cap
            });
            buckets.pruned = Some(now);
        }
        let (tokens, at) = buckets.by_key.entry(key.to_string()).or_insert((cap, now));
        *tokens =
            (*tokens + now.saturating_duration_since(*at).as_secs_f64() * per_second).min(cap);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64(
                (1.0 - *tokens) / per_second.max(1e-9),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rate_limit_allows_a_burst_then_one_per_interval() {
        let limiter = RateLimiter::new(3);
        let t = Instant::now();
        for _ in 0..3 {
            assert_eq!(limiter.take("a", t), Ok(()));
        }
        let wait = limiter.take("a", t).expect_err("the fourth waits");
        assert!((19.0..=20.5).contains(&wait.as_secs_f64()), "{wait:?}");
        // Another key has its own bucket.
        assert_eq!(limiter.take("b", t), Ok(()));
        // A token comes back after 20 s.
        assert_eq!(limiter.take("a", t + Duration::from_secs(21)), Ok(()));
        assert!(limiter.take("a", t + Duration::from_secs(21)).is_err());
    }

    #[test]
    fn rate_limit_forgets_idle_keys_at_most_once_a_second() {
        let limiter = RateLimiter::new(60);
        let t = Instant::now();
        for k in 0..MAX_KEYS {
            assert_eq!(limiter.take(&k.to_string(), t), Ok(()));
        }
        let count = |l: &RateLimiter| l.buckets.lock().map_or(0, |b| b.by_key.len());
        // A minute on, every bucket is full again: the next new key forgets them all.
        let later = t + Duration::from_secs(61);
        assert_eq!(limiter.take("new", later), Ok(()));
        assert_eq!(count(&limiter), 1);
        // Full of active keys, a prune within the second does not run again.
        for k in 0..MAX_KEYS {
            assert_eq!(limiter.take(&k.to_string(), later), Ok(()));
        }
        let pruned = limiter.buckets.lock().map(|b| b.pruned).ok().flatten();
        assert_eq!(pruned, Some(later));
        assert_eq!(limiter.take("another", later), Ok(()));
        assert_eq!(count(&limiter), MAX_KEYS + 2);
    }
}
