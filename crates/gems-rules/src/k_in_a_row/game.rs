//! A game in progress: the board, whose turn it is, and the result once it ends.

use thiserror::Error;

use super::board::{Board, Cell, Side};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Nobody has won and an empty square is left.
    InProgress,
    /// `Side` has k in a row.
    Won(Side),
    /// No empty square is left and nobody has won.
    Draw,
}

impl Status {
    /// The status of `board` (a win counts before a full board).
    pub fn of(board: &Board) -> Status {
        match board.eval_board() {
            3 => Status::Won(Side::Computer),
            0 => Status::Won(Side::Human),
            2 => Status::Draw,
            _ => Status::InProgress,
        }
    }
}

/// A move: the square (0-based row and column) where the player to move places a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
}

impl Move {
    /// The move at (`row`, `col`).
    pub const fn new(row: usize, col: usize) -> Move {
        Move { row, col }
    }

    /// The square as (row, col).
    pub const fn cell(self) -> (usize, usize) {
        (self.row, self.col)
    }
}

impl From<(usize, usize)> for Move {
    fn from((row, col): (usize, usize)) -> Move {
        Move { row, col }
    }
}

impl std::fmt::Display for Move {
    /// The console's wording: `row col`, 0-based.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.row, self.col)
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The coordinates are off the board.
    #[error("({row},{col}) is off the board: rows and columns go from 0 to {max}")]
    OffBoard {
        /// The row asked for.
        row: usize,
        /// The column asked for.
        col: usize,
        /// The largest valid index.
        max: usize,
    },
    /// The square already holds a tile or is unavailable.
    #[error("({row},{col}) is not empty")]
    NotEmpty {
        /// The row asked for.
        row: usize,
        /// The column asked for.
        col: usize,
    },
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
}

/// A game: a board, the player to move, and the moves made so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    to_move: Side,
    status: Status,
    moves: Vec<Move>,
}

impl Game {
    /// A game from `board` (possibly with tiles already placed) with `to_move` to play.
    pub fn new(board: Board, to_move: Side) -> Game {
        Game {
            status: Status::of(&board),
            board,
            to_move,
            moves: Vec::new(),
        }
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Whether the game goes on, or who won, or a draw.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The moves made in this game, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Places the tile of the player to move at `mv`, passes the turn, and returns the new
    /// status. A refused move changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<Status, MoveError> {
        let Move { row, col } = mv;
        if self.status != Status::InProgress {
            return Err(MoveError::GameOver);
        }
        let max = self.board.size() - 1;
        if row > max || col > max {
            return Err(MoveError::OffBoard { row, col, max });
        }
        if !self.board.is_empty(row, col) {
            return Err(MoveError::NotEmpty { row, col });
        }
        self.board.set(row, col, Cell::of(self.to_move));
        self.moves.push(mv);
        self.status = Status::of(&self.board);
        self.to_move = self.to_move.opponent();
        Ok(self.status)
    }

    /// The empty squares, row by row.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.status != Status::InProgress {
            return Vec::new();
        }
        let n = self.board.size();
        (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .filter(|&(r, c)| self.board.is_empty(r, c))
            .map(Move::from)
            .collect()
    }
}
