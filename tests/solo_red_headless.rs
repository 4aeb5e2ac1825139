//! Solo Red's Bevy logic, headless (`MinimalPlugins`, manual time steps): whole games played
//! through the same messages the mouse sends, with the card entities checked against the rules
//! after every move, illegal clicks changing nothing, and the AI task answering off-thread.

use std::time::Duration;

use bevy::prelude::*;
use gems_rules::solo_red::{Game, ai};
use modern_gems::games::solo_red;
use modern_gems::games::solo_red::model::table::Table;
use modern_gems::games::solo_red::model::{
    CardEntity, Gliding, SoloRedAction, SoloRedSession, place_position,
};
use modern_gems::games::solo_red::record::{SoloRedRecord, SoloRedRecordPlugin};
use modern_gems::headless_screen_app;
use modern_gems::kit::scores::HighScores;
use modern_gems::kit::screens::{Screen, ScreenStatus};

fn app_with(session: SoloRedSession) -> App {
    let mut app = headless_screen_app(
        modern_gems::games::solo_red::SCREEN,
        Duration::from_millis(16),
    );
    app.insert_resource(session)
        .insert_resource(HighScores::default())
        .add_plugins((solo_red::logic_plugin, SoloRedRecordPlugin));
    settle(&mut app);
    app
}

/// Steps frames until the table is settled. The AI answers from a worker thread, so on a busy
/// machine this waits in real time too (up to a minute), not only a number of frames.
fn settle(app: &mut App) {
    let start = std::time::Instant::now();
    for frame in 0.. {
        app.update();
        if app.world().resource::<ScreenStatus>().settled {
            return;
        }
        if frame >= 5_000 {
            if start.elapsed() > Duration::from_secs(60) {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    panic!("Solo Red never settled");
}

fn session(app: &App) -> &SoloRedSession {
    app.world().resource::<SoloRedSession>()
}

/// One entity per card on the table, at exactly the place the rules give it, nothing moving.
fn assert_mirror(app: &mut App) {
    let s = session(app).clone();
    let world = app.world_mut();
    let mut q = world.query::<(&CardEntity, &Transform, Has<Gliding>)>();
    let mut got: Vec<_> = q
        .iter(world)
        .map(|(c, t, g)| {
            assert!(!g, "{} still moving", c.card);
            let n = s.game.num_palettes();
            let h = s.game.hand().len();
            let lifted = matches!(c.place, modern_gems::games::solo_red::model::Place::Hand(i) if s.selected == Some(i));
            assert_eq!(t.translation, place_position(Table::Wide, c.place, n, h, lifted), "{}", c.card);
            (c.card, c.place)
        })
        .collect();
    let mut want = s.places();
    got.sort_by_key(|(c, _)| c.index());
    want.sort_by_key(|(c, _)| c.index());
    assert_eq!(got, want);
}

fn send(app: &mut App, a: SoloRedAction) {
    app.world_mut().write_message(a);
    settle(app);
}

/// Plays the solver's winning line through clicks, mirroring a rules game alongside.
#[test]
fn a_whole_winning_game_through_clicks() {
    let seed = 7;
    let s = SoloRedSession::new(seed);
    let (verdict, line) = ai::solve(&s.game, 500_000);
    assert_eq!(verdict, ai::Verdict::Winnable);
    let mut rules: Game = s.game.clone();
    let mut app = app_with(s);
    assert_mirror(&mut app);
    for m in line {
        if let Some(c) = m.canvas {
            let i = rules.hand().iter().position(|&h| h == c).unwrap();
            send(&mut app, SoloRedAction::Select(i));
            send(&mut app, SoloRedAction::Canvas);
        }
        let i = session(&app)
            .game
            .hand()
            .iter()
            .position(|&h| h == m.card)
            .unwrap();
        send(&mut app, SoloRedAction::Select(i));
        assert_mirror(&mut app);
        send(&mut app, SoloRedAction::Palette(m.palette));
        m.apply(&mut rules).unwrap();
        assert_eq!(session(&app).game.to_string(), rules.to_string());
        assert_mirror(&mut app);
    }
    assert!(session(&app).game.is_won());
    assert!(app.world().resource::<ScreenStatus>().over);
    // The win is in the record, once however many frames pass.
    for _ in 0..10 {
        app.update();
    }
    let record = SoloRedRecord::read(app.world().resource::<HighScores>());
    assert_eq!((record.played, record.won, record.streak), (1, 1, 1));
}

#[test]
fn illegal_clicks_change_nothing_and_explain() {
    let mut app = app_with(SoloRedSession::new(3));
    let before = session(&app).game.to_string();
    send(&mut app, SoloRedAction::Palette(0));
    assert_eq!(session(&app).message, "Pick a card from your hand first.");
    let w = session(&app).game.winning_palette().unwrap();
    send(&mut app, SoloRedAction::Select(0));
    send(&mut app, SoloRedAction::Palette(w));
    assert!(session(&app).message.contains("already winning"));
    assert_eq!(session(&app).game.to_string(), before);
    assert_mirror(&mut app);
}

#[test]
fn losing_play_ends_the_game() {
    let mut app = app_with(SoloRedSession::new(11));
    let g = session(&app).game.clone();
    // Find a play that loses.
    let w = g.winning_palette().unwrap();
    let survivors = ai::surviving_moves(&g);
    let (p, i) = (0..4)
        .filter(|&p| p != w)
        .flat_map(|p| (0..7).map(move |i| (p, i)))
        .find(|&(p, i)| {
            !survivors
                .iter()
                .any(|m| m.canvas.is_none() && m.palette == p && m.card == g.hand()[i])
        })
        .expect("some play loses");
    send(&mut app, SoloRedAction::Select(i));
    send(&mut app, SoloRedAction::Palette(p));
    assert!(session(&app).game.is_over() && !session(&app).game.is_won());
    assert!(app.world().resource::<ScreenStatus>().over);
    assert_mirror(&mut app);
    app.update();
    let record = SoloRedRecord::read(app.world().resource::<HighScores>());
    assert_eq!((record.played, record.won, record.streak), (1, 0, 0));
}

#[test]
fn hint_and_autoplay_run_on_the_task_pool() {
    let mut app = app_with(SoloRedSession::new(5));
    send(&mut app, SoloRedAction::Hint);
    let s = session(&app).clone();
    let hint = s.hint.expect("a hint arrives");
    assert!(ai::surviving_moves(&s.game).contains(&hint));
    assert!(s.message.starts_with("Hint: play "));
    // Autoplay: a few AI moves, each legal and mirrored.
    send(&mut app, SoloRedAction::ToggleAutoplay);
    for _ in 0..200 {
        app.update();
    }
    send(&mut app, SoloRedAction::ToggleAutoplay);
    settle(&mut app);
    let after = session(&app);
    assert!(after.game.deck_len() < s.game.deck_len() || after.game.is_over());
    assert!(after.assisted, "autoplay marks the deal");
    assert_mirror(&mut app);
    // Finish the deal by autoplay: it is not recorded.
    send(&mut app, SoloRedAction::ToggleAutoplay);
    for _ in 0..20_000 {
        if session(&app).game.is_over() {
            break;
        }
        app.update();
    }
    assert!(session(&app).game.is_over());
    app.update();
    assert_eq!(
        SoloRedRecord::read(app.world().resource::<HighScores>()).played,
        0
    );
}

/// Leaving the screen takes the card entities with it; coming back lays the same game out
/// again (it used to come back to an empty table). Found by the monkey test.
#[test]
fn coming_back_to_the_screen_lays_the_table_out_again() {
    let mut app = app_with(SoloRedSession::new(11));
    assert_mirror(&mut app);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
    let world = app.world_mut();
    assert_eq!(world.query::<&CardEntity>().iter(world).count(), 0);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(modern_gems::games::solo_red::SCREEN);
    settle(&mut app);
    assert_mirror(&mut app);
    assert!(!session(&app).places().is_empty());
}
