//! The contract's computer players, in every game that has one: a paused game's computer
//! waits, the computer plays when asked, a stale answer never reaches a restarted game, and
//! leaving a game cancels its search. (The rest of the contract: `tests/contract.rs`.)

use std::time::Duration;

use bevy::prelude::*;
use gems_rules::k_in_a_row::Move;
use modern_gems::games::REGISTRY;
use modern_gems::games::k_in_a_row::model::{KAction, KSession};
use modern_gems::kit::ai::{AiGate, AiHost};
use modern_gems::kit::chrome::{ChromeCommand, Paused};
use modern_gems::kit::game::{Capability, GameInfo};
use modern_gems::settle_screen;

#[path = "contract/games.rs"]
#[allow(dead_code)]
mod games;
use games::{
    app_for, computer_moves, leave, let_the_computer_play, offering, searches_in_the_background,
    send, stop_the_computer, title,
};

/// The most frames a game may take to settle.
const FRAMES: usize = 2_000;

#[test]
fn a_paused_game_s_computer_waits_until_it_resumes() {
    let game = REGISTRY
        .iter()
        .find(|g| g.screen == modern_gems::games::k_in_a_row::SCREEN)
        .expect("K in a row");
    let mut app = app_for(game);
    app.world_mut().resource_mut::<Paused>().0 = true;
    app.world_mut()
        .write_message(KAction::Place(Move::new(0, 0)));
    for _ in 0..60 {
        app.update();
    }
    let tiles = |app: &App| {
        let b = *app.world().resource::<KSession>().game.board();
        (
            b.count(gems_rules::k_in_a_row::Side::Human),
            b.count(gems_rules::k_in_a_row::Side::Computer),
        )
    };
    assert_eq!(tiles(&app), (1, 0), "the computer answered while paused");
    app.world_mut().resource_mut::<Paused>().0 = false;
    settle_screen(&mut app, FRAMES);
    assert_eq!(
        tiles(&app),
        (1, 1),
        "the computer answers once the game resumes"
    );
}

#[test]
fn the_computer_plays_in_every_game_offering_it() {
    let games = offering(Capability::Computer);
    assert_eq!(
        games.len(),
        REGISTRY.len(),
        "every game has a computer player"
    );
    for game in games {
        let mut app = app_for(game);
        app.update();
        let before = computer_moves(&app, game.screen);
        let_the_computer_play(&mut app, game.screen);
        let played = (0..3_000).any(|frame| {
            // Grid Duel's player keeps each of their grids before the computer's turn.
            if game.screen == modern_gems::games::grid_duel::SCREEN && frame % 100 == 99 {
                let_the_computer_play(&mut app, game.screen);
            }
            app.update();
            computer_moves(&app, game.screen) > before
        });
        assert!(played, "{}: the computer never played", game.name);
    }
}

/// A headless app playing `game` whose computer searches on the real worker pool, each search
/// held at `gate` until the test opens it; with the computer asked to play and its first
/// search waiting at the gate.
fn app_with_a_held_search(game: &'static GameInfo, gate: &AiGate) -> App {
    let mut app = app_for(game);
    app.insert_resource(AiHost::Gated(gate.clone()));
    app.update();
    let_the_computer_play(&mut app, game.screen);
    for _ in 0..FRAMES {
        if gate.arrived() > 0 {
            break;
        }
        app.update();
    }
    assert_eq!(gate.arrived(), 1, "{}: no search started", game.name);
    app
}

/// Opens `gate` and runs frames until every search held there has ended (10 s at most).
fn release(app: &mut App, gate: &AiGate) {
    gate.open();
    let started = std::time::Instant::now();
    while gate.finished() < gate.arrived() && started.elapsed() < Duration::from_secs(10) {
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(gate.finished(), gate.arrived(), "the searches never ended");
    for _ in 0..60 {
        app.update();
    }
}

#[test]
fn a_stale_computer_answer_never_reaches_the_restarted_game_in_every_game() {
    let games: Vec<_> = offering(Capability::Computer)
        .into_iter()
        .filter(|g| searches_in_the_background(g.screen))
        .collect();
    assert_eq!(games.len(), 4, "four games search in the background");
    for game in games {
        assert!(game.offers(Capability::Restart), "{}", game.name);
        let gate = AiGate::default();
        let mut app = app_with_a_held_search(game, &gate);
        // The player takes over and deals the same game again while the search for the old
        // one waits: its answer would be legal in the new game too.
        stop_the_computer(&mut app, game.screen);
        send(&mut app, ChromeCommand::Restart);
        for _ in 0..30 {
            app.update();
        }
        let fresh = (title(&app), computer_moves(&app, game.screen));
        release(&mut app, &gate);
        assert_eq!(
            (title(&app), computer_moves(&app, game.screen)),
            fresh,
            "{}: the old game's answer was played in the new one",
            game.name
        );
        assert_eq!(
            gate.cancelled(),
            1,
            "{}: the old search was not told to stop",
            game.name
        );
    }
}

#[test]
fn leaving_a_game_cancels_its_computer_s_search_in_every_game() {
    for game in offering(Capability::Computer)
        .into_iter()
        .filter(|g| searches_in_the_background(g.screen))
    {
        let gate = AiGate::default();
        let mut app = app_with_a_held_search(game, &gate);
        leave(&mut app, game);
        release(&mut app, &gate);
        assert_eq!(
            gate.cancelled(),
            1,
            "{}: the search went on after the game was left",
            game.name
        );
    }
}
