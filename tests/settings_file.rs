//! The settings file is written when a change has settled, not on every frame a slider is
//! dragged; and a change not yet written is written when the app closes.

use std::time::Duration;

use bevy::prelude::*;
use modern_gems::app::settings;
use modern_gems::headless_screen_app;
use modern_gems::kit::paths::DataDir;
use modern_gems::kit::settings::Settings;

/// The volume in the settings file, if there is one.
fn volume_on_disk(path: &std::path::Path) -> Option<f32> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(gems_formats::settings::Settings::parse(&text).ok()?.volume)
}

#[test]
fn settings_are_written_once_the_slider_is_let_go_and_when_the_app_closes() {
    let dir = std::env::temp_dir().join(format!("gems-settings-file-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("settings.ron");
    let mut app = headless_screen_app(modern_gems::games::gems::SCREEN, Duration::from_millis(16));
    app.insert_resource(DataDir(Some(dir.clone())))
        .add_plugins(settings::plugin);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(volume_on_disk(&path), None, "loading writes nothing");
    // A slider dragged for a second: a new volume every frame, nothing written meanwhile.
    for i in 0..60 {
        app.world_mut().resource_mut::<Settings>().volume = i as f32 / 100.0;
        app.update();
        assert_eq!(
            volume_on_disk(&path),
            None,
            "written while dragging (frame {i})"
        );
    }
    // Let go: written once it has settled.
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(volume_on_disk(&path), Some(0.59));
    // A change, then the app closes at once: the change is written on the way out.
    app.world_mut().resource_mut::<Settings>().volume = 0.25;
    app.update();
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(volume_on_disk(&path), Some(0.25));
    let _ = std::fs::remove_dir_all(&dir);
}
