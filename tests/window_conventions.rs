//! The desktop window's conventions, headless: F11 toggles borderless fullscreen and back, and
//! the window's size is kept in the settings when resized (not while fullscreen), within the
//! sizes the settings allow.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode, WindowResized};
use modern_gems::kit::settings::Settings;

fn app() -> (App, Entity) {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(Settings::default())
        .add_plugins(modern_gems::app::window::plugin);
    let window = app
        .world_mut()
        .spawn((Window::default(), PrimaryWindow))
        .id();
    (app, window)
}

fn press_f11(app: &mut App) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.clear();
    keys.press(KeyCode::F11);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(KeyCode::F11);
    keys.clear();
}

fn resize(app: &mut App, window: Entity, width: f32, height: f32) {
    app.world_mut().write_message(WindowResized {
        window,
        width,
        height,
    });
    app.update();
}

#[test]
fn f11_toggles_fullscreen_and_the_window_size_is_remembered() {
    let (mut app, window) = app();
    resize(&mut app, window, 1000.4, 700.0);
    assert_eq!(app.world().resource::<Settings>().window_size, (1000, 700));
    press_f11(&mut app);
    assert!(matches!(
        app.world().get::<Window>(window).unwrap().mode,
        WindowMode::BorderlessFullscreen(_)
    ));
    // A fullscreen size is not the window's.
    resize(&mut app, window, 3840.0, 2160.0);
    assert_eq!(app.world().resource::<Settings>().window_size, (1000, 700));
    press_f11(&mut app);
    assert_eq!(
        app.world().get::<Window>(window).unwrap().mode,
        WindowMode::Windowed
    );
    // Too small a window is kept at the smallest size the settings allow.
    resize(&mut app, window, 100.0, 50.0);
    assert_eq!(app.world().resource::<Settings>().window_size, (640, 400));
}
