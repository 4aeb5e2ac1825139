//! The desktop window's conventions: the game's icon (the web app's, built in), F11 toggles
//! fullscreen (borderless, on the window's monitor), and the window's size is kept in the
//! settings when the player resizes it (never a fullscreen size), so that the next start opens
//! the window at that size (`game_app` reads it).

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode, WindowResized};

use crate::kit::settings::Settings;

/// The icon, F11 fullscreen and the remembered window size.
pub fn plugin(app: &mut App) {
    app.add_message::<WindowResized>()
        .add_systems(Update, (remember_size, toggle_fullscreen, set_icon));
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
    let (Some(mut settings), Ok(window)) = (settings, window.get(last.window)) else {
        return;
    };
    if window.mode != WindowMode::Windowed {
        return;
    }
    let size = (last.width.round() as u32, last.height.round() as u32);
    let ((w0, h0), (w1, h1)) = gems_formats::settings::WINDOW_SIZES;
    let size = (size.0.clamp(w0, w1), size.1.clamp(h0, h1));
    if settings.window_size != size {
        settings.window_size = size;
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
