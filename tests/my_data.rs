//! Settings → "Export my data" and "Import": everything of the player's in one file, read back
//! into a fresh data folder unchanged; scores merged, never replaced; a bad file changes
//! nothing.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use modern_gems::app::my_data::{self, MyDataPanel, MyDataRequest, export_text, import_text};
use modern_gems::app::player_images::PlayerImages;
use modern_gems::kit::paths::DataDir;
use modern_gems::kit::scores::HighScores;
use modern_gems::kit::settings::{Notices, Settings, write_settings_file};
use modern_gems::kit::theme::Theme;

/// A fresh data folder.
fn fresh(tag: &str) -> DataDir {
    let dir = std::env::temp_dir().join(format!("gems-my-data-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    DataDir(Some(dir))
}

fn root(data: &DataDir) -> &Path {
    data.0.as_deref().unwrap()
}

/// A data folder holding one file of every kind: two scores and a counter, settings, a theme,
/// an image and a saved game.
fn filled(tag: &str) -> DataDir {
    let data = fresh(tag);
    let mut scores = HighScores::load(data.file("scores.ron"));
    scores.record("tiny|chained", 25);
    scores.record("random:8x8:4:3|chained", 40);
    scores.count("k|won");
    let settings = Settings {
        theme: "jewels".into(),
        volume: 0.25,
        ..Settings::default()
    };
    write_settings_file(&settings, &data.file("settings.ron").unwrap()).unwrap();
    let theme = Theme {
        name: "Evening".into(),
        ..Theme::default()
    };
    modern_gems::app::editor::save_player_theme(&data, "Evening", &theme, &[]).unwrap();
    let png = std::fs::read(asset("themes/jewels/gem-2.png")).unwrap();
    PlayerImages::load(data.clone())
        .import("My Cat.png", &png)
        .unwrap();
    let saves = data.saves().unwrap();
    std::fs::create_dir_all(&saves).unwrap();
    std::fs::write(
        saves.join("evening.mg"),
        "12 3 InteractivePlayer ChainedRemovalPolicy\n1 2\n2 1\n",
    )
    .unwrap();
    data
}

/// A [`filled`] folder and its export's text.
fn exported(tag: &str) -> (DataDir, String) {
    let data = filled(tag);
    let (text, ..) = export_text(&data, "2026-11-27").unwrap();
    (data, text)
}

/// Deletes the test's folders.
fn remove(folders: [DataDir; 2]) {
    for d in folders {
        let _ = std::fs::remove_dir_all(root(&d));
    }
}

fn asset(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join(path)
}

/// Every file under `dir`, relative path → bytes (lock files aside).
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if !p.to_string_lossy().ends_with(".lock") {
                let rel = p
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push((rel, std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn export_my_data_round_trips_into_a_fresh_data_folder() {
    let a = filled("a");
    let (text, count, problems) = export_text(&a, "2026-11-27").unwrap();
    assert_eq!((count, problems.len()), (5, 0), "{problems:?}");
    let b = fresh("b");
    let mut scores = HighScores::load(b.file("scores.ron"));
    let done = import_text(&b, &mut scores, &text).unwrap();
    assert_eq!((done.written, done.skipped.len()), (5, 0), "{done:?}");
    assert_eq!(files(root(&b)), files(root(&a)));
    assert_eq!(scores.best("tiny|chained"), Some(25));
    // Importing the same file again changes nothing (the scores merge, not add up).
    import_text(&b, &mut scores, &text).unwrap();
    assert_eq!(files(root(&b)), files(root(&a)));
    assert_eq!(scores.counter("k|won"), 1);
    remove([a, b]);
}

#[test]
fn import_my_data_merges_scores_and_refuses_bad_files() {
    let (a, text) = exported("merge-a");
    let b = fresh("merge-b");
    let mut scores = HighScores::load(b.file("scores.ron"));
    scores.record("tiny|chained", 30);
    scores.record("dots|8", 7);
    for _ in 0..3 {
        scores.count("k|won");
    }
    import_text(&b, &mut scores, &text).unwrap();
    let again = HighScores::load(b.file("scores.ron"));
    let table: Vec<u64> = again
        .table("tiny|chained")
        .iter()
        .map(|e| e.score)
        .collect();
    assert_eq!(table, [30, 25]);
    assert_eq!(again.best("dots|8"), Some(7));
    assert_eq!(again.best("random:8x8:4:3|chained"), Some(40));
    assert_eq!(
        again.counter("k|won"),
        3,
        "a counter takes the larger, never the sum"
    );

    // Not a bundle: an error, and nothing written.
    let before = files(root(&b));
    for bad in ["", "garbage", "(format: \"other\", version: 1, files: [])"] {
        assert!(import_text(&b, &mut scores, bad).is_err(), "{bad:?}");
    }
    // A bundle with a path out of the folder and a broken image: those are left out, named.
    let evil = "(format: \"modern-gems-data\", version: 1, files: [\
        (path: \"../escaped.mg\", text: \"x\"), \
        (path: \"themes/images/broken.png\", base64: \"AAAA\"), \
        (path: \"saves/fine.mg\", text: \"0 0 InteractivePlayer ChainedRemovalPolicy\\n1\\n\")])";
    let done = import_text(&b, &mut scores, evil).unwrap();
    assert_eq!(done.written, 1);
    assert_eq!(done.skipped.len(), 2, "{:?}", done.skipped);
    assert!(done.summary().contains("left out"));
    assert!(!root(&b).parent().unwrap().join("escaped.mg").exists());
    assert_eq!(files(root(&b)).len(), before.len() + 1);
    remove([a, b]);
}

#[test]
fn import_my_data_from_settings_brings_the_files_on_screen() {
    let (a, text) = exported("app-a");
    let file = root(&a).join("backup.mgdata");
    std::fs::write(&file, &text).unwrap();
    let b = fresh("app-b");
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(HighScores::load(b.file("scores.ron")))
        .insert_resource(Settings::default())
        .insert_resource(PlayerImages::load(b.clone()))
        .insert_resource(b.clone())
        .init_resource::<Notices>()
        .add_plugins(my_data::plugin);
    app.world_mut()
        .write_message(MyDataRequest::Import(file.to_string_lossy().into_owned()));
    app.update();
    let world = app.world();
    let panel = world.resource::<MyDataPanel>();
    assert_eq!(
        panel.message.as_ref().map(|m| m.1),
        Some(false),
        "{panel:?}"
    );
    assert_eq!(world.resource::<Settings>().theme, "jewels");
    assert_eq!(
        world.resource::<HighScores>().best("tiny|chained"),
        Some(25)
    );
    assert_eq!(
        world.resource::<PlayerImages>().paths(),
        ["yours://my-cat.png"]
    );

    // A file that is not there: a notice, nothing changes.
    app.world_mut()
        .write_message(MyDataRequest::Import("/no/such/file.mgdata".into()));
    app.update();
    let notices = app.world().resource::<Notices>().texts();
    assert!(
        notices.iter().any(|n| n.starts_with("Nothing imported")),
        "{notices:?}"
    );
    remove([a, b]);
}
