//! The data players tweak: every shipped theme and board file parses, mistakes are reported with
//! their line, and the game keeps the last good theme when a theme file breaks.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use gems_rules::gems::{Board, named_board, named_board_names};
use modern_gems::app::library::{self, SHIPPED_THEMES, ThemeLibrary};
use modern_gems::games::gems::boards::{BoardAsset, shipped_boards};
use modern_gems::games::gems::model::{Appearance, GemsSession, Kind};
use modern_gems::kit::settings::{Notices, Settings, ThemeChoices};
use modern_gems::kit::theme::Theme;

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

fn theme_file(stem: &str) -> Theme {
    let path = assets().join(format!("themes/{stem}.theme.ron"));
    let text = std::fs::read_to_string(&path).unwrap();
    Theme::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_shipped_theme_parses_with_distinct_shapes_and_sounds_that_exist() {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(assets().join("themes")).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            // A theme's art (checked below, with the theme that names it).
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let stem = name
            .strip_suffix(".theme.ron")
            .expect("only theme files in assets/themes");
        let theme = theme_file(stem);
        // Every kind a game deals has a style the file itself defines (none borrowed from the
        // defaults), in a colour of its own.
        let path = assets().join(format!("themes/{stem}.theme.ron"));
        let text = std::fs::read_to_string(&path).unwrap();
        let defined = text.matches("shape:").count();
        assert!(
            defined >= usize::from(gems_rules::MAX_KINDS),
            "{stem}: {defined} styles, fewer than the {} kinds a game deals",
            gems_rules::MAX_KINDS
        );
        let colours: std::collections::HashSet<_> = theme.gems.iter().map(|g| &g.color).collect();
        assert_eq!(
            colours.len(),
            theme.gems.len(),
            "{stem}: two kinds share a colour"
        );
        let shapes: std::collections::HashSet<_> = theme.gems.iter().map(|g| g.shape).collect();
        assert_eq!(
            shapes.len(),
            theme.gems.len(),
            "{stem}: colour must never be the only cue"
        );
        for image in theme.images() {
            let bytes = std::fs::read(assets().join(image))
                .unwrap_or_else(|e| panic!("{stem}: {image}: {e}"));
            gems_formats::image::Rgba8::decode_png(&bytes)
                .unwrap_or_else(|e| panic!("{stem}: {image}: {e}"));
        }
        let s = &theme.sounds;
        for spec in [&s.select, &s.remove, &s.land, &s.shift, &s.game_over] {
            assert!(
                assets().join(&spec.file).is_file(),
                "{stem}: {} is missing",
                spec.file
            );
        }
        names.push(stem.to_string());
    }
    for shipped in SHIPPED_THEMES {
        assert!(
            names.iter().any(|n| n == shipped),
            "{shipped} is not shipped"
        );
    }
    // The built-in fallback is the classic file.
    assert_eq!(theme_file("classic"), Theme::default());
}

#[test]
fn a_broken_theme_is_rejected_with_its_line() {
    let text = std::fs::read_to_string(assets().join("themes/classic.theme.ron")).unwrap();
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let broken = text.replace("\"#282c40\"", "\"#28zz40\"");
    let e = Theme::parse(&broken).unwrap_err();
    assert_eq!(e.line, line_of("board: "), "{e}");
    let broken = text.replace("fall: 0.16,", "fall: 0.16 0.2,");
    let e = Theme::parse(&broken).unwrap_err();
    assert_eq!(e.line, line_of("fall: 0.16"), "{e}");
    let broken = text.replace("shape: star", "shape: blob");
    let e = Theme::parse(&broken).unwrap_err();
    assert_eq!(e.line, line_of("shape: star"), "{e}");
}

#[test]
fn every_shipped_board_parses_and_matches_the_rules() {
    for name in shipped_boards() {
        let path = assets().join(format!("boards/{name}.board"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let board =
            Board::from_save_string(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            board.save_string(),
            text,
            "{name} is in the save-string format"
        );
        if let Some(named) = named_board(&name) {
            assert_eq!(board, named, "{name}");
        } else {
            assert_eq!((board.rows(), board.cols()), (15, 15), "{name}");
            assert!(board.gems().all(|(_, k)| k <= 4), "{name}: colours 0..4");
        }
    }
    assert_eq!(shipped_boards().len(), named_board_names().count() + 20);
}

/// The standard positions are the published data set (checked when it is beside the repository).
#[test]
fn standard_positions_match_the_published_data() {
    let data =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/samegame-standard-testset.txt");
    let Ok(text) = std::fs::read_to_string(&data) else {
        eprintln!("data set not beside the repository; skipped");
        return;
    };
    let mut positions: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("# Position") {
            positions.push(String::new());
        } else if !line.starts_with('#') && !line.trim().is_empty() {
            let last = positions.last_mut().expect("a position header first");
            last.push_str(&line.split_whitespace().collect::<Vec<_>>().join(" "));
            last.push_str(" \n");
        }
    }
    assert_eq!(positions.len(), 20);
    for (i, expected) in positions.iter().enumerate() {
        let file =
            std::fs::read_to_string(assets().join(format!("boards/standard-{}.board", i + 1)))
                .unwrap();
        assert_eq!(&file, expected, "standard-{}", i + 1);
    }
}

/// Switching the theme restyles every gem entity (headless App).
#[test]
fn switching_theme_restyles_every_gem() {
    let board = named_board("large").unwrap();
    let mut app = modern_gems::games::gems::headless_app(
        GemsSession::new(
            "large".into(),
            board,
            gems_rules::gems::RemovalPolicy::Chained,
            gems_rules::gems::Player::Interactive,
        ),
        Duration::from_millis(16),
    );
    app.update();
    let check = |app: &mut App, theme: &Theme| {
        let world = app.world_mut();
        let mut n = 0;
        for (kind, look) in world.query::<(&Kind, &Appearance)>().iter(world) {
            let palette = modern_gems::kit::palette::Palette::of(theme);
            assert_eq!(*look, Appearance::of(theme, &palette, kind.0));
            n += 1;
        }
        assert_eq!(n, 70);
    };
    check(&mut app, &Theme::default());
    for stem in ["high-contrast", "neon", "classic"] {
        let theme = theme_file(stem);
        app.insert_resource(theme.clone());
        app.update();
        check(&mut app, &theme);
    }
}

/// A theme file that breaks while the game runs: a notice names the file and the line, and the
/// game keeps the last good theme. Runs the real asset server over a temporary asset folder.
#[test]
fn broken_theme_file_keeps_the_last_good_theme() {
    let root = std::env::temp_dir().join(format!("gems-assets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("assets/themes")).unwrap();
    std::fs::create_dir_all(root.join("assets/boards")).unwrap();
    let good = std::fs::read_to_string(assets().join("themes/neon.theme.ron")).unwrap();
    for stem in SHIPPED_THEMES {
        std::fs::write(root.join(format!("assets/themes/{stem}.theme.ron")), &good).unwrap();
    }
    std::fs::write(
        root.join("assets/themes/broken.theme.ron"),
        "(\n  name: \"Broken\",\n  cursor: 7,\n)\n",
    )
    .unwrap();
    for name in shipped_boards() {
        let file = format!("boards/{name}.board");
        std::fs::copy(assets().join(&file), root.join("assets").join(&file)).unwrap();
    }
    std::fs::write(root.join("assets/boards/mine.board"), "1 2\n3\n").unwrap();
    // SAFETY: this test binary runs this one test that reads the variable; set before any thread.
    unsafe { std::env::set_var("BEVY_ASSET_ROOT", &root) };

    let mut app = modern_gems::headless_asset_app(&root.join("assets"));
    app.init_resource::<Theme>()
        .init_resource::<ThemeChoices>()
        .insert_resource(Settings {
            theme: "classic".into(),
            ..default()
        })
        .add_plugins((library::plugin, modern_gems::games::gems::boards::plugin));
    let neon = Theme::parse(&good).unwrap();
    let step = |app: &mut App, until: &dyn Fn(&App) -> bool| {
        for _ in 0..500 {
            app.update();
            if until(app) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("condition never met");
    };
    step(&mut app, &|a| *a.world().resource::<Theme>() == neon);
    assert!(
        app.world()
            .resource::<ThemeLibrary>()
            .themes
            .iter()
            .any(|(n, _)| n == "broken")
    );
    // Choose the broken theme: the good one stays, and a notice names the file and the line.
    app.world_mut().resource_mut::<Settings>().theme = "broken".into();
    step(&mut app, &|a| a.world().resource::<Notices>().0.len() >= 2);
    let notices = app.world().resource::<Notices>().texts();
    let theme_notice = notices
        .iter()
        .find(|n| n.contains("broken.theme.ron"))
        .unwrap_or_else(|| panic!("theme notice missing: {notices:?}"));
    assert!(theme_notice.contains("line 3"), "{theme_notice}");
    let board_notice = notices
        .iter()
        .find(|n| n.contains("mine.board"))
        .expect("board notice");
    assert!(board_notice.contains("line 2"), "{board_notice}");
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(*app.world().resource::<Theme>(), neon);
    // Every good board loads (they load in the background, so give them time); the broken one
    // does not.
    let boards = |a: &App| a.world().resource::<Assets<BoardAsset>>().len();
    step(&mut app, &|a| boards(a) >= shipped_boards().len());
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(boards(&app), shipped_boards().len());
    let _ = std::fs::remove_dir_all(&root);
}
