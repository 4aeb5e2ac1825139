//! What the `link` fuzz target checks of any query string, shared with the stable corpus
//! replay (`crates/gems-formats/tests/link_corpus.rs`): the link parser never panics, every
//! value percent-encoded decodes back to itself, and a board read from a link's cells writes
//! back to cells that read as the same board.

use gems_formats::link::{
    gems_board_from_cells, gems_cells, percent_decode, percent_encode, query_to_args,
};

/// Checks the link codecs on `text`; panics on a broken invariant.
pub fn check(text: &str) {
    let args = query_to_args(text);
    assert!(args.len() <= text.len() + 1);
    assert_eq!(percent_decode(&percent_encode(text)).as_deref(), Some(text));
    if let Ok(board) = gems_board_from_cells(text) {
        let again = gems_board_from_cells(&gems_cells(&board)).expect("written cells read back");
        assert_eq!(again, board);
    }
}
