//! Seeds for new deals and boards: one source for every game, so a test (or a replay) that
//! seeds it gets the same deals every run.

use bevy::prelude::*;

/// Hands out the seeds of new games: a SplitMix64 stream, started from the clock unless a test
/// inserts [`Seeds::from_seed`].
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct Seeds(u64);

impl Default for Seeds {
    fn default() -> Self {
        Seeds(fresh_seed())
    }
}

impl Seeds {
    /// A stream that always hands out the same seeds.
    pub fn from_seed(seed: u64) -> Seeds {
        Seeds(seed)
    }

    /// The next seed.
    pub fn next_seed(&mut self) -> u64 {
        gems_rules::splitmix::next(&mut self.0)
    }
}

/// A seed that differs between runs: the wall clock on the desktop; in the browser, which has
/// no `SystemTime` (and whose standard hasher keys are the same on every load), the browser's
/// random source (`crypto.getRandomValues`, through `getrandom`).
pub fn fresh_seed() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    }
    #[cfg(target_arch = "wasm32")]
    {
        let mut bytes = [0u8; 8];
        match getrandom::fill(&mut bytes) {
            Ok(()) => u64::from_le_bytes(bytes),
            // No random source: the page's clock, in milliseconds.
            Err(_) => js_sys::Date::now() as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seeded_stream_repeats_and_its_seeds_differ() {
        let take = |s: &mut Seeds| (0..4).map(|_| s.next_seed()).collect::<Vec<_>>();
        let a = take(&mut Seeds::from_seed(9));
        assert_eq!(a, take(&mut Seeds::from_seed(9)));
        assert_ne!(a, take(&mut Seeds::from_seed(10)));
        assert!(a.windows(2).all(|w| w[0] != w[1]));
    }

    #[test]
    fn fresh_seeds_differ() {
        let a = fresh_seed();
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert_ne!(a, fresh_seed());
    }
}
