//! The board save string (`Board::from_save_string`): never panics; whatever parses prints back
//! to a string that parses to the same board, and a move on it keeps the board consistent.
#![no_main]

use gems_rules::gems::{Board, RemovalPolicy};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(board) = Board::from_save_string(text) else {
        return;
    };
    let again = Board::from_save_string(&board.save_string()).expect("a saved board parses");
    assert_eq!(again.save_string(), board.save_string());
    // The first gem of the board, played under every policy, must not panic.
    if let Some((cell, _)) = board.gems().next() {
        for policy in RemovalPolicy::ALL {
            let mut b = board.clone();
            policy.flag_connected_gems(cell.row, cell.col, &mut b);
            let before = b.gem_count();
            let flagged = b.flagged_cells().len();
            let removal = b.remove_flagged();
            assert_eq!(removal.removed.len(), flagged);
            assert_eq!(b.gem_count(), before - flagged);
        }
    }
});
