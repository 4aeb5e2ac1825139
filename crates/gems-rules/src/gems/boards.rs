//! The named boards of the console game, and seeded random boards.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::{Board, BoardShapeError};
use super::gem::Kind;

/// The spec's named boards, in the spec's menu order, as save strings.
///
/// tiny, cross, almostCross, curve and skinny are exactly the spec's; normal and large are the
/// course's original boards (deterministic, kinds up to 10 and 5).
pub const NAMED_BOARDS: [(&str, &str); 7] = [
    ("tiny", "1 3 2\n1 1 1\n1 2 2\n"),
    (
        "cross",
        "1 1 2 1 1\n1 1 2 1 1\n2 2 2 2 2\n1 1 2 1 1\n1 1 2 1 1\n",
    ),
    (
        "almostCross",
        "1 1 2 1 1\n1 1 2 1 1\n2 2 1 2 2\n1 1 2 1 1\n1 1 2 1 1\n",
    ),
    ("curve", "1 1 2\n2 1 1\n2 2 1\n"),
    (
        "normal",
        "4 1 4 8 2\n9 10 6 5 9\n6 5 1 8 4\n2 5 5 10 10\n5 9 4 9 5\n",
    ),
    (
        "skinny",
        "3 3 2\n3 2 3\n1 2 1\n2 2 2\n2 1 3\n1 1 2\n2 1 1\n",
    ),
    (
        "large",
        "4 3 5 3 5 1 3 3 1 1\n\
         2 4 1 4 1 4 4 5 4 2\n\
         5 3 5 2 3 3 3 1 3 4\n\
         1 2 2 2 2 4 2 4 5 1\n\
         1 3 1 2 3 3 3 4 1 1\n\
         2 2 2 1 5 1 5 5 3 5\n\
         2 4 1 5 2 2 5 4 5 2\n",
    ),
];

/// The spec's board names, in menu order.
pub fn named_board_names() -> impl Iterator<Item = &'static str> {
    NAMED_BOARDS.iter().map(|(n, _)| *n)
}

/// The named board `name`, or `None` when there is no such board.
pub fn named_board(name: &str) -> Option<Board> {
    NAMED_BOARDS
        .iter()
        .find(|(n, _)| *n == name)
        .and_then(|(_, s)| Board::from_save_string(s).ok())
}

/// The most kinds a random board may use.
pub const MAX_RANDOM_KINDS: Kind = crate::MAX_KINDS as Kind;

/// A random full board of `rows` × `cols` gems with kinds `1..=kinds`, fully determined by
/// `seed` (ChaCha8, so the same seed gives the same board on every platform and release).
pub fn random_board(
    rows: usize,
    cols: usize,
    kinds: Kind,
    seed: u64,
) -> Result<Board, BoardShapeError> {
    let kinds = kinds.clamp(1, MAX_RANDOM_KINDS);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let cells: Vec<Option<Kind>> = (0..rows
        .saturating_mul(cols)
        .min(super::board::MAX_ROWS * super::board::MAX_COLS))
        .map(|_| Some(rng.random_range(1..=kinds)))
        .collect();
    Board::from_cells(rows, cols, cells)
}

/// Why [`board_by_name`] found no board.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum BoardNameError {
    /// Not a named board nor a random-board name.
    #[error("No board named '{0}' exists")]
    Unknown(String),
    /// A `random:` name that does not follow `random:ROWSxCOLS:KINDS:SEED`.
    #[error("Bad random board '{0}': expected random:ROWSxCOLS:KINDS:SEED, e.g. random:10x15:4:7")]
    BadRandomSyntax(String),
    /// A well-formed random-board name with an impossible size.
    #[error("Bad random board: {0}")]
    BadRandomSize(BoardShapeError),
    /// A random-board name asking for more kinds than any game deals (or none).
    #[error("Bad random board: {kinds} kinds (from 1 to {max})")]
    BadRandomKinds {
        /// The kinds asked for.
        kinds: Kind,
        /// The most a board may have ([`MAX_RANDOM_KINDS`]).
        max: Kind,
    },
}

/// What a random-board name (`random:ROWSxCOLS:KINDS:SEED`) asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomSpec {
    /// Rows of gems.
    pub rows: usize,
    /// Columns of gems.
    pub cols: usize,
    /// Kinds of gem.
    pub kinds: Kind,
    /// The seed that deals it.
    pub seed: u64,
}

/// A board by menu name: one of the spec's [`NAMED_BOARDS`], or `random:ROWSxCOLS:KINDS:SEED`
/// (see [`random_board`]).
pub fn board_by_name(name: &str) -> Result<Board, BoardNameError> {
    if let Some(board) = named_board(name) {
        return Ok(board);
    }
    let Some(spec) = parse_random_name(name)? else {
        return Err(BoardNameError::Unknown(name.to_string()));
    };
    random_board(spec.rows, spec.cols, spec.kinds, spec.seed).map_err(BoardNameError::BadRandomSize)
}

/// What a `random:ROWSxCOLS:KINDS:SEED` name asks for, read without dealing the board (so a
/// caller can refuse one too large first); `Ok(None)` for a name that is not a random one.
pub fn parse_random_name(name: &str) -> Result<Option<RandomSpec>, BoardNameError> {
    let Some(spec) = name.strip_prefix("random:") else {
        return Ok(None);
    };
    let syntax = || BoardNameError::BadRandomSyntax(name.to_string());
    let parts: Vec<&str> = spec.split(':').collect();
    let [size, kinds, seed] = parts[..] else {
        return Err(syntax());
    };
    let (rows, cols) = size.split_once(['x', 'X']).ok_or_else(syntax)?;
    let rows: usize = rows.parse().map_err(|_| syntax())?;
    let cols: usize = cols.parse().map_err(|_| syntax())?;
    let kinds: Kind = kinds.parse().map_err(|_| syntax())?;
    let seed: u64 = seed.parse().map_err(|_| syntax())?;
    if !(1..=MAX_RANDOM_KINDS).contains(&kinds) {
        return Err(BoardNameError::BadRandomKinds {
            kinds,
            max: MAX_RANDOM_KINDS,
        });
    }
    Ok(Some(RandomSpec {
        rows,
        cols,
        kinds,
        seed,
    }))
}

/// The menu name of a random board, as [`board_by_name`] reads it.
pub fn random_board_name(rows: usize, cols: usize, kinds: Kind, seed: u64) -> String {
    format!("random:{rows}x{cols}:{kinds}:{seed}")
}

/// Reads a board-set file: boards separated by blank lines, `#` lines are comments, each board
/// in the save-string format with the first line as the top row (the format of the standard
/// SameGame test set); a line `random:ROWSxCOLS:KINDS:SEED` alone is the random board of that
/// name. Errors name the file's line.
pub fn parse_board_set(text: &str) -> Result<Vec<Board>, String> {
    let mut boards = Vec::new();
    let mut current = String::new();
    let mut first_line = 0;
    let flush = |current: &mut String, first_line: usize, boards: &mut Vec<Board>| {
        if current.trim().is_empty() {
            return Ok(());
        }
        let board = Board::from_save_string(current).map_err(|e| {
            format!(
                "board {} (from line {first_line}): {}",
                boards.len() + 1,
                e.with_line_offset(first_line - 1)
            )
        })?;
        boards.push(board);
        current.clear();
        Ok::<(), String>(())
    };
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('#') || line.trim().is_empty() {
            flush(&mut current, first_line, &mut boards)?;
            continue;
        }
        if line.trim_start().starts_with("random:") {
            flush(&mut current, first_line, &mut boards)?;
            let name = line.trim();
            let board =
                board_by_name(name).map_err(|e| format!("line {}: '{name}': {e}", i + 1))?;
            boards.push(board);
            continue;
        }
        if current.is_empty() {
            first_line = i + 1;
        }
        current.push_str(line);
        current.push('\n');
    }
    flush(&mut current, first_line, &mut boards)?;
    if boards.is_empty() {
        return Err("no boards in the file".to_string());
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_set_mixes_written_boards_and_random_names() {
        let text = "# two boards\n0 1\n1 0\n\nrandom:15x15:5:3\nrandom:4x4:2:9\n1 1\n";
        let boards = parse_board_set(text).unwrap();
        assert_eq!(boards.len(), 4);
        assert_eq!(boards[1], random_board(15, 15, 5, 3).unwrap());
        assert_eq!(boards[2], random_board(4, 4, 2, 9).unwrap());
        assert_eq!((boards[3].rows(), boards[3].cols()), (1, 2));
        let e = parse_board_set("0 1\n\nrandom:15x15:x:3\n").unwrap_err();
        assert!(e.starts_with("line 3: 'random:15x15:x:3'"), "{e}");
    }
}
