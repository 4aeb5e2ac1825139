//! K in a row on an R×R board with unavailable squares, human against computer
//! (`../shared/specs/k-in-a-row.txt`). Rules and the game-tree search.
//!
//! - [`Board`]: the cells as bitboards, the spec's `wins`, `isDraw`, `evalBoard` and state string.
//! - [`Game`]: a game in progress (whose turn, status).
//! - [`parse_board_file`]: the spec's board file (size, k, quality, rows of `e`/`u`, and `h`/`c`
//!   for positions to solve).
//! - [`Engine`]: negamax alpha-beta with iterative deepening and a Zobrist transposition table
//!   (which also serves as the spec's dictionary of evaluated states).
//! - [`SquareAnalysis`]: the value of every empty square (proofs, else the engine's estimate).

mod analysis;
mod bits;
mod board;
mod file;
mod game;
mod geometry;
mod search;
mod tt;

pub use analysis::{SquareAnalysis, SquareValue};
pub use bits::{Bits, MAX_CELLS};
pub use board::{Board, Cell, MAX_SIZE, MIN_SIZE, ShapeError, Side};
pub use file::{
    BoardFile, FileError, MAX_FILE_BYTES, MAX_QUALITY, board_file_text, parse_board_file,
};
pub use game::{Game, Move, MoveError, Status};
pub use geometry::lines_of;
pub use search::{Analysis, Engine, HEURISTIC_MAX, Limits, Outcome, Strength, WIN, WIN_MIN};
pub use tt::{Bound, Entry, FULL_DEPTH, NO_MOVE, Table};
