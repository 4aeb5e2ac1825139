//! Untrusted files never panic the game: a headless app loads every kind of bad player file
//! (saved games corrupt, truncated, absurdly large or not text; a corrupt settings file; a
//! damaged high-score file, of which it keeps what still reads), keeps running, shows each
//! problem as a notice, leaves the game in play untouched, and never changes the bad files
//! on disk. (Bad theme and board assets are
//! covered in `tests/assets.rs`.) K in a row board files go through the same checks.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use gems_rules::gems::{Game, Player, RemovalPolicy, named_board};
use modern_gems::app::settings;
use modern_gems::games::gems;
use modern_gems::games::gems::files::LoadGameRequest;
use modern_gems::games::gems::model::GemsSession;
use modern_gems::headless_screen_app;
use modern_gems::kit::paths::DataDir;
use modern_gems::kit::scores::HighScores;

use modern_gems::kit::settings::{Notices, Settings};

fn data_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gems-bad-files-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    dir
}

fn app_over(dir: &Path) -> App {
    let data = DataDir(Some(dir.to_path_buf()));
    let session = GemsSession::new(
        "tiny".into(),
        named_board("tiny").unwrap(),
        RemovalPolicy::Chained,
        Player::Interactive,
    );
    let mut app = headless_screen_app(modern_gems::games::gems::SCREEN, Duration::from_millis(16));
    app.insert_resource(HighScores::load(data.file("scores.ron")))
        .insert_resource(data)
        .insert_resource(session)
        .add_plugins((settings::plugin, gems::logic_plugin));
    for _ in 0..5 {
        app.update();
    }
    app
}

fn notices(app: &App) -> Vec<String> {
    app.world().resource::<Notices>().texts()
}

#[test]
fn bad_files_are_reported_and_left_alone_while_the_game_goes_on() {
    let dir = data_dir("all");
    let good = {
        let mut g = Game::new(
            named_board("curve").unwrap(),
            RemovalPolicy::Chained,
            Player::Interactive,
        );
        g.play(gems_rules::gems::Cell::new(0, 0)).unwrap();
        g.save_string()
    };
    let absurd = format!(
        "0 0 GreedyPlayer ChainedRemovalPolicy\n{}",
        "1 ".repeat(5_000_000)
    );
    let bad_saves: Vec<(&str, Vec<u8>)> = vec![
        ("truncated.mg", good.as_bytes()[..good.len() / 2].to_vec()),
        ("header-only.mg", b"12 3 GreedyPlayer".to_vec()),
        ("garbage.mg", vec![0xff, 0xfe, 0x00, 0x13, 0x37]),
        ("ragged.mg", b"0 0 greedy chained\n1 2 3\n1 2\n".to_vec()),
        (
            "huge-dims.mg",
            b"0 0 greedy chained\n"
                .iter()
                .copied()
                .chain(
                    std::iter::repeat_n(b"1 ".as_slice(), 1500)
                        .flatten()
                        .copied(),
                )
                .collect(),
        ),
        ("absurd.mg", absurd.into_bytes()),
        ("empty.mg", Vec::new()),
    ];
    for (name, bytes) in &bad_saves {
        std::fs::write(dir.join("saves").join(name), bytes).unwrap();
    }
    std::fs::write(dir.join("settings.ron"), "(\n  volume: \"loud\",\n").unwrap();
    std::fs::write(
        dir.join("scores.ron"),
        "{\n  \"tiny/chained\": 12,\n  \"cur",
    )
    .unwrap();
    let snapshot = |dir: &Path| -> Vec<(PathBuf, Vec<u8>)> {
        let mut files: Vec<_> = std::fs::read_dir(dir.join("saves"))
            .unwrap()
            .chain(std::fs::read_dir(dir).unwrap())
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .map(|p| (p.clone(), std::fs::read(&p).unwrap()))
            .collect();
        files.sort();
        files
    };
    let before = snapshot(&dir);

    let mut app = app_over(&dir);
    // The corrupt settings and scores files were reported at start-up and not used.
    assert!(
        notices(&app)
            .iter()
            .any(|n| n.starts_with("Settings file ignored") && n.contains("line 2")),
        "{:?}",
        notices(&app)
    );
    assert_eq!(*app.world().resource::<Settings>(), Settings::default());
    let scores = app.world().resource::<HighScores>();
    assert!(
        scores
            .error
            .as_deref()
            .is_some_and(|e| e.contains("scores.ron"))
    );
    // What still reads of the damaged file is kept (it is rewritten only when a score is
    // entered, its damaged text kept beside it as scores.ron.damaged).
    assert_eq!(scores.best("tiny/chained"), Some(12));

    let game_before = app.world().resource::<GemsSession>().game.clone();
    for (name, _) in &bad_saves {
        let path = dir.join("saves").join(name);
        app.world_mut().write_message(LoadGameRequest { path });
        for _ in 0..3 {
            app.update();
        }
        let shown = notices(&app);
        assert!(
            shown
                .iter()
                .any(|n| n.starts_with("Could not load") && n.contains(name)),
            "{name}: {shown:?}"
        );
        assert_eq!(
            app.world().resource::<GemsSession>().game,
            game_before,
            "{name}"
        );
    }
    // A missing file too.
    app.world_mut().write_message(LoadGameRequest {
        path: dir.join("saves/none.mg"),
    });
    app.update();
    assert!(
        notices(&app)
            .iter()
            .any(|n| n.contains("none.mg") && n.contains("no such file"))
    );

    // The game still plays, and a good file still loads after all that.
    std::fs::write(dir.join("saves/good.mg"), &good).unwrap();
    app.world_mut().write_message(LoadGameRequest {
        path: dir.join("saves/good.mg"),
    });
    for _ in 0..120 {
        app.update();
    }
    let loaded = &app.world().resource::<GemsSession>().game;
    assert_eq!(loaded.save_string(), good);

    std::fs::remove_file(dir.join("saves/good.mg")).unwrap();
    assert_eq!(snapshot(&dir), before, "no bad file changed on disk");
    let _ = std::fs::remove_dir_all(&dir);
}

/// K in a row's board files, loaded through the screen's `LoadFile` action: each bad one is a
/// notice, the board in play stays, and a good file still loads.
#[test]
fn bad_k_in_a_row_board_files_are_reported_and_the_game_goes_on() {
    use modern_gems::games::k_in_a_row;
    use modern_gems::games::k_in_a_row::model::{KAction, KFileStatus, KSession};

    let dir = data_dir("kiar");
    let files: Vec<(&str, Vec<u8>)> = vec![
        ("bad-cell.txt", b"3\n3\n1\neee\nexe\neee\n".to_vec()),
        ("short.txt", b"4\n3\n2\neeee\neeee\n".to_vec()),
        ("huge-size.txt", b"999999999999\n3\n1\n".to_vec()),
        ("k-too-big.txt", b"3\n9\n1\neee\neee\neee\n".to_vec()),
        ("tiles.txt", b"3\n3\n1\nhce\neee\neee\n".to_vec()),
        ("binary.txt", vec![0x00, 0xff, 0x10, 0x80]),
        ("absurd.txt", vec![b'e'; 100_000]),
        ("empty.txt", Vec::new()),
    ];
    for (name, bytes) in &files {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    let mut app = headless_screen_app(
        modern_gems::games::k_in_a_row::SCREEN,
        Duration::from_millis(16),
    );
    app.add_plugins(k_in_a_row::logic_plugin);
    app.update();
    app.update();
    let before = *app.world().resource::<KSession>().game.board();
    for (name, _) in &files {
        app.world_mut()
            .write_message(KAction::LoadFile(dir.join(name)));
        app.update();
        let status = app.world().resource::<KFileStatus>().0.clone();
        assert!(
            matches!(&status, Some(Err(e)) if e.contains(name)),
            "{name}: {status:?}"
        );
        assert!(notices(&app).iter().any(|n| n.contains(name)), "{name}");
        assert_eq!(
            *app.world().resource::<KSession>().game.board(),
            before,
            "{name}"
        );
    }
    std::fs::write(dir.join("good.txt"), "4\n3\n3\neeee\neeue\neeee\nueee\n").unwrap();
    app.world_mut()
        .write_message(KAction::LoadFile(dir.join("good.txt")));
    app.update();
    let board = *app.world().resource::<KSession>().game.board();
    assert_eq!((board.size(), board.k()), (4, 3));
    assert_eq!(board.unavailable().count_ones(), 2);
    for (name, bytes) in &files {
        assert_eq!(
            &std::fs::read(dir.join(name)).unwrap(),
            bytes,
            "{name} changed"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Makes, in `dir`, the files no loader may read whole or wait on: a named pipe nobody writes
/// to, a link to `/dev/zero` (endless, with a reported length of 0) and a sparse file of 3 GB;
/// returns their names, each ending in `ext`.
#[cfg(unix)]
fn odd_files(dir: &Path, ext: &str) -> Vec<String> {
    let pipe = format!("pipe.{ext}");
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join(&pipe))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let zero = format!("zero.{ext}");
    std::os::unix::fs::symlink("/dev/zero", dir.join(&zero)).unwrap();
    let huge = format!("huge.{ext}");
    std::fs::File::create(dir.join(&huge))
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    vec![pipe, zero, huge]
}

/// A pipe, a device and a 3 GB file given as a saved game, a K in a row board, the settings
/// and the high scores: each is refused with a notice at once (none is waited on or read
/// whole), and the game in play stays.
#[cfg(unix)]
#[test]
fn a_pipe_a_device_and_a_3_gb_file_are_refused_by_every_loader() {
    use modern_gems::games::k_in_a_row::model::{KAction, KFileStatus};

    let dir = data_dir("odd");
    let saves = odd_files(&dir.join("saves"), "mg");
    for (i, name) in odd_files(&dir, "ron").iter().enumerate() {
        let target = ["settings.ron", "scores.ron", "unused.ron"][i];
        std::fs::rename(dir.join(name), dir.join(target)).unwrap();
    }
    let mut app = app_over(&dir);
    assert!(
        notices(&app)
            .iter()
            .any(|n| n.starts_with("Settings file ignored")),
        "{:?}",
        notices(&app)
    );
    assert!(app.world().resource::<HighScores>().error.is_some());
    let game_before = app.world().resource::<GemsSession>().game.clone();
    for name in &saves {
        app.world_mut().write_message(LoadGameRequest {
            path: dir.join("saves").join(name),
        });
        app.update();
        assert!(
            notices(&app)
                .iter()
                .any(|n| n.starts_with("Could not load") && n.contains(name.as_str())),
            "{name}: {:?}",
            notices(&app)
        );
        assert_eq!(app.world().resource::<GemsSession>().game, game_before);
    }

    let boards = dir.join("boards");
    std::fs::create_dir_all(&boards).unwrap();
    let mut app = headless_screen_app(
        modern_gems::games::k_in_a_row::SCREEN,
        Duration::from_millis(16),
    );
    app.add_plugins(modern_gems::games::k_in_a_row::logic_plugin);
    app.update();
    for name in odd_files(&boards, "txt") {
        app.world_mut()
            .write_message(KAction::LoadFile(boards.join(&name)));
        app.update();
        let status = app.world().resource::<KFileStatus>().0.clone();
        assert!(
            matches!(&status, Some(Err(e)) if e.contains(&name)),
            "{name}: {status:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
