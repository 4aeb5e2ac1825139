//! Grid Duel's model in the ECS: the rules' [`Duel`] in a resource, the grid on show as 81 cell
//! entities, the actions players send, and the stage of the grid on show.

use std::collections::VecDeque;

use bevy::prelude::*;
use gems_rules::grid_duel::{
    Breakdown, Choice, ComputerGrid, ComputerKind, Duel, DuelError, GRIDS_PER_TURN, Grid,
    HumanGrid, Outcome, Phase, RowPlan, SIZE, Side,
};
use gems_rules::journal::DuelStep;

use crate::kit::ai::{AiSession, Generation};
use crate::kit::history::History;
use crate::kit::resume::Resumable;

use crate::kit::screens::Screen;

/// Seconds between two cells appearing while a whole grid is revealed.
pub const CELL_STAGGER: f32 = 0.012;
/// Seconds between two cells of a regenerated row appearing.
pub const ROW_STAGGER: f32 = 0.06;
/// Seconds one cell takes to appear.
pub const CELL_FADE: f32 = 0.25;
/// Seconds a finished grid stays on show before the game moves on.
pub const HOLD: f32 = 1.6;
/// Seconds `--autoplay` looks at the human's grid before choosing.
pub const AUTOPLAY_DELAY: f32 = 0.8;

/// The duel being played and how it was set up.
#[derive(Resource, Clone, Debug)]
pub struct DuelSession {
    /// The rules' game.
    pub duel: Duel,
    /// The seed it deals from.
    pub seed: u64,
    /// Whether a high score was already recorded for the finished game.
    pub recorded: bool,
    /// The duel before each of the person's choices in this turn, to take one back (the
    /// computer's turn ends it); a duel that used it enters no record.
    pub history: History<Duel>,
    /// The smart evaluator's choice for the grid on show, once asked for.
    pub hint: Option<(Choice, RowPlan)>,
    /// Every choice, computer turn, replay, undo and redo since the deal, for resume
    /// ([`Resumable`]).
    pub journal: Vec<String>,
    /// The computer's grids of this turn played so far, shown once the turn is complete.
    pub computer_turn: Vec<ComputerGrid>,
    /// The duel's state for the computer's searches: every change moves it on, so an answer
    /// for an earlier state is dropped.
    pub generation: Generation,
}

impl AiSession for DuelSession {
    fn generation(&self) -> Generation {
        self.generation
    }
}

impl DuelSession {
    /// A new duel from `seed`.
    pub fn new(seed: u64, kind: ComputerKind) -> Self {
        Self {
            duel: Duel::new(seed, kind),
            seed,
            recorded: false,
            history: History::default(),
            hint: None,
            journal: Vec::new(),
            computer_turn: Vec::new(),
            generation: Generation::next(),
        }
    }

    /// The person's `choice` for the grid on show (the rules check it); the duel before it is
    /// kept for Undo until the computer's turn.
    pub fn choose(&mut self, choice: Choice) -> Result<HumanGrid, DuelError> {
        let before = self.duel.clone();
        let played = self.duel.choose(choice)?;
        self.history.record(before);
        self.changed();
        self.journal.push(DuelStep::Choose(choice).to_string());
        Ok(played)
    }

    /// The computer's `choice` for its grid dealt now (`plan`: the smart computer's reason).
    /// Once its turn's grids are all played, the person's choices can no longer be taken
    /// back, and the turn goes into the journal with the computer's choices.
    pub fn choose_computer(
        &mut self,
        choice: Choice,
        plan: Option<RowPlan>,
    ) -> Result<(), DuelError> {
        let grid = self.duel.choose_computer(choice, plan)?;
        self.computer_turn.push(grid);
        self.changed();
        if let Ok(grids) = <[ComputerGrid; GRIDS_PER_TURN]>::try_from(self.computer_turn.as_slice())
        {
            self.history.forget();
            let step = DuelStep::ComputerChose(grids.map(|g| g.choice));
            self.journal.push(step.to_string());
        }
        Ok(())
    }

    /// The plain computer's turn: it keeps every grid as dealt (no search needed).
    pub fn keep_computer_grids(&mut self) -> Result<(), DuelError> {
        while self.duel.phase() == Phase::Computer {
            self.choose_computer(Choice::Keep, None)?;
        }
        Ok(())
    }

    /// Whether the computer's whole turn is played and waits to be shown.
    pub fn computer_turn_done(&self) -> bool {
        self.computer_turn.len() == GRIDS_PER_TURN
    }

    /// The computer's turn, once all its grids are played, for the show.
    pub fn take_computer_turn(&mut self) -> Option<Vec<ComputerGrid>> {
        self.computer_turn_done()
            .then(|| std::mem::take(&mut self.computer_turn))
    }

    /// After a tie, the whole new game.
    pub fn replay_tie(&mut self) -> Result<(), DuelError> {
        self.duel.replay()?;
        self.recorded = false;
        self.changed();
        self.journal.push(DuelStep::Tie.to_string());
        Ok(())
    }

    /// Takes back the person's last choice of this turn (`undo`), or makes it again; false
    /// when there is none.
    pub fn step_history(&mut self, undo: bool) -> bool {
        let moved = self.history.step(&mut self.duel, undo);
        if moved {
            self.changed();
            self.journal.push(DuelStep::History(undo).to_string());
        }
        moved
    }

    /// The duel changed: the hint no longer holds, and searches for the old state are stale.
    fn changed(&mut self) {
        self.hint = None;
        self.generation.bump();
    }
}

impl crate::kit::daily_game::DailyGame for DuelSession {
    fn daily_outcome(&self) -> Option<gems_rules::daily::Outcome> {
        matches!(self.duel.phase(), gems_rules::grid_duel::Phase::Over(_)).then(|| {
            gems_rules::daily::Outcome::GridDuel {
                margin: i64::from(self.duel.total(Side::Human) - self.duel.total(Side::Computer)),
            }
        })
    }
}

impl Resumable for DuelSession {
    fn moves(&self) -> &[String] {
        &self.journal
    }

    fn setup_words(&self) -> String {
        let kind = match self.duel.computer_kind() {
            ComputerKind::Plain => "plain",
            ComputerKind::Smart => "smart",
        };
        format!("{} {kind}", self.seed)
    }

    fn journal(&self) -> Option<(String, Vec<String>)> {
        let going = !matches!(self.duel.phase(), gems_rules::grid_duel::Phase::Over(_));
        (!self.journal.is_empty() && going).then(|| (self.setup_words(), self.journal.clone()))
    }

    fn replay(setup: &str, journal: &[String]) -> Result<Self, String> {
        let (seed, kind) = setup
            .split_once(' ')
            .ok_or_else(|| format!("the setup '{setup}' is not a seed and a computer"))?;
        let seed = seed
            .parse()
            .map_err(|_| format!("'{seed}' is not a seed"))?;
        let kind = match kind {
            "plain" => ComputerKind::Plain,
            "smart" => ComputerKind::Smart,
            other => return Err(format!("'{other}' is not plain or smart")),
        };
        let mut s = Self::new(seed, kind);
        for (i, entry) in journal.iter().enumerate() {
            let bad = |why: String| format!("choice {}: {why}", i + 1);
            let done = match entry.parse::<DuelStep>().map_err(|e| bad(e.to_string()))? {
                DuelStep::Choose(choice) => s.choose(choice).map(|_| ()),
                DuelStep::ComputerChose(choices)
                    if kind == ComputerKind::Plain
                        && choices.iter().any(|&c| c != Choice::Keep) =>
                {
                    return Err(bad("the plain computer keeps its grids as dealt".into()));
                }
                DuelStep::ComputerChose(choices) => choices
                    .into_iter()
                    .try_for_each(|choice| s.choose_computer(choice, None))
                    .map(|()| {
                        s.computer_turn.clear();
                    }),
                // A journal written before the computer's choices were recorded: the plain
                // computer keeps; the smart one's choices are searched for again, so the
                // duel resumes at that turn (the steps after it are not replayed).
                DuelStep::Computer if kind == ComputerKind::Plain => {
                    s.keep_computer_grids().map(|()| s.computer_turn.clear())
                }
                DuelStep::Computer => break,
                DuelStep::Tie => s.replay_tie(),
                DuelStep::History(undo) => {
                    if !s.step_history(undo) {
                        return Err(bad("nothing to take back or make again".into()));
                    }
                    Ok(())
                }
            };
            done.map_err(|e| bad(e.to_string()))?;
        }
        Ok(s)
    }
}

impl crate::kit::share::Describe for DuelSession {
    fn board_text(&self) -> String {
        match self.duel.pending_grid() {
            Some(grid) => format!(
                "Grid Duel, your grid to choose for, nine rows of nine digits, top row first:\n{grid}"
            ),
            None => "Grid Duel: the computer's turn.".to_string(),
        }
    }

    fn title(&self) -> String {
        format!(
            "Grid Duel - deal {} - turn {}: you {}, computer {}",
            self.seed,
            self.duel.turn() + 1,
            self.duel.total(Side::Human),
            self.duel.total(Side::Computer)
        )
    }

    fn link_query(&self) -> Result<String, String> {
        let mut pairs = vec![
            ("game", "grid-duel".to_string()),
            ("seed", self.seed.to_string()),
        ];
        if self.duel.computer_kind() == ComputerKind::Smart {
            pairs.push(("computer", "smart".to_string()));
        }
        Ok(crate::kit::launch::link::query(&pairs))
    }

    fn in_progress(&self) -> bool {
        use gems_rules::grid_duel::Phase;
        let first = self.duel.turn() == 0 && self.duel.phase() == Phase::Human { grid: 0 };
        !first && !matches!(self.duel.phase(), Phase::Over(_))
    }
}

/// What the players ask for; the input systems and the HUD send these, tests too.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuelAction {
    /// Keep the grid on show.
    Keep,
    /// Regenerate the whole grid on show.
    RegenerateGrid,
    /// Regenerate one row, numbered 1–9.
    RegenerateRow(usize),
    /// After a tie: play the whole new game.
    Replay,
    /// The computer plays its turn (sent when its turn comes, after the last show's hold).
    ComputerTurn,
    /// Start a fresh duel (new seed) against the plain or smart computer.
    NewGame {
        /// Whether the computer plays smart.
        smart: bool,
    },
    /// Deal the same duel again from its start.
    Restart,
    /// Take back the last choice of this turn.
    Undo,
    /// Make it again.
    Redo,
    /// Show the smart evaluator's choice for the grid on show.
    Hint,
}

/// Which cells of the grid on show appear anew.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reveal {
    /// All 81 cells, row by row.
    All,
    /// One row (0-based), left to right.
    Row(usize),
    /// Nothing new: the grid is already on show.
    None,
}

/// One grid to put on show.
#[derive(Clone, Debug, PartialEq)]
pub struct Show {
    /// The grid.
    pub grid: Grid,
    /// Whose grid it is.
    pub owner: Side,
    /// Which of the turn's grids (0-based).
    pub index: usize,
    /// What appears anew.
    pub reveal: Reveal,
    /// A line about it: the choice made, the smart computer's expectation.
    pub note: String,
    /// Whether the human chooses after it is revealed (else it is held, then the game moves on).
    pub choose: bool,
}

/// Where the grid on show stands: a sub-state of [`super::SCREEN`] (the seconds spent in
/// it are [`OnShow::elapsed`]).
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = super::SCREEN)]
pub enum Stage {
    /// Cells are appearing.
    Revealing,
    /// The human's grid is on show; waiting for their choice.
    Choosing,
    /// A finished grid is held on show for [`HOLD`] seconds (a new game starts here, held
    /// already, so that its first grid comes at once).
    #[default]
    Holding,
    /// The game is over (won, lost, or tied and waiting for the replay).
    Over(Outcome),
}

/// The grid on show and the stage of its animation.
#[derive(Resource, Clone, Debug)]
pub struct OnShow {
    /// The current show (`None` before the first frame of a game).
    pub show: Option<Show>,
    /// Its points.
    pub points: Breakdown,
    /// Seconds spent in the current [`Stage`] (`f32::MAX`: a reveal that shows at once).
    pub elapsed: f32,
    /// Shows waiting their turn (the computer's grids).
    pub queue: VecDeque<Show>,
}

impl Default for OnShow {
    fn default() -> Self {
        Self {
            show: None,
            points: Breakdown::default(),
            elapsed: HOLD,
            queue: VecDeque::new(),
        }
    }
}

/// A cell of the grid on show, 0-based.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelCell {
    /// Row, 0 at the top.
    pub row: usize,
    /// Column, 0 at the left.
    pub col: usize,
}

/// The digit a cell shows (mirrors the rules' grid) and how far it has appeared (0 to 1).
#[derive(Component, Clone, Copy, Debug, PartialEq, Default)]
pub struct CellState {
    /// The digit, 1–9.
    pub digit: u8,
    /// 0 = hidden, 1 = fully shown.
    pub shown: f32,
}

/// The caption of a show: whose grid, which one ("Your grid 1 of 2", "Computer's grid 2 of 2").
pub fn caption(show: &Show) -> String {
    let who = match show.owner {
        Side::Human => "Your",
        Side::Computer => "Computer's",
    };
    format!("{who} grid {} of {GRIDS_PER_TURN}", show.index + 1)
}

/// Side of one cell in world units (pixels at scale 1).
pub const CELL: f32 = 58.0;
/// World position of the grid's centre (left of centre, leaving room for the side panel).
pub const CENTER: Vec2 = Vec2::new(-150.0, 10.0);

/// The world centre of cell `row`, `col`.
pub fn cell_center(row: usize, col: usize) -> Vec2 {
    CENTER + Vec2::new((col as f32 - 4.0) * CELL, (4.0 - row as f32) * CELL)
}

/// The grid row (0-based) under a world point, if any.
pub fn row_at(world: Vec2) -> Option<usize> {
    let local = world - CENTER;
    let half = CELL * SIZE as f32 / 2.0;
    if local.x.abs() > half || local.y.abs() > half {
        return None;
    }
    Some((((half - local.y) / CELL) as usize).min(SIZE - 1))
}

/// The grid with its numbers and points around it, in the world.
pub fn bounds() -> Rect {
    let half = CELL * SIZE as f32 / 2.0;
    Rect::new(
        CENTER.x - half - 60.0,
        CENTER.y - half - 70.0,
        CENTER.x + half + 90.0,
        CENTER.y + half + 70.0,
    )
}
