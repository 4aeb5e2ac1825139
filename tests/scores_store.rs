//! The high-score store loses nothing when two instances write at once: each change is merged
//! into the file as it is on disk, under a lock. Two processes (this test binary run twice as
//! children), two in-process stores on threads and two headless apps, each with the store as
//! its resource, each record
//! 1,000 games on boards of their own and bump a shared counter; afterwards the counter is
//! 2,000 and every table holds its game.

use std::path::{Path, PathBuf};
use std::process::Command;

use modern_gems::kit::scores::{Entry, HighScores};

/// Games each writer records.
const GAMES: u64 = 1_000;

/// The shared counter's key.
const SHARED: &str = "test|games";

/// A fresh scores file path in its own folder.
fn fresh_path(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gems-store-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("scores.ron")
}

/// Records `GAMES` games as writer `who` into the scores file at `path`, each on its own
/// named board, bumping the shared counter with each (one change per game, as a game's end).
fn record_games(path: &Path, who: &str) {
    let mut scores = HighScores::load(Some(path.to_path_buf()));
    for i in 0..GAMES {
        record_one(&mut scores, who, i);
    }
}

/// Records writer `who`'s game `i` on its own named board and bumps the shared counter (one
/// change, as a game's end makes).
fn record_one(scores: &mut HighScores, who: &str, i: u64) {
    let key = format!("board-{who}-{i}|chained");
    scores.update(move |file| {
        file.enter(
            &key,
            Entry {
                score: i,
                date: None,
            },
        );
        file.add_counter(SHARED, 1);
    });
    assert_eq!(scores.error, None);
}

/// Checks that both writers' games and counts are all in the file at `path`.
fn assert_nothing_lost(path: &Path, writers: [&str; 2]) {
    let scores = HighScores::load(Some(path.to_path_buf()));
    assert_eq!(scores.error, None);
    assert_eq!(scores.counter(SHARED), 2 * GAMES);
    for who in writers {
        for i in 0..GAMES {
            assert_eq!(
                scores.best(&format!("board-{who}-{i}|chained")),
                Some(i),
                "{who} {i}"
            );
        }
    }
}

#[test]
fn two_processes_recording_at_once_lose_nothing() {
    if let (Ok(path), Ok(who)) = (
        std::env::var("GEMS_STORE_CHILD_PATH"),
        std::env::var("GEMS_STORE_CHILD_WHO"),
    ) {
        record_games(Path::new(&path), &who);
        return;
    }
    let path = fresh_path("processes");
    let exe = std::env::current_exe().expect("the test binary");
    let children: Vec<_> = ["a", "b"]
        .iter()
        .map(|who| {
            Command::new(&exe)
                .args([
                    "--exact",
                    "two_processes_recording_at_once_lose_nothing",
                    "--test-threads=1",
                ])
                .env("GEMS_STORE_CHILD_PATH", &path)
                .env("GEMS_STORE_CHILD_WHO", who)
                .spawn()
                .expect("a child test process")
        })
        .collect();
    for mut child in children {
        assert!(child.wait().expect("the child ends").success());
    }
    assert_nothing_lost(&path, ["a", "b"]);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn two_stores_sharing_a_data_folder_lose_nothing() {
    let path = fresh_path("stores");
    std::thread::scope(|s| {
        for who in ["c", "d"] {
            let path = &path;
            s.spawn(move || record_games(path, who));
        }
    });
    assert_nothing_lost(&path, ["c", "d"]);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn two_headless_apps_sharing_a_store_lose_nothing() {
    use bevy::prelude::*;
    let path = fresh_path("apps");
    let app = |who: &'static str| {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(HighScores::load(Some(path.clone())))
            .add_systems(
                Update,
                move |mut scores: ResMut<HighScores>, mut game: Local<u64>| {
                    record_one(&mut scores, who, *game);
                    *game += 1;
                },
            );
        app
    };
    let (mut e, mut f) = (app("e"), app("f"));
    for _ in 0..GAMES {
        // Each app's copy in memory is one game behind the other's: the merge must not care.
        e.update();
        f.update();
    }
    assert_eq!(
        e.world().resource::<HighScores>().counter(SHARED),
        2 * GAMES - 1
    );
    assert_nothing_lost(&path, ["e", "f"]);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}
