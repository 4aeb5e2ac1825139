//! Modern Gems line files (`--replay`, `assets/records/`): the checks of
//! `fuzz/checks/line_file.rs` on any bytes that are UTF-8.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/line_file.rs"]
mod checks;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        checks::check(text);
    }
});
