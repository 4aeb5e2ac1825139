//! `gems-cli`'s consoles: the checks of `fuzz/checks/console_input.rs` on any bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/console_input.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::check(data));
