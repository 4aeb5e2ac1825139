//! The shipped records and `--replay`: every standard position has a record in
//! `assets/records/`, which replays on its board to the score it states; `--replay FILE` opens
//! a watched game of a line file, and a bad file is a clear message naming it.

use gems_rules::gems::{Board, LineFile, RemovalPolicy};
use modern_gems::games::gems::records::record_boards;
use modern_gems::games::gems::session_from_options;
use modern_gems::kit::launch::LaunchOptions;

fn record(name: &str) -> LineFile {
    let text = std::fs::read_to_string(format!("assets/records/{name}.line"))
        .unwrap_or_else(|e| panic!("assets/records/{name}.line: {e}"));
    LineFile::parse(&text).unwrap_or_else(|e| panic!("assets/records/{name}.line: {e}"))
}

#[test]
fn every_standard_position_has_a_record_that_replays_to_its_score() {
    let mut total = 0;
    for name in record_boards() {
        let file = record(&name);
        let board = std::fs::read_to_string(format!("assets/boards/{name}.board")).unwrap();
        assert_eq!(
            file.board,
            Board::from_save_string(&board).unwrap(),
            "{name}"
        );
        assert_eq!(file.board_name, name);
        assert_eq!(file.policy, RemovalPolicy::Classic, "{name}");
        total += file.score;
    }
    // The records are the best lines found (the Expert's and NRPA's): never below the 82,134
    // the docs quote.
    assert!(total >= 82_134, "records total {total}");
}

fn replay_options(path: &std::path::Path) -> LaunchOptions {
    let args = ["--replay".to_string(), path.display().to_string()];
    LaunchOptions::parse(&args, &modern_gems::games::REGISTRY).expect("the flag parses")
}

#[test]
fn replay_opens_a_watched_game_of_the_file() {
    let dir = std::env::temp_dir().join(format!("gems-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = record("standard-1");
    let path = dir.join("mine.line");
    std::fs::write(&path, file.to_text()).unwrap();
    let opts = replay_options(&path);
    assert!(opts.starts_game());
    let session = session_from_options(&opts).unwrap();
    let watch = session.watch.as_ref().expect("watching");
    assert_eq!(watch.moves, file.moves);
    assert_eq!(watch.score, file.score);
    assert_eq!(session.start, file.board);
    assert!(!session.ranked());

    // A file whose moves do not reach the stated score is refused, naming the file.
    let wrong = file.to_text().replace(
        &format!("score {}", file.score),
        &format!("score {}", file.score + 1),
    );
    std::fs::write(&path, wrong).unwrap();
    let err = session_from_options(&replay_options(&path)).unwrap_err();
    assert!(err.contains("mine.line") && err.contains("score"), "{err}");
    // So is a missing one.
    let err = session_from_options(&replay_options(&dir.join("none.line"))).unwrap_err();
    assert!(err.contains("none.line"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_broken_record_is_a_notice_and_the_good_ones_load() {
    use bevy::prelude::*;
    use modern_gems::games::gems::records::{self, LineAsset, Records};
    use modern_gems::kit::settings::Notices;

    let root = std::env::temp_dir().join(format!("gems-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("records")).unwrap();
    for name in record_boards() {
        let text = record(&name).to_text();
        let text = if name == "standard-2" {
            text.replace("policy classic", "policy classic\nmoves (0,0)")
        } else {
            text
        };
        std::fs::write(root.join(format!("records/{name}.line")), text).unwrap();
    }
    let mut app = modern_gems::headless_asset_app(&root);
    app.add_plugins(records::plugin);
    let loaded = |app: &App| app.world().resource::<Assets<LineAsset>>().len();
    for _ in 0..1_000 {
        app.update();
        if loaded(&app) == 19 && !app.world().resource::<Notices>().0.is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(loaded(&app), 19, "every good record loads");
    let notices = app.world().resource::<Notices>().texts();
    assert!(
        notices.len() == 1 && notices[0].contains("records/standard-2.line"),
        "{notices:?}"
    );
    let world = app.world();
    let (records, assets) = (
        world.resource::<Records>(),
        world.resource::<Assets<LineAsset>>(),
    );
    let one = record("standard-1");
    let found = records.find(assets, "standard-1", &one.board, RemovalPolicy::Classic);
    assert_eq!(found.map(|f| f.score), Some(one.score));
    assert!(
        records
            .find(assets, "standard-1", &one.board, RemovalPolicy::Chained)
            .is_none()
    );
    assert!(
        records
            .find(assets, "standard-2", &one.board, RemovalPolicy::Classic)
            .is_none()
    );
    let _ = std::fs::remove_dir_all(&root);
}
