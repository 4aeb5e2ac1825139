//! Turns mouse, touch and keyboard into [`GemsAction`]s. Input is read only while the board is
//! idle and egui is not using it.

use bevy::input::touch::Touches;
use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use super::model::Phase;
use super::model::{BoardRebuilt, GemsAction, KeyCursor, Selection};
use crate::kit::layout::BoardLayout;
use crate::kit::status::MoveSettled;

/// Reads the devices.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (pointer, touch)
            .run_if(in_state(Phase::Idle))
            .in_set(super::set(GameSystems::Input)),
    )
    .add_plugins(keys_plugin);
}

/// Reads the keyboard (no window needed: tests press keys headless).
pub fn keys_plugin(app: &mut App) {
    app.add_systems(Update, keyboard.in_set(super::set(GameSystems::Input)));
}

/// The board cell under a window position.
fn cell_under(
    pos: Vec2,
    camera: (&Camera, &GlobalTransform),
    layout: &BoardLayout,
) -> Option<gems_rules::gems::Cell> {
    layout.cell_at(crate::kit::pointer::to_world(camera, pos)?)
}

/// Hover follows the mouse; a left click removes the group under it. After the board changes
/// the group under a resting mouse is highlighted again.
fn pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<BoardLayout>,
    buttons: Res<ButtonInput<MouseButton>>,
    egui: Option<Res<EguiWantsInput>>,
    selection: Res<Selection>,
    mut settled: MessageReader<MoveSettled>,
    mut rebuilt: MessageReader<BoardRebuilt>,
    mut last: Local<Option<Vec2>>,
    mut actions: MessageWriter<GemsAction>,
) {
    let moved = settled.read().any(|m| m.game == super::SCREEN);
    if rebuilt.read().count() > 0 || moved {
        *last = None;
    }
    let over_ui = crate::kit::pointer::over_ui(egui.as_deref());
    let pos = window.cursor_position();
    let cell = match pos {
        Some(p) if !over_ui => cell_under(p, *camera, &layout),
        _ => None,
    };
    let moved = *last != pos;
    *last = pos;
    if moved && selection.hovered != cell {
        actions.write(GemsAction::Hover(cell));
    }
    if buttons.just_pressed(MouseButton::Left)
        && let Some(cell) = cell
    {
        actions.write(GemsAction::Select(cell));
    }
}

/// On touch screens the first tap highlights a group and a second tap on it removes it.
fn touch(
    touches: Res<Touches>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<BoardLayout>,
    egui: Option<Res<EguiWantsInput>>,
    selection: Res<Selection>,
    mut actions: MessageWriter<GemsAction>,
) {
    if egui.is_some_and(|e| e.wants_pointer_input()) {
        return;
    }
    for t in touches.iter_just_pressed() {
        let Some(cell) = cell_under(t.position(), *camera, &layout) else {
            continue;
        };
        if selection.group.contains(&cell) {
            actions.write(GemsAction::Select(cell));
        } else {
            actions.write(GemsAction::Hover(Some(cell)));
        }
    }
}

/// Arrows/WASD (by their places) or a gamepad's pad move the cursor, Space/Enter or South remove (undo, redo, hint and the
/// other letters are the kit's shared keys, `kit::keys`).
fn keyboard(
    keys: crate::kit::keys::GameKeys,
    mut cursor: ResMut<KeyCursor>,
    mut actions: MessageWriter<GemsAction>,
) {
    if keys.taken() {
        return;
    }
    if let Some((dr, dc)) = keys.direction() {
        if cursor.visible {
            actions.write(GemsAction::MoveCursor(dr, dc));
        } else {
            // The first key press only shows the cursor where it is.
            cursor.visible = true;
            actions.write(GemsAction::MoveCursor(0, 0));
        }
    }
    if keys.select() || keys.enter() {
        actions.write(GemsAction::SelectCursor);
    }
}
