//! The board: an R×R grid of empty, human, computer and unavailable cells, as bitboards.

use thiserror::Error;

use super::bits::Bits;

/// The largest supported board side (19, the go board).
pub const MAX_SIZE: usize = 19;
/// The smallest supported board side.
pub const MIN_SIZE: usize = 1;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The human player (`h`).
    Human,
    /// The computer (`c`).
    Computer,
}

impl Side {
    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::Human => Side::Computer,
            Side::Computer => Side::Human,
        }
    }

    /// The letter of this player's tiles in a state string (`h` or `c`).
    pub fn letter(self) -> char {
        match self {
            Side::Human => 'h',
            Side::Computer => 'c',
        }
    }

    /// 0 for the human, 1 for the computer (an index into per-player tables).
    pub fn index(self) -> usize {
        match self {
            Side::Human => 0,
            Side::Computer => 1,
        }
    }
}

/// What a square of the board holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// No tile yet; a player may place one here.
    Empty,
    /// A human tile.
    Human,
    /// A computer tile.
    Computer,
    /// An unavailable square: nobody may ever place a tile here.
    Unavailable,
}

impl Cell {
    /// The spec's letter for this cell: `e`, `h`, `c` or `u`.
    pub fn letter(self) -> char {
        match self {
            Cell::Empty => 'e',
            Cell::Human => 'h',
            Cell::Computer => 'c',
            Cell::Unavailable => 'u',
        }
    }

    /// The cell holding `side`'s tile.
    pub fn of(side: Side) -> Cell {
        match side {
            Side::Human => Cell::Human,
            Side::Computer => Cell::Computer,
        }
    }
}

/// Why a board could not be built with the given size and k.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// The side is outside `MIN_SIZE..=MAX_SIZE`.
    #[error("the board size must be between {MIN_SIZE} and {MAX_SIZE}, not {0}")]
    Size(usize),
    /// k is 0 or larger than the side.
    #[error("k (tiles in a row to win) must be between 1 and the board size {size}, not {k}")]
    K {
        /// The board side.
        size: usize,
        /// The rejected k.
        k: usize,
    },
}

/// The four directions of a line: row, column, diagonal and anti-diagonal.
pub(crate) const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// An R×R board with k to win. Cells are bits `row * size + col` of three masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: usize,
    k: usize,
    human: Bits,
    computer: Bits,
    unavailable: Bits,
}

impl Board {
    /// An empty board of side `size` where `k` tiles in a row win.
    pub fn new(size: usize, k: usize) -> Result<Board, ShapeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(ShapeError::Size(size));
        }
        if k == 0 || k > size {
            return Err(ShapeError::K { size, k });
        }
        Ok(Board {
            size,
            k,
            human: Bits::EMPTY,
            computer: Bits::EMPTY,
            unavailable: Bits::EMPTY,
        })
    }

    /// The side R of the board.
    pub fn size(&self) -> usize {
        self.size
    }

    /// How many adjacent tiles in a line win.
    pub fn k(&self) -> usize {
        self.k
    }

    /// The index of cell (row, col) in the cell sets; both must be below `size`.
    pub(crate) fn index(&self, row: usize, col: usize) -> usize {
        row * self.size + col
    }

    /// The set of every cell of the board.
    pub fn full_mask(&self) -> Bits {
        Bits::first_n(self.size * self.size)
    }

    /// The cell at (row, col), or `None` off the board.
    pub fn get(&self, row: usize, col: usize) -> Option<Cell> {
        if row >= self.size || col >= self.size {
            return None;
        }
        let i = self.index(row, col);
        Some(if self.human.contains(i) {
            Cell::Human
        } else if self.computer.contains(i) {
            Cell::Computer
        } else if self.unavailable.contains(i) {
            Cell::Unavailable
        } else {
            Cell::Empty
        })
    }

    /// Puts `cell` at (row, col), replacing what was there (the spec's `storePlay`, also used to
    /// mark unavailable squares). Panics off the board: callers check coordinates first.
    pub fn set(&mut self, row: usize, col: usize, cell: Cell) {
        assert!(row < self.size && col < self.size, "cell off the board");
        let b = Bits::single(self.index(row, col));
        self.human &= !b;
        self.computer &= !b;
        self.unavailable &= !b;
        match cell {
            Cell::Empty => {}
            Cell::Human => self.human |= b,
            Cell::Computer => self.computer |= b,
            Cell::Unavailable => self.unavailable |= b,
        }
    }

    /// The tiles of `side`, one bit per cell.
    pub fn tiles(&self, side: Side) -> Bits {
        match side {
            Side::Human => self.human,
            Side::Computer => self.computer,
        }
    }

    /// The unavailable squares, one bit per cell.
    pub fn unavailable(&self) -> Bits {
        self.unavailable
    }

    /// The empty squares, one bit per cell.
    pub fn empties(&self) -> Bits {
        self.full_mask() & !(self.human | self.computer | self.unavailable)
    }

    /// How many tiles `side` has placed.
    pub fn count(&self, side: Side) -> usize {
        self.tiles(side).count_ones() as usize
    }

    /// Whether (row, col) is on the board and empty (the spec's `squareIsEmpty`).
    pub fn is_empty(&self, row: usize, col: usize) -> bool {
        self.get(row, col) == Some(Cell::Empty)
    }

    /// The cells of a line of k tiles of `side`, if there is one (the first found, scanning
    /// rows top to bottom, then directions row, column, diagonal, anti-diagonal).
    pub fn winning_line(&self, side: Side) -> Option<Vec<(usize, usize)>> {
        let mine = self.tiles(side);
        let n = self.size as isize;
        for row in 0..n {
            for col in 0..n {
                for (dr, dc) in DIRECTIONS {
                    let (er, ec) = (
                        row + dr * (self.k as isize - 1),
                        col + dc * (self.k as isize - 1),
                    );
                    if !(0..n).contains(&er) || !(0..n).contains(&ec) {
                        continue;
                    }
                    let cells: Vec<(usize, usize)> = (0..self.k as isize)
                        .map(|i| ((row + dr * i) as usize, (col + dc * i) as usize))
                        .collect();
                    if cells.iter().all(|&(r, c)| mine.contains(self.index(r, c))) {
                        return Some(cells);
                    }
                }
            }
        }
        None
    }

    /// Whether `side` has k adjacent tiles in a row, column or diagonal (the spec's `wins`).
    pub fn wins(&self, side: Side) -> bool {
        self.winning_line(side).is_some()
    }

    /// Whether no empty square is left (the spec's `isDraw`).
    pub fn is_full(&self) -> bool {
        self.empties().is_empty()
    }

    /// The spec's evaluation: 3 computer wins, 0 human wins, 2 draw, 1 undecided.
    pub fn eval_board(&self) -> u8 {
        if self.wins(Side::Computer) {
            3
        } else if self.wins(Side::Human) {
            0
        } else if self.is_full() {
            2
        } else {
            1
        }
    }

    /// The spec's state string: one of `h c e u` per cell, row by row from the top left.
    pub fn state_string(&self) -> String {
        (0..self.size)
            .flat_map(|r| (0..self.size).map(move |c| (r, c)))
            .map(|(r, c)| self.get(r, c).map_or('?', Cell::letter))
            .collect()
    }

    /// The board drawn as R lines of letters, each ending in a newline.
    pub fn rows_text(&self) -> String {
        let s = self.state_string();
        let mut out = String::new();
        for chunk in s.as_bytes().chunks(self.size) {
            out.push_str(std::str::from_utf8(chunk).unwrap_or(""));
            out.push('\n');
        }
        out
    }

    /// Whose turn it is by the rule of the board files: whoever has fewer tiles, the human on
    /// equal counts.
    pub fn side_to_move_by_count(&self) -> Side {
        if self.count(Side::Computer) < self.count(Side::Human) {
            Side::Computer
        } else {
            Side::Human
        }
    }
}
