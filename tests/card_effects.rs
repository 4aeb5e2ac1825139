//! Juice in the two card and grid games, headless: a Solo Red card that lands on a palette
//! bursts into the theme's shards and a won deal is celebrated; a regenerated Grid Duel row
//! shatters its old digits. The effects end by themselves, leave with their screen, and reduced
//! motion spawns none.

use std::time::Duration;

use bevy::prelude::*;
use gems_rules::grid_duel::ComputerKind;
use gems_rules::solo_red::ai;
use modern_gems::games::grid_duel;
use modern_gems::games::grid_duel::model::{DuelAction, DuelSession, Stage};
use modern_gems::games::solo_red;
use modern_gems::games::solo_red::model::{SoloRedAction, SoloRedSession};
use modern_gems::games::solo_red::record::SoloRedRecordPlugin;
use modern_gems::headless_screen_app;
use modern_gems::kit::fx::{Celebrating, Shard};
use modern_gems::kit::scores::HighScores;
use modern_gems::kit::screens::{Screen, ScreenStatus};
use modern_gems::kit::theme::Theme;

const STEP: Duration = Duration::from_millis(16);

/// Effect entities alive: (shards, celebrations).
fn alive(app: &mut App) -> (usize, usize) {
    let w = app.world_mut();
    let shards = w.query_filtered::<(), With<Shard>>().iter(w).count();
    let parties = w.query_filtered::<(), With<Celebrating>>().iter(w).count();
    (shards, parties)
}

/// Runs `frames` frames; the most effects seen alive in any of them.
fn most_alive(app: &mut App, frames: usize) -> (usize, usize) {
    let mut most = (0, 0);
    for _ in 0..frames {
        app.update();
        let (s, p) = alive(app);
        most = (most.0.max(s), most.1.max(p));
    }
    most
}

/// Leaves for the title screen; returns the effects alive once it shows.
fn leave(app: &mut App) -> (usize, usize) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
    app.update();
    alive(app)
}

fn solo_app(seed: u64, theme: Theme) -> App {
    let mut app = headless_screen_app(modern_gems::games::solo_red::SCREEN, STEP);
    app.insert_resource(SoloRedSession::new(seed))
        .insert_resource(HighScores::default())
        .insert_resource(theme)
        .add_plugins((solo_red::logic_plugin, SoloRedRecordPlugin));
    solo_settle(&mut app);
    app
}

/// Steps until Solo Red reports itself settled (its hint search runs on a worker thread).
fn solo_settle(app: &mut App) {
    let start = std::time::Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        app.update();
        if app.world().resource::<ScreenStatus>().settled {
            return;
        }
    }
    panic!("Solo Red never settled");
}

/// Plays `m` by the same messages clicks send (its canvas card first, if any), up to the
/// palette card's release; the caller steps the frames after that.
fn solo_send(app: &mut App, m: ai::Move) {
    let hand = |app: &App, card| {
        let s = app.world().resource::<SoloRedSession>();
        s.game.hand().iter().position(|&h| h == card).unwrap()
    };
    if let Some(c) = m.canvas {
        let i = hand(app, c);
        app.world_mut().write_message(SoloRedAction::Select(i));
        solo_settle(app);
        app.world_mut().write_message(SoloRedAction::Canvas);
        solo_settle(app);
    }
    let i = hand(app, m.card);
    app.world_mut().write_message(SoloRedAction::Select(i));
    solo_settle(app);
    app.world_mut()
        .write_message(SoloRedAction::Palette(m.palette));
}

/// A move that keeps the deal going.
fn surviving(app: &App) -> ai::Move {
    let game = &app.world().resource::<SoloRedSession>().game;
    ai::surviving_moves(game)
        .into_iter()
        .next()
        .expect("a move survives")
}

/// Plays a surviving move; the most effects alive over the next frames.
fn solo_play_one(app: &mut App) -> (usize, usize) {
    let m = surviving(app);
    solo_send(app, m);
    most_alive(app, 90)
}

#[test]
fn a_solo_red_card_lands_with_shards_that_end_and_leave_with_the_screen() {
    let mut app = solo_app(11, Theme::default());
    let (shards, _) = solo_play_one(&mut app);
    assert!(shards > 0, "the card's landing burst");
    // They end by themselves.
    most_alive(&mut app, 200);
    assert_eq!(alive(&mut app), (0, 0));
    // A second landing, then straight to the title: nothing stays behind.
    let m = surviving(&app);
    solo_send(&mut app, m);
    let mut seen = 0;
    for _ in 0..90 {
        app.update();
        seen = alive(&mut app).0;
        if seen > 0 {
            break;
        }
    }
    assert!(seen > 0, "shards in flight before leaving");
    assert_eq!(leave(&mut app), (0, 0));
}

#[test]
fn a_won_solo_red_deal_is_celebrated() {
    let seed = 7;
    let s = SoloRedSession::new(seed);
    let (verdict, line) = ai::solve(&s.game, 500_000);
    assert_eq!(verdict, ai::Verdict::Winnable);
    let mut app = solo_app(seed, Theme::default());
    let mut party = 0;
    for m in line {
        solo_send(&mut app, m);
        solo_settle(&mut app);
        party = party.max(alive(&mut app).1);
    }
    assert!(app.world().resource::<SoloRedSession>().game.is_won());
    party = party.max(most_alive(&mut app, 30).1);
    assert!(party > 0, "the win is celebrated");
    // The celebration ends by itself.
    most_alive(&mut app, 600);
    assert_eq!(alive(&mut app), (0, 0));
}

#[test]
fn reduced_motion_lands_solo_red_cards_without_shards() {
    let mut app = solo_app(11, Theme::default().with_reduced_motion());
    assert_eq!(solo_play_one(&mut app), (0, 0));
}

fn duel_app(theme: Theme) -> App {
    let mut app = headless_screen_app(modern_gems::games::grid_duel::SCREEN, STEP);
    app.insert_resource(DuelSession::new(5, ComputerKind::Plain))
        .insert_resource(theme)
        .add_plugins(grid_duel::logic_plugin);
    duel_settle(&mut app);
    app
}

/// Steps until the human must choose.
fn duel_settle(app: &mut App) {
    for _ in 0..10_000 {
        app.update();
        let w = app.world();
        let stage = modern_gems::kit::phase::upcoming(
            w.resource::<State<Stage>>(),
            w.resource::<NextState<Stage>>(),
        );
        if stage == Stage::Choosing {
            return;
        }
    }
    panic!("the duel never asked for a choice");
}

#[test]
fn a_regenerated_grid_duel_row_shatters_and_the_shards_end() {
    let mut app = duel_app(Theme::default());
    app.world_mut().write_message(DuelAction::RegenerateRow(1));
    let (shards, _) = most_alive(&mut app, 30);
    assert!(shards > 0, "the old row's digits shatter");
    most_alive(&mut app, 300);
    assert_eq!(alive(&mut app).0, 0, "the shards end by themselves");
    // Regenerating the whole grid, then leaving at once: nothing stays behind.
    let mut app = duel_app(Theme::default());
    app.world_mut().write_message(DuelAction::RegenerateGrid);
    let (shards, _) = most_alive(&mut app, 5);
    assert!(shards > 0);
    assert_eq!(leave(&mut app), (0, 0));
}

#[test]
fn reduced_motion_regenerates_grid_duel_rows_without_shards() {
    let mut app = duel_app(Theme::default().with_reduced_motion());
    app.world_mut().write_message(DuelAction::RegenerateRow(1));
    assert_eq!(most_alive(&mut app, 60), (0, 0));
}
