//! The Modern Gems board: a rectangular grid of [`Gem`]s with flagging, removal, gravity and
//! column shifting, its save string and its console display.

use std::fmt;

use thiserror::Error;

use super::gem::{Gem, Kind};

mod save;

pub use save::BoardParseError;

/// Largest number of rows a board may have; larger save strings are rejected.
pub const MAX_ROWS: usize = 1000;
/// Largest number of columns a board may have; larger save strings are rejected.
pub const MAX_COLS: usize = 1000;
/// Largest save string, in bytes, that the parser reads (a full 1000×1000 board of 7-digit kinds
/// fits); anything longer is rejected before it is scanned.
pub const MAX_SAVE_STRING_BYTES: usize = 8 * MAX_ROWS * MAX_COLS + 2 * MAX_ROWS;

/// A (row, column) position on a board; row 0 is the top, column 0 the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// Row index, 0 at the top.
    pub row: usize,
    /// Column index, 0 at the left.
    pub col: usize,
}

impl Cell {
    /// Shorthand constructor.
    pub const fn new(row: usize, col: usize) -> Self {
        Self { row, col }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// A gem that a removal took off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RemovedGem {
    /// Where it was.
    pub cell: Cell,
    /// What it was.
    pub kind: Kind,
}

/// How one surviving gem moved during a removal: first it fell within its column (`from` →
/// `fallen`), then its column slid left (`fallen` → `to`). Either step may be empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GemMove {
    /// The gem's kind.
    pub kind: Kind,
    /// Position before the removal.
    pub from: Cell,
    /// Position after falling, before columns shift (same column as `from`).
    pub fallen: Cell,
    /// Final position (same row as `fallen`).
    pub to: Cell,
}

impl GemMove {
    /// True when the gem fell at least one row.
    pub fn fell(&self) -> bool {
        self.from.row != self.fallen.row
    }

    /// True when the gem's column slid left.
    pub fn shifted(&self) -> bool {
        self.fallen.col != self.to.col
    }
}

/// What [`Board::remove_flagged`] did, so a front end can animate it.
///
/// Gems that appear in neither list did not move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Removal {
    /// The removed gems, in row-major order of their old positions.
    pub removed: Vec<RemovedGem>,
    /// Every surviving gem that changed position, in column-major order of its old position.
    pub moves: Vec<GemMove>,
}

/// Why a board could not be built from a grid of numbers.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BoardShapeError {
    /// No rows or no columns.
    #[error("a board needs at least one row and one column")]
    Empty,
    /// Rows of different lengths.
    #[error("row {row} has {found} cells but row 0 has {expected}")]
    Ragged {
        /// 0-based row.
        row: usize,
        /// Length of row 0.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// A kind larger than [`Kind::MAX`].
    #[error("the kind at ({row},{col}) is too large")]
    KindTooLarge {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// Larger than [`MAX_ROWS`] × [`MAX_COLS`].
    #[error("a board is at most {MAX_ROWS}×{MAX_COLS}; {rows}×{cols} is too large")]
    TooLarge {
        /// Requested rows.
        rows: usize,
        /// Requested columns.
        cols: usize,
    },
}

/// A rectangular grid of gems. Every cell always holds a [`Gem`], possibly an empty one.
///
/// Gems change only through flags and [`Board::remove_flagged`], which removes the flagged gems,
/// lets the others fall and closes empty columns to the left. `Clone` is a deep copy.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Number of rows (at least 1).
    rows: usize,
    /// Number of columns (at least 1).
    cols: usize,
    /// The gems in row-major order: cell (r, c) is at `r * cols + c`.
    cells: Vec<Gem>,
}

impl Board {
    /// Builds a board from rows of numbers: a negative number is an empty cell, any other number is
    /// the kind of the gem there (the spec's `Board(int[][])` constructor).
    pub fn from_grid<R: AsRef<[i64]>>(grid: &[R]) -> Result<Self, BoardShapeError> {
        let rows = grid.len();
        let cols = grid.first().map_or(0, |r| r.as_ref().len());
        check_size(rows, cols)?;
        let mut cells = Vec::with_capacity(rows * cols);
        for (r, row) in grid.iter().enumerate() {
            let row = row.as_ref();
            if row.len() != cols {
                return Err(BoardShapeError::Ragged {
                    row: r,
                    expected: cols,
                    found: row.len(),
                });
            }
            for (c, &k) in row.iter().enumerate() {
                cells.push(match Kind::try_from(k) {
                    Ok(kind) => Gem::new(kind),
                    Err(_) if k < 0 => Gem::empty(),
                    Err(_) => return Err(BoardShapeError::KindTooLarge { row: r, col: c }),
                });
            }
        }
        Ok(Self { rows, cols, cells })
    }

    /// Builds a board from its size and row-major cells (`None` = empty).
    pub fn from_cells(
        rows: usize,
        cols: usize,
        cells: impl IntoIterator<Item = Option<Kind>>,
    ) -> Result<Self, BoardShapeError> {
        check_size(rows, cols)?;
        let cells: Vec<Gem> = cells
            .into_iter()
            .map(|k| k.map_or(Gem::empty(), Gem::new))
            .collect();
        if cells.len() != rows * cols {
            return Err(BoardShapeError::Ragged {
                row: cells.len() / cols,
                expected: cols,
                found: cells.len() % cols,
            });
        }
        Ok(Self { rows, cols, cells })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The gem at (row, col).
    ///
    /// # Panics
    /// When the position is out of bounds, like the spec's `gemAt`. Use [`Board::get`] or
    /// [`Board::valid_gem_at`] for positions that may be outside the board.
    pub fn gem_at(&self, row: usize, col: usize) -> &Gem {
        assert!(
            row < self.rows && col < self.cols,
            "gem_at({row},{col}) is outside a {}×{} board",
            self.rows,
            self.cols
        );
        &self.cells[row * self.cols + col]
    }

    /// The gem at (row, col), or `None` outside the board.
    pub fn get(&self, row: usize, col: usize) -> Option<&Gem> {
        (row < self.rows && col < self.cols).then(|| &self.cells[row * self.cols + col])
    }

    /// The kind at a cell, `None` when it is empty or out of bounds.
    pub fn kind_at(&self, cell: Cell) -> Option<Kind> {
        self.get(cell.row, cell.col).and_then(Gem::kind)
    }

    /// True when (row, col) is on the board and holds a non-empty gem. Never panics: negative or
    /// too-large indices are simply false.
    pub fn valid_gem_at(&self, row: i64, col: i64) -> bool {
        match (usize::try_from(row), usize::try_from(col)) {
            (Ok(r), Ok(c)) => self.get(r, c).is_some_and(Gem::is_filled),
            _ => false,
        }
    }

    /// True when at least one non-empty gem remains.
    pub fn has_valid_gem(&self) -> bool {
        self.cells.iter().any(Gem::is_filled)
    }

    /// Number of non-empty gems.
    pub fn gem_count(&self) -> usize {
        self.cells.iter().filter(|g| g.is_filled()).count()
    }

    /// Clears every gem's flag.
    pub fn clear_flags(&mut self) {
        self.cells.iter_mut().for_each(Gem::clear_flag);
    }

    /// Flags the gem at (row, col) for removal.
    ///
    /// # Panics
    /// When the position is out of bounds.
    pub fn set_flag(&mut self, row: usize, col: usize) {
        let i = self.index(row, col);
        self.cells[i].set_flag();
    }

    /// Clears the flag of the gem at (row, col).
    ///
    /// # Panics
    /// When the position is out of bounds.
    pub fn clear_flag(&mut self, row: usize, col: usize) {
        let i = self.index(row, col);
        self.cells[i].clear_flag();
    }

    /// The flagged cells in row-major order.
    pub fn flagged_cells(&self) -> Vec<Cell> {
        self.cells()
            .filter(|(_, g)| g.flagged())
            .map(|(c, _)| c)
            .collect()
    }

    /// Every cell with its gem, in row-major order.
    pub fn cells(&self) -> impl Iterator<Item = (Cell, &Gem)> + '_ {
        let cols = self.cols;
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, g)| (Cell::new(i / cols, i % cols), g))
    }

    /// Every non-empty cell with its kind, in row-major order.
    pub fn gems(&self) -> impl Iterator<Item = (Cell, Kind)> + '_ {
        self.cells().filter_map(|(c, g)| g.kind().map(|k| (c, k)))
    }

    fn index(&self, row: usize, col: usize) -> usize {
        assert!(
            row < self.rows && col < self.cols,
            "({row},{col}) is outside a {}×{} board",
            self.rows,
            self.cols
        );
        row * self.cols + col
    }

    /// Removes every flagged gem, then lets the remaining gems fall to the bottom of their columns,
    /// then closes empty columns by sliding the columns to their right leftwards (the spec's
    /// `doRemovals()`). Flags are cleared. Returns what was removed and how every surviving gem
    /// that changed position moved.
    ///
    /// One row-major pass lists the removed gems and finds, per column, whether it keeps a
    /// gem and whether it changes (a flag, or a gem above an empty cell). The columns that keep
    /// a gem slide left over the emptied ones, so each one's destination is known; a column
    /// that neither changes nor moves is left alone (most moves touch a few columns), and each
    /// other one does removal and falling in one pass (a write cursor walks up from the
    /// bottom), listing only the gems that move; a last pass packs the columns to the left.
    pub fn remove_flagged(&mut self) -> Removal {
        /// What the first pass learns of a column.
        #[derive(Clone, Copy, Default)]
        struct Column {
            /// It holds an unflagged gem.
            keeps: bool,
            /// A flag, or a gem above an empty cell: the column changes.
            changes: bool,
        }
        let (rows, cols) = (self.rows, self.cols);
        let mut removal = Removal::default();
        let mut columns = vec![Column::default(); cols];
        for (r, row) in self.cells.chunks_exact(cols).enumerate() {
            for ((c, gem), column) in row.iter().enumerate().zip(columns.iter_mut()) {
                match (gem.flagged(), gem.kind()) {
                    (true, Some(kind)) => {
                        column.changes = true;
                        removal.removed.push(RemovedGem {
                            cell: Cell::new(r, c),
                            kind,
                        });
                    }
                    (true, None) => column.changes = true,
                    (false, Some(_)) => column.keeps = true,
                    // Row-major: a gem already seen in this column is above this hole.
                    (false, None) => column.changes |= column.keeps,
                }
            }
        }
        let mut dest = 0;
        let dest_of: Vec<Option<usize>> = columns
            .iter()
            .map(|column| {
                column.keeps.then(|| {
                    dest += 1;
                    dest - 1
                })
            })
            .collect();
        // Per column that changes or moves: drop flagged gems and let the others fall.
        for (c, (column, dest)) in columns.iter().zip(&dest_of).enumerate() {
            if !column.changes && *dest == Some(c) {
                continue;
            }
            let mut write = rows;
            for r in (0..rows).rev() {
                let gem = self.cells[r * cols + c];
                self.cells[r * cols + c] = Gem::empty();
                if let (false, Some(kind)) = (gem.flagged(), gem.kind()) {
                    write -= 1;
                    self.cells[write * cols + c] = Gem::new(kind);
                    let (from, fallen) = (Cell::new(r, c), Cell::new(write, c));
                    let to = Cell::new(write, dest.unwrap_or(c));
                    if from != to {
                        removal.moves.push(GemMove {
                            kind,
                            from,
                            fallen,
                            to,
                        });
                    }
                }
            }
        }
        // Slide non-empty columns left over the empty ones.
        for (c, to) in dest_of.iter().enumerate() {
            if let Some(dest) = *to
                && dest != c
            {
                for r in 0..rows {
                    self.cells[r * cols + dest] = self.cells[r * cols + c];
                    self.cells[r * cols + c] = Gem::empty();
                }
            }
        }
        removal
    }
}

fn check_size(rows: usize, cols: usize) -> Result<(), BoardShapeError> {
    if rows == 0 || cols == 0 {
        Err(BoardShapeError::Empty)
    } else if rows > MAX_ROWS || cols > MAX_COLS {
        Err(BoardShapeError::TooLarge { rows, cols })
    } else {
        Ok(())
    }
}

/// The spec's `toString()`: a header of column numbers, a rule, then one line per row with its
/// number, each gem's kind right-aligned and `*` after flagged gems.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("   ")?;
        for c in 0..self.cols {
            write!(f, "{c:>3}")?;
        }
        f.write_str("\n   ")?;
        for _ in 0..self.cols {
            f.write_str("---")?;
        }
        f.write_str("\n")?;
        for (r, row) in self.cells.chunks(self.cols).enumerate() {
            write!(f, "{r:>2}|")?;
            for (c, g) in row.iter().enumerate() {
                let flag = if g.flagged() { '*' } else { ' ' };
                let kind = g.kind_string();
                if c == 0 {
                    write!(f, "{kind:>3}{flag}")?;
                } else {
                    write!(f, "{kind:>2}{flag}")?;
                }
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};

    use super::*;

    /// The removal as the spec words it, one phase at a time over every cell: the flagged
    /// gems go, every column's gems fall, the non-empty columns close up to the left. The
    /// board's kinds after it, and what a front end is told: the removed gems in row-major
    /// order, and each surviving gem that changed place, column by column, bottom up.
    fn removal_by_the_spec(board: &Board) -> (Vec<Option<Kind>>, Removal) {
        let (rows, cols) = (board.rows, board.cols);
        let removed = board
            .cells()
            .filter(|(_, g)| g.flagged())
            .filter_map(|(cell, g)| g.kind().map(|kind| RemovedGem { cell, kind }))
            .collect();
        // Each column's surviving gems, bottom up, with the rows they came from.
        let survivors: Vec<Vec<(usize, Kind)>> = (0..cols)
            .map(|c| {
                (0..rows)
                    .rev()
                    .filter_map(|r| {
                        let g = board.cells[r * cols + c];
                        if g.flagged() {
                            None
                        } else {
                            g.kind().map(|k| (r, k))
                        }
                    })
                    .collect()
            })
            .collect();
        let mut kinds = vec![None; rows * cols];
        let mut moves = Vec::new();
        let mut dest = 0;
        for (c, column) in survivors.iter().enumerate() {
            if column.is_empty() {
                continue;
            }
            for (i, &(r, kind)) in column.iter().enumerate() {
                let row = rows - 1 - i;
                kinds[row * cols + dest] = Some(kind);
                let (from, to) = (Cell::new(r, c), Cell::new(row, dest));
                if from != to {
                    moves.push(GemMove {
                        kind,
                        from,
                        fallen: Cell::new(row, c),
                        to,
                    });
                }
            }
            dest += 1;
        }
        (kinds, Removal { removed, moves })
    }

    #[test]
    fn removal_agrees_with_the_spec_s_phases_on_random_boards_with_holes() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..5_000 {
            let (rows, cols) = (rng.random_range(1..8), rng.random_range(1..8));
            let grid: Vec<Vec<i64>> = (0..rows)
                .map(|_| (0..cols).map(|_| rng.random_range(-2..4)).collect())
                .collect();
            let mut board = Board::from_grid(&grid).unwrap();
            for i in 0..rows * cols {
                if rng.random_bool(0.3) {
                    board.cells[i].set_flag();
                }
            }
            let before = board.clone();
            let (kinds, expected) = removal_by_the_spec(&board);
            let removal = board.remove_flagged();
            let after: Vec<Option<Kind>> = board.cells.iter().map(|g| g.kind()).collect();
            assert_eq!(after, kinds, "{before:?}");
            assert!(board.cells.iter().all(|g| !g.flagged()), "flags cleared");
            assert_eq!(removal, expected, "{before:?}");
        }
    }
}
