//! Dots: connect same-colour dots, close loops to clear a colour, gravity and a seeded refill
//! (`../shared/specs/dots.txt`). Rules and AI.
//!
//! Coordinates: a [`Point`] is `(x, y)` with `x` the column (0 at the left) and `y` the row
//! (0 at the top), as in the spec's Fig 2. Dots fall towards larger `y`; new dots enter from the top.
//! Colours are `1..=colors`.

mod ai;
mod board;
mod error;
mod game;

pub use ai::{
    Planner, PlayerKind, best_big_square, best_closed_shape, best_move, best_square,
    candidate_moves,
};
pub use board::{
    Board, DEFAULT_COLORS, Fall, MAX_BOARD_FILE_BYTES, MAX_COLORS, MAX_SIZE, MIN_COLORS, MIN_SIZE,
    Outcome, Point, is_closed_shape,
};
pub use error::DotsError;
pub use game::{DEFAULT_MOVES, DEFAULT_SIZE, Game, MAX_MOVES};
