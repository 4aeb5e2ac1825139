//! Applies [`DotsAction`]s to the rules game and mirrors each removal in the ECS: the removed
//! dots vanish, the survivors fall and the refills drop in, exactly as the rules reported.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use gems_rules::dots::{Board, Outcome, Point};

use super::model::{
    Dot, DotIndex, DotsAction, DotsGameOver, DotsHint, DotsPhase, DotsSession, Gesture, LastPoints,
    Vanish,
};
use crate::kit::anim::Tween;
use crate::kit::fx::{Celebration, FxWriters};
use crate::kit::layout::{BoardLayout, ViewArea};
use crate::kit::phase::PhaseOf;
use crate::kit::scores::HighScores;
use crate::kit::screens::ScreenStatus;
use crate::kit::status::{MoveSettled, finish_game};
use crate::kit::theme::Theme;

/// Seconds an AI selection is shown before it is removed.
pub const SHOW_SECONDS: f32 = 0.35;

/// The removal being animated.
#[derive(Resource, Clone, Debug, Default)]
pub struct PendingOutcome(pub Option<Outcome>);

/// Model, actions and transitions (no drawing).
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PendingOutcome>()
        .add_systems(OnEnter(super::SCREEN), spawn_board)
        .add_systems(
            Update,
            (
                apply_actions.in_set(super::set(GameSystems::Actions)),
                (show_ai_selection, vanish, fall, report_status)
                    .chain()
                    .in_set(super::set(GameSystems::Advance)),
            ),
        );
}

/// Spawns one entity per dot of the session's board (after despawning any left).
pub fn spawn_board(
    mut commands: Commands,
    session: Res<DotsSession>,
    old: Query<Entity, With<Dot>>,
    mut index: ResMut<DotIndex>,
    mut phase: PhaseOf<DotsPhase>,
    mut pending: ResMut<PendingOutcome>,
    mut hint: ResMut<DotsHint>,
    mut gesture: ResMut<Gesture>,
) {
    *gesture = Gesture::default();
    respawn_dots(
        &mut commands,
        &old,
        session.game.board(),
        &mut index,
        |_| None,
    );
    pending.0 = None;
    *hint = DotsHint::default();
    phase.set(if session.game.is_over() {
        DotsPhase::Over
    } else {
        DotsPhase::Idle
    });
}

/// Replaces every dot entity by one per dot of `board` (each with the tween `tween(p)` gives),
/// and rebuilds the index.
fn respawn_dots(
    commands: &mut Commands,
    old: &Query<Entity, With<Dot>>,
    board: &Board,
    index: &mut DotIndex,
    tween: impl Fn(Point) -> Option<Tween>,
) {
    for e in old {
        commands.entity(e).despawn();
    }
    let n = board.size();
    index.size = n;
    index.cells = vec![None; n * n];
    for p in board.points() {
        index.cells[p.y * n + p.x] = Some(spawn_dot(commands, p, board.get(p), tween(p)));
    }
}

fn spawn_dot(commands: &mut Commands, at: Point, color: u8, tween: Option<Tween>) -> Entity {
    let mut e = commands.spawn((
        Dot { at, color },
        Transform::default(),
        Visibility::default(),
        DespawnOnExit(super::SCREEN),
    ));
    if let Some(t) = tween {
        e.insert(t);
    }
    e.id()
}

fn cell(p: Point) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

/// The game, its phase and its dots, as the systems that start a removal or a new board
/// change them.
#[derive(bevy::ecs::system::SystemParam)]
struct BoardParams<'w, 's> {
    session: ResMut<'w, DotsSession>,
    phase: PhaseOf<'w, DotsPhase>,
    hint: ResMut<'w, DotsHint>,
    commands: Commands<'w, 's>,
    index: ResMut<'w, DotIndex>,
    pending: ResMut<'w, PendingOutcome>,
    theme: Res<'w, Theme>,
    palette: Res<'w, crate::kit::palette::Palette>,
    layout: Option<Res<'w, super::model::DotsLayout>>,
    fx: FxWriters<'w>,
    last: ResMut<'w, LastPoints>,
}

impl BoardParams<'_, '_> {
    /// Removes the selection in the rules and marks the removed dots to vanish.
    fn start_removal(&mut self) {
        let path = self.session.game.selection().to_vec();
        let Ok(outcome) = self.session.play(&path) else {
            return;
        };
        self.session.generation.bump();
        let n = self.index.size;
        for p in &outcome.removed {
            if let Some(e) = self.index.cells[p.y * n + p.x].take() {
                self.commands.entity(e).insert(Vanish {
                    elapsed: 0.0,
                    duration: self.theme.timings.remove.max(0.02),
                });
            }
        }
        // Shards from every removed dot, the points at the group, and a closed loop celebrated.
        let layout = self
            .layout
            .as_deref()
            .map_or_else(|| BoardLayout::fit(n, n, ViewArea::default()), |l| l.0);
        let c = self.palette.kind(outcome.color.into());
        let pieces = outcome.removed.iter().map(|p| (layout.world(cell(*p)), c));
        let points = outcome.removed.len() as u64;
        self.fx.group_left(pieces.collect(), points, layout.cell);
        if outcome.closed {
            self.fx.celebrate(Celebration::LoopClosed, layout.rect());
        }
        *self.hint = DotsHint::default();
        self.pending.0 = Some(outcome);
        self.phase.set(DotsPhase::Removing);
    }
}

fn apply_actions(
    mut actions: MessageReader<DotsAction>,
    mut b: BoardParams,
    mut gesture: ResMut<Gesture>,
    old: Query<Entity, With<Dot>>,
    mut seeds: ResMut<crate::kit::seed::Seeds>,
) {
    let mut respawn = false;
    let mut restored = false;
    for action in actions.read() {
        let fresh = match *action {
            DotsAction::NewGame(seed) => Some(DotsSession::new(
                b.session.size,
                b.session.colors,
                b.session.moves,
                seed,
            )),
            DotsAction::Setup {
                size,
                colors,
                moves,
            } => DotsSession::try_new(size, colors, moves, seeds.next_seed())
                .map_err(|e| tracing::warn!("dots: settings refused: {e}"))
                .ok(),
            _ => None,
        };
        if let Some(fresh) = fresh {
            *b.session = fresh;
            *gesture = Gesture::default();
            respawn = true;
            continue;
        }
        if matches!(action, DotsAction::Undo | DotsAction::Redo) {
            // Back or forward a whole move, once the board has settled.
            let settled = matches!(b.phase.get(), DotsPhase::Idle | DotsPhase::Over);
            let moved = settled && !respawn && b.session.step_history(*action == DotsAction::Undo);
            if moved {
                *gesture = Gesture::default();
                b.last.0 = 0;
                restored = true;
            }
            continue;
        }
        if b.phase.get() != DotsPhase::Idle || respawn || restored {
            continue;
        }
        if matches!(action, DotsAction::Play(_)) {
            b.session.assisted = true;
        }
        let game = &mut b.session.game;
        let mut remove = false;
        match action {
            DotsAction::Press(p) => {
                let p = *p;
                if game.can_deselect(p) {
                    let _ = game.deselect(p);
                } else if game.can_select(p) {
                    let _ = game.select(p);
                } else if !game.is_over() {
                    game.clear_selection();
                    let _ = game.select(p);
                }
                gesture.pressed = true;
                gesture.dragged = false;
            }
            DotsAction::Drag(p) => {
                if !gesture.pressed {
                    continue;
                }
                let sel = game.selection();
                if sel.len() >= 2 && sel[sel.len() - 2] == *p {
                    let last = sel[sel.len() - 1];
                    let _ = game.deselect(last);
                    gesture.dragged = true;
                } else if !sel.is_empty() && game.select(*p).is_ok() {
                    gesture.dragged = true;
                }
            }
            DotsAction::Release => {
                remove = gesture.pressed && gesture.dragged && game.selection().len() >= 2;
                gesture.pressed = false;
                gesture.dragged = false;
            }
            DotsAction::Remove => remove = game.selection().len() >= 2,
            DotsAction::Clear => game.clear_selection(),
            DotsAction::Play(path) => {
                if game.board().check_selection(path).is_ok() && !game.is_over() {
                    game.clear_selection();
                    for &p in path {
                        let _ = game.select(p);
                    }
                    gesture.showing = 0.0;
                    b.phase.set(DotsPhase::Showing);
                }
            }
            DotsAction::Hint
            | DotsAction::Undo
            | DotsAction::Redo
            | DotsAction::NewGame(_)
            | DotsAction::Setup { .. } => {}
        }
        if remove {
            b.start_removal();
        }
    }
    if restored && !respawn {
        // The board as it was: every dot where the rules have it, at once.
        respawn_dots(
            &mut b.commands,
            &old,
            b.session.game.board(),
            &mut b.index,
            |_| None,
        );
        b.pending.0 = None;
        *b.hint = DotsHint::default();
        b.phase.set(if b.session.game.is_over() {
            DotsPhase::Over
        } else {
            DotsPhase::Idle
        });
    }
    if respawn {
        let n = b.session.game.board().size();
        // New boards drop in from above, row by row.
        respawn_dots(
            &mut b.commands,
            &old,
            b.session.game.board(),
            &mut b.index,
            |p| {
                Some(Tween::new(
                    Vec2::new(p.x as f32, p.y as f32 - n as f32 - 1.0),
                    cell(p),
                    (n - 1 - p.y) as f32 * b.theme.timings.fall_stagger,
                    b.theme.timings.fall.max(0.05),
                    b.theme.timings.fall_easing,
                ))
            },
        );
        b.pending.0 = None;
        *b.hint = DotsHint::default();
        b.phase.set(DotsPhase::Falling);
    }
}

fn show_ai_selection(time: Res<Time>, mut gesture: ResMut<Gesture>, mut b: BoardParams) {
    if b.phase.get() != DotsPhase::Showing {
        return;
    }
    gesture.showing += time.delta_secs();
    if gesture.showing >= SHOW_SECONDS {
        b.phase.set(DotsPhase::Idle);
        b.start_removal();
    }
}

/// Removed dots shrink; once all are gone the survivors fall and the refills spawn.
fn vanish(
    time: Res<Time>,
    mut phase: PhaseOf<DotsPhase>,
    mut commands: Commands,
    mut q: Query<(Entity, &mut Vanish)>,
    mut dots: Query<&mut Dot, Without<Vanish>>,
    mut index: ResMut<DotIndex>,
    pending: Res<PendingOutcome>,
    theme: Res<Theme>,
) {
    if phase.get() != DotsPhase::Removing {
        return;
    }
    let mut busy = false;
    for (_, mut v) in &mut q {
        v.elapsed += time.delta_secs();
        busy |= v.elapsed < v.duration;
    }
    if busy {
        return;
    }
    for (e, _) in &q {
        commands.entity(e).despawn();
    }
    let Some(outcome) = &pending.0 else {
        phase.set(DotsPhase::Idle);
        return;
    };
    let n = index.size;
    let duration = theme.timings.fall.max(0.05);
    let stagger = theme.timings.fall_stagger;
    let easing = theme.timings.fall_easing;
    // Take every falling entity out of the index first, then put it back at its new cell.
    let moving: Vec<(Entity, Point, Point)> = outcome
        .falls
        .iter()
        .filter_map(|f| {
            index.cells[f.from.y * n + f.from.x]
                .take()
                .map(|e| (e, f.from, f.to))
        })
        .collect();
    for (e, from, to) in moving {
        index.cells[to.y * n + to.x] = Some(e);
        if let Ok(mut d) = dots.get_mut(e) {
            d.at = to;
        }
        commands.entity(e).insert(Tween::new(
            cell(from),
            cell(to),
            (n - 1 - to.y) as f32 * stagger,
            duration,
            easing,
        ));
    }
    for &(p, c) in &outcome.refills {
        let holes = outcome.refills.iter().filter(|r| r.0.x == p.x).count();
        let tween = Tween::new(
            Vec2::new(p.x as f32, p.y as f32 - holes as f32 - 0.5),
            cell(p),
            (n - 1 - p.y) as f32 * stagger,
            duration,
            easing,
        );
        index.cells[p.y * n + p.x] = Some(spawn_dot(&mut commands, p, c, Some(tween)));
    }
    phase.set(DotsPhase::Falling);
}

/// Falling dots move; once all have landed the move is settled (and the game may be over).
fn fall(
    time: Res<Time>,
    mut phase: PhaseOf<DotsPhase>,
    mut commands: Commands,
    mut q: Query<(Entity, &mut Tween)>,
    session: Res<DotsSession>,
    mut pending: ResMut<PendingOutcome>,
    mut settled: MessageWriter<MoveSettled>,
    mut scores: ResMut<HighScores>,
    mut over: ResMut<DotsGameOver>,
    mut last: ResMut<LastPoints>,
    layout: Option<Res<super::model::DotsLayout>>,
    mut fx: FxWriters,
) {
    if phase.get() != DotsPhase::Falling {
        return;
    }
    let mut busy = false;
    for (_, mut t) in &mut q {
        t.elapsed += time.delta_secs();
        busy |= !t.done();
    }
    if busy {
        return;
    }
    for (e, _) in &q {
        commands.entity(e).remove::<Tween>();
    }
    let game = &session.game;
    let points = pending.0.take().map_or(0, |o| o.removed.len());
    let game_over = game.is_over();
    if points > 0 {
        last.0 = points;
        settled.write(MoveSettled {
            game: super::SCREEN,
            score: game.score(),
            points: points as u64,
            game_over,
        });
    }
    if game_over {
        let ranked = !session.history.used();
        over.0 = finish_game(&mut scores, &session.score_key(), game.score(), ranked);
        if over.0.new_record
            && let Some(l) = layout
        {
            fx.celebrate(Celebration::NewBest, l.0.rect());
        }
        phase.set(DotsPhase::Over);
    } else {
        phase.set(DotsPhase::Idle);
    }
}

fn report_status(phase: PhaseOf<DotsPhase>, mut status: ResMut<ScreenStatus>) {
    status.report(
        matches!(phase.get(), DotsPhase::Idle | DotsPhase::Over),
        phase.get() == DotsPhase::Over,
    );
}
