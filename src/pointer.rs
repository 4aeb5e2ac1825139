//! Pointer helpers shared by the games' input systems.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// Where in the world the left mouse button was just pressed, unless the press went to an egui
/// panel or the pointer is outside the window.
pub fn world_click(
    window: &Window,
    camera: (&Camera, &GlobalTransform),
    buttons: &ButtonInput<MouseButton>,
    egui: Option<&EguiWantsInput>,
) -> Option<Vec2> {
    if !buttons.just_pressed(MouseButton::Left)
        || egui.is_some_and(|e| e.wants_pointer_input() || e.is_pointer_over_area())
    {
        return None;
    }
    let pos = window.cursor_position()?;
    camera.0.viewport_to_world_2d(camera.1, pos).ok()
}
