//! Grid Duel's stage machine: it reveals grids, holds them while their points are read, and
//! waits for the human's choice; the computer's turn comes from the rules. Every rule lives in
//! `gems_rules::grid_duel`; this module only orders what it reports into animated shows.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use gems_rules::grid_duel::{Choice, ComputerKind, Outcome, Phase, SIZE, Side, score};

use super::model::{
    CELL, CELL_FADE, CELL_STAGGER, CellState, DuelAction, DuelCell, DuelSession, HOLD, OnShow,
    ROW_STAGGER, Reveal, Show, Stage, cell_center,
};
use crate::kit::fx::{Celebration, FxWriters};
use crate::kit::launch::LaunchOptions;
use crate::kit::layout::ViewArea;
use crate::kit::palette::Palette;
use crate::kit::phase::PhaseOf;
use crate::kit::screens::ScreenStatus;
use crate::kit::seed::Seeds;

/// The stage machine: actions, reveals, holds, the computer's turn, the cells, the status.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(super::SCREEN), start)
        .add_systems(
            OnEnter(Stage::Over(Outcome::HumanWins)),
            |area: Res<ViewArea>, mut fx: FxWriters| {
                fx.celebrate(Celebration::Won, area.middle());
            },
        )
        .add_systems(
            Update,
            (
                apply_actions,
                advance,
                sync_cells,
                shatter_replaced,
                report_status,
            )
                .chain()
                .in_set(super::set(GameSystems::Actions)),
        );
}

fn start(
    mut commands: Commands,
    session: Option<Res<DuelSession>>,
    opts: Option<Res<LaunchOptions>>,
    mut seeds: ResMut<Seeds>,
    mut on_show: ResMut<OnShow>,
) {
    if session.is_none() {
        // The first duel comes from `--seed` and `--computer` (a shared link) when given.
        let opts = opts.filter(|o| o.game.is_none_or(|g| g == super::SCREEN));
        let seed = opts
            .as_ref()
            .and_then(|o| o.seed)
            .unwrap_or_else(|| seeds.next_seed());
        let kind = if opts.as_ref().and_then(|o| o.setup.smart) == Some(true) {
            ComputerKind::Smart
        } else {
            ComputerKind::Plain
        };
        commands.insert_resource(DuelSession::new(seed, kind));
    }
    *on_show = OnShow::default();
    for row in 0..9 {
        for col in 0..9 {
            commands.spawn((
                DuelCell { row, col },
                CellState::default(),
                DespawnOnExit(super::SCREEN),
            ));
        }
    }
}

/// Puts `show` on show: its cells start appearing (at once when nothing is new).
fn put_on_show(on_show: &mut OnShow, stage: &mut PhaseOf<Stage>, show: Show) {
    on_show.points = score(&show.grid);
    on_show.elapsed = if show.reveal == Reveal::None {
        f32::MAX
    } else {
        0.0
    };
    stage.set(Stage::Revealing);
    on_show.show = Some(show);
}

/// The session's grid put up again (How to play's example came or went): the grid awaiting
/// the person's choice at once, or else the stage machine's next show.
pub(super) fn show_session(
    session: Res<DuelSession>,
    mut on_show: ResMut<OnShow>,
    mut stage: PhaseOf<Stage>,
) {
    clear_show(&mut on_show, &mut stage);
    put_pending_on_show(&session, &mut on_show, &mut stage, Reveal::None);
    if on_show.show.as_ref().is_some_and(|s| s.choose) {
        // Nothing to reveal: the choice is open at once (a command right after is answered).
        stage.set(Stage::Choosing);
    }
}

/// Nothing on show: the next frame puts the game's first (or next) grid up.
fn clear_show(on_show: &mut OnShow, stage: &mut PhaseOf<Stage>) {
    *on_show = OnShow::default();
    stage.set(Stage::Holding);
}

fn apply_actions(
    mut actions: MessageReader<DuelAction>,
    mut session: Option<ResMut<DuelSession>>,
    mut on_show: ResMut<OnShow>,
    mut stage: PhaseOf<Stage>,
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
                clear_show(&mut on_show, &mut stage);
            }
            DuelAction::Restart => {
                *session = DuelSession::new(session.seed, session.duel.computer_kind());
                clear_show(&mut on_show, &mut stage);
            }
            DuelAction::Undo | DuelAction::Redo => {
                // Between two grids of the person's turn, once the grid on show waits.
                if stage.get() == Stage::Choosing
                    && session.step_history(*action == DuelAction::Undo)
                {
                    put_pending_on_show(session, &mut on_show, &mut stage, Reveal::None);
                }
            }
            // The smart player's search answers it (`super::ai`).
            DuelAction::Hint => {}
            DuelAction::ComputerTurn => {
                if on_show.queue.is_empty() {
                    show_computer_turn(session, &mut on_show, &mut stage);
                }
            }
            DuelAction::Replay => {
                if session.replay_tie().is_ok() {
                    clear_show(&mut on_show, &mut stage);
                }
            }
            DuelAction::Keep | DuelAction::RegenerateGrid | DuelAction::RegenerateRow(_) => {
                if stage.get() != Stage::Choosing {
                    continue;
                }
                let choice = match *action {
                    DuelAction::Keep => Choice::Keep,
                    DuelAction::RegenerateGrid => Choice::RegenerateGrid,
                    DuelAction::RegenerateRow(r) => Choice::RegenerateRow(r),
                    _ => continue,
                };
                let Ok(played) = session.choose(choice) else {
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
                    &mut stage,
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
    settings: Option<Res<crate::kit::settings::Settings>>,
    session: Option<ResMut<DuelSession>>,
    mut on_show: ResMut<OnShow>,
    mut stage: PhaseOf<Stage>,
    mut computer: MessageWriter<DuelAction>,
) {
    let Some(mut session) = session else { return };
    // Reduced motion: grids appear at once and are held a third as long.
    let reduced = settings.is_some_and(|s| s.reduced_motion);
    let dt = if reduced {
        time.delta_secs() * 3.0
    } else {
        time.delta_secs()
    };
    match stage.get() {
        Stage::Revealing => {
            let reveal = on_show.show.as_ref().map_or(Reveal::None, |s| s.reveal);
            let elapsed = if on_show.elapsed == f32::MAX || reduced {
                f32::MAX
            } else {
                on_show.elapsed + dt
            };
            if elapsed >= reveal_duration(reveal) {
                let choose = on_show.show.as_ref().is_some_and(|s| s.choose);
                on_show.elapsed = 0.0;
                stage.set(if choose {
                    Stage::Choosing
                } else {
                    Stage::Holding
                });
            } else {
                on_show.elapsed = elapsed;
            }
        }
        Stage::Holding if on_show.elapsed + dt < HOLD => on_show.elapsed += dt,
        Stage::Holding => {
            if next_show(&mut session, &mut on_show, &mut stage) {
                computer.write(DuelAction::ComputerTurn);
            }
        }
        Stage::Choosing | Stage::Over(_) => {}
    }
}

/// Puts the next grid on show: a queued computer grid, the human's next grid, or the end of
/// the game; true when it is the computer's turn to play instead.
fn next_show(session: &mut DuelSession, on_show: &mut OnShow, stage: &mut PhaseOf<Stage>) -> bool {
    if let Some(show) = on_show.queue.pop_front() {
        put_on_show(on_show, stage, show);
        return false;
    }
    if session.computer_turn_done() {
        return true;
    }
    match session.duel.phase() {
        Phase::Human { .. } => put_pending_on_show(session, on_show, stage, Reveal::All),
        // The computer's turn goes through the game's action, like the player's choices (it
        // is asked again every frame until a smart computer's searches have answered).
        Phase::Computer => return true,
        Phase::Over(outcome) => stage.set(Stage::Over(outcome)),
    }
    false
}

/// Puts the person's grid awaiting a choice on show (`reveal` says whether its cells appear
/// anew), for them to choose.
fn put_pending_on_show(
    session: &DuelSession,
    on_show: &mut OnShow,
    stage: &mut PhaseOf<Stage>,
    reveal: Reveal,
) {
    let (Phase::Human { grid }, Some(&pending)) =
        (session.duel.phase(), session.duel.pending_grid())
    else {
        return;
    };
    on_show.queue.clear();
    put_on_show(
        on_show,
        stage,
        Show {
            grid: pending,
            owner: Side::Human,
            index: grid,
            reveal,
            note: "Click a row to regenerate it, or choose below.".to_string(),
            choose: true,
        },
    );
}

/// Shows the computer's turn once it is played (the plain computer plays it here; the smart
/// one's choices come from its searches): its grids, as dealt, then with the row it
/// regenerated, queue up for show, the first at once.
fn show_computer_turn(session: &mut DuelSession, on_show: &mut OnShow, stage: &mut PhaseOf<Stage>) {
    if session.duel.computer_kind() == ComputerKind::Plain
        && let Err(e) = session.keep_computer_grids()
    {
        tracing::warn!("the computer's turn was refused: {e}");
    }
    let Some(grids) = session.take_computer_turn() else {
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
        put_on_show(on_show, stage, show);
    }
}

/// Mirrors the grid on show into the cell entities, with each cell's reveal progress.
fn sync_cells(
    on_show: Res<OnShow>,
    stage: PhaseOf<Stage>,
    mut cells: Query<(&DuelCell, &mut CellState)>,
) {
    let Some(show) = &on_show.show else {
        for (_, mut s) in &mut cells {
            s.shown = 0.0;
        }
        return;
    };
    let elapsed = match stage.get() {
        Stage::Revealing => on_show.elapsed,
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

fn report_status(stage: PhaseOf<Stage>, mut status: ResMut<ScreenStatus>) {
    let settled = matches!(stage.get(), Stage::Choosing | Stage::Over(_));
    let over = matches!(
        stage.get(),
        Stage::Over(Outcome::HumanWins | Outcome::ComputerWins)
    );
    status.report(settled, over);
}

/// When a row or the whole grid is regenerated, its old digits shatter (the theme's shards).
fn shatter_replaced(
    on_show: Res<OnShow>,
    palette: Res<Palette>,
    mut shown: Local<Option<Show>>,
    mut fx: FxWriters,
) {
    if on_show.show == *shown {
        return;
    }
    let before = std::mem::replace(&mut *shown, on_show.show.clone());
    // Only a player's own grid regenerated: a grid changing hands just appears.
    let (Some(old), Some(new)) = (before, on_show.show.as_ref()) else {
        return;
    };
    if old.owner != new.owner {
        return;
    }
    let rows = match new.reveal {
        Reveal::All => 0..SIZE,
        Reveal::Row(r) => r..r + 1,
        Reveal::None => return,
    };
    let tint = palette.accent;
    let pieces = rows
        .flat_map(|r| (0..SIZE).map(move |c| (r, c)))
        .filter(|&(r, c)| old.grid.get(r, c) != new.grid.get(r, c))
        .map(|(r, c)| (cell_center(r, c), tint))
        .collect::<Vec<_>>();
    if !pieces.is_empty() {
        fx.burst(pieces, CELL);
    }
}
