//! Grid Duel's input: hovering highlights a row and clicking regenerates it; keys choose too.

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;

use super::model::{DuelAction, Stage};
use super::view::{HoverRow, row_at};
use crate::kit::pointer::WorldPointer;

/// Reads the mouse and the keyboard.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HoverRow>()
        .add_systems(Update, read_input.in_set(super::set(GameSystems::Input)))
        .add_plugins(keys_plugin);
}

/// Reads the keyboard (no window needed: tests press keys headless).
pub fn keys_plugin(app: &mut App) {
    app.add_systems(Update, keyboard.in_set(super::set(GameSystems::Input)));
}

/// Hovering highlights a row; clicking it regenerates that row.
fn read_input(
    pointer: WorldPointer,
    stage: Res<State<Stage>>,
    mut hover: ResMut<HoverRow>,
    mut actions: MessageWriter<DuelAction>,
) {
    let row = pointer.hover().and_then(row_at);
    hover.set_if_neq(HoverRow(row));
    if *stage.get() != Stage::Choosing {
        return;
    }
    if let Some(r) = pointer.click().and_then(row_at) {
        actions.write(DuelAction::RegenerateRow(r + 1));
    }
}

/// Keys: 1–9 a row, G the whole grid (the key printed G), Enter or Space keeps the grid.
fn keyboard(
    keys: crate::kit::keys::GameKeys,
    stage: Res<State<Stage>>,
    mut actions: MessageWriter<DuelAction>,
) {
    if *stage.get() != Stage::Choosing || keys.taken() || keys.ctrl() {
        return;
    }
    const DIGITS: [KeyCode; 9] = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    const NUMPAD: [KeyCode; 9] = [
        KeyCode::Numpad1,
        KeyCode::Numpad2,
        KeyCode::Numpad3,
        KeyCode::Numpad4,
        KeyCode::Numpad5,
        KeyCode::Numpad6,
        KeyCode::Numpad7,
        KeyCode::Numpad8,
        KeyCode::Numpad9,
    ];
    let digit = (0..9).find(|&i| keys.place(DIGITS[i]) || keys.place(NUMPAD[i]));
    if let Some(i) = digit {
        actions.write(DuelAction::RegenerateRow(i + 1));
    } else if keys.letter('g') {
        actions.write(DuelAction::RegenerateGrid);
    } else if keys.select() || keys.enter() {
        actions.write(DuelAction::Keep);
    }
}
