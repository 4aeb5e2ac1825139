//! Dots board files (`gems-cli dots --analyse FILE` and `--board FILE`, `dots::Board::parse`):
//! never panics; an accepted board prints back to the same board, and the analysis AI returns
//! legal orders that remove what they claim.
#![no_main]

use gems_rules::dots::{Board, best_big_square, best_closed_shape, best_square};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(board) = Board::parse(text) else {
        return;
    };
    let n = board.size();
    let printed: String = (0..n)
        .map(|y| {
            (0..n)
                .map(|x| char::from(b'0' + board.get(gems_rules::dots::Point::new(x, y))))
                .collect::<String>()
                + "\n"
        })
        .collect();
    let again = Board::parse(&printed).expect("a printed board parses");
    assert_eq!(again.size(), n);
    for best in [best_square(&board), best_big_square(&board), best_closed_shape(&board)]
        .into_iter()
        .flatten()
    {
        assert!(board.check_selection(&best.0).is_ok(), "illegal order {:?}", best.0);
        assert_eq!(board.removal_count(&best.0), best.1);
    }
});
