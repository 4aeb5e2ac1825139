//! The spec's board file: size, k, quality, then R rows of `e`/`u` (and `h`/`c` for positions).

use thiserror::Error;

use super::board::{Board, Cell, ShapeError, Side};

/// The largest board file accepted, in bytes (a real one is under 100 bytes).
pub const MAX_FILE_BYTES: u64 = 4096;
/// The largest quality (search depth in plies) accepted; deeper than any board has squares.
pub const MAX_QUALITY: u32 = 64;

/// A parsed board file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardFile {
    /// The board, with its unavailable squares (and tiles, when allowed).
    pub board: Board,
    /// The playing quality: how many plies the computer looks ahead.
    pub quality: u32,
}

/// Why a board file was refused; every variant names its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FileError {
    /// A line that should hold a number is missing.
    #[error("line {line}: missing the {what}")]
    Missing {
        /// The 1-based line.
        line: usize,
        /// What the line should hold.
        what: &'static str,
    },
    /// A line that should hold a number does not.
    #[error("line {line}: the {what} must be a whole number, not '{text}'")]
    NotANumber {
        /// The 1-based line.
        line: usize,
        /// What the line should hold.
        what: &'static str,
        /// The offending text.
        text: String,
    },
    /// Size or k out of bounds.
    #[error("line {line}: {source}")]
    Shape {
        /// The 1-based line.
        line: usize,
        /// What is wrong with the shape.
        source: ShapeError,
    },
    /// Quality out of bounds.
    #[error("line 3: the quality must be between 1 and {MAX_QUALITY}, not {0}")]
    Quality(u32),
    /// A board row is missing.
    #[error("line {line}: missing board row {row} of {size}")]
    MissingRow {
        /// The 1-based line.
        line: usize,
        /// The 0-based row.
        row: usize,
        /// The board side.
        size: usize,
    },
    /// A board row has the wrong length.
    #[error("line {line}: the row has {found} cells but the board size is {size}")]
    RowLength {
        /// The 1-based line.
        line: usize,
        /// Cells found.
        found: usize,
        /// The board side.
        size: usize,
    },
    /// A board row holds a letter that is not allowed.
    #[error("line {line}: '{letter}' is not a cell; use {allowed}")]
    BadCell {
        /// The 1-based line.
        line: usize,
        /// The offending character.
        letter: char,
        /// The allowed letters.
        allowed: &'static str,
    },
    /// Text after the last board row.
    #[error("line {line}: unexpected text after the {size} board rows")]
    Trailing {
        /// The 1-based line.
        line: usize,
        /// The board side.
        size: usize,
    },
    /// The tile counts cannot come from alternating turns.
    #[error(
        "the board has {human} human and {computer} computer tiles; the counts may differ by at most 1"
    )]
    Counts {
        /// Human tiles.
        human: usize,
        /// Computer tiles.
        computer: usize,
    },
    /// Both players have k in a row.
    #[error("both players have k in a row")]
    BothWin,
    /// The file is larger than `MAX_FILE_BYTES`.
    #[error("the file is {0} bytes long; at most {MAX_FILE_BYTES} are allowed")]
    TooLong(usize),
}

/// Parses a board file. With `allow_tiles`, cells may also be `h` and `c` (for `--solve`).
pub fn parse_board_file(text: &str, allow_tiles: bool) -> Result<BoardFile, FileError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(FileError::TooLong(text.len()));
    }
    let mut lines: Vec<(usize, &str)> = text
        .lines()
        .map(str::trim)
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .collect();
    while lines.last().is_some_and(|(_, l)| l.is_empty()) {
        lines.pop();
    }
    let number = |index: usize, what: &'static str| -> Result<u64, FileError> {
        let line = index + 1;
        match lines.get(index) {
            None | Some((_, "")) => Err(FileError::Missing { line, what }),
            Some(&(_, t)) => t.parse::<u64>().map_err(|_| FileError::NotANumber {
                line,
                what,
                text: t.to_string(),
            }),
        }
    };
    let size = number(0, "board size")?;
    let k = number(1, "number of tiles in a row to win (k)")?;
    let quality = number(2, "quality")?;
    let size = usize::try_from(size).unwrap_or(usize::MAX);
    let k = usize::try_from(k).unwrap_or(usize::MAX);
    let mut board = Board::new(size, k).map_err(|source| FileError::Shape {
        line: if matches!(source, ShapeError::Size(_)) {
            1
        } else {
            2
        },
        source,
    })?;
    let quality = u32::try_from(quality).unwrap_or(u32::MAX);
    if !(1..=MAX_QUALITY).contains(&quality) {
        return Err(FileError::Quality(quality));
    }
    let allowed = if allow_tiles {
        "e, u, h or c"
    } else {
        "e or u"
    };
    let rows = &lines[3.min(lines.len())..];
    for row in 0..size {
        let Some(&(line, t)) = rows.get(row) else {
            return Err(FileError::MissingRow {
                line: 4 + row,
                row,
                size,
            });
        };
        let found = t.chars().count();
        if found != size {
            return Err(FileError::RowLength { line, found, size });
        }
        for (col, ch) in t.chars().enumerate() {
            let cell = match ch.to_ascii_lowercase() {
                'e' => Cell::Empty,
                'u' => Cell::Unavailable,
                'h' if allow_tiles => Cell::Human,
                'c' if allow_tiles => Cell::Computer,
                letter => {
                    return Err(FileError::BadCell {
                        line,
                        letter,
                        allowed,
                    });
                }
            };
            board.set(row, col, cell);
        }
    }
    if let Some(&(line, _)) = rows.get(size) {
        return Err(FileError::Trailing { line, size });
    }
    let (human, computer) = (board.count(Side::Human), board.count(Side::Computer));
    if human.abs_diff(computer) > 1 {
        return Err(FileError::Counts { human, computer });
    }
    if board.wins(Side::Human) && board.wins(Side::Computer) {
        return Err(FileError::BothWin);
    }
    Ok(BoardFile { board, quality })
}

/// Writes `board` and `quality` in the board-file format (the inverse of [`parse_board_file`]).
pub fn board_file_text(board: &Board, quality: u32) -> String {
    format!(
        "{}\n{}\n{}\n{}",
        board.size(),
        board.k(),
        quality,
        board.rows_text()
    )
}
