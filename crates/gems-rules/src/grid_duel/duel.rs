//! The game flow: three turns of two grids per player, the human first, a new game after a tie.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::grid::{Grid, SIZE};
use super::score;
use super::smart::{self, RowPlan};

/// Turns in one game.
pub const TURNS: usize = 3;
/// Grids each player is dealt per turn.
pub const GRIDS_PER_TURN: usize = 2;

/// A player of the duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The human, who plays first each turn.
    Human,
    /// The computer, who plays second.
    Computer,
}

impl Side {
    fn index(self) -> usize {
        match self {
            Side::Human => 0,
            Side::Computer => 1,
        }
    }
}

/// How the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ComputerKind {
    /// The spec's computer: scores each grid as dealt.
    #[default]
    Plain,
    /// Beyond the spec: regenerates the row with the best expected gain when that gain is
    /// positive (one regeneration per grid, like the human).
    Smart,
}

/// The human's one choice after seeing a dealt grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Keep the grid as dealt ("No regeneration requested").
    Keep,
    /// Replace the whole grid with a new one.
    RegenerateGrid,
    /// Replace one row, numbered 1 to 9 as the player sees it.
    RegenerateRow(usize),
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The human is looking at their grid `grid` (0-based, < 2) of the current turn.
    Human {
        /// Which of the turn's two grids.
        grid: usize,
    },
    /// The human has played this turn; the computer plays next.
    Computer,
    /// All three turns are played.
    Over(Outcome),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The human's total is higher.
    HumanWins,
    /// The computer's total is higher.
    ComputerWins,
    /// Equal totals: a whole new game must be played ([`Duel::replay`]).
    Tie,
}

/// An action that does not fit the game's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DuelError {
    /// A row number outside 1–9.
    #[error("there is no row {0}: rows are numbered 1 to 9")]
    BadRow(usize),
    /// The human chose while it was not their turn.
    #[error("it is not the human's turn")]
    NotHumansTurn,
    /// The computer was asked to play while it was not its turn.
    #[error("it is not the computer's turn")]
    NotComputersTurn,
    /// A replay was asked for while the game was not over in a tie.
    #[error("only a tied, finished game is replayed")]
    NotTied,
}

/// One of the human's grids, from deal to final points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HumanGrid {
    /// Which of the turn's grids (0-based).
    pub index: usize,
    /// The grid as first dealt.
    pub dealt: Grid,
    /// What the human chose.
    pub choice: Choice,
    /// The grid after the choice (the dealt one when kept).
    pub grid: Grid,
    /// The final grid's points.
    pub points: i32,
}

/// One of the computer's grids.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ComputerGrid {
    /// Which of the turn's grids (0-based).
    pub index: usize,
    /// The grid as dealt.
    pub dealt: Grid,
    /// The smart computer's best row plan (`None` for the plain computer).
    pub plan: Option<RowPlan>,
    /// Whether the plan's row was regenerated (its expected gain was positive).
    pub regenerated: bool,
    /// The final grid.
    pub grid: Grid,
    /// The final grid's points.
    pub points: i32,
}

/// A whole duel: seeded dealing, turns, scores and replays after ties.
#[derive(Clone, Debug)]
pub struct Duel {
    rng: ChaCha8Rng,
    computer: ComputerKind,
    game: u32,
    turn: usize,
    phase: Phase,
    pending: Grid,
    points: [[[Option<i32>; GRIDS_PER_TURN]; TURNS]; 2],
}

impl Duel {
    /// A new duel dealing from `seed` (ChaCha8: the same seed deals the same grids everywhere);
    /// the human's first grid is dealt.
    pub fn new(seed: u64, computer: ComputerKind) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let pending = Grid::random(&mut rng);
        Self {
            rng,
            computer,
            game: 1,
            turn: 0,
            phase: Phase::Human { grid: 0 },
            pending,
            points: [[[None; GRIDS_PER_TURN]; TURNS]; 2],
        }
    }

    /// How the computer plays.
    pub fn computer_kind(&self) -> ComputerKind {
        self.computer
    }

    /// Which game this is: 1, then one more after each tie.
    pub fn game_number(&self) -> u32 {
        self.game
    }

    /// The current turn, 0-based (< 3; stays 2 once the game is over).
    pub fn turn(&self) -> usize {
        self.turn
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The human's grid awaiting a choice, in [`Phase::Human`].
    pub fn pending_grid(&self) -> Option<&Grid> {
        matches!(self.phase, Phase::Human { .. }).then_some(&self.pending)
    }

    /// The points of `side`'s grid `grid` in turn `turn` (0-based), once played.
    pub fn grid_points(&self, side: Side, turn: usize, grid: usize) -> Option<i32> {
        self.points[side.index()].get(turn)?.get(grid).copied()?
    }

    /// `side`'s points in turn `turn` (0-based), once both its grids are played.
    pub fn turn_points(&self, side: Side, turn: usize) -> Option<i32> {
        let grids = self.points[side.index()].get(turn)?;
        grids.iter().copied().sum()
    }

    /// `side`'s total over the grids played so far in this game.
    pub fn total(&self, side: Side) -> i32 {
        self.points[side.index()].iter().flatten().flatten().sum()
    }

    /// Applies the human's choice to the pending grid, records its points and moves on: to the
    /// human's next grid, or to the computer.
    pub fn choose(&mut self, choice: Choice) -> Result<HumanGrid, DuelError> {
        let Phase::Human { grid: index } = self.phase else {
            return Err(DuelError::NotHumansTurn);
        };
        let dealt = self.pending;
        let grid = match choice {
            Choice::Keep => dealt,
            Choice::RegenerateGrid => Grid::random(&mut self.rng),
            Choice::RegenerateRow(n) => {
                if !(1..=SIZE).contains(&n) {
                    return Err(DuelError::BadRow(n));
                }
                let mut g = dealt;
                g.regenerate_row(n - 1, &mut self.rng);
                g
            }
        };
        let points = score::score(&grid).total();
        self.points[Side::Human.index()][self.turn][index] = Some(points);
        if index + 1 < GRIDS_PER_TURN {
            self.pending = Grid::random(&mut self.rng);
            self.phase = Phase::Human { grid: index + 1 };
        } else {
            self.phase = Phase::Computer;
        }
        Ok(HumanGrid {
            index,
            dealt,
            choice,
            grid,
            points,
        })
    }

    /// Plays the computer's two grids of this turn, then ends the turn: deals the human's next
    /// grid, or finishes the game.
    pub fn play_computer(&mut self) -> Result<[ComputerGrid; GRIDS_PER_TURN], DuelError> {
        if self.phase != Phase::Computer {
            return Err(DuelError::NotComputersTurn);
        }
        let grids: [ComputerGrid; GRIDS_PER_TURN] =
            std::array::from_fn(|index| self.computer_grid(index));
        for g in &grids {
            self.points[Side::Computer.index()][self.turn][g.index] = Some(g.points);
        }
        if self.turn + 1 < TURNS {
            self.turn += 1;
            self.pending = Grid::random(&mut self.rng);
            self.phase = Phase::Human { grid: 0 };
        } else {
            let (h, c) = (self.total(Side::Human), self.total(Side::Computer));
            self.phase = Phase::Over(match h.cmp(&c) {
                std::cmp::Ordering::Greater => Outcome::HumanWins,
                std::cmp::Ordering::Less => Outcome::ComputerWins,
                std::cmp::Ordering::Equal => Outcome::Tie,
            });
        }
        Ok(grids)
    }

    fn computer_grid(&mut self, index: usize) -> ComputerGrid {
        let dealt = Grid::random(&mut self.rng);
        let mut grid = dealt;
        let mut plan = None;
        let mut regenerated = false;
        if self.computer == ComputerKind::Smart {
            let (choice, p) = smart::advice(&dealt);
            if let Choice::RegenerateRow(row) = choice {
                grid.regenerate_row(row - 1, &mut self.rng);
                regenerated = true;
            }
            plan = Some(p);
        }
        ComputerGrid {
            index,
            dealt,
            plan,
            regenerated,
            grid,
            points: score::score(&grid).total(),
        }
    }

    /// After a tie, starts a whole new game (scores cleared, game number + 1, dealing goes on
    /// from the same seeded stream) and deals the human's first grid.
    pub fn replay(&mut self) -> Result<(), DuelError> {
        if self.phase != Phase::Over(Outcome::Tie) {
            return Err(DuelError::NotTied);
        }
        self.game += 1;
        self.turn = 0;
        self.points = [[[None; GRIDS_PER_TURN]; TURNS]; 2];
        self.pending = Grid::random(&mut self.rng);
        self.phase = Phase::Human { grid: 0 };
        Ok(())
    }

    /// Test and demo hook: replaces the pending human grid (in [`Phase::Human`]), e.g. to
    /// contrive a tie as the spec suggests.
    pub fn set_pending_grid(&mut self, grid: Grid) -> Result<(), DuelError> {
        if !matches!(self.phase, Phase::Human { .. }) {
            return Err(DuelError::NotHumansTurn);
        }
        self.pending = grid;
        Ok(())
    }
}
