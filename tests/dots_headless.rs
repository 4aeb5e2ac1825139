//! Dots in a headless Bevy app (`MinimalPlugins`, manual time steps): moves are sent as the
//! same messages the mouse sends, and after each one the dot entities are checked against the
//! rules board and against an independent rules game replaying the same moves.

use std::collections::BTreeMap;
use std::time::Duration;

use bevy::prelude::*;
use gems_rules::dots::{Game, Point, best_closed_shape, best_move};
use modern_gems::games::dots;
use modern_gems::games::dots::ai::{DotsAutoplay, DotsSearch};
use modern_gems::games::dots::model::{Dot, DotIndex, DotsAction, DotsPhase, DotsSession, Vanish};
use modern_gems::headless_screen_app;
use modern_gems::kit::anim::Tween;
use modern_gems::kit::scores::HighScores;
use modern_gems::kit::screens::{Screen, ScreenStatus};

const STEP: Duration = Duration::from_millis(16);

fn app_with(game: Game) -> App {
    let mut app = headless_screen_app(modern_gems::games::dots::SCREEN, STEP);
    app.insert_resource(DotsSession::from_game(game, 0))
        .add_plugins(dots::logic_plugin);
    app.update();
    settle(&mut app);
    app
}

/// The phase the game is in, or hands over to at the next state transition.
fn phase(app: &App) -> DotsPhase {
    let world = app.world();
    modern_gems::kit::phase::upcoming(
        world.resource::<State<DotsPhase>>(),
        world.resource::<NextState<DotsPhase>>(),
    )
}

fn busy(app: &mut App) -> bool {
    let world = app.world_mut();
    let animating = world.query::<&Tween>().iter(world).count()
        + world.query::<&Vanish>().iter(world).count()
        > 0;
    animating
        || !matches!(phase(app), DotsPhase::Idle | DotsPhase::Over)
        || app.world().resource::<DotsSearch>().0.is_some()
}

/// Steps frames until nothing animates and no search runs.
fn settle(app: &mut App) {
    for _ in 0..5_000 {
        app.update();
        if !busy(app) {
            return;
        }
    }
    panic!("Dots never settled (phase {:?})", phase(app));
}

fn session(app: &App) -> &DotsSession {
    app.world().resource::<DotsSession>()
}

fn send(app: &mut App, action: DotsAction) {
    app.world_mut().write_message(action);
    app.update();
}

/// The dot entities equal the rules board, the index points at them, nothing animates, and
/// the screen status says settled.
fn assert_mirror(app: &mut App) {
    let board = session(app).game.board().clone();
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &Dot)>();
    let mut seen = BTreeMap::new();
    for (e, d) in q.iter(world) {
        assert!(
            seen.insert(d.at, (d.color, e)).is_none(),
            "two dots at {}",
            d.at
        );
    }
    let expected: BTreeMap<Point, u8> = board.points().map(|p| (p, board.get(p))).collect();
    let got: BTreeMap<Point, u8> = seen.iter().map(|(p, (c, _))| (*p, *c)).collect();
    assert_eq!(got, expected, "ECS differs from the rules board:\n{board}");
    let index = world.resource::<DotIndex>().clone();
    for (p, (_, e)) in &seen {
        assert_eq!(index.get(*p), Some(*e), "index at {p}");
    }
    assert_eq!(world.query::<&Tween>().iter(world).count(), 0);
    assert_eq!(world.query::<&Vanish>().iter(world).count(), 0);
    assert!(world.resource::<ScreenStatus>().settled);
}

/// Drags along `path` and releases, as the mouse would.
fn drag(app: &mut App, path: &[Point]) {
    send(app, DotsAction::Press(path[0]));
    for &p in &path[1..] {
        send(app, DotsAction::Drag(p));
    }
    send(app, DotsAction::Release);
}

#[test]
fn dragged_moves_are_mirrored_and_match_an_independent_rules_game() {
    for seed in [1, 7, 42] {
        let mut app = app_with(Game::new(6, 5, 8, seed).unwrap());
        let mut replay = Game::new(6, 5, 8, seed).unwrap();
        assert_mirror(&mut app);
        while !replay.is_over() {
            let (path, claimed) = best_move(replay.board()).unwrap();
            drag(&mut app, &path);
            assert_ne!(
                phase(&app),
                DotsPhase::Idle,
                "the release started the removal"
            );
            settle(&mut app);
            let out = replay.play(&path).unwrap();
            assert_eq!(out.removed.len(), claimed);
            assert_mirror(&mut app);
            let g = &session(&app).game;
            assert_eq!(g.board(), replay.board(), "seed {seed}");
            assert_eq!(
                (g.score(), g.moves_left()),
                (replay.score(), replay.moves_left())
            );
        }
        assert_eq!(phase(&app), DotsPhase::Over);
        assert!(app.world().resource::<ScreenStatus>().over);
        let key = session(&app).score_key();
        let best = app.world().resource::<HighScores>().best(&key);
        assert_eq!(best, Some(replay.score()));
    }
}

#[test]
fn a_closed_loop_is_known_before_release_and_clears_its_colour() {
    let seed = (0..500)
        .find(|&s| best_closed_shape(Game::new(6, 4, 5, s).unwrap().board()).is_some())
        .expect("some board has a loop");
    let mut app = app_with(Game::new(6, 4, 5, seed).unwrap());
    let (path, count) = best_closed_shape(session(&app).game.board()).unwrap();
    send(&mut app, DotsAction::Press(path[0]));
    for &p in &path[1..] {
        send(&mut app, DotsAction::Drag(p));
    }
    assert!(
        session(&app).game.is_closed_shape(),
        "closed before release"
    );
    assert_eq!(session(&app).game.selection(), &path[..]);
    send(&mut app, DotsAction::Release);
    settle(&mut app);
    assert_eq!(session(&app).game.score(), count as u64);
    assert_mirror(&mut app);
}

#[test]
fn clicks_select_deselect_the_last_and_dragging_back_steps_back() {
    let text = "112\n113\n223\n";
    let board = gems_rules::dots::Board::parse(text).unwrap();
    let mut app = app_with(Game::with_board(board, 3, 5).unwrap());
    let p = Point::new;
    // Click, click: a selection of two, nothing removed on release.
    send(&mut app, DotsAction::Press(p(0, 0)));
    send(&mut app, DotsAction::Release);
    send(&mut app, DotsAction::Press(p(1, 0)));
    send(&mut app, DotsAction::Release);
    assert_eq!(session(&app).game.selection(), &[p(0, 0), p(1, 0)]);
    assert_eq!(phase(&app), DotsPhase::Idle);
    // Clicking the last selected dot deselects it; an illegal click starts over there.
    send(&mut app, DotsAction::Press(p(1, 0)));
    send(&mut app, DotsAction::Release);
    assert_eq!(session(&app).game.selection(), &[p(0, 0)]);
    send(&mut app, DotsAction::Press(p(2, 2)));
    send(&mut app, DotsAction::Release);
    assert_eq!(session(&app).game.selection(), &[p(2, 2)]);
    // Dragging back onto the previous dot steps back.
    send(&mut app, DotsAction::Press(p(0, 0)));
    send(&mut app, DotsAction::Drag(p(1, 0)));
    send(&mut app, DotsAction::Drag(p(1, 1)));
    send(&mut app, DotsAction::Drag(p(1, 0)));
    assert_eq!(session(&app).game.selection(), &[p(0, 0), p(1, 0)]);
    send(&mut app, DotsAction::Drag(p(2, 0)));
    assert_eq!(
        session(&app).game.selection(),
        &[p(0, 0), p(1, 0)],
        "other colour"
    );
    send(&mut app, DotsAction::Release);
    settle(&mut app);
    assert_eq!(session(&app).game.score(), 2);
    assert_eq!(session(&app).game.moves_left(), 2);
    assert_mirror(&mut app);
}

#[test]
fn autoplay_plays_to_the_end_on_the_task_pool() {
    let mut app = app_with(Game::new(6, 5, 6, 3).unwrap());
    app.world_mut().resource_mut::<DotsAutoplay>().enabled = true;
    let mut moves = 0;
    for _ in 0..20_000 {
        app.update();
        if phase(&app) == DotsPhase::Showing {
            moves += 1;
            settle(&mut app);
            assert_mirror(&mut app);
        }
        if phase(&app) == DotsPhase::Over && !busy(&mut app) {
            break;
        }
    }
    assert_eq!(phase(&app), DotsPhase::Over);
    assert_eq!(moves, 6);
    let g = session(&app).game.clone();
    assert_eq!(g.moves_left(), 0);
    assert!(g.score() >= 12, "six moves remove at least two dots each");
    assert!(app.world().resource::<ScreenStatus>().over);
}

#[test]
fn a_new_game_drops_in_a_fresh_board() {
    let mut app = app_with(Game::new(6, 5, 4, 1).unwrap());
    let (path, _) = best_move(session(&app).game.board()).unwrap();
    drag(&mut app, &path);
    settle(&mut app);
    let before = session(&app).generation;
    send(&mut app, DotsAction::NewGame(99));
    assert_eq!(phase(&app), DotsPhase::Falling);
    settle(&mut app);
    let g = &session(&app).game;
    assert_eq!(g.board(), Game::new(6, 5, 4, 99).unwrap().board());
    assert_eq!((g.score(), g.moves_left()), (0, 4));
    assert_ne!(
        session(&app).generation,
        before,
        "a new game is a new generation"
    );
    assert_mirror(&mut app);
}

/// The settings menu's Start: a new board of the chosen size and colours, with the chosen moves,
/// mirrored entity for entity; settings the rules refuse change nothing.
#[test]
fn new_settings_deal_a_board_of_that_shape() {
    let mut app = app_with(Game::new(6, 5, 20, 3).unwrap());
    let first = session(&app).generation;
    send(
        &mut app,
        DotsAction::Setup {
            size: 9,
            colors: 3,
            moves: 7,
        },
    );
    settle(&mut app);
    let s = session(&app);
    assert_eq!((s.size, s.colors, s.moves), (9, 3, 7));
    assert_eq!(s.game.board().size(), 9);
    assert_eq!(s.game.moves_left(), 7);
    assert!(
        s.game
            .board()
            .points()
            .all(|p| (1..=3).contains(&s.game.board().get(p)))
    );
    assert_ne!(s.generation, first, "new settings deal a new generation");
    let dealt = s.generation;
    assert_eq!(s.score_key(), "dots|9x9|3c|7m");
    assert_mirror(&mut app);

    let fingerprint = |app: &App| {
        let g = &session(app).game;
        (g.board().clone(), g.seed(), g.moves_left(), g.score())
    };
    let before = fingerprint(&app);
    for (size, colors, moves) in [(2, 3, 7), (13, 3, 7), (9, 1, 7), (9, 10, 7), (9, 3, 0)] {
        send(
            &mut app,
            DotsAction::Setup {
                size,
                colors,
                moves,
            },
        );
        settle(&mut app);
        assert_eq!(fingerprint(&app), before, "{size} {colors} {moves} refused");
    }
    assert_eq!(
        session(&app).generation,
        dealt,
        "refused settings change nothing"
    );
    assert_mirror(&mut app);
}

#[test]
fn a_hint_is_a_legal_move_found_off_the_frame() {
    // The largest board: its search takes far longer than the rest of the frame that starts it
    // (on 6x6 it once finished on the pool before the same frame polled it, under load).
    let mut app = app_with(Game::new(12, 5, 10, 5).unwrap());
    send(&mut app, DotsAction::Hint);
    assert!(
        app.world().resource::<DotsSearch>().0.is_some(),
        "the search runs on the task pool"
    );
    settle(&mut app);
    let hint = app
        .world()
        .resource::<modern_gems::games::dots::model::DotsHint>()
        .clone();
    let board = session(&app).game.board().clone();
    board.check_selection(&hint.path).expect("legal hint");
    assert_eq!(board.removal_count(&hint.path), hint.points);
    // Playing the hint clears it and is mirrored like any move.
    drag(&mut app, &hint.path);
    settle(&mut app);
    assert_eq!(session(&app).game.score(), hint.points as u64);
    assert!(
        app.world()
            .resource::<modern_gems::games::dots::model::DotsHint>()
            .path
            .is_empty()
    );
    assert_mirror(&mut app);
}

#[test]
fn leaving_mid_animation_and_coming_back_shows_the_rules_board() {
    let mut app = app_with(Game::new(6, 5, 10, 8).unwrap());
    let (path, _) = best_move(session(&app).game.board()).unwrap();
    drag(&mut app, &path);
    assert_eq!(phase(&app), DotsPhase::Removing);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
    app.update();
    {
        let world = app.world_mut();
        assert_eq!(
            world.query::<&Dot>().iter(world).count(),
            0,
            "despawned on exit"
        );
    }
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(modern_gems::games::dots::SCREEN);
    settle(&mut app);
    assert_eq!(phase(&app), DotsPhase::Idle);
    assert_eq!(session(&app).game.moves_left(), 9);
    assert_mirror(&mut app);
}
