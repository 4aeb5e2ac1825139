//! How to play's worked example in each of the five games: while the page is open, the
//! example's position (`assets/help/GAME.example.ron`, played through the rules) is the
//! session the game's view draws; closing the page brings the game in play back as it was, a
//! command for the game (Undo) closes the page first and reaches the game in play, nothing is
//! saved for resume meanwhile, and an example that does not play is a message on the page.
//!
//! The tests are named after the capability (`cargo test --workspace how_to_play`).

use bevy::prelude::*;
use modern_gems::games::dots::model::DotsSession;
use modern_gems::games::gems::model::GemsSession;
use modern_gems::games::grid_duel::model::DuelSession;
use modern_gems::games::k_in_a_row::model::KSession;
use modern_gems::games::solo_red::model::SoloRedSession;
use modern_gems::games::{dots, gems, grid_duel, k_in_a_row, solo_red};
use modern_gems::kit::chrome::{Chrome, ChromeCommand};
use modern_gems::kit::game::GameInfo;
use modern_gems::kit::help::{Example, ExampleShown, Examples, example_from_text, example_path};
use modern_gems::kit::paths::DataDir;
use modern_gems::kit::resume::resume_path;
use modern_gems::kit::screens::Screen;
use modern_gems::kit::settings::Notices;
use modern_gems::{headless_game_app_with, settle_screen};

#[path = "contract/games.rs"]
#[allow(dead_code)]
mod games;
use games::play_a_move;

/// The most frames a game may take to settle.
const FRAMES: usize = 2_000;

/// A fresh scratch directory for one test.
fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gems-how-to-play-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The rules state of the game on `screen` (its `Debug` text) and its undo history's length.
fn state(app: &App, screen: Screen) -> String {
    let w = app.world();
    if screen == gems::SCREEN {
        let s = w.resource::<GemsSession>();
        format!("{:?} {}", s.game, s.history.len())
    } else if screen == dots::SCREEN {
        let s = w.resource::<DotsSession>();
        format!("{:?} {}", s.game, s.history.len())
    } else if screen == k_in_a_row::SCREEN {
        let s = w.resource::<KSession>();
        format!("{:?} {:?} {}", s.game, s.setup, s.history.len())
    } else if screen == solo_red::SCREEN {
        let s = w.resource::<SoloRedSession>();
        format!("{:?} {}", s.game, s.history.len())
    } else {
        let s = w.resource::<DuelSession>();
        format!("{:?} {}", s.duel, s.history.len())
    }
}

/// The example the game ships in `assets/help/`.
fn shipped_example(game: &GameInfo) -> Example {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join(example_path(game.screen));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {}: {e}", game.name, path.display()));
    example_from_text(&text).unwrap_or_else(|e| panic!("{}: {e}", game.name))
}

fn chrome(app: &mut App, command: ChromeCommand) {
    app.world_mut().write_message(command);
    settle_screen(app, FRAMES);
    app.update();
}

fn shown(app: &App) -> ExampleShown {
    app.world().resource::<ExampleShown>().clone()
}

/// The example of `game` shows while its page is open and goes with it.
fn shows_its_example(game: &'static GameInfo) {
    let screen = game.screen;
    let dir = scratch(screen.slug());
    let data = DataDir(Some(dir.clone()));
    let mut app = headless_game_app_with(game, 7, FRAMES, {
        let data = data.clone();
        move |app| {
            app.insert_resource(data).init_resource::<Notices>();
        }
    });
    let fresh = state(&app, screen);
    play_a_move(&mut app, screen);
    settle_screen(&mut app, FRAMES);
    app.update();
    let played = state(&app, screen);
    assert_ne!(played, fresh, "{}: the move did not play", game.name);
    let file = resume_path(&data, screen).expect("a resume file's place");
    let saved = std::fs::read_to_string(&file).expect("the game in play is saved");
    app.world_mut()
        .resource_mut::<Examples>()
        .set(screen, Ok(shipped_example(game)));

    // Open: the example is on the board, and nothing of it is saved.
    chrome(&mut app, ChromeCommand::Help);
    assert_eq!(
        shown(&app),
        ExampleShown {
            screen: Some(screen),
            error: None
        },
        "{}",
        game.name
    );
    let example = state(&app, screen);
    assert_ne!(
        example, played,
        "{}: the board kept the game in play",
        game.name
    );
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(
        state(&app, screen),
        example,
        "{}: the example moved by itself",
        game.name
    );
    assert_eq!(
        std::fs::read_to_string(&file).ok().as_deref(),
        Some(saved.as_str()),
        "{}: the example was saved as the game in play",
        game.name
    );

    // Close: the game in play is back as it was.
    chrome(&mut app, ChromeCommand::Help);
    assert_eq!(shown(&app).screen, None, "{}", game.name);
    assert_eq!(state(&app, screen), played, "{}: not given back", game.name);

    // Open again, then Undo: the page closes and the move of the game in play is taken back.
    chrome(&mut app, ChromeCommand::Help);
    assert_eq!(state(&app, screen), example, "{}: shown again", game.name);
    chrome(&mut app, ChromeCommand::Undo);
    assert!(
        !app.world().resource::<Chrome>().help,
        "{}: the page stayed",
        game.name
    );
    assert_eq!(
        state(&app, screen),
        fresh,
        "{}: Undo missed the game in play",
        game.name
    );

    // An example that does not play (another game's, or broken) is a message; the game stays.
    let mut other = shipped_example(game);
    other.game = "another-game".into();
    app.world_mut()
        .resource_mut::<Examples>()
        .set(screen, Ok(other));
    chrome(&mut app, ChromeCommand::Help);
    let error = shown(&app).error.unwrap_or_default();
    assert!(error.contains("another-game"), "{}: '{error}'", game.name);
    let mut broken = shipped_example(game);
    broken.journal.push("not a move".into());
    app.world_mut()
        .resource_mut::<Examples>()
        .set(screen, Ok(broken));
    app.update();
    let error = shown(&app).error.unwrap_or_default();
    assert!(error.contains("does not play"), "{}: '{error}'", game.name);
    assert_eq!(shown(&app).screen, None, "{}", game.name);
    assert_eq!(
        state(&app, screen),
        fresh,
        "{}: a bad example moved the game",
        game.name
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn modern_gems_how_to_play_shows_its_example_on_the_board_and_gives_the_game_back() {
    shows_its_example(&gems::info::GAME);
}

#[test]
fn dots_how_to_play_shows_its_example_on_the_board_and_gives_the_game_back() {
    shows_its_example(&dots::info::GAME);
}

#[test]
fn k_in_a_row_how_to_play_shows_its_example_on_the_board_and_gives_the_game_back() {
    shows_its_example(&k_in_a_row::info::GAME);
}

#[test]
fn solo_red_how_to_play_shows_its_example_on_the_board_and_gives_the_game_back() {
    shows_its_example(&solo_red::info::GAME);
}

#[test]
fn grid_duel_how_to_play_shows_its_example_on_the_board_and_gives_the_game_back() {
    shows_its_example(&grid_duel::info::GAME);
}

/// The examples show what their pages say: the Dots path is a closed loop of four, K in a
/// Row's is your move with three in a row beside an unavailable square, Solo Red's first
/// palette wins under blue.
#[test]
fn how_to_play_examples_are_the_positions_their_pages_describe() {
    let dots = shipped_example(&dots::info::GAME);
    let s =
        <DotsSession as modern_gems::kit::resume::Resumable>::replay(&dots.setup, &dots.journal)
            .expect("the Dots example plays");
    assert_eq!(s.game.selection().len(), 4);
    assert!(s.game.is_closed_shape());
    let k = shipped_example(&k_in_a_row::info::GAME);
    let s = <KSession as modern_gems::kit::resume::Resumable>::replay(&k.setup, &k.journal)
        .expect("the K in a Row example plays");
    assert_eq!(s.game.to_move(), gems_rules::k_in_a_row::Side::Human);
    let red = shipped_example(&solo_red::info::GAME);
    let s =
        <SoloRedSession as modern_gems::kit::resume::Resumable>::replay(&red.setup, &red.journal)
            .expect("the Solo Red example plays");
    assert_eq!(s.game.winning_palette(), Some(0));
    assert_eq!(s.game.canvas(), gems_rules::solo_red::Colour::Blue);
}
