//! The desktop window's conventions, headless: F11 toggles borderless fullscreen and back, and
//! the window's size is kept in the settings when resized (not while fullscreen), within the
//! sizes the settings allow; the window draws only while something moves.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw, WindowMode, WindowResized};
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

#[test]
fn the_window_position_is_remembered_but_not_in_fullscreen() {
    use bevy::window::WindowMoved;
    let (mut app, window) = app();
    let move_to = |app: &mut App, x: i32, y: i32| {
        app.world_mut().write_message(WindowMoved {
            window,
            position: IVec2::new(x, y),
        });
        app.update();
    };
    move_to(&mut app, 120, 80);
    assert_eq!(
        app.world().resource::<Settings>().window_position,
        Some((120, 80))
    );
    press_f11(&mut app);
    move_to(&mut app, 0, 0);
    assert_eq!(
        app.world().resource::<Settings>().window_position,
        Some((120, 80)),
        "a fullscreen window's corner was kept"
    );
    press_f11(&mut app);
    move_to(&mut app, -900_000, 40);
    assert_eq!(
        app.world().resource::<Settings>().window_position,
        Some((-gems_formats::settings::WINDOW_POSITIONS, 40))
    );
}

/// The RequestRedraw messages read in the last update.
#[derive(Resource, Default)]
struct Redraws(usize);

fn redraws(app: &App) -> usize {
    app.world().resource::<Redraws>().0
}

#[test]
fn an_idle_window_rests_and_a_game_that_moves_keeps_it_drawing() {
    use modern_gems::app::window::GRACE_FRAMES;
    use modern_gems::kit::screens::ScreenStatus;
    let (mut app, _) = app();
    app.init_resource::<Redraws>().add_systems(
        Last,
        (|mut read: MessageReader<RequestRedraw>, mut count: ResMut<Redraws>| {
            count.0 = read.read().count();
        })
        .after(modern_gems::app::window::keep_drawing),
    );
    app.insert_resource(ScreenStatus {
        settled: false,
        over: false,
    });
    // Animating: every frame asks for the next.
    for _ in 0..5 {
        app.update();
        assert_eq!(redraws(&app), 1);
    }
    // Settled: a few frames more (a computer's turn starts within them), then nothing.
    app.world_mut().resource_mut::<ScreenStatus>().settled = true;
    for frame in 1..GRACE_FRAMES {
        app.update();
        assert_eq!(redraws(&app), 1, "grace frame {frame}");
    }
    for _ in 0..5 {
        app.update();
        assert_eq!(redraws(&app), 0, "an idle window asked to draw");
    }
    // Moving again: drawing again.
    app.world_mut().resource_mut::<ScreenStatus>().settled = false;
    app.update();
    assert_eq!(redraws(&app), 1);
}

#[test]
fn the_window_draws_only_on_change_unless_the_run_drives_it() {
    use bevy::winit::UpdateMode;
    use modern_gems::app::window::update_mode;
    use modern_gems::kit::launch::LaunchOptions;
    let plain = update_mode(&LaunchOptions::default());
    assert!(matches!(plain.focused_mode, UpdateMode::Reactive { .. }));
    let monkey = update_mode(&LaunchOptions {
        monkey: Some(1),
        ..LaunchOptions::default()
    });
    assert_eq!(monkey.focused_mode, UpdateMode::Continuous);
}
