//! Grid Duel, the 9×9 digit-grid scoring duel against the computer
//! (`../shared/specs/grid-duel.txt`). Rules and the computer player.
//!
//! - [`Grid`]: a 9×9 grid of digits 1–9, dealt and regenerated from a seeded RNG.
//! - [`score`]: the spec's four kinds of points and a grid's total
//!   (`vertical − horizontal + bonus + rare`).
//! - [`Duel`]: the game flow — three turns, two grids per player per turn, the human first with
//!   one choice per grid (keep it, regenerate the whole grid, or regenerate one row), the computer
//!   second, and a whole new game after a tie.
//! - [`smart`]: the exact expected points of a grid after regenerating one row, used by the
//!   optional smart computer.

mod duel;
mod grid;
pub mod score;
pub mod smart;

pub use duel::{
    Choice, ComputerGrid, ComputerKind, Duel, DuelError, GRIDS_PER_TURN, HumanGrid, Outcome, Phase,
    Side, TURNS,
};
pub use grid::{Grid, GridParseError, MAX_GRID_FILE_BYTES, SIZE};
pub use score::{Breakdown, score};
pub use smart::{RowPlan, advice, best_row, expected_after_row};
