//! The desktop window's conventions: the game's icon (the web app's, built in), F11 toggles
//! fullscreen (borderless, on the window's monitor), and the window's size is kept in the
//! settings when the player resizes it (never a fullscreen size), so that the next start opens
//! the window at that size (`game_app` reads it).
//!
//! The window draws only when something changes: an input event, or a game that is not
//! settled (animating, its computer thinking, effects in flight) asks for the next frame
//! ([`keep_drawing`]); otherwise it waits for an event, at most [`IDLE_WAIT`]. The title's
//! drifting gems keep it drawing, and so does a connected gamepad (its buttons are read each
//! frame, not sent as window events), or a run that drives the window itself (the monkey,
//! screenshots, `--exit-after-game`).

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::{
    MonitorSelection, PrimaryWindow, RequestRedraw, WindowMode, WindowMoved, WindowResized,
};
use bevy::winit::{UpdateMode, WinitSettings};

use crate::kit::fx::{Celebrating, FloatingText, Shard};
use crate::kit::launch::LaunchOptions;
use crate::kit::screens::{Screen, ScreenStatus};
use crate::kit::settings::Settings;

/// How long an idle window waits for an event before it draws anyway (a clock's seconds, a
/// notice's time, a changed file).
pub const IDLE_WAIT: Duration = Duration::from_secs(1);

/// Frames still drawn after the last busy one: a computer's turn or an autoplay move starts
/// within a frame or two of the previous move settling.
pub const GRACE_FRAMES: u32 = 20;

/// The icon, F11 fullscreen, the remembered window size, and drawing only when something
/// changes.
pub fn plugin(app: &mut App) {
    app.add_message::<WindowResized>()
        .add_message::<RequestRedraw>()
        .add_message::<WindowMoved>()
        .add_systems(
            Update,
            (
                remember_size,
                remember_position,
                toggle_fullscreen,
                set_icon,
            ),
        )
        .add_systems(Last, keep_drawing)
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
}

/// How the window updates for a run started with `opts`: only when something changes, unless
/// the run drives the window itself (the monkey, screenshots, `--exit-after-game`,
/// `--autoplay`), which then draws every frame.
pub fn update_mode(opts: &LaunchOptions) -> WinitSettings {
    let drives_itself =
        opts.monkey.is_some() || opts.screenshot.is_some() || opts.exit_after_game || opts.autoplay;
    if drives_itself {
        WinitSettings::game()
    } else {
        WinitSettings {
            focused_mode: UpdateMode::reactive(IDLE_WAIT),
            unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
        }
    }
}

/// bevy_egui tells egui the keyboard's modifiers as an event every frame, and egui repaints at
/// once after any event, so an idle window would never rest: the event goes when the
/// modifiers are as they were (egui still reads them from the input's own field).
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| match event {
            bevy_egui::egui::Event::ModifiersChanged(now) => {
                let changed = *last != Some(*now);
                *last = Some(*now);
                changed
            }
            _ => true,
        });
    }
}

/// Asks for the next frame while anything moves or may move on its own: the title's drifting
/// gems, a game that has not settled, a computer job, effects in flight, a gamepad; and for
/// [`GRACE_FRAMES`] more.
pub fn keep_drawing(
    screen: Option<Res<State<Screen>>>,
    status: Option<Res<ScreenStatus>>,
    effects: Query<(), Or<(With<Shard>, With<FloatingText>, With<Celebrating>)>>,
    pads: Query<(), With<Gamepad>>,
    mut grace: Local<u32>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let busy = screen.as_ref().is_some_and(|s| *s.get() == Screen::Title)
        || status.as_ref().is_some_and(|s| !s.settled)
        || crate::kit::ai::jobs_alive() > 0
        || !effects.is_empty()
        || !pads.is_empty();
    if busy {
        *grace = GRACE_FRAMES;
    } else {
        *grace = grace.saturating_sub(1);
    }
    if *grace > 0 {
        redraw.write(RequestRedraw);
    }
}

/// The window's icon: the web app's (`web/icons/icon-192.png`), built in.
const ICON_PNG: &[u8] = include_bytes!("../../web/icons/icon-192.png");

/// Gives the window the game's icon once winit has made it (X11 and Windows show it; Wayland
/// takes a program's icon from its desktop file instead).
fn set_icon(
    primary: Query<Entity, With<PrimaryWindow>>,
    mut done: Local<bool>,
    _winit_lives_on_this_thread: bevy::ecs::system::NonSendMarker,
) {
    if *done {
        return;
    }
    let Ok(entity) = primary.single() else {
        return;
    };
    bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
        let Some(window) = windows.get_window(entity) else {
            return;
        };
        *done = true;
        match icon() {
            Ok(icon) => window.set_window_icon(Some(icon)),
            Err(e) => tracing::warn!("the window's icon: {e}"),
        }
    });
}

/// The icon as winit takes it.
fn icon() -> Result<winit::window::Icon, String> {
    let image = gems_formats::image::Rgba8::decode_png(ICON_PNG).map_err(|e| e.to_string())?;
    winit::window::Icon::from_rgba(image.pixels, image.width, image.height)
        .map_err(|e| e.to_string())
}

/// Keeps the window's size in the settings when the player resizes it (not in fullscreen).
fn remember_size(
    mut resized: MessageReader<WindowResized>,
    window: Query<&Window, With<PrimaryWindow>>,
    settings: Option<ResMut<Settings>>,
) {
    let Some(last) = resized.read().last() else {
        return;
    };
    let Some(mut settings) = windowed(settings, &window, last.window) else {
        return;
    };
    let size = (last.width.round() as u32, last.height.round() as u32);
    let ((w0, h0), (w1, h1)) = gems_formats::settings::WINDOW_SIZES;
    let size = (size.0.clamp(w0, w1), size.1.clamp(h0, h1));
    if settings.window_size != size {
        settings.window_size = size;
    }
}

/// The settings, when `entity` is the primary window and it is a window (a fullscreen size or
/// place is not kept).
fn windowed<'a>(
    settings: Option<ResMut<'a, Settings>>,
    window: &Query<&Window, With<PrimaryWindow>>,
    entity: Entity,
) -> Option<ResMut<'a, Settings>> {
    let windowed = window
        .get(entity)
        .is_ok_and(|w| w.mode == WindowMode::Windowed);
    settings.filter(|_| windowed)
}

/// Keeps where the player moved the window in the settings (not in fullscreen; Wayland never
/// says), so that the next start opens it there (`game_app` reads it).
fn remember_position(
    mut moved: MessageReader<WindowMoved>,
    window: Query<&Window, With<PrimaryWindow>>,
    settings: Option<ResMut<Settings>>,
) {
    let Some(last) = moved.read().last() else {
        return;
    };
    let Some(mut settings) = windowed(settings, &window, last.window) else {
        return;
    };
    let far = gems_formats::settings::WINDOW_POSITIONS;
    let at = Some((
        last.position.x.clamp(-far, far),
        last.position.y.clamp(-far, far),
    ));
    if settings.window_position != at {
        settings.window_position = at;
    }
}

/// F11: fullscreen on the window's monitor, or back to the window.
fn toggle_fullscreen(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
) {
    if !keys.is_some_and(|k| k.just_pressed(KeyCode::F11)) {
        return;
    }
    if let Ok(mut window) = window.single_mut() {
        window.mode = match window.mode {
            WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            _ => WindowMode::Windowed,
        };
    }
}
