//! The pointer in the world: where the mouse (or a touch) is on the board, whether egui has
//! it, and where a click landed. Every game's input goes through these.

use bevy::ecs::system::SystemParam;
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

/// The 2D camera every game's board is seen through.
pub type CameraView<'a> = (&'a Camera, &'a GlobalTransform);

/// Whether egui is using the pointer (over a panel, or dragging a widget): the world must then
/// ignore it.
pub fn over_ui(egui: Option<&EguiWantsInput>) -> bool {
    egui.is_some_and(|e| e.wants_pointer_input() || e.is_pointer_over_area())
}

/// Whether egui is using the keyboard (a text field has focus): the game's keys must then wait.
pub fn keys_taken(egui: Option<&EguiWantsInput>) -> bool {
    egui.is_some_and(|e| e.wants_keyboard_input())
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

/// The mouse over a game's world, for its input systems: where it points and where it
/// clicked, unless egui has it.
#[derive(SystemParam)]
pub struct WorldPointer<'w, 's> {
    window: Single<'w, 's, &'static Window, With<PrimaryWindow>>,
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform)>,
    buttons: Res<'w, ButtonInput<MouseButton>>,
    touches: Option<Res<'w, Touches>>,
    egui: Option<Res<'w, EguiWantsInput>>,
}

impl WorldPointer<'_, '_> {
    /// The world point under the mouse (none over egui or outside the window).
    pub fn hover(&self) -> Option<Vec2> {
        cursor_world(&self.window, *self.camera, self.egui.as_deref())
    }

    /// Where the left button was just pressed in the world, or a finger just touched it (a
    /// tap on a phone), if either happened off egui's panels.
    pub fn click(&self) -> Option<Vec2> {
        world_click(
            &self.window,
            *self.camera,
            &self.buttons,
            self.egui.as_deref(),
        )
        .or_else(|| {
            if over_ui(self.egui.as_deref()) {
                return None;
            }
            let touch = self.touches.as_ref()?.iter_just_pressed().next()?;
            to_world(*self.camera, touch.position())
        })
    }
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
