//! A body sent to the leaderboard server: the checks of `fuzz/checks/submission.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/submission.rs"]
mod checks;

fuzz_target!(|data: &[u8]| {
    checks::check(data);
});
