//! The mouse and the keyboard on K in a row's board: a click (or Space on the cursor) places a
//! tile, or toggles an unavailable square while the board is being edited.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;

use gems_rules::k_in_a_row::Move;

use super::model::{KAction, KCursor, KSession};
use super::view::KLayout;
use crate::kit::pointer::WorldPointer;

/// Reads the mouse and the keyboard.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (click).in_set(super::set(GameSystems::Input)))
        .add_plugins(keys_plugin);
}

/// Reads the keyboard and gamepads (no window needed: tests press keys headless).
pub fn keys_plugin(app: &mut App) {
    app.init_resource::<KCursor>()
        .add_systems(Update, keyboard.in_set(super::set(GameSystems::Input)));
}

/// The arrows or WASD (by their places), or a gamepad's pad, move the cursor; Space, Enter or
/// South place a tile under it (or, while editing, mark its square unavailable); V turns
/// Analyse on or off.
fn keyboard(
    keys: crate::kit::keys::GameKeys,
    session: Res<KSession>,
    mut cursor: ResMut<KCursor>,
    mut actions: MessageWriter<KAction>,
    analysis: Option<ResMut<super::analysis::KAnalysis>>,
) {
    if keys.taken() {
        return;
    }
    if keys.letter('v')
        && let Some(mut analysis) = analysis
    {
        analysis.on = !analysis.on;
    }
    let n = session.game.board().size();
    if let Some((dr, dc)) = keys.direction() {
        let step = |v: usize, d: i32| (v as i64 + i64::from(d)).clamp(0, n as i64 - 1) as usize;
        if cursor.visible {
            cursor.row = step(cursor.row, dr);
            cursor.col = step(cursor.col, dc);
        } else {
            // The first key press shows the cursor in the middle of the board.
            (cursor.row, cursor.col) = (n / 2, n / 2);
        }
        cursor.visible = true;
    }
    (cursor.row, cursor.col) = (cursor.row.min(n - 1), cursor.col.min(n - 1));
    if keys.select() || keys.enter() {
        if cursor.visible {
            let (r, c) = (cursor.row, cursor.col);
            actions.write(if session.editing {
                KAction::ToggleUnavailable(r, c)
            } else {
                KAction::Place(Move::new(r, c))
            });
        } else {
            (cursor.row, cursor.col) = (n / 2, n / 2);
        }
        cursor.visible = true;
    }
}

fn click(
    pointer: WorldPointer,
    layout: Res<KLayout>,
    session: Res<KSession>,
    mut actions: MessageWriter<KAction>,
) {
    let Some(world) = pointer.click() else {
        return;
    };
    if let Some((r, c)) = layout.cell_at(world) {
        actions.write(if session.editing {
            KAction::ToggleUnavailable(r, c)
        } else {
            KAction::Place(Move::new(r, c))
        });
    }
}
