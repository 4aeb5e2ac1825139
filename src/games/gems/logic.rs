//! Applies [`GemsAction`]s to the rules game and keeps the gem entities in step: hover flagging,
//! starting a move's transitions, undo/redo/restart, new and loaded games.

use bevy::prelude::*;

use crate::kit::chrome::Paused;

use crate::kit::schedule::GameSystems;
use gems_rules::gems::{Cell, Player};

use super::anim::Animations;
use super::model::Phase;
use super::model::{
    ActivePlayer, ActivePolicy, Appearance, BoardRebuilt, Flag, FlagChanged, GemIndex, GemsAction,
    GemsSession, KeyCursor, Kind, LastMove, PendingMove, Position, Selection,
};
use crate::kit::anim::{Tween, stagger};
use crate::kit::layout::{BoardLayout, ViewArea};
use crate::kit::phase::upcoming;
use crate::kit::theme::Theme;

/// Handles actions and rebuilds.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        handle_actions.in_set(super::set(GameSystems::Actions)),
    )
    .add_systems(Update, report_status.in_set(super::set(GameSystems::View)))
    .add_systems(
        Update,
        restyle_gems
            .in_set(super::set(GameSystems::Actions))
            .run_if(
                resource_changed::<Theme>.or_else(resource_changed::<crate::kit::palette::Palette>),
            ),
    )
    .add_systems(OnEnter(super::SCREEN), spawn_current_board);
}

/// The resources the action handler reads and writes.
#[derive(bevy::ecs::system::SystemParam)]
pub struct SessionParams<'w, 's> {
    commands: Commands<'w, 's>,
    session: ResMut<'w, GemsSession>,
    index: ResMut<'w, GemIndex>,
    selection: ResMut<'w, Selection>,
    cursor: ResMut<'w, KeyCursor>,
    pending: ResMut<'w, PendingMove>,
    last: ResMut<'w, LastMove>,
    layout: ResMut<'w, BoardLayout>,
    area: Res<'w, ViewArea>,
    theme: Res<'w, Theme>,
    palette: Res<'w, crate::kit::palette::Palette>,
    policy: ResMut<'w, ActivePolicy>,
    player: ResMut<'w, ActivePlayer>,
    paused: Res<'w, Paused>,
    phase: Res<'w, State<Phase>>,
    next_phase: ResMut<'w, NextState<Phase>>,
    anims: ResMut<'w, Animations>,
    rebuilt: MessageWriter<'w, BoardRebuilt>,
    flag_changes: MessageWriter<'w, FlagChanged>,
    flags: Query<'w, 's, &'static mut Flag>,
    gems: Query<'w, 's, Entity, With<Kind>>,
}

fn handle_actions(mut actions: MessageReader<GemsAction>, mut p: SessionParams) {
    for action in actions.read() {
        // The phase this frame hands over to: a move or a new board started by an earlier
        // action of the same frame (a click in the frame the AI answers) holds the input too.
        let phase = upcoming(&p.phase, &p.next_phase);
        let settled = !phase.is_transition() && !p.paused.0;
        match action {
            GemsAction::Hover(cell) if phase == Phase::Idle && !p.paused.0 => {
                hover(&mut p, *cell);
            }
            GemsAction::MoveCursor(dr, dc) => {
                let (rows, cols) = (p.session.game.board().rows(), p.session.game.board().cols());
                let c = p.cursor.cell;
                let row = (c.row as i64 + i64::from(*dr)).clamp(0, rows as i64 - 1) as usize;
                let col = (c.col as i64 + i64::from(*dc)).clamp(0, cols as i64 - 1) as usize;
                p.cursor.cell = Cell::new(row, col);
                p.cursor.visible = true;
                if phase == Phase::Idle && !p.paused.0 {
                    let cell = p.cursor.cell;
                    hover(&mut p, Some(cell));
                }
            }
            GemsAction::Select(cell) if phase == Phase::Idle && !p.paused.0 => {
                select(&mut p, *cell);
            }
            GemsAction::SelectCursor if phase == Phase::Idle && !p.paused.0 => {
                let cell = p.cursor.cell;
                select(&mut p, cell);
            }
            GemsAction::Undo | GemsAction::Redo
                if settled && p.session.step_history(*action == GemsAction::Undo) =>
            {
                rebuild(&mut p, Rebuild::Restore);
            }
            GemsAction::Restart if settled => {
                let s = &*p.session;
                let fresh = GemsSession::new(
                    s.board_name.clone(),
                    s.start.clone(),
                    s.game.policy(),
                    s.game.player(),
                )
                .after(s);
                *p.session = fresh;
                rebuild(&mut p, Rebuild::Deal);
            }
            GemsAction::NewGame {
                board_name,
                board,
                policy,
                player,
            } => {
                // A new or loaded game replaces everything, so it may interrupt a transition:
                // a request from a dialog is never dropped.
                *p.session = GemsSession::new(board_name.clone(), board.clone(), *policy, *player)
                    .after(&p.session);
                rebuild(&mut p, Rebuild::Deal);
            }
            GemsAction::Load { name, game } => {
                let game = (**game).clone();
                let mut s = GemsSession::new(
                    name.clone(),
                    game.board().clone(),
                    game.policy(),
                    game.player(),
                );
                s.start_at = (game.score(), game.move_num());
                s.game = game;
                *p.session = s;
                rebuild(&mut p, Rebuild::Deal);
            }
            GemsAction::Watch {
                board_name,
                board,
                policy,
                watch,
            } => {
                *p.session = GemsSession::watching(
                    board_name.clone(),
                    board.clone(),
                    *policy,
                    (**watch).clone(),
                );
                rebuild(&mut p, Rebuild::Deal);
            }
            GemsAction::TakeOver => {
                p.session.watch = None;
                p.session.generation.bump();
            }
            GemsAction::SetPlayer(player) => {
                p.player.0 = *player;
                apply_active(&mut p);
            }
            GemsAction::SetPolicy(policy) => {
                p.policy.0 = *policy;
                apply_active(&mut p);
            }
            // Anything else arriving during a transition or a pause is ignored.
            _ => {}
        }
    }
}

/// Puts the active policy and player in force on the session's game (after `SetPolicy` or
/// `SetPlayer`): the next flag and the next move follow them. (Undo and redo put them back in
/// force on the game they restore.)
fn apply_active(p: &mut SessionParams) {
    let (policy, player) = (p.policy.0, p.player.0);
    let game = &mut p.session.game;
    if game.policy() == policy && game.player() == player {
        return;
    }
    if game.policy() != policy {
        p.session.set_policy(policy);
        // What the hovered cell would remove changes with the policy.
        if *p.phase.get() == Phase::Idle && !p.paused.0 {
            let hovered = p.selection.hovered;
            hover(p, hovered);
        }
    }
    p.session.game.set_player(player);
    p.session.generation.bump();
}

/// Reports whether the board is settled (no transition running or queued) and whether the game
/// is over, for scripted runs and tests.
fn report_status(
    phase: Res<State<Phase>>,
    next: Res<NextState<Phase>>,
    pending: Res<PendingMove>,
    mut status: ResMut<crate::kit::screens::ScreenStatus>,
) {
    let queued = !matches!(*next, NextState::Unchanged);
    let calm = !phase.is_transition() && pending.0.is_none() && !queued;
    status.report(calm, calm && *phase.get() == Phase::Over);
}

/// Highlights the group a move at `cell` would remove (clearing the previous highlight).
fn hover(p: &mut SessionParams, cell: Option<Cell>) {
    let game = &p.session.game;
    let group = cell
        .and_then(|c| game.check_move(c).ok())
        .unwrap_or_default();
    let points = (!group.is_empty()).then(|| {
        game.policy()
            .move_score(group.len(), game.board().gem_count())
    });
    if p.selection.group != group {
        set_flags(p, &group);
    }
    *p.selection = Selection {
        hovered: cell,
        group,
        points,
    };
}

/// Flags exactly the entities at `group`, unflagging the previously flagged ones.
fn set_flags(p: &mut SessionParams, group: &[Cell]) {
    let old = std::mem::take(&mut p.selection.group);
    let changes = old
        .iter()
        .map(|&c| (c, false))
        .chain(group.iter().map(|&c| (c, true)));
    for (cell, flagged) in changes {
        let Some(entity) = p.index.get(cell) else {
            continue;
        };
        if let Ok(mut f) = p.flags.get_mut(entity)
            && f.0 != flagged
        {
            f.0 = flagged;
            p.flag_changes.write(FlagChanged { entity, flagged });
        }
    }
    p.selection.group = group.to_vec();
}

/// Plays the move at `cell` in the rules game and starts its transitions. Illegal moves do
/// nothing.
fn select(p: &mut SessionParams, cell: Cell) {
    // While a line is watched, only its next move is played (a click elsewhere is ignored).
    if p.session.watch.is_some() && p.session.watch_move() != Some(cell) {
        return;
    }
    let Ok(outcome) = p.session.play(cell) else {
        return;
    };
    p.session.generation.bump();
    let group: Vec<Cell> = outcome.removal.removed.iter().map(|r| r.cell).collect();
    set_flags(p, &group);
    p.selection.hovered = None;
    p.selection.points = None;
    *p.last = LastMove {
        points: outcome.points,
        gems: group.len(),
    };
    p.pending.0 = Some(outcome);
    p.next_phase.set(Phase::Flagging);
}

/// How [`rebuild`] lays a board out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rebuild {
    /// A new, loaded or restarted game: its own rules, its gems dropped in.
    Deal,
    /// Undo or redo: the rules in force stay, the gems are in place at once.
    Restore,
    /// The session's own game (How to play's example, or the game in play back from it): its
    /// own rules, the gems in place at once.
    Show,
}

/// Replaces every gem entity with fresh ones for the session's board, as `how` says.
fn rebuild(p: &mut SessionParams, how: Rebuild) {
    p.session.generation.bump();
    let deal = how == Rebuild::Deal;
    if how != Rebuild::Restore {
        // A new, loaded or restarted game brings its own rules.
        p.policy.0 = p.session.game.policy();
        p.player.0 = p.session.game.player();
    } else {
        // Undo and redo restore a board and its score, not the rules: the active ones stay in
        // force on the restored game.
        apply_active(p);
    }
    for e in &p.gems {
        p.commands.entity(e).despawn();
    }
    *p.selection = Selection::default();
    *p.anims = Animations::default();
    p.pending.0 = None;
    *p.last = LastMove::default();
    let board = p.session.game.board();
    *p.layout = BoardLayout::fit(board.rows(), board.cols(), *p.area);
    *p.index = GemIndex::new(board.rows(), board.cols());
    p.cursor.cell = Cell::new(board.rows().saturating_sub(1), 0);
    let t = &p.theme.timings;
    for (cell, kind) in board.gems() {
        let target = crate::kit::layout::cell_vec(cell);
        // A dealt board drops in from above, column by column.
        let start = if deal {
            Vec2::new(target.x, target.y - board.rows() as f32 - 1.0)
        } else {
            target
        };
        let entity = p.commands.spawn((
            Position::from(cell),
            Kind(kind),
            Flag(false),
            Appearance::of(&p.theme, &p.palette, kind),
            DespawnOnExit(super::SCREEN),
            Transform::from_translation(p.layout.world(start).extend(1.0))
                .with_scale(super::anim::gem_scale(p.layout.cell)),
        ));
        let e = entity.id();
        if deal {
            p.anims.tweens.push((
                e,
                Tween::new(
                    start,
                    target,
                    stagger(t.fall_stagger, cell.col, board.cols())
                        + stagger(0.02, board.rows() - cell.row, board.rows()),
                    t.deal,
                    t.deal_easing,
                ),
            ));
        }
        p.index.put(cell, e);
    }
    let over = p.session.game.is_over();
    // A dealt board drops in first, even when it has no move (Dealing then hands over to
    // Over); otherwise its gems would stay where the deal starts them, above the board.
    p.next_phase.set(match (deal, over) {
        (true, _) => Phase::Dealing,
        (false, true) => Phase::Over,
        (false, false) => Phase::Idle,
    });
    p.rebuilt.write(BoardRebuilt);
}

/// On entering the Modern Gems screen: build the entities for the session's board.
fn spawn_current_board(mut p: SessionParams) {
    rebuild(&mut p, Rebuild::Deal);
}

/// The session's board laid out again at once, under its own rules (How to play's example
/// came or went).
pub(super) fn show_session(mut p: SessionParams) {
    rebuild(&mut p, Rebuild::Show);
}

/// When the theme changes, every gem takes its new look.
fn restyle_gems(
    theme: Res<Theme>,
    palette: Res<crate::kit::palette::Palette>,
    mut gems: Query<(&Kind, &mut Appearance)>,
) {
    for (kind, mut look) in &mut gems {
        let next = Appearance::of(&theme, &palette, kind.0);
        if *look != next {
            *look = next;
        }
    }
}

/// The default session before any menu choice: tiny, chained, human.
pub fn default_session() -> GemsSession {
    let board = gems_rules::gems::named_board("tiny").unwrap_or_else(|| {
        gems_rules::gems::random_board(3, 3, 2, 0).expect("a 3×3 board is valid")
    });
    GemsSession::new(
        "tiny".to_string(),
        board,
        gems_rules::gems::RemovalPolicy::Chained,
        Player::Interactive,
    )
}
