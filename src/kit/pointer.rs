//! The pointer in the world: where the mouse (or a touch) is on the board, whether egui has
//! it, and where a click landed. Every game's input goes through these.

use bevy::ecs::system::SystemParam;
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContext, EguiPreUpdateSet};

/// egui's own limit on how long a press may last and still be a click, in seconds.
const CLICK_SECONDS: f64 = 0.8;

/// Clicks that survive slow frames (see [`click_limit`]).
pub fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        tolerate_slow_frames.before(EguiPreUpdateSet::BeginPass),
    );
}

/// How long a press may last and still be a click, given the time since the last frame.
///
/// egui times a press by the frames its press and release land in, so a quick click whose two
/// halves fall on either side of a frame is timed a whole frame long. A slow page (a phone, or
/// a browser drawing in software, 0.8 s a frame at 1600×900) then loses clicks at random; the
/// limit grows by that frame.
pub fn click_limit(frame: std::time::Duration) -> f64 {
    CLICK_SECONDS + frame.as_secs_f64()
}

/// Gives egui this frame's [`click_limit`] before it reads the frame's input.
fn tolerate_slow_frames(time: Res<Time<Real>>, mut contexts: Query<&mut EguiContext>) {
    let limit = click_limit(time.delta());
    for mut context in &mut contexts {
        context
            .get_mut()
            .options_mut(|o| o.input_options.max_click_duration = limit);
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui;
    use std::time::Duration;

    /// Runs one egui frame at `time` with `events`, a button at the top left, and egui's click
    /// limit set for a frame that took `frame`; whether the button was clicked.
    fn frame(ctx: &egui::Context, time: f64, events: Vec<egui::Event>, frame: Duration) -> bool {
        ctx.options_mut(|o| o.input_options.max_click_duration = click_limit(frame));
        let input = egui::RawInput {
            time: Some(time),
            events,
            ..Default::default()
        };
        let mut clicked = false;
        ctx.begin_pass(input);
        egui::Area::new(egui::Id::new("bar"))
            .fixed_pos(egui::Pos2::ZERO)
            .show(ctx, |ui| clicked = ui.button("Share").clicked());
        ctx.end_pass().textures_delta.clear();
        clicked
    }

    /// Two frames with the pointer over the button (an area shows from its second frame).
    fn hover(ctx: &egui::Context, slow: Duration) {
        let moved = vec![egui::Event::PointerMoved(egui::pos2(10.0, 8.0))];
        assert!(!frame(ctx, -0.9, moved, slow));
        assert!(!frame(ctx, 0.0, vec![], slow));
    }

    /// The primary button going down or up over the button.
    fn button(pressed: bool) -> egui::Event {
        egui::Event::PointerButton {
            pos: egui::pos2(10.0, 8.0),
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        }
    }

    /// A press and a release on either side of a 0.9 s frame: a click for the kit, as for a
    /// player who clicked quickly on a slow page.
    #[test]
    fn a_quick_click_split_by_a_slow_frame_still_clicks() {
        let slow = Duration::from_millis(900);
        for (limit_frame, clicks) in [(slow, true), (Duration::ZERO, false)] {
            let ctx = egui::Context::default();
            hover(&ctx, slow);
            assert!(!frame(&ctx, 0.9, vec![button(true)], slow));
            assert_eq!(frame(&ctx, 1.8, vec![button(false)], limit_frame), clicks);
        }
    }

    /// A press held well past the limit is no click, however slow the frames.
    #[test]
    fn a_long_press_is_no_click_even_on_a_slow_page() {
        let slow = Duration::from_millis(900);
        let ctx = egui::Context::default();
        hover(&ctx, slow);
        assert!(!frame(&ctx, 0.9, vec![button(true)], slow));
        assert!(!frame(&ctx, 1.8, vec![], slow));
        assert!(!frame(&ctx, 2.7, vec![], slow));
        assert!(!frame(&ctx, 3.6, vec![button(false)], slow));
    }
}
