//! The contract of a game (what it must know of each game to drive it is in
//! `contract/games.rs`): every game in the registry offers what the table below requires,
//! runs headless on its screen, and answers the chrome. For each capability the chrome drives,
//! each game offering it is driven through the chrome and its state checked to change (by the
//! window title every game writes from its state, `Describe::title`).

use std::time::Duration;

use bevy::prelude::*;
use modern_gems::games::REGISTRY;
use modern_gems::kit::chrome::{Chrome, ChromeCommand, Paused};
use modern_gems::kit::game::Capability;
use modern_gems::kit::scores::HighScores;
use modern_gems::kit::screens::{InProgress, Screen, ScreenStatus};
use modern_gems::kit::settings::SettingsOpen;
use modern_gems::settle_screen;

#[path = "contract/games.rs"]
#[allow(dead_code)]
mod games;
use games::{
    app_for, chrome, hint_shown, leave, move_keys, offering, play_a_move, play_to_the_end, press,
    send, title,
};

/// The most frames a game may take to settle.
const FRAMES: usize = 2_000;

/// What every game must offer.
const REQUIRED: [Capability; 9] = [
    Capability::Undo,
    Capability::Keyboard,
    Capability::Hint,
    Capability::Restart,
    Capability::NewGame,
    Capability::Share,
    Capability::Computer,
    Capability::GameOver,
    Capability::Records,
];

#[test]
fn every_game_registers_what_the_contract_requires() {
    for game in &REGISTRY {
        for capability in REQUIRED {
            assert!(
                game.offers(capability),
                "{} does not offer {capability:?}",
                game.name
            );
        }
        // Its How to play page is in the assets and reads.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets")
            .join(modern_gems::kit::help::help_path(game.screen));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {}: {e}", game.name, path.display()));
        let page =
            <modern_gems::kit::help::HelpPage as modern_gems::kit::text_asset::TextFile>::parse(
                &text,
            )
            .unwrap_or_else(|e| panic!("{}: {e}", game.name));
        assert!(
            page.paragraphs().count() >= 3,
            "{}: a short page",
            game.name
        );
        // So is its worked example, a game of its own (it plays: tests/how_to_play.rs).
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets")
            .join(modern_gems::kit::help::example_path(game.screen));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {}: {e}", game.name, path.display()));
        let example = modern_gems::kit::help::example_from_text(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", game.name));
        assert_eq!(example.game, game.screen.slug(), "{}", game.name);
    }
    let screens: std::collections::HashSet<_> = REGISTRY.iter().map(|g| g.screen).collect();
    assert_eq!(screens.len(), REGISTRY.len(), "two games share a screen");
}

#[test]
fn every_game_runs_headless_and_describes_its_state() {
    for game in &REGISTRY {
        let app = app_for(game);
        let title = title(&app);
        assert!(
            title.starts_with(game.name.split(' ').next().unwrap_or_default()),
            "{}: title '{title}'",
            game.name
        );
    }
}

/// Whether the chrome sees the game on screen as in progress (leaving it then asks first).
fn in_progress(app: &App) -> bool {
    app.world().resource::<InProgress>().0
}

#[test]
fn restart_through_the_chrome_deals_the_same_game_again_in_every_game_offering_it() {
    let offering: Vec<_> = REGISTRY
        .iter()
        .filter(|g| g.offers(Capability::Restart))
        .collect();
    assert!(offering.len() >= 4, "Restart is offered by most games");
    for game in offering {
        let mut app = app_for(game);
        app.update();
        let start = title(&app);
        assert!(
            !in_progress(&app),
            "{}: in progress before a move",
            game.name
        );
        play_a_move(&mut app, game.screen);
        let moved = title(&app);
        assert_ne!(moved, start, "{}: the move changed nothing", game.name);
        assert!(
            in_progress(&app),
            "{}: not in progress after a move",
            game.name
        );
        app.world_mut().write_message(ChromeCommand::Restart);
        settle_screen(&mut app, FRAMES);
        assert_eq!(title(&app), start, "{}: Restart did not restart", game.name);
        assert!(
            !in_progress(&app),
            "{}: still in progress after Restart (leaving would ask)",
            game.name
        );
    }
}

#[test]
fn undo_and_redo_through_the_chrome_take_back_a_move_and_play_it_again_in_every_game_offering_them()
{
    let games = offering(Capability::Undo);
    assert!(!games.is_empty(), "Undo is offered");
    for game in games {
        let mut app = app_for(game);
        let start = title(&app);
        play_a_move(&mut app, game.screen);
        let moved = title(&app);
        assert_ne!(moved, start, "{}: the move changed nothing", game.name);
        chrome(&mut app, ChromeCommand::Undo);
        assert_eq!(
            title(&app),
            start,
            "{}: Undo did not take it back",
            game.name
        );
        chrome(&mut app, ChromeCommand::Redo);
        assert_eq!(
            title(&app),
            moved,
            "{}: Redo did not play it again",
            game.name
        );
    }
}

#[test]
fn hint_through_the_chrome_shows_a_move_in_every_game_offering_it() {
    let games = offering(Capability::Hint);
    assert!(games.len() >= 3, "Hint is offered by most games");
    for game in games {
        let mut app = app_for(game);
        app.insert_resource(modern_gems::games::gems::coach::CoachBudget {
            hint: Duration::from_millis(20),
            game: Duration::from_millis(20),
        });
        assert!(
            !hint_shown(&app, game.screen),
            "{}: a hint before asking",
            game.name
        );
        app.world_mut().write_message(ChromeCommand::Hint);
        let shown = (0..400).any(|_| {
            app.update();
            hint_shown(&app, game.screen)
        });
        assert!(
            shown,
            "{}: Hint through the chrome showed no move",
            game.name
        );
    }
}

#[test]
fn new_game_through_the_chrome_opens_the_new_game_window_in_every_game_offering_it() {
    let games = offering(Capability::NewGame);
    assert_eq!(
        games.len(),
        REGISTRY.len(),
        "every game has a New game window"
    );
    for game in games {
        let mut app = app_for(game);
        assert!(!app.world().resource::<Chrome>().new_game);
        chrome(&mut app, ChromeCommand::NewGame);
        assert!(
            app.world().resource::<Chrome>().new_game,
            "{}: New game did not open its window",
            game.name
        );
        chrome(&mut app, ChromeCommand::Escape);
        assert!(
            !app.world().resource::<Chrome>().new_game,
            "{}: Esc did not close the New game window",
            game.name
        );
        assert!(
            !app.world().resource::<Paused>().0,
            "{}: Esc closed and paused",
            game.name
        );
    }
}

#[test]
fn escape_through_the_chrome_closes_the_topmost_window_or_pauses_in_every_game() {
    for game in &REGISTRY {
        let mut app = app_for(game);
        let paused = |app: &App| {
            (
                app.world().resource::<Paused>().0,
                app.world().resource::<Time<Virtual>>().is_paused(),
            )
        };
        chrome(&mut app, ChromeCommand::Escape);
        assert_eq!(
            paused(&app),
            (true, true),
            "{}: Esc did not pause",
            game.name
        );
        // Settings and How to play open over the pause menu; Esc closes them one by one.
        app.world_mut().write_message(ChromeCommand::Settings);
        app.world_mut().write_message(ChromeCommand::Help);
        app.update();
        assert!(app.world().resource::<SettingsOpen>().0);
        assert!(app.world().resource::<Chrome>().help);
        app.world_mut().write_message(ChromeCommand::Escape);
        app.update();
        assert!(
            !app.world().resource::<Chrome>().help,
            "{}: help stayed",
            game.name
        );
        assert!(app.world().resource::<SettingsOpen>().0);
        app.world_mut().write_message(ChromeCommand::Escape);
        app.update();
        assert!(!app.world().resource::<SettingsOpen>().0);
        assert_eq!(
            paused(&app),
            (true, true),
            "{}: resumed too early",
            game.name
        );
        app.world_mut().write_message(ChromeCommand::Escape);
        app.update();
        assert_eq!(
            paused(&app),
            (false, false),
            "{}: Esc did not resume",
            game.name
        );
    }
}

#[test]
fn leaving_through_the_chrome_asks_first_while_a_game_is_in_progress_in_every_game() {
    for game in offering(Capability::Restart) {
        let mut app = app_for(game);
        app.update();
        play_a_move(&mut app, game.screen);
        assert!(in_progress(&app), "{}: not in progress", game.name);
        send(&mut app, ChromeCommand::Leave);
        assert!(
            app.world().resource::<Chrome>().confirm_leave,
            "{}: left without asking",
            game.name
        );
        send(&mut app, ChromeCommand::Stay);
        assert_eq!(*app.world().resource::<State<Screen>>().get(), game.screen);
        leave(&mut app, game);
        assert_eq!(*app.world().resource::<Chrome>(), Chrome::default());
    }
}

#[test]
fn the_game_over_window_hidden_through_the_chrome_shows_again_when_the_next_game_ends() {
    let games = offering(Capability::GameOver);
    assert_eq!(
        games.len(),
        REGISTRY.len(),
        "every game ends in the kit's window"
    );
    for game in games {
        let mut app = app_for(game);
        app.update();
        play_to_the_end(&mut app, game.screen);
        assert!(
            !app.world().resource::<Chrome>().over_hidden,
            "{}: the window shows at the end",
            game.name
        );
        chrome(&mut app, ChromeCommand::HideGameOver);
        assert!(
            app.world().resource::<Chrome>().over_hidden,
            "{}",
            game.name
        );
        // The next game: Play again where the game offers it, else its own new game.
        if game.offers(Capability::Restart) {
            app.world_mut().write_message(ChromeCommand::Restart);
        } else {
            app.world_mut().write_message(
                modern_gems::games::grid_duel::model::DuelAction::NewGame { smart: false },
            );
        }
        // (The computer may play the next game to its end too: it begins, at least.)
        let began = (0..200).any(|_| {
            app.update();
            !app.world().resource::<ScreenStatus>().over
        });
        assert!(began, "{}: no next game", game.name);
        assert!(
            !app.world().resource::<Chrome>().over_hidden,
            "{}: the next game's end would not show the window",
            game.name
        );
    }
}

#[test]
fn every_game_s_records_line_reads_its_own_records_and_no_other_game_s() {
    let mut scores = HighScores::default();
    for game in &REGISTRY {
        assert_eq!(
            (game.records)(&scores),
            None,
            "{}: records before any game",
            game.name
        );
    }
    // One record of each game, as each keeps it.
    scores.record("tiny|chained", 35);
    scores.record("dots|6x6|5c|20m", 41);
    scores.record(modern_gems::games::grid_duel::hud::BEST_KEY, 317);
    scores.update(|file| {
        for (key, value) in [
            ("k-in-a-row|5x5|k4|won", 2),
            ("k-in-a-row|7x7|k5|lost", 1),
            ("solo-red|played", 4),
            ("solo-red|won", 3),
            ("solo-red|best-streak", 2),
        ] {
            file.set_counter(key, value);
        }
    });
    let line = |screen: Screen| {
        let game = REGISTRY
            .iter()
            .find(|g| g.screen == screen)
            .expect("registered");
        (game.records)(&scores).unwrap_or_default()
    };
    use modern_gems::games::{dots, gems, grid_duel, k_in_a_row, solo_red};
    assert_eq!(line(gems::SCREEN), "Best 35 · 1 board");
    assert_eq!(line(dots::SCREEN), "Best 41");
    assert_eq!(line(k_in_a_row::SCREEN), "2 won · 0 drawn · 1 lost");
    assert_eq!(line(solo_red::SCREEN), "Won 3 of 4 · best streak 2");
    assert_eq!(line(grid_duel::SCREEN), "Best winning total 317");
}

#[test]
fn share_through_the_chrome_links_to_the_game_on_screen_in_every_game_offering_it() {
    use modern_gems::kit::launch::LaunchOptions;
    use modern_gems::kit::launch::link::query_to_args;
    use modern_gems::kit::share::ShareLink;
    let games = offering(Capability::Share);
    assert_eq!(games.len(), REGISTRY.len(), "every game can be shared");
    for game in games {
        let mut app = app_for(game);
        app.update();
        let link = app.world().resource::<ShareLink>().clone();
        assert_eq!(
            link.screen,
            Some(game.screen),
            "{}: a link of another screen",
            game.name
        );
        let query = link
            .query
            .unwrap_or_else(|why| panic!("{}: no link: {why}", game.name));
        let opened = LaunchOptions::parse(&query_to_args(&query), &REGISTRY)
            .unwrap_or_else(|e| panic!("{}: its link '{query}' does not parse: {e}", game.name));
        assert_eq!(
            opened.first_screen(),
            game.screen,
            "{}: its link '{query}' opens another screen",
            game.name
        );
    }
}

#[test]
fn keyboard_alone_plays_a_move_in_every_game_offering_it() {
    let games = offering(Capability::Keyboard);
    assert!(!games.is_empty(), "keyboard play is offered");
    for game in games {
        let mut app = app_for(game);
        app.init_resource::<ButtonInput<KeyCode>>();
        (game.keys_plugin)(&mut app);
        settle_screen(&mut app, FRAMES);
        let start = title(&app);
        let moved = move_keys(game.screen).iter().cycle().take(60).any(|&key| {
            press(&mut app, key);
            settle_screen(&mut app, FRAMES);
            title(&app) != start
        });
        assert!(moved, "{}: no move from the keyboard alone", game.name);
    }
}
