//! Grid Duel's model in the ECS: the rules' [`Duel`] in a resource, the grid on show as 81 cell
//! entities, the actions players send, and the stage machine that reveals grids, holds them while
//! their points are read, and waits for the human's choice.
//!
//! Every rule lives in `gems_rules::grid_duel`; this module only orders what it reports into
//! animated "shows".

use std::collections::VecDeque;

use bevy::prelude::*;
use gems_rules::grid_duel::{
    Breakdown, Choice, ComputerKind, Duel, GRIDS_PER_TURN, Grid, Outcome, Phase, Side, score,
};

use crate::kit::seed::Seeds;
use crate::launch::LaunchOptions;
use crate::screens::{Screen, ScreenStatus};

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
}

impl DuelSession {
    /// A new duel from `seed`.
    pub fn new(seed: u64, kind: ComputerKind) -> Self {
        Self {
            duel: Duel::new(seed, kind),
            seed,
            recorded: false,
        }
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
    /// Start a fresh duel (new seed) against the plain or smart computer.
    NewGame {
        /// Whether the computer plays smart.
        smart: bool,
    },
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

/// Where the animation stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stage {
    /// Cells are appearing; `elapsed` seconds since the show began.
    Revealing {
        /// Seconds since the show began.
        elapsed: f32,
    },
    /// The human's grid is on show; waiting for their choice.
    Choosing,
    /// A finished grid is held on show for [`HOLD`] seconds.
    Holding {
        /// Seconds held so far.
        elapsed: f32,
    },
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
    /// Where the animation stands.
    pub stage: Stage,
    /// Shows waiting their turn (the computer's grids).
    pub queue: VecDeque<Show>,
}

impl Default for OnShow {
    fn default() -> Self {
        Self {
            show: None,
            points: Breakdown::default(),
            stage: Stage::Holding { elapsed: HOLD },
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

/// Grid Duel's model and stage machine, without any drawing (runs headless).
pub struct GridDuelLogicPlugin;

impl Plugin for GridDuelLogicPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<DuelAction>()
            .init_resource::<OnShow>()
            .add_systems(OnEnter(Screen::GridDuel), start)
            .add_systems(
                Update,
                (autoplay, apply_actions, advance, sync_cells, report_status)
                    .chain()
                    .run_if(in_state(Screen::GridDuel)),
            );
    }
}

fn start(
    mut commands: Commands,
    session: Option<Res<DuelSession>>,
    opts: Option<Res<LaunchOptions>>,
    mut seeds: ResMut<Seeds>,
    mut on_show: ResMut<OnShow>,
) {
    if session.is_none() {
        let seed = opts
            .and_then(|o| o.seed)
            .unwrap_or_else(|| seeds.next_seed());
        commands.insert_resource(DuelSession::new(seed, ComputerKind::Plain));
    }
    *on_show = OnShow::default();
    for row in 0..9 {
        for col in 0..9 {
            commands.spawn((
                DuelCell { row, col },
                CellState::default(),
                DespawnOnExit(Screen::GridDuel),
            ));
        }
    }
}

fn put_on_show(on_show: &mut OnShow, show: Show) {
    on_show.points = score(&show.grid);
    on_show.stage = if show.reveal == Reveal::None {
        Stage::Revealing { elapsed: f32::MAX }
    } else {
        Stage::Revealing { elapsed: 0.0 }
    };
    on_show.show = Some(show);
}

fn apply_actions(
    mut actions: MessageReader<DuelAction>,
    mut session: Option<ResMut<DuelSession>>,
    mut on_show: ResMut<OnShow>,
    mut seeds: ResMut<Seeds>,
) {
    for action in actions.read() {
        let Some(session) = session.as_deref_mut() else {
            continue;
        };
        match *action {
            DuelAction::NewGame { smart } => {
                let kind = if smart {
                    ComputerKind::Smart
                } else {
                    ComputerKind::Plain
                };
                let seed = seeds.next_seed();
                *session = DuelSession::new(seed, kind);
                *on_show = OnShow::default();
            }
            DuelAction::Replay => {
                if session.duel.replay().is_ok() {
                    session.recorded = false;
                    *on_show = OnShow::default();
                }
            }
            DuelAction::Keep | DuelAction::RegenerateGrid | DuelAction::RegenerateRow(_) => {
                if on_show.stage != Stage::Choosing {
                    continue;
                }
                let choice = match *action {
                    DuelAction::Keep => Choice::Keep,
                    DuelAction::RegenerateGrid => Choice::RegenerateGrid,
                    DuelAction::RegenerateRow(r) => Choice::RegenerateRow(r),
                    _ => continue,
                };
                let Ok(played) = session.duel.choose(choice) else {
                    continue;
                };
                let (reveal, note) = match choice {
                    Choice::Keep => (Reveal::None, "No regeneration requested . . .".to_string()),
                    Choice::RegenerateGrid => {
                        (Reveal::All, "Regenerating the whole grid . . .".to_string())
                    }
                    Choice::RegenerateRow(r) => {
                        (Reveal::Row(r - 1), format!("Regenerating row {r} . . ."))
                    }
                };
                put_on_show(
                    &mut on_show,
                    Show {
                        grid: played.grid,
                        owner: Side::Human,
                        index: played.index,
                        reveal,
                        note,
                        choose: false,
                    },
                );
            }
        }
    }
}

/// `--autoplay`: the human side plays like the smart computer (regenerates the best row when
/// its expected gain is positive, else keeps the grid) after a short look; after a tie the
/// replay starts by itself.
fn autoplay(
    opts: Option<Res<LaunchOptions>>,
    session: Option<Res<DuelSession>>,
    on_show: Res<OnShow>,
    time: Res<Time>,
    mut waited: Local<f32>,
    mut actions: MessageWriter<DuelAction>,
) {
    let (Some(opts), Some(session)) = (opts, session) else {
        return;
    };
    if !opts.autoplay {
        return;
    }
    match on_show.stage {
        Stage::Choosing => {
            *waited += time.delta_secs();
            if *waited < AUTOPLAY_DELAY {
                return;
            }
            *waited = 0.0;
            let Some(grid) = session.duel.pending_grid() else {
                return;
            };
            let plan = gems_rules::grid_duel::best_row(grid);
            actions.write(if plan.gain() > 0.0 {
                DuelAction::RegenerateRow(plan.row + 1)
            } else {
                DuelAction::Keep
            });
        }
        Stage::Over(Outcome::Tie) => {
            actions.write(DuelAction::Replay);
        }
        _ => *waited = 0.0,
    }
}

/// Seconds the current reveal takes.
pub fn reveal_duration(reveal: Reveal) -> f32 {
    match reveal {
        Reveal::All => 80.0 * CELL_STAGGER + CELL_FADE,
        Reveal::Row(_) => 8.0 * ROW_STAGGER + CELL_FADE,
        Reveal::None => 0.0,
    }
}

/// Moves the stage machine on: reveal → choose or hold → the next show.
fn advance(
    time: Res<Time>,
    settings: Option<Res<crate::settings::Settings>>,
    session: Option<ResMut<DuelSession>>,
    mut on_show: ResMut<OnShow>,
) {
    let Some(mut session) = session else { return };
    // Reduced motion: grids appear at once and are held a third as long.
    let reduced = settings.is_some_and(|s| s.reduced_motion);
    let dt = if reduced {
        time.delta_secs() * 3.0
    } else {
        time.delta_secs()
    };
    match on_show.stage {
        Stage::Revealing { elapsed } => {
            let reveal = on_show.show.as_ref().map_or(Reveal::None, |s| s.reveal);
            let elapsed = if elapsed == f32::MAX || reduced {
                f32::MAX
            } else {
                elapsed + dt
            };
            if elapsed >= reveal_duration(reveal) {
                let choose = on_show.show.as_ref().is_some_and(|s| s.choose);
                on_show.stage = if choose {
                    Stage::Choosing
                } else {
                    Stage::Holding { elapsed: 0.0 }
                };
            } else {
                on_show.stage = Stage::Revealing { elapsed };
            }
        }
        Stage::Holding { elapsed } if elapsed + dt < HOLD => {
            on_show.stage = Stage::Holding {
                elapsed: elapsed + dt,
            };
        }
        Stage::Holding { .. } => next_show(&mut session, &mut on_show),
        Stage::Choosing | Stage::Over(_) => {}
    }
}

/// Puts the next grid on show: a queued computer grid, the human's next grid, the computer's
/// turn, or the end of the game.
fn next_show(session: &mut DuelSession, on_show: &mut OnShow) {
    if let Some(show) = on_show.queue.pop_front() {
        put_on_show(on_show, show);
        return;
    }
    match session.duel.phase() {
        Phase::Human { grid } => {
            if let Some(&pending) = session.duel.pending_grid() {
                put_on_show(
                    on_show,
                    Show {
                        grid: pending,
                        owner: Side::Human,
                        index: grid,
                        reveal: Reveal::All,
                        note: "Click a row to regenerate it, or choose below.".to_string(),
                        choose: true,
                    },
                );
            }
        }
        Phase::Computer => {
            let Ok(grids) = session.duel.play_computer() else {
                return;
            };
            for g in grids {
                let dealt_note = match g.plan {
                    Some(p) => format!(
                        "Best row to regenerate: row {}, expected points {:.2} (gain {:+.2})",
                        p.row + 1,
                        p.expected,
                        p.gain()
                    ),
                    None => "The computer scores its grid as dealt.".to_string(),
                };
                on_show.queue.push_back(Show {
                    grid: g.dealt,
                    owner: Side::Computer,
                    index: g.index,
                    reveal: Reveal::All,
                    note: dealt_note,
                    choose: false,
                });
                if let (true, Some(p)) = (g.regenerated, g.plan) {
                    on_show.queue.push_back(Show {
                        grid: g.grid,
                        owner: Side::Computer,
                        index: g.index,
                        reveal: Reveal::Row(p.row),
                        note: format!(
                            "Computer regenerates row {} (expected {:.2}) . . .",
                            p.row + 1,
                            p.expected
                        ),
                        choose: false,
                    });
                }
            }
            if let Some(show) = on_show.queue.pop_front() {
                put_on_show(on_show, show);
            }
        }
        Phase::Over(outcome) => on_show.stage = Stage::Over(outcome),
    }
}

/// Mirrors the grid on show into the cell entities, with each cell's reveal progress.
fn sync_cells(on_show: Res<OnShow>, mut cells: Query<(&DuelCell, &mut CellState)>) {
    let Some(show) = &on_show.show else {
        for (_, mut s) in &mut cells {
            s.shown = 0.0;
        }
        return;
    };
    let elapsed = match on_show.stage {
        Stage::Revealing { elapsed } => elapsed,
        _ => f32::MAX,
    };
    for (cell, mut state) in &mut cells {
        let start = match show.reveal {
            Reveal::All => Some((cell.row * 9 + cell.col) as f32 * CELL_STAGGER),
            Reveal::Row(r) if r == cell.row => Some(cell.col as f32 * ROW_STAGGER),
            _ => None,
        };
        let shown = match start {
            Some(s) => ((elapsed - s) / CELL_FADE).clamp(0.0, 1.0),
            None => 1.0,
        };
        let digit = show.grid.get(cell.row, cell.col);
        if state.digit != digit || state.shown != shown {
            *state = CellState { digit, shown };
        }
    }
}

fn report_status(on_show: Res<OnShow>, mut status: ResMut<ScreenStatus>) {
    let settled = matches!(on_show.stage, Stage::Choosing | Stage::Over(_));
    let over = matches!(
        on_show.stage,
        Stage::Over(Outcome::HumanWins | Outcome::ComputerWins)
    );
    status.report(settled, over);
}

/// The caption of a show: whose grid, which one ("Your grid 1 of 2", "Computer's grid 2 of 2").
pub fn caption(show: &Show) -> String {
    let who = match show.owner {
        Side::Human => "Your",
        Side::Computer => "Computer's",
    };
    format!("{who} grid {} of {GRIDS_PER_TURN}", show.index + 1)
}
