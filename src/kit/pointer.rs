//! The pointer in the world: where the mouse (or a touch) is on the board, whether egui has
//! it, and where a click landed. Every game's input goes through these.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// The 2D camera every game's board is seen through.
pub type CameraView<'a> = (&'a Camera, &'a GlobalTransform);

/// Whether egui is using the pointer (over a panel, or dragging a widget): the world must then
/// ignore it.
pub fn over_ui(egui: Option<&EguiWantsInput>) -> bool {
    egui.is_some_and(|e| e.wants_pointer_input() || e.is_pointer_over_area())
}

/// The world point under a window position (a cursor or a touch).
pub fn to_world(camera: CameraView, pos: Vec2) -> Option<Vec2> {
    camera.0.viewport_to_world_2d(camera.1, pos).ok()
}

/// The world point under the mouse cursor, unless the cursor is outside the window or over an
/// egui panel.
pub fn cursor_world(
    window: &Window,
    camera: CameraView,
    egui: Option<&EguiWantsInput>,
) -> Option<Vec2> {
    if over_ui(egui) {
        return None;
    }
    to_world(camera, window.cursor_position()?)
}

/// Where in the world the left mouse button was just pressed, unless the press went to an egui
/// panel or the pointer is outside the window.
pub fn world_click(
    window: &Window,
    camera: CameraView,
    buttons: &ButtonInput<MouseButton>,
    egui: Option<&EguiWantsInput>,
) -> Option<Vec2> {
    if !buttons.just_pressed(MouseButton::Left) {
        return None;
    }
    cursor_world(window, camera, egui)
}
