//! K in a row's model in the ECS: the rules' [`Game`] in the [`KSession`] resource, how the
//! next game is set up, the actions players send, and the phase of a game.

use crate::kit::ai::{AiSession, Generation};
use crate::kit::history::History;
use crate::kit::resume::Resumable;
use std::time::Duration;

use bevy::prelude::*;
use gems_rules::journal::KStep;
use gems_rules::k_in_a_row::{
    Board, BoardFile, Cell, Game, MAX_FILE_BYTES, Move, Side, Status, Strength, parse_board_file,
};

use crate::kit::screens::Screen;

/// Seconds a placed tile takes to grow in.
pub const PLACE_SECONDS: f32 = 0.25;
/// Time the computer may think in perfect mode before it falls back to a depth-limited search.
pub const PERFECT_TIME: Duration = Duration::from_secs(3);
/// The most a quality search may take (it then plays its deepest finished iteration): the
/// quality bounds the depth, this bounds the wait on large boards.
pub const QUALITY_TIME: Duration = Duration::from_secs(1);

/// How the next game is set up (the menu edits this).
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The board: size, k and unavailable squares (no tiles).
    pub board: Board,
    /// The computer's strength.
    pub strength: Strength,
    /// Who places the first tile.
    pub first: Side,
}

impl Default for Setup {
    fn default() -> Self {
        let mut board = Board::new(5, 4).expect("5x5 with k=4 is a valid board");
        board.set(1, 3, Cell::Unavailable);
        board.set(3, 1, Cell::Unavailable);
        Setup {
            board,
            strength: Strength::Quality(4),
            first: Side::Human,
        }
    }
}

/// The game on screen.
#[derive(Resource, Clone, Debug)]
pub struct KSession {
    /// The rules' game.
    pub game: Game,
    /// The setup it was started from (and the next "New game" uses).
    pub setup: Setup,
    /// Moves on with every new game (a restart, an edited or loaded board); a search started
    /// for another game is cancelled and its answer dropped.
    pub generation: Generation,
    /// Elapsed seconds when each cell got its tile (for the grow-in animation).
    pub placed_at: Vec<Option<f32>>,
    /// While true, clicks toggle unavailable squares instead of placing tiles.
    pub editing: bool,
    /// The positions before each of the person's moves (with when each tile was placed), to
    /// take a move back with the computer's reply; a game that used it enters no record.
    pub history: History<KPosition>,
    /// The engine's choice for the person, shown on the board until the next move.
    pub hint: Option<Move>,
    /// Every tile placed, undo and redo since the game began, for resume ([`Resumable`]).
    pub journal: Vec<String>,
}

/// The keyboard's (or a gamepad's) cursor on the board: shown once a key moves it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KCursor {
    /// Its row.
    pub row: usize,
    /// Its column.
    pub col: usize,
    /// Shown once the keyboard has been used.
    pub visible: bool,
}

/// A position Undo goes back to: the rules' game and when each of its tiles was placed.
#[derive(Clone, Debug)]
pub struct KPosition {
    /// The rules' game.
    pub game: Game,
    /// Elapsed seconds when each cell got its tile.
    pub placed_at: Vec<Option<f32>>,
}

impl AiSession for KSession {
    fn generation(&self) -> Generation {
        self.generation
    }
}

impl KSession {
    /// The key of this board size and run length's win/draw/loss record in the high scores;
    /// the record's counters are this key with `|won`, `|drawn` and `|lost`.
    pub fn record_key(&self) -> String {
        let b = self.game.board();
        format!("k-in-a-row|{n}x{n}|k{k}", n = b.size(), k = b.k())
    }

    /// The person's (won, drawn, lost) record on this board size and run length.
    pub fn record(&self, scores: &crate::kit::scores::HighScores) -> (u64, u64, u64) {
        let key = self.record_key();
        let get = |what: &str| scores.counter(&format!("{key}|{what}"));
        (get("won"), get("drawn"), get("lost"))
    }

    /// A new game from `setup`.
    pub fn new(setup: Setup) -> KSession {
        let n = setup.board.size();
        KSession {
            game: Game::new(setup.board, setup.first),
            setup,
            generation: Generation::next(),
            placed_at: vec![None; n * n],
            editing: false,
            history: History::default(),
            hint: None,
            journal: Vec::new(),
        }
    }

    /// Places `side`'s tile at `mv` (the rules check it), at elapsed second `at` (`None`: shown
    /// at once); the person's move can be taken back. False when the rules refuse it.
    pub fn place(&mut self, mv: Move, side: Side, at: Option<f32>) -> bool {
        let before = KPosition {
            game: self.game.clone(),
            placed_at: self.placed_at.clone(),
        };
        if self.game.to_move() != side || self.game.play(mv).is_err() {
            return false;
        }
        let n = self.game.board().size();
        self.placed_at[mv.row * n + mv.col] = at;
        if side == Side::Human {
            self.history.record(before);
        }
        self.hint = None;
        self.journal.push(KStep::Place(side, mv).to_string());
        true
    }

    /// Takes back the person's last move and the computer's reply (`undo`), or plays them
    /// again; false when there is none. The game moves to a new generation.
    pub fn step_history(&mut self, undo: bool) -> bool {
        let mut now = KPosition {
            game: self.game.clone(),
            placed_at: std::mem::take(&mut self.placed_at),
        };
        let moved = self.history.step(&mut now, undo);
        self.game = now.game;
        self.placed_at = now.placed_at;
        if moved {
            self.generation.bump();
            self.hint = None;
            self.journal.push(KStep::History(undo).to_string());
        }
        moved
    }

    /// The winning line, if the game has one.
    pub fn winning_line(&self) -> Option<Vec<(usize, usize)>> {
        match self.game.status() {
            Status::Won(side) => self.game.board().winning_line(side),
            _ => None,
        }
    }

    /// Whether every placed tile has finished growing at time `now`.
    pub fn animations_done(&self, now: f32) -> bool {
        self.placed_at
            .iter()
            .flatten()
            .all(|&t| now - t >= PLACE_SECONDS)
    }
}

impl crate::kit::share::Describe for KSession {
    fn board_text(&self) -> String {
        let b = self.game.board();
        let n = b.size();
        let rows: Vec<String> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| match b.get(r, c) {
                        Some(Cell::Human) => 'X',
                        Some(Cell::Computer) => 'O',
                        Some(Cell::Unavailable) => '#',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        format!(
            "K in a Row board, {n} by {n}, {k} in a row wins. X your tiles, O the computer's, # unavailable, . empty, top row first:\n{}",
            rows.join("\n"),
            k = b.k()
        )
    }

    fn title(&self) -> String {
        let b = self.game.board();
        let tiles = b.count(Side::Human) + b.count(Side::Computer);
        format!(
            "K in a row - {n}x{n}, k {k} - {tiles} tiles placed",
            n = b.size(),
            k = b.k()
        )
    }

    /// The setup of the game (its board's unavailable squares too), not the tiles placed.
    fn link_query(&self) -> Result<String, String> {
        use crate::kit::launch::link::{k_cells, query};
        let board = &self.setup.board;
        let mut pairs = vec![
            ("game", "k-in-a-row".to_string()),
            ("size", board.size().to_string()),
            ("k", board.k().to_string()),
            (
                "quality",
                match self.setup.strength {
                    Strength::Quality(q) => q.to_string(),
                    Strength::Perfect => "perfect".to_string(),
                },
            ),
            (
                "first",
                match self.setup.first {
                    Side::Human => "human",
                    Side::Computer => "computer",
                }
                .to_string(),
            ),
        ];
        let cells = k_cells(board);
        if cells.contains('u') {
            pairs.push(("cells", cells));
        }
        Ok(query(&pairs))
    }

    fn in_progress(&self) -> bool {
        !self.game.moves().is_empty() && self.game.status() == Status::InProgress
    }
}

impl crate::kit::daily_game::DailyGame for KSession {
    fn daily_outcome(&self) -> Option<gems_rules::daily::Outcome> {
        let (won, drawn) = match self.game.status() {
            Status::InProgress => return None,
            Status::Won(side) => (side == Side::Human, false),
            Status::Draw => (false, true),
        };
        // The player moves first in a daily: every other move is theirs.
        let moves = self.game.moves().len().div_ceil(2) as u32;
        Some(gems_rules::daily::Outcome::KInARow { won, drawn, moves })
    }
}

impl Resumable for KSession {
    fn moves(&self) -> &[String] {
        &self.journal
    }

    fn setup_words(&self) -> String {
        let b = &self.setup.board;
        let strength = match self.setup.strength {
            Strength::Quality(q) => q.to_string(),
            Strength::Perfect => "perfect".to_string(),
        };
        let first = match self.setup.first {
            Side::Human => "human",
            Side::Computer => "computer",
        };
        let cells = crate::kit::launch::link::k_cells(b);
        format!("{} {} {strength} {first} {cells}", b.size(), b.k())
    }

    fn journal(&self) -> Option<(String, Vec<String>)> {
        let going = self.game.status() == Status::InProgress;
        (!self.journal.is_empty() && going).then(|| (self.setup_words(), self.journal.clone()))
    }

    fn replay(setup: &str, journal: &[String]) -> Result<Self, String> {
        let parts: Vec<&str> = setup.split_whitespace().collect();
        let [size, k, strength, first, cells] = parts[..] else {
            return Err(format!(
                "the setup '{setup}' is not size, k, quality, first and squares"
            ));
        };
        let number = |v: &str| {
            v.parse::<usize>()
                .map_err(|_| format!("'{v}' is not a number"))
        };
        let mut board = Board::new(number(size)?, number(k)?).map_err(|e| e.to_string())?;
        crate::kit::launch::link::apply_k_cells(&mut board, cells)?;
        let strength = match strength {
            "perfect" => Strength::Perfect,
            q => Strength::Quality(q.parse().map_err(|_| format!("'{q}' is not a quality"))?),
        };
        let first = match first {
            "human" => Side::Human,
            "computer" => Side::Computer,
            other => return Err(format!("'{other}' is not who starts")),
        };
        let mut s = KSession::new(Setup {
            board,
            strength,
            first,
        });
        for (i, entry) in journal.iter().enumerate() {
            let bad = |why: String| format!("move {}: {why}", i + 1);
            let played = match entry.parse::<KStep>().map_err(|e| bad(e.to_string()))? {
                KStep::Place(side, mv) => s.place(mv, side, None),
                KStep::History(undo) => s.step_history(undo),
            };
            if !played {
                return Err(bad(format!("'{entry}' is not a move here")));
            }
        }
        Ok(s)
    }
}

impl Default for KSession {
    fn default() -> Self {
        KSession::new(Setup::default())
    }
}

/// What the player (or a test) asks for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum KAction {
    /// Place the human's tile.
    Place(Move),
    /// Take back the person's last move and the computer's reply.
    Undo,
    /// Play them again.
    Redo,
    /// Ask the engine for the person's best move, at the computer's strength.
    Hint,
    /// The computer's answer: place its tile (played only on its turn).
    Computer(Move),
    /// Toggle an unavailable square at (row, col) (only before the first tile).
    ToggleUnavailable(usize, usize),
    /// Start a new game with this setup.
    NewGame(Setup),
    /// Load a board file (size, k, quality, rows of `e`/`u`) and start a game on it; a bad file
    /// becomes a notice and the game in play goes on.
    LoadFile(std::path::PathBuf),
}

/// The outcome of the last [`KAction::LoadFile`], for the menu: `Ok(path)` or `Err(reason)`.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct KFileStatus(pub Option<Result<String, String>>);

/// Reads and parses a board file (without tiles), with a one-line reason on failure.
pub fn load_board_file(path: &std::path::Path) -> Result<BoardFile, String> {
    let text = crate::kit::store::read_text(path)?.ok_or_else(|| "no such file".to_string())?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("the file is larger than {MAX_FILE_BYTES} bytes"));
    }
    parse_board_file(&text, false).map_err(|e| e.to_string())
}

/// Whose turn it is, or the end: a sub-state of [`super::SCREEN`], following the rules'
/// game after every move.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = super::SCREEN)]
pub enum KPhase {
    /// The person places a tile (or edits the board before the first one).
    #[default]
    HumanTurn,
    /// The computer searches for its move.
    ComputerTurn,
    /// Won, lost or drawn.
    Over,
}

impl KPhase {
    /// The phase the rules' `game` is in.
    pub fn of(game: &Game) -> KPhase {
        match (game.status(), game.to_move()) {
            (Status::InProgress, Side::Human) => KPhase::HumanTurn,
            (Status::InProgress, Side::Computer) => KPhase::ComputerTurn,
            _ => KPhase::Over,
        }
    }
}
