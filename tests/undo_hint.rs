//! Undo, Redo and Hint in each of the five games, checked against the rules: every game is
//! played a few moves through its own actions, taken back to the start through the chrome (each
//! step the very rules state it had, the entities mirroring it), played forward again, and a
//! game that used Undo enters no record. Each game's hint is its engine's or evaluator's choice.
//!
//! The tests are named after the capability (`cargo test --workspace undo`, `… hint`).

use bevy::prelude::*;
use gems_rules::k_in_a_row::{Board, Cell, Engine, Limits, Move, Side, Strength};
use modern_gems::games::dots::model::{Dot, DotsHint, DotsSession};
use modern_gems::games::gems::model::GemsSession;
use modern_gems::games::grid_duel::model::{DuelAction, DuelSession};
use modern_gems::games::k_in_a_row::model::{KAction, KSession, Setup};
use modern_gems::games::solo_red::model::{SoloRedAction, SoloRedSession};
use modern_gems::games::{dots, gems, grid_duel, k_in_a_row, solo_red};
use modern_gems::kit::chrome::ChromeCommand;
use modern_gems::kit::game::GameInfo;
use modern_gems::kit::scores::HighScores;
use modern_gems::kit::screens::Screen;
use modern_gems::{headless_game_app, settle_screen};

#[path = "contract/games.rs"]
#[allow(dead_code)]
mod games;
use games::{play_a_move, play_to_the_end};

/// The most frames a game may take to settle.
const FRAMES: usize = 2_000;

/// The whole rules state of the game on screen (its `Debug` text: boards, hands, decks and the
/// random generators), and whether it used Undo.
fn state(app: &App, screen: Screen) -> (String, bool) {
    let w = app.world();
    if screen == gems::SCREEN {
        let s = w.resource::<GemsSession>();
        (format!("{:?}", s.game), s.history.used())
    } else if screen == dots::SCREEN {
        let s = w.resource::<DotsSession>();
        (format!("{:?}", s.game), s.history.used())
    } else if screen == k_in_a_row::SCREEN {
        let s = w.resource::<KSession>();
        (format!("{:?}", s.game), s.history.used())
    } else if screen == solo_red::SCREEN {
        let s = w.resource::<SoloRedSession>();
        (
            format!("{:?} {:?}", s.game, s.canvas_pile),
            s.history.used(),
        )
    } else {
        let s = w.resource::<DuelSession>();
        (format!("{:?}", s.duel), s.history.used())
    }
}

/// Sends the chrome's `command` and lets the game settle.
fn chrome(app: &mut App, command: ChromeCommand) {
    app.world_mut().write_message(command);
    settle_screen(app, FRAMES);
}

/// Plays `moves` moves, takes them all back one by one and plays them all again, checking
/// each step against the rules state it had; then checks that the game is marked unranked.
fn walk_back_and_forth(game: &'static GameInfo, seed: u64, moves: usize) -> App {
    let mut app = headless_game_app(game, seed, FRAMES);
    let mut states = vec![state(&app, game.screen).0];
    for _ in 0..moves {
        play_a_move(&mut app, game.screen);
        let now = state(&app, game.screen).0;
        assert_ne!(
            Some(&now),
            states.last(),
            "{}: a move changed nothing",
            game.name
        );
        states.push(now);
    }
    for back in (0..moves).rev() {
        chrome(&mut app, ChromeCommand::Undo);
        assert_eq!(
            state(&app, game.screen),
            (states[back].clone(), true),
            "{}: undo to move {back}",
            game.name
        );
    }
    // Nothing before the start: an undo there changes nothing.
    chrome(&mut app, ChromeCommand::Undo);
    assert_eq!(state(&app, game.screen).0, states[0], "{}", game.name);
    for (forward, after) in states.iter().enumerate().skip(1) {
        chrome(&mut app, ChromeCommand::Redo);
        assert_eq!(
            &state(&app, game.screen).0,
            after,
            "{}: redo to move {forward}",
            game.name
        );
    }
    chrome(&mut app, ChromeCommand::Redo);
    assert_eq!(state(&app, game.screen).0, states[moves], "{}", game.name);
    app
}

#[test]
fn modern_gems_undo_and_redo_walk_back_to_the_start_and_forward_again_unranked() {
    let mut app = walk_back_and_forth(&gems::info::GAME, 4, 1);
    play_to_the_end(&mut app, gems::SCREEN);
    let key = app.world().resource::<GemsSession>().score_key();
    assert_eq!(app.world().resource::<HighScores>().best(&key), None);
}

#[test]
fn dots_undo_and_redo_walk_back_to_the_start_and_forward_again_unranked() {
    let mut app = walk_back_and_forth(&dots::info::GAME, 5, 3);
    // The dots on the board mirror the rules' board after the walk.
    chrome(&mut app, ChromeCommand::Undo);
    let world = app.world_mut();
    let board = world.resource::<DotsSession>().game.board().clone();
    let mut dots: Vec<(usize, usize, u8)> = world
        .query::<&Dot>()
        .iter(world)
        .map(|d| (d.at.x, d.at.y, d.color))
        .collect();
    dots.sort_unstable();
    let mut cells: Vec<(usize, usize, u8)> =
        board.points().map(|p| (p.x, p.y, board.get(p))).collect();
    cells.sort_unstable();
    assert_eq!(dots, cells);
    play_to_the_end(&mut app, dots::SCREEN);
    let key = app.world().resource::<DotsSession>().score_key();
    assert_eq!(app.world().resource::<HighScores>().best(&key), None);
}

#[test]
fn k_in_a_row_undo_takes_back_the_move_and_the_computer_s_reply_unranked() {
    let mut app = walk_back_and_forth(&k_in_a_row::info::GAME, 1, 3);
    let tiles = |app: &App| {
        let b = *app.world().resource::<KSession>().game.board();
        (b.count(Side::Human), b.count(Side::Computer))
    };
    assert_eq!(tiles(&app), (3, 3), "each move is answered");
    chrome(&mut app, ChromeCommand::Undo);
    assert_eq!(
        tiles(&app),
        (2, 2),
        "one undo takes back a move and its reply"
    );
    play_to_the_end(&mut app, k_in_a_row::SCREEN);
    let (won, drawn, lost) = {
        let w = app.world();
        w.resource::<KSession>().record(w.resource::<HighScores>())
    };
    assert_eq!(
        (won, drawn, lost),
        (0, 0, 0),
        "an undone game is not counted"
    );
}

#[test]
fn solo_red_undo_takes_back_a_whole_turn_unranked() {
    let mut app = walk_back_and_forth(&solo_red::info::GAME, 3, 3);
    // A turn that played to the canvas first is taken back whole by one undo.
    let mut app2 = headless_game_app(&solo_red::info::GAME, 9, FRAMES);
    let start = state(&app2, solo_red::SCREEN).0;
    let s = app2.world().resource::<SoloRedSession>();
    let game = s.game.clone();
    let canvas = gems_rules::solo_red::ai::surviving_moves(&game)
        .into_iter()
        .find_map(|m| m.canvas);
    let canvas = canvas.expect("this deal has a surviving turn through the canvas");
    let index = game.hand().iter().position(|&c| c == canvas).unwrap_or(0);
    app2.world_mut().write_message(SoloRedAction::Select(index));
    app2.world_mut().write_message(SoloRedAction::Canvas);
    settle_screen(&mut app2, FRAMES);
    assert_ne!(state(&app2, solo_red::SCREEN).0, start);
    // Mid-turn: the canvas play alone goes back too.
    chrome(&mut app2, ChromeCommand::Undo);
    assert_eq!(state(&app2, solo_red::SCREEN).0, start);
    play_to_the_end(&mut app, solo_red::SCREEN);
    let record = modern_gems::games::solo_red::record::SoloRedRecord::read(app.world().resource());
    assert_eq!(record.played, 0, "an undone deal is not in the record");
}

#[test]
fn grid_duel_undo_takes_back_a_choice_within_the_turn_and_the_same_digits_come_again() {
    let mut app = walk_back_and_forth(&grid_duel::info::GAME, 2, 1);
    // Back before the choice, regenerating row 3 twice (with an undo between) deals the
    // same digits: the draws follow the seed and the choices.
    chrome(&mut app, ChromeCommand::Undo);
    let regenerate = |app: &mut App| {
        app.world_mut().write_message(DuelAction::RegenerateRow(3));
        settle_screen(app, FRAMES);
        app.world().resource::<DuelSession>().duel.clone()
    };
    let first = regenerate(&mut app);
    chrome(&mut app, ChromeCommand::Undo);
    let again = regenerate(&mut app);
    assert_eq!(format!("{first:?}"), format!("{again:?}"));
    // The computer's turn ends the person's: nothing is left to take back.
    app.world_mut().write_message(DuelAction::Keep);
    settle_screen(&mut app, FRAMES);
    let s = app.world().resource::<DuelSession>();
    assert!(!s.history.can_undo() && s.history.used());
}

/// A hint asked for through the chrome, once the game has settled.
fn ask_hint(app: &mut App) {
    chrome(app, ChromeCommand::Hint);
}

#[test]
fn dots_hint_is_a_legal_selection_with_its_points() {
    let mut app = headless_game_app(&dots::info::GAME, 6, FRAMES);
    ask_hint(&mut app);
    let hint = app.world().resource::<DotsHint>().clone();
    let board = app.world().resource::<DotsSession>().game.board().clone();
    assert!(board.check_selection(&hint.path).is_ok(), "{hint:?}");
    assert!(hint.points >= hint.path.len());
}

#[test]
fn solo_red_hint_is_a_legal_turn_shown_on_the_table() {
    let mut app = headless_game_app(&solo_red::info::GAME, 12, FRAMES);
    app.world_mut().write_message(SoloRedAction::Hint);
    for _ in 0..400 {
        app.update();
        if app.world().resource::<SoloRedSession>().hint.is_some() {
            break;
        }
    }
    let s = app.world().resource::<SoloRedSession>();
    let hint = s.hint.expect("a hint");
    let mut game = s.game.clone();
    assert!(hint.apply(&mut game).is_some(), "{hint:?} is legal");
}

/// A K in a row app on `board` with the person to move, at `strength`.
fn k_app(board: Board, strength: Strength) -> App {
    let mut app = headless_game_app(&k_in_a_row::info::GAME, 1, FRAMES);
    app.world_mut().write_message(KAction::NewGame(Setup {
        board,
        strength,
        first: Side::Human,
    }));
    settle_screen(&mut app, FRAMES);
    app
}

#[test]
fn k_in_a_row_hint_is_the_engine_s_move_at_the_game_s_quality() {
    let strength = Strength::Quality(3);
    let mut app = k_app(Board::new(6, 4).expect("a board"), strength);
    for mv in [Move::new(2, 2), Move::new(3, 3)] {
        app.world_mut().write_message(KAction::Place(mv));
        settle_screen(&mut app, FRAMES);
    }
    ask_hint(&mut app);
    let s = app.world().resource::<KSession>();
    let board = *s.game.board();
    let limits = Limits {
        time: None,
        ..Limits::default()
    };
    let engine = Engine::with_table_bits(18)
        .best_move(&board, Side::Human, strength, &limits)
        .best;
    assert!(s.hint.is_some());
    assert_eq!(s.hint, engine, "the hint is the engine's choice");
    let mv = s.hint.expect("a hint");
    assert_eq!(board.get(mv.row, mv.col), Some(Cell::Empty));
}

#[test]
fn k_in_a_row_hint_takes_a_proven_win() {
    // Three in a row with the fourth square free: the hint completes it.
    let mut board = Board::new(5, 4).expect("a board");
    for c in 0..3 {
        board.set(0, c, Cell::Human);
        board.set(4, c, Cell::Computer);
    }
    board.set(2, 2, Cell::Computer);
    let mut app = k_app(board, Strength::Quality(2));
    ask_hint(&mut app);
    assert_eq!(
        app.world().resource::<KSession>().hint,
        Some(Move::new(0, 3))
    );
}

#[test]
fn grid_duel_hint_is_the_smart_evaluator_s_choice() {
    for seed in 1..6 {
        let mut app = headless_game_app(&grid_duel::info::GAME, seed, FRAMES);
        ask_hint(&mut app);
        let s = app.world().resource::<DuelSession>();
        let pending = *s.duel.pending_grid().expect("a grid to choose for");
        let (choice, _) = s.hint.expect("a hint");
        assert_eq!(
            choice,
            gems_rules::grid_duel::advice(&pending).0,
            "seed {seed}"
        );
    }
}
