//! The game and a real leaderboard server (`gems-server` on a port of its own): a daily
//! finished with sharing on is sent, replayed by the server natively, ranked, and its rank
//! told to the player; with sharing off nothing is sent; while the server cannot be reached
//! the result waits in the outbox and goes once it can.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use gems_formats::settings::Settings;
use gems_rules::daily::{Date, Game};
use modern_gems::games::REGISTRY;
use modern_gems::kit::daily::DailyRuns;
use modern_gems::kit::game::GameInfo;
use modern_gems::kit::launch::LaunchOptions;
use modern_gems::kit::leaderboard::Leaderboard;
use modern_gems::kit::standing::{DayTable, Standings};
use modern_gems::settle_screen;

#[path = "contract/games.rs"]
#[allow(dead_code)]
mod games;
use games::{app_for, play_to_the_end};

/// The most frames a game may take to settle.
const FRAMES: usize = 2_000;

fn day() -> Date {
    Date::parse("2026-11-26").unwrap()
}

/// A leaderboard server on a free port (today being [`day`]), serving until the test ends;
/// its address and its state.
fn start_server() -> (String, Arc<gems_server::api::AppState>) {
    let file = std::env::temp_dir().join(format!(
        "gems-leaderboard-test-{}-{:?}.sqlite",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_file(&file);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (state, listener) = runtime.block_on(async {
        let store = gems_server::db::Store::open(&format!("sqlite://{}", file.display()))
            .await
            .unwrap();
        let state = Arc::new(gems_server::api::AppState {
            store,
            today: Some(day()),
            per_player: gems_server::limits::RateLimiter::new(100),
            per_address: gems_server::limits::RateLimiter::new(1000),
        });
        let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
            .await
            .unwrap();
        (state, listener)
    });
    let address = listener.local_addr().unwrap();
    let serving = state.clone();
    std::thread::spawn(move || {
        let _ = runtime.block_on(gems_server::serve_on(listener, serving, None));
    });
    (format!("http://{address}"), state)
}

/// `game`'s headless app on its daily of [`day`], sharing results with `server`.
fn sharing_app(game: &'static GameInfo, server: Option<&str>, share: bool) -> App {
    let mut app = app_for(game);
    app.insert_resource(Settings {
        share_daily: share,
        player_name: "Ada".to_string(),
        ..Settings::default()
    });
    app.insert_resource(LaunchOptions {
        server: server.map(str::to_string),
        ..LaunchOptions::default()
    });
    app.world_mut()
        .resource_mut::<DailyRuns>()
        .ask(game.screen, day());
    settle_screen(&mut app, FRAMES);
    app
}

/// Runs frames until `done` or 60 s pass.
fn run_until(app: &mut App, done: impl Fn(&App) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if done(app) {
            return true;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

/// Plays the daily on `app` to its end, then runs frames until its first request came back
/// unsent (the result still queued), and a few more.
fn finish_and_wait_unsent(app: &mut App, game: &GameInfo) {
    play_to_the_end(app, game.screen);
    settle_screen(app, FRAMES);
    assert!(run_until(app, |app| {
        let board = app.world().resource::<Leaderboard>();
        !board.busy() && !board.outbox.queue.is_empty()
    }));
    for _ in 0..20 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn leaderboard_daily_of_every_game_is_replayed_by_the_server_and_ranked() {
    let (url, state) = start_server();
    for game in REGISTRY {
        let rules = Game::from_slug(game.screen.slug()).unwrap();
        let mut app = sharing_app(game, Some(&url), true);
        play_to_the_end(&mut app, game.screen);
        settle_screen(&mut app, FRAMES);
        let sent = run_until(&mut app, |app| {
            let board = app.world().resource::<Leaderboard>();
            board.last.is_some() && board.outbox.queue.is_empty() && !board.busy()
        });
        let board = app.world().resource::<Leaderboard>();
        assert!(
            sent,
            "{}: never sent ({:?})",
            game.name,
            board.outbox.queue.len()
        );
        let told = board.last.clone().unwrap();
        assert!(told.starts_with("Leaderboard: "), "{}: {told}", game.name);
        assert!(!told.contains("not counted"), "{}: {told}", game.name);
        // The server's own replay agrees with the game's outcome.
        let entry = app
            .world()
            .resource::<modern_gems::kit::scores::HighScores>()
            .file
            .daily(rules, day())
            .unwrap();
        let public = board
            .outbox
            .player
            .clone()
            .expect("the server told the player's id");
        let stored = tokio::runtime::Runtime::new().unwrap().block_on(async {
            state
                .store
                .daily_result(&public, rules.slug(), &day().to_string())
                .await
                .unwrap()
        });
        let stored = stored.unwrap_or_else(|| panic!("{}: not stored", game.name));
        assert_eq!(stored.outcome, entry.outcome.words(), "{}", game.name);
        assert_eq!(stored.assisted, entry.assisted, "{}", game.name);
        assert_eq!(board.outbox.name_sent, "Ada");
        let player = board.outbox.player.clone();
        // The game-over window's standing: the day's table, read back with the player's rank.
        let read = run_until(&mut app, |app| {
            matches!(
                app.world().resource::<Standings>().day(rules, day()),
                Some(DayTable::Ready(_) | DayTable::Problem(_))
            )
        });
        assert!(read, "{}: the day's table was never read", game.name);
        let standings = app.world().resource::<Standings>();
        let Some(DayTable::Ready(table)) = standings.day(rules, day()) else {
            panic!("{}: {:?}", game.name, standings.day(rules, day()));
        };
        let you = table.you.as_ref().expect("the player's own place");
        assert_eq!(you.describe, entry.outcome.describe(), "{}", game.name);
        if entry.assisted {
            assert_eq!(you.rank, None, "{}: assisted", game.name);
        } else {
            assert_eq!(you.rank, Some(1), "{}: the only player", game.name);
            assert_eq!(table.players, 1, "{}", game.name);
            assert_eq!(table.top[0].name, "Ada", "{}", game.name);
            assert_eq!(Some(&table.top[0].player), player.as_ref());
        }
    }
}

#[test]
fn leaderboard_sends_nothing_unless_the_player_shares() {
    let (url, state) = start_server();
    let game = &REGISTRY[3];
    let mut app = sharing_app(game, Some(&url), false);
    play_to_the_end(&mut app, game.screen);
    for _ in 0..50 {
        app.update();
    }
    let board = app.world().resource::<Leaderboard>();
    assert!(board.outbox.queue.is_empty() && board.outbox.secret.is_empty() && !board.busy());
    let players = tokio::runtime::Runtime::new().unwrap().block_on(async {
        state
            .store
            .daily_table(game.screen.slug(), &day().to_string())
            .await
            .unwrap()
    });
    assert!(players.is_empty());
}

#[test]
fn leaderboard_result_waits_in_the_outbox_while_the_server_is_away() {
    // A port nobody listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let away = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let game = &REGISTRY[4];
    let mut app = sharing_app(game, Some(&away), true);
    // The name goes first, and fails: the result stays queued.
    finish_and_wait_unsent(&mut app, game);
    let board = app.world().resource::<Leaderboard>();
    assert_eq!(board.outbox.queue.len(), 1, "kept for later");
    assert!(board.last.is_none());
    // The server comes back (at another address, as the player sets it): the result goes.
    let (url, _state) = start_server();
    app.world_mut().resource_mut::<LaunchOptions>().server = Some(url);
    app.world_mut().resource_mut::<Leaderboard>().retry_now();
    assert!(run_until(&mut app, |app| {
        let board = app.world().resource::<Leaderboard>();
        board.outbox.queue.is_empty() && board.last.is_some()
    }));
}

#[test]
fn leaderboard_page_fetch_reads_the_day_s_table() {
    let (url, _state) = start_server();
    // Grid Duel: played by the person here (the other games' computer players make theirs
    // assisted, outside the main table).
    let game = &REGISTRY[4];
    let mut app = sharing_app(game, Some(&url), true);
    play_to_the_end(&mut app, game.screen);
    settle_screen(&mut app, FRAMES);
    assert!(run_until(&mut app, |app| {
        app.world()
            .resource::<Leaderboard>()
            .outbox
            .queue
            .is_empty()
            && app.world().resource::<Leaderboard>().last.is_some()
    }));
    let slot =
        modern_gems::kit::leaderboard::fetch(&format!("{url}/api/daily/grid-duel/{}", day()));
    let start = Instant::now();
    let reply = loop {
        if let Some(reply) = slot.lock().unwrap().take() {
            break reply.expect("an answer");
        }
        assert!(start.elapsed() < Duration::from_secs(30), "no answer");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(reply.status, 200, "{}", reply.body);
    let table = gems_formats::leaderboard::Table::from_json(&reply.body).unwrap();
    assert_eq!(table.players, 1);
    assert_eq!(table.top[0].name, "Ada");
    assert_eq!(table.top[0].rank, 1);
}

#[test]
fn leaderboard_result_waits_when_the_page_host_has_no_server() {
    use std::io::{Read, Write};
    // A static page host: every request is a plain-text 404, no leaderboard behind it.
    let host = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", host.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in host.incoming().flatten() {
            let mut stream = stream;
            let mut buf = [0u8; 65536];
            let _ = stream.read(&mut buf);
            let _ = stream.write_all(
                b"HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found",
            );
        }
    });
    let game = &REGISTRY[4];
    let mut app = sharing_app(game, Some(&url), true);
    // No name to send: the result itself meets the 404.
    app.world_mut()
        .resource_mut::<Settings>()
        .player_name
        .clear();
    finish_and_wait_unsent(&mut app, game);
    let board = app.world().resource::<Leaderboard>();
    assert_eq!(
        board.outbox.queue.len(),
        1,
        "a 404 from a page host loses nothing"
    );
    assert!(board.last.is_none(), "{:?}", board.last);
}

/// The Expert's recorded line on standard position 1, and a fresh game of that position
/// under its classic rules, played by the person.
fn standard_1() -> (
    gems_rules::gems::LineFile,
    modern_gems::games::gems::model::GemsSession,
) {
    use gems_rules::gems::{Player, RemovalPolicy};
    let record = gems_server::standard::record(1).unwrap();
    let session = modern_gems::games::gems::model::GemsSession::new(
        "standard-1".to_string(),
        record.board.clone(),
        RemovalPolicy::Classic,
        Player::Interactive,
    );
    (record, session)
}

#[test]
fn leaderboard_standard_position_played_unaided_reaches_its_all_time_table() {
    use modern_gems::games::gems::model::{GemsAction, GemsSession};
    use modern_gems::games::gems::{headless_app, settle_gems};

    let (url, state) = start_server();
    // The Expert's line on standard-1, played by the person move by move.
    let (record, session) = standard_1();
    let mut app = headless_app(session, Duration::from_millis(16));
    app.insert_resource(Settings {
        share_daily: true,
        player_name: "Ada".to_string(),
        ..Settings::default()
    });
    app.insert_resource(LaunchOptions {
        server: Some(url),
        ..LaunchOptions::default()
    });
    settle_gems(&mut app);
    for &cell in &record.moves {
        app.world_mut().write_message(GemsAction::Select(cell));
        settle_gems(&mut app);
    }
    let session = app.world().resource::<GemsSession>();
    assert!(session.game.is_over());
    assert_eq!(session.game.score(), record.score);
    // Asked for a hint, the same game would stay out of the table.
    let mut hinted = session.clone();
    hinted.hinted = true;
    assert_eq!(hinted.standard_result(), None);
    assert!(run_until(&mut app, |app| {
        let board = app.world().resource::<Leaderboard>();
        board.outbox.queue.is_empty() && board.last.is_some() && !board.busy()
    }));
    let board = app.world().resource::<Leaderboard>();
    let told = board.last.clone().unwrap();
    assert_eq!(
        told,
        format!(
            "Leaderboard: score {} on standard-1, rank 1 of 1.",
            record.score
        )
    );
    let public = board.outbox.player.clone().unwrap();
    let best = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(async { state.store.standard_best(1, &public).await.unwrap() });
    assert_eq!(best, Some(record.score as i64));
}

#[test]
fn leaderboard_resume_keeps_a_hinted_standard_game_out_of_its_all_time_table() {
    use modern_gems::games::gems::model::GemsSession;
    use modern_gems::kit::resume::Resumable;

    let (record, _) = standard_1();
    // The Expert's line on standard-1, saved after its first move and resumed: with a hint
    // asked before the save, and without.
    let finish = |hint: bool| {
        let (_, mut s) = standard_1();
        s.play(record.moves[0]).unwrap();
        if hint {
            s.mark_hinted();
        }
        let (setup, journal) = s.journal().unwrap();
        let mut resumed = GemsSession::replay(&setup, &journal).unwrap();
        assert_eq!(resumed.hinted, hint, "the hint survives the resume");
        for &cell in &record.moves[1..] {
            resumed.play(cell).unwrap();
        }
        assert_eq!(resumed.game.score(), record.score);
        resumed.standard_result()
    };
    assert!(finish(false).is_some(), "unaided, the resumed game is sent");
    assert_eq!(finish(true), None, "hinted, it is not");
}

#[test]
fn leaderboard_restart_keeps_a_hinted_standard_game_out_of_its_all_time_table() {
    use gems_rules::gems::{Player, RemovalPolicy};
    use modern_gems::games::gems::model::{GemsAction, GemsSession};
    use modern_gems::games::gems::{headless_app, settle_gems};

    let (record, session) = standard_1();
    let mut app = headless_app(session, Duration::from_millis(16));
    settle_gems(&mut app);
    app.world_mut()
        .write_message(GemsAction::Select(record.moves[0]));
    settle_gems(&mut app);
    app.world_mut().resource_mut::<GemsSession>().mark_hinted();
    // Restarted, the hinted board is still hinted; the Expert's whole line played on it
    // stays out of the table.
    app.world_mut().write_message(GemsAction::Restart);
    settle_gems(&mut app);
    assert_eq!(app.world().resource::<GemsSession>().game.move_num(), 0);
    assert!(app.world().resource::<GemsSession>().hinted);
    for &cell in &record.moves {
        app.world_mut().write_message(GemsAction::Select(cell));
        settle_gems(&mut app);
    }
    let session = app.world().resource::<GemsSession>();
    assert_eq!(session.game.score(), record.score);
    assert_eq!(session.standard_result(), None);
    // A new game on another board starts unaided.
    let other = gems_server::standard::record(2).unwrap();
    app.world_mut().write_message(GemsAction::NewGame {
        board_name: "standard-2".to_string(),
        board: other.board.clone(),
        policy: RemovalPolicy::Classic,
        player: Player::Interactive,
    });
    settle_gems(&mut app);
    assert!(!app.world().resource::<GemsSession>().hinted);
}
