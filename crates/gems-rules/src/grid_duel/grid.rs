//! The 9×9 grid of digits 1–9: dealing, regenerating a row, parsing and printing.

use std::fmt;

use rand::{Rng, RngExt};

/// The grid's side: 9 rows of 9 cells, digits 1 to 9.
pub const SIZE: usize = 9;

/// The largest grid file `--score` reads (9 lines of 9 digits need far less).
pub const MAX_GRID_FILE_BYTES: u64 = 4096;

/// A 9×9 grid of digits 1–9, row-major: `cells[row][col]`, both 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [[u8; SIZE]; SIZE],
}

/// Why a text could not be read as a grid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridParseError {
    /// A line held something other than 9 digits 1–9 (spaces between digits are allowed).
    #[error("line {line}: expected 9 digits 1-9, found '{found}'")]
    BadLine {
        /// 1-based line number in the text.
        line: usize,
        /// The offending line, trimmed.
        found: String,
    },
    /// The text did not hold exactly 9 non-blank lines.
    #[error("expected 9 lines of 9 digits, found {0} non-blank lines")]
    LineCount(usize),
}

impl Grid {
    /// A grid from its cells; `None` if any cell is outside 1–9.
    pub fn from_cells(cells: [[u8; SIZE]; SIZE]) -> Option<Self> {
        cells
            .iter()
            .flatten()
            .all(|d| (1..=9).contains(d))
            .then_some(Self { cells })
    }

    /// A fresh grid of 81 uniform random digits, drawn row by row.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Self {
        let mut cells = [[1u8; SIZE]; SIZE];
        for row in &mut cells {
            fill_row(row, rng);
        }
        Self { cells }
    }

    /// Replaces row `row` (0-based, < 9) with 9 new uniform random digits.
    ///
    /// # Panics
    /// If `row >= 9`; callers validate the player's 1–9 row number first.
    pub fn regenerate_row<R: Rng + ?Sized>(&mut self, row: usize, rng: &mut R) {
        fill_row(&mut self.cells[row], rng);
    }

    /// The digit at `row`, `col` (0-based).
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row][col]
    }

    /// Row `row` (0-based).
    pub fn row(&self, row: usize) -> [u8; SIZE] {
        self.cells[row]
    }

    /// Column `col` (0-based), top to bottom.
    pub fn column(&self, col: usize) -> [u8; SIZE] {
        std::array::from_fn(|r| self.cells[r][col])
    }

    /// All rows.
    pub fn rows(&self) -> &[[u8; SIZE]; SIZE] {
        &self.cells
    }

    /// Reads 9 non-blank lines of 9 digits 1–9 (spaces and tabs between digits are ignored).
    pub fn parse(text: &str) -> Result<Self, GridParseError> {
        let mut rows = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let digits: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            if digits.is_empty() {
                continue;
            }
            let row: Option<Vec<u8>> = digits
                .chars()
                .map(|c| c.to_digit(10).filter(|&d| d >= 1).map(|d| d as u8))
                .collect();
            match row {
                Some(r) if r.len() == SIZE => rows.push(r),
                _ => {
                    return Err(GridParseError::BadLine {
                        line: i + 1,
                        found: line.trim().to_string(),
                    });
                }
            }
        }
        if rows.len() != SIZE {
            return Err(GridParseError::LineCount(rows.len()));
        }
        let mut cells = [[1u8; SIZE]; SIZE];
        for (dst, src) in cells.iter_mut().zip(&rows) {
            dst.copy_from_slice(src);
        }
        Ok(Self { cells })
    }
}

fn fill_row<R: Rng + ?Sized>(row: &mut [u8; SIZE], rng: &mut R) {
    for d in row {
        *d = rng.random_range(1..=9u8);
    }
}

/// Nine lines of nine digits separated by spaces (the `--score` file format).
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in &self.cells {
            let line: Vec<String> = row.iter().map(u8::to_string).collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}
