//! The ECS model of Modern Gems: gem components, the resources that hold the rules state, and
//! the messages that input, AI and menus send.

use bevy::prelude::*;
use gems_rules::gems::{Board, Cell, Game, MoveOutcome, Player, RemovalPolicy};
use gems_rules::journal::GemsStep;

use crate::kit::ai::{AiSession, Generation};
use crate::kit::history::History;
use crate::kit::resume::Resumable;
use crate::kit::screens::Screen;

/// A gem's logical cell on the board. Updated at the start of the transition that moves it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Row, 0 at the top.
    pub row: usize,
    /// Column, 0 at the left.
    pub col: usize,
}

impl From<Cell> for Position {
    fn from(c: Cell) -> Self {
        Self {
            row: c.row,
            col: c.col,
        }
    }
}

impl Position {
    /// The same position as a rules [`Cell`].
    pub fn cell(self) -> Cell {
        Cell::new(self.row, self.col)
    }
}

/// A gem's kind (the number the rules know it by).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kind(pub u32);

/// Whether the gem is flagged: highlighted as part of the group a move would remove (or is
/// removing).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flag(pub bool);

/// How a gem looks under the current theme: its style (index into the theme's gem styles),
/// colour and shape. Set when the gem is spawned and whenever the theme changes.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Appearance {
    /// Index of the theme's gem style.
    pub style: usize,
    /// Fill colour.
    pub color: Color,
    /// Outline shape.
    pub shape: crate::kit::theme::GemShape,
}

impl Appearance {
    /// The look of `kind` under `theme`, whose colours `palette` holds parsed.
    pub fn of(
        theme: &crate::kit::theme::Theme,
        palette: &crate::kit::palette::Palette,
        kind: u32,
    ) -> Self {
        Self {
            style: theme.style_index(kind),
            color: palette.kind(kind),
            shape: theme.style(kind).shape,
        }
    }
}

/// The removal policy in force: the flagging system flags, and the next move is played, by this
/// policy. Changing it during a game takes effect at the next move; a new, loaded or restarted
/// game sets it to that game's policy, and undo leaves it as it is.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActivePolicy(pub RemovalPolicy);

/// The player in force: who makes the next move (a person, or an automatic player). Like
/// [`ActivePolicy`], a change takes effect at the next move and undo leaves it as it is.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActivePlayer(pub Player);

/// The rules state of the game being played: the single source of truth the entities mirror.
#[derive(Resource, Clone, Debug)]
pub struct GemsSession {
    /// The rules game.
    pub game: Game,
    /// The board's menu name (`tiny`, `random:10x15:4:7`, a file name …), for high scores.
    pub board_name: String,
    /// The board the game started from, for restart.
    pub start: Board,
    /// Earlier states to go back to and states undone (a game that used Undo is not
    /// ranked).
    pub history: History<Game>,
    /// Moves on with every change, so background results for an old state are discarded.
    pub generation: Generation,
    /// The policy changed after the first move: the game is played under mixed rules and does
    /// not enter the high scores.
    pub mixed_rules: bool,
    /// A line being watched: its moves are played one by one, and the game is not ranked.
    pub watch: Option<Watch>,
    /// A line was watched on this board (even if the player took over): not ranked.
    pub watched: bool,
    /// How a link names the start board, worked out once per board (see
    /// [`GemsSession::link_query`]).
    board_link: Result<(&'static str, String), String>,
    /// Every move, undo, redo and change of rules since the start, for resume
    /// ([`Resumable`]).
    pub journal: Vec<String>,
    /// The rules the game started under (the journal has every change since).
    pub start_policy: RemovalPolicy,
    /// The score and move number it started at (a loaded game's; 0 and 0 for a new one).
    pub start_at: (u64, u32),
    /// The player asked for a hint: the Expert helped, and the game stays out of the standard
    /// positions' all-time tables.
    pub hinted: bool,
}

impl AiSession for GemsSession {
    fn generation(&self) -> Generation {
        self.generation
    }
}

impl GemsSession {
    /// A fresh session on `board`.
    pub fn new(board_name: String, board: Board, policy: RemovalPolicy, player: Player) -> Self {
        Self {
            game: Game::new(board.clone(), policy, player),
            board_link: board_link(&board_name, &board),
            board_name,
            start: board,
            history: History::default(),
            generation: Generation::next(),
            mixed_rules: false,
            watch: None,
            watched: false,
            journal: Vec::new(),
            start_policy: policy,
            start_at: (0, 0),
            hinted: false,
        }
    }

    /// Plays the move at `cell` (the rules check it), keeping the game before it for Undo and
    /// the move in the journal.
    pub fn play(&mut self, cell: Cell) -> Result<MoveOutcome, gems_rules::gems::MoveError> {
        let before = self.game.clone();
        let outcome = self.game.play(cell)?;
        self.history.record(before);
        self.journal.push(GemsStep::Move(cell).to_string());
        Ok(outcome)
    }

    /// Takes back the last move (`undo`), or plays it again; false when there is none.
    pub fn step_history(&mut self, undo: bool) -> bool {
        let moved = self.history.step(&mut self.game, undo);
        if moved {
            self.journal.push(GemsStep::History(undo).to_string());
        }
        moved
    }

    /// Marks the game as helped by a hint (once, in the journal too, so that a resumed game
    /// stays out of the all-time tables as well).
    pub fn mark_hinted(&mut self) {
        if !self.hinted {
            self.hinted = true;
            self.journal.push(GemsStep::Hint.to_string());
        }
    }

    /// This new game, on the board `previous` was played on: a hint asked there still marks
    /// it (the hinted line could be played again from the start), so a restart cannot clear it.
    pub fn after(mut self, previous: &GemsSession) -> Self {
        if previous.hinted && previous.board_name == self.board_name && previous.start == self.start
        {
            self.mark_hinted();
        }
        self
    }

    /// Puts `policy` in force from the next move on (after the first move, the game is then
    /// played under mixed rules).
    pub fn set_policy(&mut self, policy: RemovalPolicy) {
        if self.game.policy() == policy {
            return;
        }
        self.game.set_policy(policy);
        self.mixed_rules |= self.game.move_num() > 0;
        self.journal.push(GemsStep::Policy(policy).to_string());
    }

    /// A session that replays `watch` from `board`: nobody plays but the line, and the game is
    /// not ranked.
    pub fn watching(board_name: String, board: Board, policy: RemovalPolicy, watch: Watch) -> Self {
        Self {
            watch: Some(watch),
            watched: true,
            ..Self::new(board_name, board, policy, Player::Interactive)
        }
    }

    /// Whether this game enters the high scores: its rules never changed, no line was
    /// watched on it and no move was taken back.
    pub fn ranked(&self) -> bool {
        !self.mixed_rules && !self.watched && !self.history.used()
    }

    /// The watched line's next move, while a line is being watched and has moves left.
    pub fn watch_move(&self) -> Option<Cell> {
        let watch = self.watch.as_ref()?;
        watch.moves.get(self.game.move_num() as usize).copied()
    }

    /// A finished game on one of the 20 standard positions, played from their start by the
    /// person under their classic rules with nothing but moves (no hint, undo, redo, change of
    /// rules, watched line or computer player): the position's name and the moves, for its
    /// all-time table.
    pub fn standard_result(&self) -> Option<(String, Vec<String>)> {
        let number: usize = self.board_name.strip_prefix("standard-")?.parse().ok()?;
        let unaided = !self.hinted
            && !self.watched
            && self.game.player() == Player::Interactive
            && self.start_at == (0, 0)
            && self.start_policy == RemovalPolicy::Classic
            && self
                .journal
                .iter()
                .all(|w| matches!(w.parse(), Ok(GemsStep::Move(_))));
        let named = (1..=20).contains(&number) && self.board_name == format!("standard-{number}");
        (self.game.is_over() && unaided && named)
            .then(|| (self.board_name.clone(), self.journal.clone()))
    }

    /// The high-score key of this game: board and policy.
    pub fn score_key(&self) -> String {
        format!("{}|{}", self.board_name, self.game.policy().short_name())
    }
}

impl crate::kit::daily_game::DailyGame for GemsSession {
    fn daily_outcome(&self) -> Option<gems_rules::daily::Outcome> {
        // A game under another rule is no daily.
        let fair = self.game.policy() == gems_rules::daily::MODERN_GEMS_POLICY;
        (self.game.is_over() && fair).then(|| gems_rules::daily::Outcome::Score(self.game.score()))
    }

    fn daily_assisted(&self) -> bool {
        self.watched || self.game.player() != Player::Interactive
    }
}

impl Resumable for GemsSession {
    fn moves(&self) -> &[String] {
        &self.journal
    }

    fn setup_words(&self) -> String {
        format!(
            "{}\n{} {} {}\n{}",
            self.board_name,
            self.start_policy.short_name(),
            self.start_at.0,
            self.start_at.1,
            self.start.save_string()
        )
    }

    fn journal(&self) -> Option<(String, Vec<String>)> {
        let watched = self.watch.is_some() || self.watched;
        if self.journal.is_empty() || self.game.is_over() || watched {
            return None;
        }
        Some((self.setup_words(), self.journal.clone()))
    }

    fn replay(setup: &str, journal: &[String]) -> Result<Self, String> {
        let mut lines = setup.splitn(3, '\n');
        let (Some(name), Some(rules), Some(board)) = (lines.next(), lines.next(), lines.next())
        else {
            return Err("the setup is not a board's name, its rules and the board".into());
        };
        let bad_rules = || format!("'{rules}' is not the rules, a score and a move number");
        let mut parts = rules.split(' ');
        let (Some(policy), Some(score), Some(move_num), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad_rules());
        };
        let policy =
            RemovalPolicy::from_name(policy).ok_or_else(|| format!("'{policy}' is not a rule"))?;
        let start_at = (
            score.parse().map_err(|_| bad_rules())?,
            move_num.parse().map_err(|_| bad_rules())?,
        );
        let board = Board::from_save_string(board).map_err(|e| e.to_string())?;
        let mut s = GemsSession::new(name.to_string(), board, policy, Player::Interactive);
        s.game = Game::resume(
            s.start.clone(),
            policy,
            Player::Interactive,
            start_at.0,
            start_at.1,
        );
        s.start_at = start_at;
        for (i, entry) in journal.iter().enumerate() {
            let bad = |why: String| format!("move {}: {why}", i + 1);
            match entry.parse::<GemsStep>().map_err(|e| bad(e.to_string()))? {
                GemsStep::Move(cell) => {
                    s.play(cell).map_err(|e| bad(e.to_string()))?;
                }
                GemsStep::Policy(policy) => s.set_policy(policy),
                GemsStep::Hint => s.mark_hinted(),
                GemsStep::History(undo) => {
                    if !s.step_history(undo) {
                        return Err(bad("nothing to take back or play again".into()));
                    }
                }
            }
        }
        Ok(s)
    }
}

impl crate::kit::share::Describe for GemsSession {
    fn board_text(&self) -> String {
        let b = self.game.board();
        format!(
            "Modern Gems board, {} rows by {} columns, score {}. Each gem by its kind (1 to 9, . empty), rows numbered from the top, columns from the left:\n{}",
            b.rows(),
            b.cols(),
            self.game.score(),
            b
        )
    }

    fn title(&self) -> String {
        format!(
            "Modern Gems - {} - score {}",
            self.board_name,
            self.game.score()
        )
    }

    /// The board (by name, or in the link itself), the policy and the player of this game.
    fn link_query(&self) -> Result<String, String> {
        let (key, board) = self.board_link.clone()?;
        Ok(crate::kit::launch::link::query(&[
            ("game", "modern-gems".to_string()),
            (key, board),
            ("policy", self.game.policy().short_name().to_string()),
            ("player", self.game.player().short_name().to_string()),
        ]))
    }

    fn in_progress(&self) -> bool {
        self.game.move_num() > 0 && !self.game.is_over()
    }
}

/// A line of play being watched: whose it is, its moves and the score it reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    /// Whose line it is ("the record", "the Expert", a file's name), for the HUD.
    pub who: String,
    /// The moves, each a cell of the group it removes on the board as it is then.
    pub moves: Vec<Cell>,
    /// The score the line reaches.
    pub score: u64,
}

/// How a link names `board`: by its name when the name makes exactly this board (a named or
/// random board), else by its cells (from a file, a saved game or a link), when they fit in a
/// link.
fn board_link(name: &str, board: &Board) -> Result<(&'static str, String), String> {
    use crate::kit::launch::link::{MAX_LINK_BYTES, gems_cells};
    if gems_rules::gems::board_by_name(name).is_ok_and(|named| named == *board) {
        return Ok(("board", name.to_string()));
    }
    // Each gem takes at least two characters (its kind and a separator).
    let too_big = |n: usize| {
        format!(
            "This board is too big to travel in a link ({n} characters; at most {MAX_LINK_BYTES})."
        )
    };
    if let Some(why) = super::limits::larger_than_the_dialog(board.rows(), board.cols()) {
        return Err(format!("This board cannot travel in a link: {why}."));
    }
    let least = 2 * board.rows() * board.cols();
    if least > MAX_LINK_BYTES {
        return Err(too_big(least));
    }
    let cells = gems_cells(board);
    if cells.len() + 100 > MAX_LINK_BYTES {
        return Err(too_big(cells.len()));
    }
    Ok(("cells", cells))
}

/// Maps each board cell to the gem entity standing there (row-major), so a move touches only
/// the entities it changes.
#[derive(Resource, Clone, Debug, Default)]
pub struct GemIndex {
    /// Columns of the board.
    pub cols: usize,
    /// One slot per cell.
    pub cells: Vec<Option<Entity>>,
}

impl GemIndex {
    /// An empty index for a board of the given size.
    pub fn new(rows: usize, cols: usize) -> Self {
        Self {
            cols,
            cells: vec![None; rows * cols],
        }
    }

    /// The entity at `cell`.
    pub fn get(&self, cell: Cell) -> Option<Entity> {
        self.slot(cell).and_then(|i| self.cells[i])
    }

    /// Takes the entity out of `cell`.
    pub fn take(&mut self, cell: Cell) -> Option<Entity> {
        self.slot(cell).and_then(|i| self.cells[i].take())
    }

    /// Puts `entity` at `cell`.
    pub fn put(&mut self, cell: Cell, entity: Entity) {
        if let Some(i) = self.slot(cell) {
            self.cells[i] = Some(entity);
        }
    }

    fn slot(&self, cell: Cell) -> Option<usize> {
        (cell.col < self.cols && self.cols > 0)
            .then(|| cell.row * self.cols + cell.col)
            .filter(|&i| i < self.cells.len())
    }
}

/// The move being animated, from the moment it is selected until its last transition ends.
#[derive(Resource, Clone, Debug, Default)]
pub struct PendingMove(pub Option<MoveOutcome>);

/// What the pointer or keyboard cursor currently highlights.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The cell under the pointer or cursor.
    pub hovered: Option<Cell>,
    /// The flagged group (empty when the hovered cell is not a legal move).
    pub group: Vec<Cell>,
    /// What removing the group would score.
    pub points: Option<u64>,
}

/// The keyboard cursor.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyCursor {
    /// Where it is.
    pub cell: Cell,
    /// Shown once the keyboard has been used.
    pub visible: bool,
}

/// Points of the most recent move, for the HUD.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastMove {
    /// Points scored.
    pub points: u64,
    /// Gems removed.
    pub gems: usize,
}

/// What the player, the AI and the menus ask the game to do. Input systems and tests send the
/// same messages.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum GemsAction {
    /// The pointer is over this cell (or off the board).
    Hover(Option<Cell>),
    /// Remove the group at this cell.
    Select(Cell),
    /// Move the keyboard cursor by (rows, cols).
    MoveCursor(i32, i32),
    /// Remove the group under the keyboard cursor.
    SelectCursor,
    /// Take back the last move.
    Undo,
    /// Replay the last undone move.
    Redo,
    /// Start the current board again.
    Restart,
    /// Ask for the greedy move as a hint.
    Hint,
    /// Start a new game.
    NewGame {
        /// Board menu name.
        board_name: String,
        /// The board.
        board: Board,
        /// Removal policy.
        policy: RemovalPolicy,
        /// Player.
        player: Player,
    },
    /// Continue a loaded game.
    Load {
        /// Where it came from (shown, and used for high scores).
        name: String,
        /// The game.
        game: Box<Game>,
    },
    /// Switch who plays the next moves.
    SetPlayer(Player),
    /// Switch the rules of the next moves (a game whose rules change midway enters no high
    /// score).
    SetPolicy(RemovalPolicy),
    /// Watch a line played from the start on a board.
    Watch {
        /// Board menu name.
        board_name: String,
        /// The board the line starts from.
        board: Board,
        /// The rules it is played under.
        policy: RemovalPolicy,
        /// The line.
        watch: Box<Watch>,
    },
    /// Stop watching and play on from here (the game stays unranked).
    TakeOver,
}

/// Sent for each gem whose [`Flag`] changed, so drawing reacts to exactly those gems (no
/// per-frame scan of the board).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagChanged {
    /// The gem.
    pub entity: Entity,
    /// Its new flag.
    pub flagged: bool,
}

/// Sent when a board has been (re)built: a new game, a load, undo, redo or restart.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardRebuilt;

/// The phase of the Modern Gems turn pipeline. Input acts only in [`Phase::Idle`]; each other
/// phase runs one animated transition and hands over to the next.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = super::SCREEN)]
pub enum Phase {
    /// Waiting for a move; hovering highlights the group a move would remove.
    #[default]
    Idle,
    /// A new board drops in.
    Dealing,
    /// The selected group is highlighted.
    Flagging,
    /// The flagged gems pop away.
    Removing,
    /// The gems above the holes fall.
    Falling,
    /// Empty columns close: the columns to their right slide left.
    Shifting,
    /// No move is left; the game-over panel shows.
    Over,
}

impl Phase {
    /// True while a transition is running (input is ignored then).
    pub fn is_transition(self) -> bool {
        !matches!(self, Phase::Idle | Phase::Over)
    }
}
