//! The Dots screen's model: the rules game in a resource, one entity per dot, the actions that
//! input, HUD and AI send, and the animation components.

use crate::kit::ai::{AiSession, Generation};
use crate::kit::history::History;
use crate::kit::resume::Resumable;
use bevy::prelude::*;
use gems_rules::dots::{DEFAULT_COLORS, DEFAULT_MOVES, DEFAULT_SIZE, DotsError, Game, Point};
use gems_rules::journal::DotsStep;

/// The game being played and how it was set up.
#[derive(Resource, Clone, Debug)]
pub struct DotsSession {
    /// The rules game: the single source of truth.
    pub game: Game,
    /// Board side.
    pub size: usize,
    /// Colour count.
    pub colors: u8,
    /// Moves allowed.
    pub moves: u32,
    /// The seed the board was dealt from (Play again deals it once more).
    pub seed: u64,
    /// Moves on with every new game and every move, so stale AI answers are dropped.
    pub generation: Generation,
    /// The games before each move, to take back (a game that used Undo enters no record).
    pub history: History<Game>,
    /// Every move, undo and redo since the deal, for resume ([`Resumable`]).
    pub journal: Vec<String>,
    /// The computer played a move of this game (autoplay, or C): a daily then counts as
    /// assisted.
    pub assisted: bool,
}

impl AiSession for DotsSession {
    fn generation(&self) -> Generation {
        self.generation
    }
}

impl DotsSession {
    /// A new game; falls back to the defaults when the settings are invalid.
    pub fn new(size: usize, colors: u8, moves: u32, seed: u64) -> Self {
        Self::try_new(size, colors, moves, seed).unwrap_or_else(|e| {
            tracing::warn!("dots: {e}; using the default game");
            Self::default_with_seed(seed)
        })
    }

    /// A new game, or why the rules refuse these settings.
    pub fn try_new(size: usize, colors: u8, moves: u32, seed: u64) -> Result<Self, DotsError> {
        Ok(Self::from_game(Game::new(size, colors, moves, seed)?, seed))
    }

    /// The default game (6×6, 5 colours, 20 moves) from `seed`.
    pub fn default_with_seed(seed: u64) -> Self {
        let game = Game::new(DEFAULT_SIZE, DEFAULT_COLORS, DEFAULT_MOVES, seed)
            .expect("the default settings are valid");
        Self::from_game(game, seed)
    }

    /// A session around a rules game dealt from `seed` (its settings are the game's).
    pub fn from_game(game: Game, seed: u64) -> Self {
        Self {
            size: game.board().size(),
            colors: game.board().colors(),
            moves: game.moves_allowed(),
            game,
            seed,
            generation: Generation::next(),
            history: History::default(),
            journal: Vec::new(),
            assisted: false,
        }
    }

    /// Removes `path` as a move (the rules check it), keeping the game before it for Undo
    /// and the move in the journal.
    pub fn play(&mut self, path: &[Point]) -> Result<gems_rules::dots::Outcome, DotsError> {
        let mut before = self.game.clone();
        before.clear_selection();
        let outcome = self.game.play(path)?;
        self.history.record(before);
        self.journal.push(DotsStep::Play(path.to_vec()).to_string());
        Ok(outcome)
    }

    /// Takes back the last move (`undo`), or plays it again; false when there is none.
    pub fn step_history(&mut self, undo: bool) -> bool {
        let moved = self.history.step(&mut self.game, undo);
        if moved {
            self.journal.push(DotsStep::History(undo).to_string());
            self.generation.bump();
        }
        moved
    }

    /// The high-score key of these settings.
    pub fn score_key(&self) -> String {
        format!(
            "dots|{}x{}|{}c|{}m",
            self.size, self.size, self.colors, self.moves
        )
    }
}

impl crate::kit::share::Describe for DotsSession {
    fn board_text(&self) -> String {
        let n = self.game.board().size();
        let path: Vec<String> = self
            .game
            .selection()
            .iter()
            .map(|p| p.to_string())
            .collect();
        format!(
            "Dots board, {n} by {n}, score {}, {} moves left. Each dot by its colour (1 to {}), top row first:\n{}{}",
            self.game.score(),
            self.game.moves_left(),
            self.game.board().colors(),
            self.game.board(),
            if path.is_empty() {
                String::new()
            } else {
                format!("Path drawn: {}", path.join(", "))
            }
        )
    }

    fn title(&self) -> String {
        format!(
            "Dots - {n}x{n}, {c} colours - score {s}, {m} moves left",
            n = self.size,
            c = self.colors,
            s = self.game.score(),
            m = self.game.moves_left()
        )
    }

    fn link_query(&self) -> Result<String, String> {
        Ok(crate::kit::launch::link::query(&[
            ("game", "dots".to_string()),
            ("size", self.size.to_string()),
            ("colours", self.colors.to_string()),
            ("moves", self.moves.to_string()),
            ("seed", self.seed.to_string()),
        ]))
    }

    fn in_progress(&self) -> bool {
        self.game.moves_left() < self.game.moves_allowed() && !self.game.is_over()
    }
}

impl Resumable for DotsSession {
    fn moves(&self) -> &[String] {
        &self.journal
    }

    fn setup_words(&self) -> String {
        format!("{} {} {} {}", self.size, self.colors, self.moves, self.seed)
    }

    fn journal(&self) -> Option<(String, Vec<String>)> {
        (!self.journal.is_empty() && !self.game.is_over())
            .then(|| (self.setup_words(), self.journal.clone()))
    }

    fn replay(setup: &str, journal: &[String]) -> Result<Self, String> {
        let [size, colors, moves, seed] =
            crate::kit::resume::setup_numbers(setup, "size, colours, moves and seed")?;
        let narrow = |n: u64| u32::try_from(n).map_err(|_| format!("{n} is too large"));
        let colors = u8::try_from(colors).map_err(|_| format!("{colors} colours"))?;
        let mut s = Self::try_new(narrow(size)? as usize, colors, narrow(moves)?, seed)
            .map_err(|e| e.to_string())?;
        for (i, entry) in journal.iter().enumerate() {
            let bad = |why: String| format!("move {}: {why}", i + 1);
            match entry.parse::<DotsStep>().map_err(|e| bad(e.to_string()))? {
                DotsStep::Play(path) => {
                    s.play(&path).map_err(|e| bad(e.to_string()))?;
                }
                // A path drawn and not yet removed (How to play's example ends so).
                DotsStep::Select(path) if i + 1 == journal.len() => {
                    for p in path {
                        s.game.select(p).map_err(|e| bad(e.to_string()))?;
                    }
                }
                DotsStep::Select(_) => return Err(bad("a path not removed comes last".into())),
                DotsStep::History(undo) => {
                    if !s.step_history(undo) {
                        return Err(bad("nothing to take back or play again".into()));
                    }
                }
            }
        }
        Ok(s)
    }
}

impl crate::kit::daily_game::DailyGame for DotsSession {
    fn daily_outcome(&self) -> Option<gems_rules::daily::Outcome> {
        self.game
            .is_over()
            .then(|| gems_rules::daily::Outcome::Score(self.game.score()))
    }

    fn daily_assisted(&self) -> bool {
        self.assisted
    }
}

/// A dot entity: where it is on the rules board and its colour.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dot {
    /// Its cell.
    pub at: Point,
    /// Its colour, `1..=colors`.
    pub color: u8,
}

/// Entity of the dot at each cell (`y * size + x`).
#[derive(Resource, Clone, Debug, Default)]
pub struct DotIndex {
    /// Board side.
    pub size: usize,
    /// One slot per cell.
    pub cells: Vec<Option<Entity>>,
}

impl DotIndex {
    /// The entity at `p`.
    pub fn get(&self, p: Point) -> Option<Entity> {
        self.cells.get(p.y * self.size + p.x).copied().flatten()
    }
}

/// A removed dot shrinking away; despawned when done.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Vanish {
    /// Seconds elapsed.
    pub elapsed: f32,
    /// Seconds it takes.
    pub duration: f32,
}

/// What the Dots screen is doing: a sub-state of [`super::SCREEN`](crate::kit::screens::Screen).
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(crate::kit::screens::Screen = super::SCREEN)]
pub enum DotsPhase {
    /// Waiting for input (or the AI).
    #[default]
    Idle,
    /// An AI selection is shown before it is removed.
    Showing,
    /// Removed dots vanish.
    Removing,
    /// Dots fall and new ones drop in.
    Falling,
    /// The game has ended.
    Over,
}

/// What the player (or AI) asks for. Input, HUD and AI only send these; the logic applies them.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum DotsAction {
    /// Pointer pressed on a dot: start a selection there, or extend/deselect by click.
    Press(Point),
    /// Pointer dragged onto a dot: extend the selection, or step back onto the previous dot.
    Drag(Point),
    /// Pointer released: removes the selection if this press dragged it to 2 or more dots.
    Release,
    /// Remove the current selection.
    Remove,
    /// Forget the selection.
    Clear,
    /// Select this whole legal order and remove it (the AI's move).
    Play(Vec<Point>),
    /// Ask for a hint.
    Hint,
    /// Take back the last move.
    Undo,
    /// Play the move taken back again.
    Redo,
    /// Start a new game with the same settings from this seed.
    NewGame(u64),
    /// Start a new game with these settings (from the next seed); settings the rules refuse
    /// leave the game as it is.
    Setup {
        /// Board side.
        size: usize,
        /// Colour count.
        colors: u8,
        /// Moves allowed.
        moves: u32,
    },
}

/// State of the pointer gesture and the AI's shown selection.
#[derive(Resource, Clone, Debug, Default)]
pub struct Gesture {
    /// A press is in progress.
    pub pressed: bool,
    /// The selection changed by dragging during this press.
    pub dragged: bool,
    /// Seconds the AI's selection has been shown.
    pub showing: f32,
}

/// The keyboard's (or a gamepad's) cursor on the board: shown once a key moves it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DotsCursor {
    /// The dot it is on.
    pub at: Point,
    /// Shown once the keyboard has been used.
    pub visible: bool,
}

/// The hint on screen, if any.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct DotsHint {
    /// The hinted selection order.
    pub path: Vec<Point>,
    /// Dots it would remove.
    pub points: usize,
}

/// Points of the last move, for the HUD.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastPoints(pub usize);

/// The result of the Dots game that just ended (Modern Gems keeps its own).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Deref)]
pub struct DotsGameOver(pub crate::kit::scores::GameOverInfo);

/// Where the Dots board sits in the window.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct DotsLayout(pub crate::kit::layout::BoardLayout);

impl DotsLayout {
    /// World position of a (fractional) cell, `x` the column and `y` the row.
    pub fn world(&self, at: Vec2) -> Vec2 {
        self.0.world(at)
    }

    /// The dot whose disc is under `world` (within `reach` cells of its centre).
    pub fn dot_at(&self, world: Vec2, reach: f32) -> Option<Point> {
        let c = self.0.cell_at(world)?;
        let p = Point::new(c.col, c.row);
        let centre = self.world(Vec2::new(p.x as f32, p.y as f32));
        (world.distance(centre) <= reach * self.0.cell).then_some(p)
    }
}
