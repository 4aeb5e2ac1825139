//! Board-set files (`parse_board_set`, the format of the standard SameGame positions): never
//! panics, and every board it returns round-trips through its save string.
#![no_main]

use gems_rules::gems::{Board, parse_board_set};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(boards) = parse_board_set(text) {
        for b in boards {
            let again = Board::from_save_string(&b.save_string()).expect("round trip");
            assert_eq!(again.save_string(), b.save_string());
        }
    }
});
