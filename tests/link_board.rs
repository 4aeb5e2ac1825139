//! A link naming a board only the asset library has (`?board=standard-5` in the browser, where
//! the shipped board files arrive as assets): the game starts it once it has loaded, and a
//! name the library lacks, or a file that fails to load, is a notice.

use std::time::Duration;

use bevy::prelude::*;
use gems_rules::gems::{Board, Player, RemovalPolicy, board_by_name};
use modern_gems::games::gems;
use modern_gems::games::gems::boards::{BoardAsset, BoardLibrary, BoardLoader};
use modern_gems::games::gems::link_board::{self, PendingBoard};
use modern_gems::games::gems::model::GemsSession;
use modern_gems::headless_screen_app;

use modern_gems::kit::settings::Notices;

/// A Modern Gems app on the tiny board whose library holds `standard-5` and a missing file.
fn app_with_library() -> App {
    let mut app = headless_screen_app(modern_gems::games::gems::SCREEN, Duration::from_millis(16));
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    app.add_plugins(bevy::asset::AssetPlugin {
        file_path: root.to_string_lossy().into_owned(),
        ..default()
    })
    .init_asset::<BoardAsset>()
    .init_asset_loader::<BoardLoader>()
    .init_resource::<Notices>()
    .insert_resource(GemsSession::new(
        "tiny".to_string(),
        board_by_name("tiny").unwrap(),
        RemovalPolicy::Chained,
        Player::Interactive,
    ))
    .add_plugins((gems::logic_plugin, link_board::plugin));
    let server = app.world().resource::<AssetServer>().clone();
    app.insert_resource(BoardLibrary {
        boards: vec![
            ("standard-5".into(), server.load("boards/standard-5.board")),
            ("lost".into(), server.load("boards/lost-on-purpose.board")),
        ],
    });
    app
}

/// Updates until the pending board is dealt with (loading runs on other threads).
fn settle_pending(app: &mut App) {
    for _ in 0..2000 {
        app.update();
        if !app.world().contains_resource::<PendingBoard>() {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the pending board was never dealt with");
}

fn pending(name: &str) -> PendingBoard {
    PendingBoard {
        name: name.to_string(),
        policy: RemovalPolicy::Classic,
        player: Player::Interactive,
    }
}

#[test]
fn a_linked_library_board_starts_once_loaded() {
    let mut app = app_with_library();
    app.insert_resource(pending("standard-5"));
    settle_pending(&mut app);
    app.update();
    let session = app.world().resource::<GemsSession>();
    assert_eq!(session.board_name, "standard-5");
    let file = std::fs::read_to_string("assets/boards/standard-5.board").unwrap();
    assert_eq!(session.start, Board::from_save_string(&file).unwrap());
    assert_eq!(session.game.policy(), RemovalPolicy::Classic);
    assert!(app.world().resource::<Notices>().texts().is_empty());
}

#[test]
fn an_unknown_or_unloadable_linked_board_is_a_notice() {
    let mut app = app_with_library();
    app.insert_resource(pending("no-such-board"));
    settle_pending(&mut app);
    app.insert_resource(pending("lost"));
    settle_pending(&mut app);
    let texts = app.world().resource::<Notices>().texts();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("no board named 'no-such-board'")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("'lost' could not be loaded")),
        "{texts:?}"
    );
    // The game stays on the board it had.
    assert_eq!(app.world().resource::<GemsSession>().board_name, "tiny");
}
