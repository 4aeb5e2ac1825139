//! The turn pipeline: flagging → removal → falling → column shift, each an animated phase that
//! starts from the rules' [`MoveOutcome`](gems_rules::gems::MoveOutcome) and ends when its
//! animations do.

use bevy::prelude::*;

use crate::kit::chrome::Paused;

use crate::kit::schedule::GameSystems;
use gems_rules::gems::GemMove;

use super::anim::Animations;
use super::model::Phase;
use super::model::{GemIndex, GemsSession, PendingMove, Position, Selection};
use crate::kit::anim::{Tween, Vanish, stagger};
use crate::kit::fx::{Celebration, FxWriters};
use crate::kit::layout::{BoardLayout, cell_vec};
use crate::kit::palette::Palette;
use crate::kit::status::MoveSettled;
use crate::kit::theme::Theme;

/// Seconds spent in the current phase (for the flagging highlight).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct PhaseClock(pub f32);

/// Runs the phases of a move.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PhaseClock>()
        .add_systems(OnEnter(Phase::Flagging), reset_clock)
        .add_systems(OnEnter(Phase::Removing), start_removing)
        .add_systems(OnEnter(Phase::Falling), start_falling)
        .add_systems(OnEnter(Phase::Shifting), start_shifting)
        .add_systems(
            Update,
            advance_phase.in_set(super::set(GameSystems::Advance)),
        );
}

fn reset_clock(mut clock: ResMut<PhaseClock>) {
    clock.0 = 0.0;
}

/// The removed gems start popping (they leave the index at once) and burst into shards; the
/// move's points float up from the group, and a cleared board is celebrated.
fn start_removing(
    mut anims: ResMut<Animations>,
    pending: Res<PendingMove>,
    mut index: ResMut<GemIndex>,
    mut selection: ResMut<Selection>,
    theme: Res<Theme>,
    palette: Res<Palette>,
    layout: Res<BoardLayout>,
    session: Res<GemsSession>,
    mut fx: FxWriters,
) {
    let Some(outcome) = &pending.0 else { return };
    let removed = &outcome.removal.removed;
    let pieces: Vec<(Vec2, Color)> = removed
        .iter()
        .map(|r| (layout.cell_center(r.cell), palette.kind(r.kind)))
        .collect();
    fx.group_left(pieces, outcome.points, layout.cell);
    if !session.game.board().has_valid_gem() {
        fx.celebrate(Celebration::BoardCleared, layout.rect());
    }
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

/// What starting a move's fall or column shift reads and writes.
#[derive(bevy::ecs::system::SystemParam)]
struct Relocation<'w, 's> {
    anims: ResMut<'w, Animations>,
    pending: Res<'w, PendingMove>,
    index: ResMut<'w, GemIndex>,
    positions: Query<'w, 's, &'static mut Position>,
    theme: Res<'w, Theme>,
}

/// Which of a move's gem movements a phase animates.
#[derive(Clone, Copy)]
enum Stage {
    /// Down into the holes.
    Fall,
    /// Left into the empty columns.
    Shift,
}

impl Relocation<'_, '_> {
    /// Moves the pending move's gems of `stage` to their new cells in the index and gives each
    /// a tween there.
    fn run(&mut self, stage: Stage) {
        let Some(outcome) = &self.pending.0 else {
            return;
        };
        let t = &self.theme.timings;
        let cols = self.index.cols;
        let moves: Vec<&GemMove> = outcome
            .removal
            .moves
            .iter()
            .filter(|m| match stage {
                Stage::Fall => m.fell(),
                Stage::Shift => m.shifted(),
            })
            .collect();
        let start = |m: &GemMove| match stage {
            Stage::Fall => m.from,
            Stage::Shift => m.fallen,
        };
        let end = |m: &GemMove| match stage {
            Stage::Fall => m.fallen,
            Stage::Shift => m.to,
        };
        // Take every mover out first, so no move overwrites a gem that has yet to leave.
        let movers: Vec<(Option<Entity>, &GemMove)> = moves
            .into_iter()
            .map(|m| (self.index.take(start(m)), m))
            .collect();
        for (entity, m) in movers {
            let Some(e) = entity else { continue };
            let (from, to) = (start(m), end(m));
            self.index.put(to, e);
            if let Ok(mut pos) = self.positions.get_mut(e) {
                *pos = Position::from(to);
            }
            let tween = match stage {
                Stage::Fall => Tween::new(
                    cell_vec(from),
                    cell_vec(to),
                    stagger(t.fall_stagger, from.col, cols),
                    t.fall * ((to.row - from.row) as f32).sqrt(),
                    t.fall_easing,
                ),
                Stage::Shift => Tween::new(
                    cell_vec(from),
                    cell_vec(to),
                    stagger(t.shift_stagger, to.col, cols),
                    t.shift,
                    t.shift_easing,
                ),
            };
            self.anims.tweens.push((e, tween));
        }
    }
}

fn start_falling(mut r: Relocation) {
    r.run(Stage::Fall);
}

fn start_shifting(mut r: Relocation) {
    r.run(Stage::Shift);
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
                    game: super::SCREEN,
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
