//! Mouse, touch and keyboard become [`DotsAction`]s: press on a dot, drag from dot to dot,
//! release to remove; clicks extend or (on the last dot) deselect.

use bevy::input::touch::Touches;
use bevy::prelude::*;

use crate::kit::schedule::GameSystems;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use gems_rules::dots::Point;

use super::ai::DotsAutoplay;
use super::model::{DotsAction, DotsCursor, DotsSession};
use super::view::DotsLayout;
use bevy::input::gamepad::GamepadButton;

/// How close to a dot's centre (in cells) a drag must pass to take it: less than half a cell,
/// so that cutting a corner does not pick a diagonal neighbour.
const DRAG_REACH: f32 = 0.42;

/// Reads the devices.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (pointer, touch).in_set(super::set(GameSystems::Input)),
    )
    .add_plugins(keys_plugin);
}

/// Reads the keyboard (no window needed: tests press keys headless).
pub fn keys_plugin(app: &mut App) {
    app.add_systems(Update, keyboard.in_set(super::set(GameSystems::Input)));
}

fn dot_under(
    pos: Vec2,
    camera: (&Camera, &GlobalTransform),
    layout: &DotsLayout,
    reach: f32,
) -> Option<Point> {
    layout.dot_at(crate::kit::pointer::to_world(camera, pos)?, reach)
}

fn pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<DotsLayout>,
    buttons: Res<ButtonInput<MouseButton>>,
    egui: Option<Res<EguiWantsInput>>,
    mut last: Local<Option<Point>>,
    mut actions: MessageWriter<DotsAction>,
) {
    let over_ui = crate::kit::pointer::over_ui(egui.as_deref());
    let Some(pos) = window.cursor_position() else {
        return;
    };
    if buttons.just_pressed(MouseButton::Left) && !over_ui {
        if let Some(p) = dot_under(pos, *camera, &layout, 0.5) {
            actions.write(DotsAction::Press(p));
            *last = Some(p);
        }
    } else if buttons.pressed(MouseButton::Left) {
        let p = dot_under(pos, *camera, &layout, DRAG_REACH);
        if p.is_some() && p != *last {
            actions.write(DotsAction::Drag(p.unwrap_or(Point::new(0, 0))));
            *last = p;
        }
    }
    if buttons.just_released(MouseButton::Left) {
        actions.write(DotsAction::Release);
        *last = None;
    }
    if buttons.just_pressed(MouseButton::Right) && !over_ui {
        actions.write(DotsAction::Clear);
    }
}

fn touch(
    touches: Res<Touches>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<DotsLayout>,
    mut last: Local<Option<Point>>,
    mut actions: MessageWriter<DotsAction>,
) {
    for t in touches.iter_just_pressed() {
        if let Some(p) = dot_under(t.position(), *camera, &layout, 0.5) {
            actions.write(DotsAction::Press(p));
            *last = Some(p);
        }
    }
    for t in touches.iter() {
        if let Some(p) = dot_under(t.position(), *camera, &layout, DRAG_REACH)
            && Some(p) != *last
        {
            actions.write(DotsAction::Drag(p));
            *last = Some(p);
        }
    }
    if touches.iter_just_released().next().is_some() {
        actions.write(DotsAction::Release);
        *last = None;
    }
}

/// The arrows or WASD (by their places) move the cursor; Space starts a path at its dot,
/// extends it there or steps back; Enter removes the path, Backspace clears it; C switches
/// autoplay (undo, hint and the other letters are the kit's shared keys). A gamepad's pad
/// moves the cursor and South selects, or ends a path on its last dot.
fn keyboard(
    keys: crate::kit::keys::GameKeys,
    session: Res<DotsSession>,
    mut cursor: ResMut<DotsCursor>,
    mut autoplay: ResMut<DotsAutoplay>,
    mut actions: MessageWriter<DotsAction>,
) {
    if keys.taken() {
        return;
    }
    let n = session.game.board().size();
    if let Some((dy, dx)) = keys.direction() {
        let step = |v: usize, d: i32| (v as i64 + i64::from(d)).clamp(0, n as i64 - 1) as usize;
        if cursor.visible {
            cursor.at = Point::new(step(cursor.at.x, dx), step(cursor.at.y, dy));
        }
        // The first key press only shows the cursor where it is.
        cursor.visible = true;
    }
    cursor.at = Point::new(cursor.at.x.min(n - 1), cursor.at.y.min(n - 1));
    let sel = session.game.selection();
    let ends_path =
        keys.pad(GamepadButton::South) && sel.len() >= 2 && sel.last() == Some(&cursor.at);
    if ends_path || keys.enter() {
        actions.write(DotsAction::Remove);
    } else if keys.select() {
        if cursor.visible {
            // As a click: start, extend or step back (a click never removes).
            actions.write(DotsAction::Press(cursor.at));
            actions.write(DotsAction::Release);
        }
        cursor.visible = true;
    }
    if keys.place(KeyCode::Backspace) {
        actions.write(DotsAction::Clear);
    }
    if keys.letter('c') && !keys.ctrl() {
        autoplay.enabled = !autoplay.enabled;
    }
}
