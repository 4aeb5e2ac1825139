//! Every way a Dots request can fail, as a value.

use thiserror::Error;

/// Why a Dots rule refused a request.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DotsError {
    /// The board size is outside `MIN_SIZE..=MAX_SIZE`.
    #[error("board size {size} is outside {min}..={max}")]
    BadSize {
        /// The size asked for.
        size: usize,
        /// Smallest allowed size.
        min: usize,
        /// Largest allowed size.
        max: usize,
    },
    /// The colour count is outside `MIN_COLORS..=MAX_COLORS`.
    #[error("colour count {colors} is outside {min}..={max}")]
    BadColors {
        /// The count asked for.
        colors: u8,
        /// Smallest allowed count.
        min: u8,
        /// Largest allowed count.
        max: u8,
    },
    /// The number of moves allowed is outside `1..=MAX_MOVES`.
    #[error("moves allowed {moves} is outside 1..={max}")]
    BadMoves {
        /// The count asked for.
        moves: u32,
        /// Largest allowed count.
        max: u32,
    },
    /// A board text could not be read.
    #[error("board line {line}: {message}")]
    Parse {
        /// 1-based line of the problem (0: the text as a whole).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A point lies outside the board.
    #[error("({x}, {y}) is off the board")]
    OffBoard {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
    },
    /// The dot cannot be selected now (not adjacent, other colour, already selected, game over).
    #[error("({x}, {y}) cannot be selected")]
    CantSelect {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
    },
    /// Only the most recently selected dot can be deselected.
    #[error("({x}, {y}) cannot be deselected")]
    CantDeselect {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
    },
    /// Removal needs at least 2 selected dots (the spec's `CantRemoveException`).
    #[error("cannot remove: {selected} dot(s) selected, at least 2 needed")]
    CantRemove {
        /// How many dots were selected.
        selected: usize,
    },
    /// A selection given as a whole is not a legal selection order.
    #[error("illegal selection: {0}")]
    IllegalSelection(String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}
