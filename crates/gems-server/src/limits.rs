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
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

impl RateLimiter {
    /// A limiter allowing `per_minute` requests a minute per key, in bursts of as many.
    pub fn new(per_minute: u32) -> RateLimiter {
        RateLimiter {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a token for `key` at `now`: `Err` with the wait before the next one when the
    /// key has none left.
    pub fn take(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let cap = f64::from(self.per_minute);
        let per_second = cap / 60.0;
        // A poisoned lock only means another request panicked: the counts are still counts.
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= MAX_KEYS {
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.saturating_duration_since(*at).as_secs_f64() * per_second < cap
            });
        }
        let (tokens, at) = buckets.entry(key.to_string()).or_insert((cap, now));
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
}
