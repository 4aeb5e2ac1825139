//! The theme editor's files and live preview, headless: "Save as" writes a player's theme that
//! reads back the same and joins the theme list; shipped names, bad names and failed writes are
//! refused with a message; the editor's draft is the theme on screen until it closes.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use modern_gems::app::editor::{self, ThemeEditor, load_player_themes, save_player_theme};
use modern_gems::app::library::PlayerThemes;
use modern_gems::app::library::{self, SHIPPED_THEMES};
use modern_gems::kit::paths::DataDir;
use modern_gems::kit::settings::{Settings, ThemeChoices};
use modern_gems::kit::theme::{GemShape, Theme};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gems-editor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn my_theme() -> Theme {
    let mut t = Theme {
        background: "#102030".into(),
        ..Theme::default()
    };
    t.gems[0].color = "#abcdef".into();
    t.gems[1].shape = GemShape::Star;
    t.gems[2].image = Some("themes/jewels/gem-3.png".into());
    t.timings.fall = 0.5;
    t.effects.max_shards = 42;
    t
}

#[test]
fn save_as_round_trips_and_refuses_what_it_must() {
    let dir = scratch("files");
    let data = DataDir(Some(dir.clone()));
    let taken: Vec<String> = SHIPPED_THEMES.iter().map(|s| s.to_string()).collect();
    let stem = save_player_theme(&data, " My Theme ", &my_theme(), &taken).unwrap();
    assert_eq!(stem, "my-theme");
    assert!(dir.join("themes/my-theme.theme.ron").is_file());
    let (found, errors) = load_player_themes(&data);
    assert!(errors.is_empty(), "{errors:?}");
    let mut expected = my_theme();
    expected.name = "My Theme".into();
    assert_eq!(found, vec![("my-theme".to_string(), expected)]);

    // A shipped theme is never overwritten, and a bad name says why.
    let e = save_player_theme(&data, "Classic", &my_theme(), &taken).unwrap_err();
    assert!(e.contains("comes with the game"), "{e}");
    let e = save_player_theme(&data, "a/b", &my_theme(), &taken).unwrap_err();
    assert!(e.contains("'/'"), "{e}");
    // A write that fails (the folder is a file) is an error, and nothing is half-written.
    let blocked = DataDir(Some(dir.join("themes/my-theme.theme.ron")));
    let e = save_player_theme(&blocked, "Other", &my_theme(), &taken).unwrap_err();
    assert!(e.contains("could not write"), "{e}");
    // A broken file among the player's themes is reported and left out.
    std::fs::write(dir.join("themes/broken.theme.ron"), "(\n  cursor: 5,\n)").unwrap();
    let (found, errors) = load_player_themes(&data);
    assert_eq!(found.len(), 1);
    assert!(
        errors[0].contains("broken.theme.ron") && errors[0].contains("line 2"),
        "{errors:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_theme_joins_the_list_and_the_draft_shows_live() {
    let dir = scratch("app");
    let data = DataDir(Some(dir.join("data")));
    save_player_theme(&data, "Mine", &my_theme(), &[]).unwrap();
    let root = dir.join("assets");
    std::fs::create_dir_all(root.join("themes")).unwrap();
    for stem in SHIPPED_THEMES {
        let file = format!("themes/{stem}.theme.ron");
        std::fs::copy(assets().join(&file), root.join(&file)).unwrap();
    }
    std::fs::create_dir_all(root.join("boards")).unwrap();
    let mut app = modern_gems::headless_asset_app(&root);
    app.init_resource::<Theme>()
        .init_resource::<ThemeChoices>()
        .insert_resource(data)
        .insert_resource(Settings {
            theme: "mine".into(),
            ..default()
        })
        .add_plugins((library::plugin, editor::plugin));
    let mut mine = my_theme();
    mine.name = "Mine".into();
    let step = |app: &mut App, what: &str, until: &dyn Fn(&App) -> bool| {
        for _ in 0..500 {
            app.update();
            if until(app) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("{what}: never happened");
    };
    step(&mut app, "the player's theme applies", &|a| {
        *a.world().resource::<Theme>() == mine
    });
    step(&mut app, "it is listed", &|a| {
        a.world()
            .resource::<ThemeChoices>()
            .0
            .iter()
            .any(|(s, n)| s == "mine" && n == "Mine (yours)")
    });
    assert!(app.world().resource::<PlayerThemes>().get("mine").is_some());

    // The editor's draft is what shows, live; closing the editor brings the chosen theme back.
    let mut draft = mine.clone();
    draft.board = "#ff00ff".into();
    {
        let mut editor = app.world_mut().resource_mut::<ThemeEditor>();
        editor.open = true;
        editor.draft = Some(draft.clone());
    }
    step(&mut app, "the draft shows", &|a| {
        *a.world().resource::<Theme>() == draft
    });
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<Theme>(),
        draft,
        "the library leaves the draft alone"
    );
    app.world_mut().resource_mut::<ThemeEditor>().open = false;
    step(&mut app, "the chosen theme returns", &|a| {
        *a.world().resource::<Theme>() == mine
    });
    assert!(app.world().resource::<ThemeEditor>().draft.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}
