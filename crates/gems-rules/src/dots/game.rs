//! One game of Dots: a board, the current selection, moves left, score and the seeded refill RNG.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::board::{Board, Outcome, Point};
use super::error::DotsError;

/// Board side used when none is given.
pub const DEFAULT_SIZE: usize = 6;
/// Moves allowed when none is given.
pub const DEFAULT_MOVES: u32 = 20;
/// Most moves a game may allow.
pub const MAX_MOVES: u32 = 1000;

/// A game in progress. Refills come from a ChaCha8 RNG seeded at the start, so a seed and the
/// same moves replay the same game.
#[derive(Debug, Clone)]
pub struct Game {
    board: Board,
    rng: ChaCha8Rng,
    seed: u64,
    selection: Vec<Point>,
    moves_allowed: u32,
    moves_left: u32,
    score: u64,
}

fn check_moves(moves: u32) -> Result<(), DotsError> {
    if (1..=super::game::MAX_MOVES).contains(&moves) {
        Ok(())
    } else {
        Err(DotsError::BadMoves {
            moves,
            max: MAX_MOVES,
        })
    }
}

impl Game {
    /// A new game on a random `size`×`size` board of `colors` colours, `moves` moves allowed,
    /// the board and every refill drawn from `seed`.
    pub fn new(size: usize, colors: u8, moves: u32, seed: u64) -> Result<Self, DotsError> {
        check_moves(moves)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let board = Board::random(size, colors, &mut rng)?;
        Ok(Self::assemble(board, rng, seed, moves))
    }

    /// A game starting from a given board; refills drawn from `seed`.
    pub fn with_board(board: Board, moves: u32, seed: u64) -> Result<Self, DotsError> {
        check_moves(moves)?;
        Ok(Self::assemble(
            board,
            ChaCha8Rng::seed_from_u64(seed),
            seed,
            moves,
        ))
    }

    fn assemble(board: Board, rng: ChaCha8Rng, seed: u64, moves: u32) -> Self {
        Self {
            board,
            rng,
            seed,
            selection: Vec::new(),
            moves_allowed: moves,
            moves_left: moves,
            score: 0,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The seed the game started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The selected dots, in selection order.
    pub fn selection(&self) -> &[Point] {
        &self.selection
    }

    /// Moves allowed in this game (spec, `getMovesAllowed`).
    pub fn moves_allowed(&self) -> u32 {
        self.moves_allowed
    }

    /// Moves left (spec, `getMovesLeft`): one is used by each successful removal.
    pub fn moves_left(&self) -> u32 {
        self.moves_left
    }

    /// Points so far: one per dot removed.
    pub fn score(&self) -> u64 {
        self.score
    }

    /// True when some two adjacent dots share a colour (spec, `canMakeMove`).
    pub fn can_make_move(&self) -> bool {
        self.board.can_make_move()
    }

    /// True when no move is left or no move is possible (spec, `isGameOver`).
    pub fn is_over(&self) -> bool {
        self.moves_left == 0 || !self.can_make_move()
    }

    /// True when clicking `p` may select it (spec, `canSelect`): the game is not over, `p` is on
    /// the board and not selected, and either nothing is selected or `p` is adjacent to the last
    /// selected dot and the same colour.
    pub fn can_select(&self, p: Point) -> bool {
        !self.is_over() && self.board.can_extend(&self.selection, p)
    }

    /// True when `p` is the most recently selected dot (spec, `canDeselect`).
    pub fn can_deselect(&self, p: Point) -> bool {
        self.selection.last() == Some(&p)
    }

    /// Selects `p` if [`Game::can_select`] allows it.
    pub fn select(&mut self, p: Point) -> Result<(), DotsError> {
        if !self.board.contains(p) {
            return Err(DotsError::OffBoard { x: p.x, y: p.y });
        }
        if !self.can_select(p) {
            return Err(DotsError::CantSelect { x: p.x, y: p.y });
        }
        self.selection.push(p);
        Ok(())
    }

    /// Deselects `p` if it is the most recently selected dot.
    pub fn deselect(&mut self, p: Point) -> Result<(), DotsError> {
        if !self.can_deselect(p) {
            return Err(DotsError::CantDeselect { x: p.x, y: p.y });
        }
        self.selection.pop();
        Ok(())
    }

    /// Clears the selection.
    pub fn clear_selection(&mut self) {
        self.selection.clear();
    }

    /// True when the current selection is a closed shape.
    pub fn is_closed_shape(&self) -> bool {
        super::board::is_closed_shape(&self.selection)
    }

    /// Removes the selected dots (spec, `removeSelectedDots`): fewer than 2 selected is
    /// [`DotsError::CantRemove`] and changes nothing. On success the score grows by the number
    /// of dots removed, one move is used, the dots drop and the board refills.
    pub fn remove_selected(&mut self) -> Result<Outcome, DotsError> {
        if self.selection.len() < 2 {
            return Err(DotsError::CantRemove {
                selected: self.selection.len(),
            });
        }
        if self.is_over() {
            return Err(DotsError::GameOver);
        }
        let outcome = self.board.remove(&self.selection, &mut self.rng)?;
        self.selection.clear();
        self.score += outcome.removed.len() as u64;
        self.moves_left -= 1;
        Ok(outcome)
    }

    /// Replaces the selection by `selection` (checked) and removes it.
    pub fn play(&mut self, selection: &[Point]) -> Result<Outcome, DotsError> {
        if self.is_over() {
            return Err(DotsError::GameOver);
        }
        self.board.check_selection(selection)?;
        self.selection = selection.to_vec();
        self.remove_selected()
    }
}
