//! The turn pipeline: flagging → removal → falling → column shift, each an animated phase that
//! starts from the rules' [`MoveOutcome`](gems_rules::gems::MoveOutcome) and ends when its
//! animations do.

use bevy::prelude::*;
use gems_rules::gems::{Cell, GemMove};

use super::anim::{Animations, Tween, Vanish, stagger};
use super::model::{GemIndex, GemsSession, Paused, PendingMove, Position, Selection};
use super::session::GemsSystems;
use crate::kit::layout::cell_vec;
use crate::kit::status::MoveSettled;
use crate::screens::{Phase, Screen};
use crate::theme::Theme;

/// Seconds spent in the current phase (for the flagging highlight).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct PhaseClock(pub f32);

/// Runs the phases of a move.
pub struct TransitionPlugin;

impl Plugin for TransitionPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PhaseClock>()
            .add_systems(OnEnter(Phase::Flagging), reset_clock)
            .add_systems(OnEnter(Phase::Removing), start_removing)
            .add_systems(OnEnter(Phase::Falling), start_falling)
            .add_systems(OnEnter(Phase::Shifting), start_shifting)
            .add_systems(
                Update,
                advance_phase
                    .in_set(GemsSystems::Advance)
                    .run_if(in_state(Screen::ModernGems)),
            );
    }
}

fn reset_clock(mut clock: ResMut<PhaseClock>) {
    clock.0 = 0.0;
}

/// The removed gems start popping; they leave the index at once.
fn start_removing(
    mut anims: ResMut<Animations>,
    pending: Res<PendingMove>,
    mut index: ResMut<GemIndex>,
    mut selection: ResMut<Selection>,
    theme: Res<Theme>,
) {
    let Some(outcome) = &pending.0 else { return };
    let t = &theme.timings;
    for (i, r) in outcome.removal.removed.iter().enumerate() {
        if let Some(e) = index.take(r.cell) {
            // A tiny ripple outward from the selected gem.
            let dist =
                r.cell.row.abs_diff(outcome.cell.row) + r.cell.col.abs_diff(outcome.cell.col);
            let delay = (dist as f32 * t.remove * 0.08).min(t.remove);
            let vanish = Vanish {
                delay: if i == 0 { 0.0 } else { delay },
                duration: t.remove,
                elapsed: 0.0,
                easing: t.remove_easing,
            };
            anims.vanishing.push((e, vanish));
        }
    }
    selection.group.clear();
}

/// Moves the entities of `moves` from `start(m)` to `end(m)` in the index and gives each a tween.
fn relocate(
    anims: &mut Animations,
    index: &mut GemIndex,
    positions: &mut Query<&mut Position>,
    moves: &[&GemMove],
    start: impl Fn(&GemMove) -> Cell,
    end: impl Fn(&GemMove) -> Cell,
    tween: impl Fn(&GemMove) -> Tween,
) {
    // Take every mover out first, so no move overwrites a gem that has yet to leave.
    let movers: Vec<(Option<Entity>, &&GemMove)> =
        moves.iter().map(|m| (index.take(start(m)), m)).collect();
    for (entity, m) in movers {
        let Some(e) = entity else { continue };
        index.put(end(m), e);
        if let Ok(mut pos) = positions.get_mut(e) {
            *pos = Position::from(end(m));
        }
        anims.tweens.push((e, tween(m)));
    }
}

fn start_falling(
    mut anims: ResMut<Animations>,
    pending: Res<PendingMove>,
    mut index: ResMut<GemIndex>,
    mut positions: Query<&mut Position>,
    theme: Res<Theme>,
) {
    let Some(outcome) = &pending.0 else { return };
    let t = &theme.timings;
    let cols = index.cols;
    let falls: Vec<&GemMove> = outcome.removal.moves.iter().filter(|m| m.fell()).collect();
    relocate(
        &mut anims,
        &mut index,
        &mut positions,
        &falls,
        |m| m.from,
        |m| m.fallen,
        |m| {
            let rows = (m.fallen.row - m.from.row) as f32;
            Tween::new(
                cell_vec(m.from),
                cell_vec(m.fallen),
                stagger(t.fall_stagger, m.from.col, cols),
                t.fall * rows.sqrt(),
                t.fall_easing,
            )
        },
    );
}

fn start_shifting(
    mut anims: ResMut<Animations>,
    pending: Res<PendingMove>,
    mut index: ResMut<GemIndex>,
    mut positions: Query<&mut Position>,
    theme: Res<Theme>,
) {
    let Some(outcome) = &pending.0 else { return };
    let t = &theme.timings;
    let cols = index.cols;
    let shifts: Vec<&GemMove> = outcome
        .removal
        .moves
        .iter()
        .filter(|m| m.shifted())
        .collect();
    relocate(
        &mut anims,
        &mut index,
        &mut positions,
        &shifts,
        |m| m.fallen,
        |m| m.to,
        |m| {
            Tween::new(
                cell_vec(m.fallen),
                cell_vec(m.to),
                stagger(t.shift_stagger, m.to.col, cols),
                t.shift,
                t.shift_easing,
            )
        },
    );
}

/// Hands over to the next phase once the current one's animations have ended.
fn advance_phase(
    time: Res<Time>,
    paused: Res<Paused>,
    theme: Res<Theme>,
    phase: Res<State<Phase>>,
    mut next: ResMut<NextState<Phase>>,
    mut clock: ResMut<PhaseClock>,
    mut pending: ResMut<PendingMove>,
    session: Res<GemsSession>,
    anims: Res<Animations>,
    mut settled: MessageWriter<MoveSettled>,
) {
    if paused.0 {
        return;
    }
    clock.0 += time.delta_secs();
    let next_phase = match phase.get() {
        Phase::Flagging if clock.0 >= theme.timings.flag => Phase::Removing,
        Phase::Removing if anims.vanishing.is_empty() => Phase::Falling,
        Phase::Falling if anims.tweens.is_empty() => Phase::Shifting,
        Phase::Shifting if anims.tweens.is_empty() => {
            let over = session.game.is_over();
            if let Some(outcome) = pending.0.take() {
                settled.write(MoveSettled {
                    game: Screen::ModernGems,
                    points: outcome.points,
                    score: session.game.score(),
                    game_over: over,
                });
            }
            if over { Phase::Over } else { Phase::Idle }
        }
        Phase::Dealing if anims.tweens.is_empty() => {
            if session.game.is_over() {
                Phase::Over
            } else {
                Phase::Idle
            }
        }
        _ => return,
    };
    next.set(next_phase);
}
