//! The game flow: three turns of two grids per player, the human first, a new game after a tie.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::grid::{Grid, SIZE};
use super::score;
use super::smart;

/// Turns in one game.
pub const TURNS: usize = 3;
/// Grids each player is dealt per turn.
pub const GRIDS_PER_TURN: usize = 2;

/// What regenerating one row is expected to bring (the smart player's reason for its
/// choice: [`smart::best_row`]).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RowPlan {
    /// The row, 0-based.
    pub row: usize,
    /// The grid's points now.
    pub current: i32,
    /// The grid's expected points after the row is regenerated.
    pub expected: f64,
}

impl RowPlan {
    /// Expected change in points: `expected − current` (worth it when positive).
    pub fn gain(&self) -> f64 {
        self.expected - f64::from(self.current)
    }
}

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

/// The human's one choice after seeing a dealt grid (the computer's too: the plain computer
/// keeps, the smart one keeps or regenerates a row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// A journal says the computer chose what its rules would not have.
    #[error("the computer's recorded choices are not its own")]
    NotTheComputersChoice,
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
    /// What the computer chose for it.
    pub choice: Choice,
    /// Whether it regenerated part of the grid (the smart computer's plan's row, when its
    /// expected gain was positive).
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
    /// The computer's grid dealt and awaiting its choice ([`Duel::deal_computer`]).
    computer_dealt: Option<Grid>,
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
            computer_dealt: None,
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

    /// Plays the computer's two grids of this turn (each dealt, then chosen for by its kind:
    /// [`smart::advice`] for the smart computer, keep for the plain one), then ends the turn:
    /// deals the human's next grid, or finishes the game.
    pub fn play_computer(&mut self) -> Result<[ComputerGrid; GRIDS_PER_TURN], DuelError> {
        if self.phase != Phase::Computer || self.computer_grid_index() != 0 {
            return Err(DuelError::NotComputersTurn);
        }
        let mut grids = [None; GRIDS_PER_TURN];
        for slot in &mut grids {
            let (_, dealt) = self.deal_computer()?;
            let (choice, plan) = match self.computer {
                ComputerKind::Smart => {
                    let (choice, plan) = smart::advice(&dealt);
                    (choice, Some(plan))
                }
                ComputerKind::Plain => (Choice::Keep, None),
            };
            *slot = Some(self.choose_computer(choice, plan)?);
        }
        // Both slots were filled, or the loop returned an error.
        Ok(grids.map(|g| g.unwrap_or_else(|| unreachable!("a computer grid was not played"))))
    }

    /// Which of this turn's grids the computer plays next (0-based).
    fn computer_grid_index(&self) -> usize {
        self.points[Side::Computer.index()][self.turn]
            .iter()
            .position(Option::is_none)
            .unwrap_or(GRIDS_PER_TURN)
    }

    /// The computer's next grid of this turn as dealt, with its index, for its choice: the
    /// same grid until [`Duel::choose_computer`] is called. (The choice is searched for
    /// apart from the rules, as the browser's AI worker does, and handed back.)
    pub fn deal_computer(&mut self) -> Result<(usize, Grid), DuelError> {
        if self.phase != Phase::Computer {
            return Err(DuelError::NotComputersTurn);
        }
        let grid = *self
            .computer_dealt
            .get_or_insert_with(|| Grid::random(&mut self.rng));
        Ok((self.computer_grid_index(), grid))
    }

    /// The computer's `choice` for its dealt grid (dealt now if it was not yet): `plan` is
    /// the smart computer's reasoning, shown with the grid. Records the grid's points; after
    /// the turn's last grid the turn ends: the human's next grid is dealt, or the game ends.
    pub fn choose_computer(
        &mut self,
        choice: Choice,
        plan: Option<RowPlan>,
    ) -> Result<ComputerGrid, DuelError> {
        let (index, dealt) = self.deal_computer()?;
        let mut grid = dealt;
        match choice {
            Choice::Keep => {}
            Choice::RegenerateGrid => grid = Grid::random(&mut self.rng),
            Choice::RegenerateRow(n) if (1..=SIZE).contains(&n) => {
                grid.regenerate_row(n - 1, &mut self.rng);
            }
            Choice::RegenerateRow(n) => return Err(DuelError::BadRow(n)),
        }
        self.computer_dealt = None;
        let points = score::score(&grid).total();
        self.points[Side::Computer.index()][self.turn][index] = Some(points);
        if index + 1 == GRIDS_PER_TURN {
            self.end_turn();
        }
        Ok(ComputerGrid {
            index,
            dealt,
            plan,
            choice,
            regenerated: choice != Choice::Keep,
            grid,
            points,
        })
    }

    /// Ends the turn once the computer has played: deals the human's next grid, or finishes
    /// the game.
    fn end_turn(&mut self) {
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
