//! The board's save string (the spec's format, one line per row, `.` for an empty cell): writing
//! it, and reading it back with a typed error that names the line.

use thiserror::Error;

use super::{Board, Gem, Kind, MAX_COLS, MAX_ROWS, MAX_SAVE_STRING_BYTES};

/// Why a save string could not be read as a board.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BoardParseError {
    /// No gems at all (empty or blank input).
    #[error("the board is empty: it has no rows of gems")]
    Empty,
    /// The input is longer than [`MAX_SAVE_STRING_BYTES`].
    #[error("the board text is {bytes} bytes long; at most {max} are allowed")]
    TooLong {
        /// Size of the input.
        bytes: usize,
        /// The bound.
        max: usize,
    },
    /// A row whose length differs from the first row's.
    #[error("line {line}: the row has {found} gems but the first row has {expected}")]
    Ragged {
        /// 1-based line number in the input.
        line: usize,
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// A token that is neither `.` nor a non-negative integer that fits a [`Kind`].
    #[error(
        "line {line}, item {item}: '{token}' is not a gem (expected a non-negative integer or '.')"
    )]
    BadToken {
        /// 1-based line number in the input.
        line: usize,
        /// 1-based position of the token on its line.
        item: usize,
        /// The token (shortened if very long).
        token: String,
    },
    /// More rows than [`MAX_ROWS`].
    #[error("the board has more than {max} rows")]
    TooManyRows {
        /// The bound.
        max: usize,
    },
    /// More columns than [`MAX_COLS`].
    #[error("line {line}: the board has {found} columns; at most {max} are allowed")]
    TooManyCols {
        /// 1-based line number in the input.
        line: usize,
        /// Columns found.
        found: usize,
        /// The bound.
        max: usize,
    },
}

impl Board {
    /// The spec's save string: one line per row, each gem's kind (or `.` when empty) followed by
    /// a space, each line ended by `\n`.
    pub fn save_string(&self) -> String {
        let mut s = String::with_capacity(self.rows * (self.cols * 3 + 1));
        for row in self.cells.chunks(self.cols) {
            for g in row {
                match g.kind() {
                    Some(k) => s.push_str(&k.to_string()),
                    None => s.push('.'),
                }
                s.push(' ');
            }
            s.push('\n');
        }
        s
    }

    /// Parses a save string (the format of [`Board::save_string`]): whitespace-separated tokens,
    /// one line per row, `.` for an empty cell. Blank lines are skipped and `\r\n` is accepted.
    ///
    /// Rejects empty input, ragged rows, bad tokens and boards over [`MAX_ROWS`] × [`MAX_COLS`]
    /// (or input over [`MAX_SAVE_STRING_BYTES`]) with a typed error that names the line.
    pub fn from_save_string(s: &str) -> Result<Self, BoardParseError> {
        if s.len() > MAX_SAVE_STRING_BYTES {
            return Err(BoardParseError::TooLong {
                bytes: s.len(),
                max: MAX_SAVE_STRING_BYTES,
            });
        }
        let mut cols = 0;
        let mut rows = 0;
        let mut cells = Vec::new();
        for (i, line) in s.lines().enumerate() {
            let line_no = i + 1;
            let before = cells.len();
            for (j, token) in line.split_whitespace().enumerate() {
                if j >= MAX_COLS {
                    return Err(BoardParseError::TooManyCols {
                        line: line_no,
                        found: line.split_whitespace().count(),
                        max: MAX_COLS,
                    });
                }
                cells.push(parse_token(token).ok_or_else(|| BoardParseError::BadToken {
                    line: line_no,
                    item: j + 1,
                    token: shorten(token),
                })?);
            }
            let found = cells.len() - before;
            if found == 0 {
                continue;
            }
            if rows == 0 {
                cols = found;
            } else if found != cols {
                return Err(BoardParseError::Ragged {
                    line: line_no,
                    expected: cols,
                    found,
                });
            }
            rows += 1;
            if rows > MAX_ROWS {
                return Err(BoardParseError::TooManyRows { max: MAX_ROWS });
            }
        }
        if rows == 0 {
            return Err(BoardParseError::Empty);
        }
        Ok(Self { rows, cols, cells })
    }
}

/// `.` is an empty gem; a non-negative integer that fits a [`Kind`] is a gem.
fn parse_token(token: &str) -> Option<Gem> {
    if token == "." {
        return Some(Gem::empty());
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse::<Kind>().ok().map(Gem::new)
}

/// Keeps error messages short when a token is huge.
fn shorten(token: &str) -> String {
    const MAX: usize = 24;
    if token.chars().count() <= MAX {
        token.to_string()
    } else {
        let head: String = token.chars().take(MAX).collect();
        format!("{head}…")
    }
}

impl BoardParseError {
    /// The same error with its line numbers moved down by `offset` lines, for a board that
    /// starts part-way through a file.
    pub fn with_line_offset(self, offset: usize) -> Self {
        match self {
            BoardParseError::Ragged {
                line,
                expected,
                found,
            } => BoardParseError::Ragged {
                line: line + offset,
                expected,
                found,
            },
            BoardParseError::BadToken { line, item, token } => BoardParseError::BadToken {
                line: line + offset,
                item,
                token,
            },
            BoardParseError::TooManyCols { line, found, max } => BoardParseError::TooManyCols {
                line: line + offset,
                found,
                max,
            },
            other => other,
        }
    }
}
