//! The player's own images: the theme editor's import checks a PNG like every theme image,
//! keeps it in `themes/images/` in the data directory and names it `yours://NAME.png`; a theme
//! that names it draws it (through the `yours` asset source), after a restart too; a bad file is
//! refused with its name and nothing is written.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use modern_gems::app::player_images::PlayerImages;
use modern_gems::kit::art::{self, ThemeImages};
use modern_gems::kit::paths::DataDir;
use modern_gems::kit::settings::Notices;
use modern_gems::kit::theme::Theme;

/// A PNG of `w × h` opaque pixels of one colour.
fn png(w: u32, h: u32, rgb: [u8; 3]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut e = png::Encoder::new(&mut out, w, h);
    e.set_color(png::ColorType::Rgb);
    e.set_depth(png::BitDepth::Eight);
    let data: Vec<u8> = (0..w * h).flat_map(|_| rgb).collect();
    e.write_header().unwrap().write_image_data(&data).unwrap();
    out
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gems-mine-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The files kept in the images folder.
fn kept(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("themes/images"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn an_import_is_checked_kept_and_named() {
    let dir = scratch("files");
    let images = PlayerImages::load(DataDir(Some(dir.clone())));
    let red = png(4, 4, [200, 0, 0]);
    assert_eq!(
        images.import("/somewhere/My Gem.png", &red),
        Ok("yours://my-gem.png".to_string())
    );
    assert_eq!(
        std::fs::read(dir.join("themes/images/my-gem.png")).unwrap(),
        red
    );
    // The same picture again keeps its name; another picture of that name gets a number.
    assert_eq!(
        images.import("My Gem.png", &red).as_deref(),
        Ok("yours://my-gem.png")
    );
    let blue = png(4, 4, [0, 0, 200]);
    assert_eq!(
        images.import("my gem.PNG", &blue).as_deref(),
        Ok("yours://my-gem-2.png")
    );
    assert_eq!(
        images.paths(),
        ["yours://my-gem-2.png", "yours://my-gem.png"]
    );

    // Bad files are refused by name, and nothing is written.
    let e = images.import("notes.png", b"hello").unwrap_err();
    assert!(
        e.starts_with("notes.png was not imported: not a readable PNG"),
        "{e}"
    );
    let e = images
        .import("wide.png", &png(2049, 1, [0; 3]))
        .unwrap_err();
    assert!(e.contains("2049×1"), "{e}");
    let e = images.import("empty.png", &[]).unwrap_err();
    assert!(e.contains("empty.png"), "{e}");
    let e = images
        .import_file(&dir.join("no-such-file.png"))
        .unwrap_err();
    assert!(e.contains("no-such-file.png was not imported"), "{e}");
    assert_eq!(kept(&dir), ["my-gem-2.png", "my-gem.png"]);

    // A folder that cannot be written is an error, not a panic.
    let blocked = scratch("blocked");
    std::fs::write(blocked.join("themes"), "a file where the folder should be").unwrap();
    let images = PlayerImages::load(DataDir(Some(blocked.clone())));
    let e = images.import("x.png", &red).unwrap_err();
    assert!(e.contains("could not be stored"), "{e}");
    let images = PlayerImages::load(DataDir(None));
    let e = images.import("x.png", &red).unwrap_err();
    assert!(e.contains("no data directory"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&blocked);
}

fn step_until(app: &mut App, what: &str, until: impl Fn(&mut App) -> bool) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(20) {
        app.update();
        if until(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("{what}: never happened");
}

/// An app whose asset server has the player's images of `data` as its `yours` source.
fn app_with(data: &DataDir, root: &std::path::Path, theme: Theme) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    PlayerImages::load(data.clone()).register(&mut app);
    app.add_plugins(bevy::asset::AssetPlugin {
        file_path: root.to_string_lossy().into_owned(),
        ..default()
    })
    .init_resource::<Notices>()
    .insert_resource(theme)
    .add_plugins(art::plugin);
    app
}

#[test]
fn a_theme_draws_the_players_image_after_a_restart_too() {
    let dir = scratch("app");
    let data = DataDir(Some(dir.join("data")));
    let path = PlayerImages::load(data.clone())
        .import("gem.png", &png(4, 2, [10, 200, 30]))
        .unwrap();
    let mut theme = Theme::default();
    theme.gems[0].image = Some(path);
    theme.gems[1].image = Some("yours://gone.png".into());
    // A fresh app, as after a restart: the image comes from the data directory.
    let mut app = app_with(&data, &dir, theme);
    step_until(&mut app, "the player's image loads", |app| {
        app.world().resource::<ThemeImages>().gems[0].is_some()
    });
    let handle = app.world().resource::<ThemeImages>().gems[0]
        .clone()
        .unwrap();
    let textures = app.world().resource::<Assets<Image>>();
    let image = textures.get(&handle).unwrap();
    assert_eq!((image.width(), image.height()), (4, 2));
    assert_eq!(&image.data.as_ref().unwrap()[..4], &[10, 200, 30, 255]);
    // A missing one is a notice that names it, and its style draws the shape.
    step_until(&mut app, "a notice for the missing image", |app| {
        let n = app.world().resource::<Notices>();
        n.0.iter()
            .any(|n| n.text.contains("Your image gone.png cannot be used"))
    });
    assert!(app.world().resource::<ThemeImages>().gems[1].is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_deleted_image_leaves_memory_and_the_data_directory() {
    let dir = scratch("delete");
    let images = PlayerImages::load(DataDir(Some(dir.clone())));
    let cat = images.import("cat.png", &png(2, 2, [9, 9, 9])).unwrap();
    let dog = images.import("dog.png", &png(2, 2, [1, 2, 3])).unwrap();
    images.delete(&cat).unwrap();
    assert_eq!(images.paths(), std::slice::from_ref(&dog));
    assert_eq!(kept(&dir), ["dog.png"]);
    // After a restart too; deleting again is not an error.
    let again = PlayerImages::load(DataDir(Some(dir.clone())));
    assert_eq!(again.paths(), [dog]);
    again.delete(&cat).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
