//! K-in-a-row board files (`gems-cli k-in-a-row FILE`, `--solve FILE`, the game's Load):
//! never panics; an accepted file writes back to text that parses to the same board, and a
//! shallow search of it returns a legal move.
#![no_main]

use gems_rules::k_in_a_row::{
    Engine, Limits, Strength, board_file_text, parse_board_file,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for allow_tiles in [false, true] {
        let Ok(file) = parse_board_file(text, allow_tiles) else {
            continue;
        };
        let again = parse_board_file(&board_file_text(&file.board, file.quality), allow_tiles)
            .expect("a written board file parses");
        assert_eq!(again, file);
        let side = file.board.side_to_move_by_count();
        let a = Engine::new().best_move(&file.board, side, Strength::Quality(2), &Limits::default());
        if let Some(m) = a.best {
            assert!(file.board.is_empty(m.row, m.col), "engine chose a taken square");
        }
    }
});
