//! The daily challenge in every game, headless: asked for, the game's screen deals the day's
//! setup and seed (the rules crate's, the same for everyone); hints and undo are refused while
//! it lasts; played to its end, its outcome enters the scores file once; a new game ends it.

use bevy::prelude::*;
use gems_rules::daily::{Daily, Date, Game, Setup};
use modern_gems::games::REGISTRY;
use modern_gems::kit::chrome::ChromeCommand;
use modern_gems::kit::daily::DailyRuns;
use modern_gems::kit::game::GameInfo;
use modern_gems::kit::scores::HighScores;
use modern_gems::kit::share::ShareLink;
use modern_gems::settle_screen;

#[path = "contract/games.rs"]
#[allow(dead_code)]
mod games;
use games::{app_for, hint_shown, play_a_move, play_to_the_end, send, title};

/// The most frames a game may take to settle.
const FRAMES: usize = 2_000;

/// A Thursday.
fn day() -> Date {
    Date::parse("2026-11-26").unwrap()
}

/// `game`'s headless app, on its daily of [`day`].
fn daily_app(game: &'static GameInfo) -> App {
    let mut app = app_for(game);
    app.world_mut()
        .resource_mut::<DailyRuns>()
        .ask(game.screen, day());
    settle_screen(&mut app, FRAMES);
    app
}

fn link(app: &App) -> String {
    app.world()
        .resource::<ShareLink>()
        .query
        .clone()
        .unwrap_or_default()
}

/// The day's seed appears in the game's link (for Modern Gems, in its board's name), and the
/// same request on another run deals the same game.
#[test]
fn every_game_deals_the_daily_of_the_rules_crate() {
    for game in REGISTRY {
        let rules = Game::from_slug(game.screen.slug()).expect("a daily game");
        let daily = Daily::of(rules, day());
        let app = daily_app(game);
        let on = link(&app);
        // K in a row deals nothing at random: its daily is its board and its computer.
        let shows = match daily.setup {
            Setup::KInARow {
                size, k, quality, ..
            } => format!("size={size}&k={k}&quality={quality}&first=human"),
            _ => daily.seed.to_string(),
        };
        assert!(on.contains(&shows), "{}: {on} lacks {shows}", game.name);
        let marked = app.world().resource::<DailyRuns>().on(game.screen).cloned();
        assert_eq!(marked.map(|m| m.date), Some(day()), "{}", game.name);
        let again = daily_app(game);
        assert_eq!(title(&again), title(&app), "{}", game.name);
        assert_eq!(link(&again), on, "{}", game.name);
    }
}

/// Hint, Undo and Redo change nothing in a daily, in every game.
#[test]
fn the_daily_refuses_hints_and_undo_in_every_game() {
    for game in REGISTRY {
        let mut app = daily_app(game);
        play_a_move(&mut app, game.screen);
        settle_screen(&mut app, FRAMES);
        let before = title(&app);
        for command in [
            ChromeCommand::Undo,
            ChromeCommand::Hint,
            ChromeCommand::Redo,
        ] {
            send(&mut app, command);
            settle_screen(&mut app, FRAMES);
        }
        assert_eq!(
            title(&app),
            before,
            "{}: an assist changed the daily",
            game.name
        );
        assert!(
            !hint_shown(&app, game.screen),
            "{}: a hint in the daily",
            game.name
        );
    }
}

/// Played to its end, each game's daily enters the scores file once, with its outcome; the
/// computer's help marks it assisted.
#[test]
fn the_daily_outcome_is_recorded_once_in_every_game() {
    for game in REGISTRY {
        let rules = Game::from_slug(game.screen.slug()).unwrap();
        let mut app = daily_app(game);
        play_to_the_end(&mut app, game.screen);
        settle_screen(&mut app, FRAMES);
        for _ in 0..5 {
            app.update();
        }
        let entry = app
            .world()
            .resource::<HighScores>()
            .file
            .daily(rules, day());
        let entry = entry.unwrap_or_else(|| panic!("{}: no daily entered", game.name));
        // The game's own end, in the terms of its table.
        let words = entry.outcome.words();
        let kind = words.split(' ').next().unwrap();
        let expected = match rules {
            Game::ModernGems | Game::Dots => "score",
            Game::KInARow => "k",
            Game::SoloRed => "red",
            Game::GridDuel => "margin",
        };
        assert_eq!(kind, expected, "{}: {words}", game.name);
        // Modern Gems, Dots and Solo Red were played by their computer here.
        let helped = matches!(rules, Game::ModernGems | Game::Dots | Game::SoloRed);
        assert_eq!(entry.assisted, helped, "{}: {words}", game.name);
        // Play again: the same deal, still the daily, and the first result stays.
        send(&mut app, ChromeCommand::Restart);
        settle_screen(&mut app, FRAMES);
        let runs = app.world().resource::<DailyRuns>();
        assert!(
            runs.on(game.screen).is_some(),
            "{}: restart ended the daily",
            game.name
        );
        let kept = app
            .world()
            .resource::<HighScores>()
            .file
            .daily(rules, day());
        assert_eq!(kept, Some(entry), "{}", game.name);
    }
}

/// A new game (another seed) ends the daily: hints work again.
#[test]
fn a_new_game_ends_the_daily() {
    let game = REGISTRY
        .iter()
        .copied()
        .find(|g| g.screen == modern_gems::games::dots::SCREEN)
        .unwrap();
    let mut app = daily_app(game);
    app.world_mut()
        .write_message(modern_gems::games::dots::model::DotsAction::NewGame(12_345));
    settle_screen(&mut app, FRAMES);
    for _ in 0..3 {
        app.update();
    }
    let runs = app.world().resource::<DailyRuns>();
    assert!(
        runs.on(game.screen).is_none(),
        "the new game is still the daily"
    );
    send(&mut app, ChromeCommand::Hint);
    settle_screen(&mut app, FRAMES);
    assert!(hint_shown(&app, game.screen), "no hint after the daily");
}

/// A game of free play played to its end counts in the game's statistics (not in the daily's),
/// once, in every game.
#[test]
fn a_free_game_counts_in_the_statistics_not_the_daily_in_every_game() {
    for game in REGISTRY {
        let rules = Game::from_slug(game.screen.slug()).unwrap();
        let mut app = app_for(game);
        play_to_the_end(&mut app, game.screen);
        settle_screen(&mut app, FRAMES);
        for _ in 0..5 {
            app.update();
        }
        let file = &app.world().resource::<HighScores>().file;
        let stats = file.free_stats(rules);
        assert_eq!(stats.played, 1, "{}", game.name);
        assert!(stats.won <= 1, "{}", game.name);
        assert_eq!(file.dailies_of(rules).count(), 0, "{}", game.name);
        let scored = matches!(rules, Game::ModernGems | Game::Dots);
        assert_eq!(stats.best.is_some(), scored, "{}", game.name);
    }
}

/// K in a Row's daily gets the same computer replies the web build's way (each search a
/// request to the AI worker, as text, on one lane) as run whole: a daily's computer searches
/// by nodes, never by time, so where it runs cannot change its answer.
#[test]
fn k_in_a_row_daily_replies_are_the_same_on_the_web_s_host_as_whole() {
    use gems_rules::k_in_a_row::Move;
    use modern_gems::games::k_in_a_row::model::{KAction, KSession};
    use modern_gems::kit::ai::AiHost;
    let game = REGISTRY
        .iter()
        .copied()
        .find(|g| g.screen == modern_gems::games::k_in_a_row::SCREEN)
        .unwrap();
    // Sunday's: 15×15, k 5, the strongest computer of the week.
    let sunday = Date::parse("2026-11-29").unwrap();
    let play = |host: AiHost| -> Vec<(usize, usize)> {
        let mut app = app_for(game);
        app.insert_resource(host);
        app.world_mut()
            .resource_mut::<DailyRuns>()
            .ask(game.screen, sunday);
        settle_screen(&mut app, FRAMES);
        for (row, col) in [(7, 7), (7, 8), (8, 7), (6, 9)] {
            let before = app.world().resource::<KSession>().game.moves().len();
            let board = *app.world().resource::<KSession>().game.board();
            if !board.is_empty(row, col) {
                continue;
            }
            app.world_mut()
                .write_message(KAction::Place(Move::new(row, col)));
            for _ in 0..20_000 {
                app.update();
                let now = app.world().resource::<KSession>().game.moves().len();
                if now >= before + 2 {
                    break;
                }
            }
        }
        let moves = app.world().resource::<KSession>().game.moves().to_vec();
        moves.iter().map(|m| m.cell()).collect()
    };
    let whole = play(AiHost::Inline);
    let by_messages = play(AiHost::Messages);
    assert!(whole.len() >= 6, "the computer answered: {whole:?}");
    assert_eq!(by_messages, whole);
}
