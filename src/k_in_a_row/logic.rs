//! The K-in-a-row model in the ECS: the rules' [`Game`] as a resource, actions as messages, the
//! computer's search on a background task (on the web: a slice per frame), and the
//! tile-placement animation clock. It never re-implements a rule: every move goes through
//! `Game::play`.

use std::time::Duration;

use bevy::prelude::*;
use gems_rules::k_in_a_row::{
    Board, BoardFile, Cell, Engine, Game, Limits, MAX_FILE_BYTES, Side, SlicedSearch, Status,
    Strength, parse_board_file,
};

use crate::kit::ai::{AiHost, AiSlot, AiWork};
use crate::screens::{Screen, ScreenStatus};

/// Seconds a placed tile takes to grow in.
pub const PLACE_SECONDS: f32 = 0.25;
/// Time the computer may think in perfect mode before it falls back to a depth-limited search.
pub const PERFECT_TIME: Duration = Duration::from_secs(3);

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
    /// Bumped on every new game; a search started for an older game is ignored.
    pub generation: u64,
    /// Elapsed seconds when each cell got its tile (for the grow-in animation).
    pub placed_at: Vec<Option<f32>>,
    /// While true, clicks toggle unavailable squares instead of placing tiles.
    pub editing: bool,
}

impl KSession {
    /// A new game from `setup`.
    pub fn new(setup: Setup, generation: u64) -> KSession {
        let n = setup.board.size();
        KSession {
            game: Game::new(setup.board, setup.first),
            setup,
            generation,
            placed_at: vec![None; n * n],
            editing: false,
        }
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

impl Default for KSession {
    fn default() -> Self {
        KSession::new(Setup::default(), 0)
    }
}

/// What the player (or a test) asks for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum KAction {
    /// Place the human's tile at (row, col).
    Place(usize, usize),
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
    let text = crate::store::read_text(path)?.ok_or_else(|| "no such file".to_string())?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("the file is larger than {MAX_FILE_BYTES} bytes"));
    }
    parse_board_file(&text, false).map_err(|e| e.to_string())
}

/// The computer's search for its move: whole on a thread, or a slice per frame.
pub struct ComputerSearch {
    board: Board,
    strength: Strength,
    limits: Limits,
    sliced: Option<Box<SlicedSearch>>,
}

impl ComputerSearch {
    /// A search of the computer's move on `board`: a perfect search stops after `nodes`
    /// positions when given, else after [`PERFECT_TIME`]; a quality search runs to its depth.
    pub fn new(board: Board, strength: Strength, nodes: Option<u64>) -> Self {
        let time = (nodes.is_none() && strength == Strength::Perfect).then_some(PERFECT_TIME);
        ComputerSearch {
            board,
            strength,
            limits: Limits {
                time,
                cancel: None,
                nodes,
            },
            sliced: None,
        }
    }

    fn engine() -> Engine {
        Engine::with_table_bits(18)
    }
}

impl AiWork for ComputerSearch {
    type Output = Option<(usize, usize)>;

    fn step(&mut self, slice: Duration) -> Option<Self::Output> {
        let (board, strength, time) = (self.board, self.strength, self.limits.time);
        self.sliced
            .get_or_insert_with(|| {
                Box::new(SlicedSearch::new(
                    Self::engine(),
                    board,
                    Side::Computer,
                    strength,
                    time,
                ))
            })
            .step(slice)
    }

    fn finish(self) -> Self::Output {
        Self::engine()
            .best_move(&self.board, Side::Computer, self.strength, &self.limits)
            .best
    }
}

/// The computer's running search, if any (its presence is the "thinking" indicator).
pub type KThinking = AiSlot<ComputerSearch>;

/// A node limit for the computer's perfect search instead of [`PERFECT_TIME`] (tests set it,
/// so that a game replays exactly).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KNodeLimit(pub Option<u64>);

/// The model, actions and AI, without drawing (runs headless).
pub struct KInARowLogicPlugin;

impl Plugin for KInARowLogicPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<KSession>()
            .init_resource::<KThinking>()
            .init_resource::<KNodeLimit>()
            .init_resource::<KFileStatus>()
            .init_resource::<crate::settings::Notices>()
            .add_message::<KAction>()
            .add_systems(OnEnter(Screen::KInARow), restart)
            .add_systems(
                Update,
                (
                    apply_actions,
                    start_computer,
                    finish_computer,
                    report_status,
                )
                    .chain()
                    .run_if(in_state(Screen::KInARow)),
            );
    }
}

fn restart(mut session: ResMut<KSession>, mut thinking: ResMut<KThinking>) {
    let generation = session.generation + 1;
    let setup = session.setup.clone();
    *session = KSession::new(setup, generation);
    thinking.cancel();
}

fn apply_actions(
    mut actions: MessageReader<KAction>,
    mut session: ResMut<KSession>,
    mut thinking: ResMut<KThinking>,
    mut file_status: ResMut<KFileStatus>,
    mut notices: ResMut<crate::settings::Notices>,
    time: Res<Time>,
) {
    for action in actions.read() {
        match action {
            KAction::Place(r, c) => {
                if session.editing || thinking.busy() {
                    continue;
                }
                if session.game.to_move() != Side::Human {
                    continue;
                }
                let n = session.game.board().size();
                if session.game.play(*r, *c).is_ok() {
                    session.placed_at[r * n + c] = Some(time.elapsed_secs());
                }
            }
            KAction::ToggleUnavailable(r, c) => {
                let (r, c) = (*r, *c);
                let mut board = session.setup.board;
                let Some(cell) = board.get(r, c) else {
                    continue;
                };
                if !session.game.moves().is_empty() {
                    continue;
                }
                board.set(
                    r,
                    c,
                    if cell == Cell::Unavailable {
                        Cell::Empty
                    } else {
                        Cell::Unavailable
                    },
                );
                let mut setup = session.setup.clone();
                setup.board = board;
                let generation = session.generation + 1;
                let editing = session.editing;
                *session = KSession::new(setup, generation);
                session.editing = editing;
                thinking.cancel();
            }
            KAction::NewGame(setup) => {
                let generation = session.generation + 1;
                *session = KSession::new(setup.clone(), generation);
                thinking.cancel();
            }
            KAction::LoadFile(path) => match load_board_file(path) {
                Ok(file) => {
                    let setup = Setup {
                        board: file.board,
                        strength: Strength::Quality(file.quality),
                        first: session.setup.first,
                    };
                    let generation = session.generation + 1;
                    *session = KSession::new(setup, generation);
                    thinking.cancel();
                    file_status.0 = Some(Ok(path.display().to_string()));
                }
                Err(e) => {
                    let text = format!("Could not load {}: {e}", path.display());
                    notices.warn(text.clone());
                    file_status.0 = Some(Err(text));
                }
            },
        }
    }
}

fn start_computer(
    session: Res<KSession>,
    host: Res<AiHost>,
    nodes: Res<KNodeLimit>,
    mut thinking: ResMut<KThinking>,
) {
    if thinking.busy()
        || session.editing
        || session.game.status() != Status::InProgress
        || session.game.to_move() != Side::Computer
    {
        return;
    }
    let work = ComputerSearch::new(*session.game.board(), session.setup.strength, nodes.0);
    thinking.start(*host, work, session.generation, ());
}

fn finish_computer(
    mut session: ResMut<KSession>,
    mut thinking: ResMut<KThinking>,
    time: Res<Time>,
) {
    let Some(((), answer)) = thinking.poll_fresh(session.generation) else {
        return;
    };
    if session.game.to_move() != Side::Computer {
        return;
    }
    if let Some((r, c)) = answer {
        let n = session.game.board().size();
        if session.game.play(r, c).is_ok() {
            session.placed_at[r * n + c] = Some(time.elapsed_secs());
        }
    }
}

fn report_status(
    session: Res<KSession>,
    thinking: Res<KThinking>,
    time: Res<Time>,
    mut status: ResMut<ScreenStatus>,
) {
    let over = session.game.status() != Status::InProgress;
    let calm = !thinking.busy() && session.animations_done(time.elapsed_secs());
    status.report(calm, over && calm);
}
