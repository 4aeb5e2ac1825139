//! The Bevy app, headless (`MinimalPlugins`, manual time steps): whole games on every named board
//! under every policy, played through the same messages the input systems send, with the ECS
//! checked against the rules after every move.

use std::collections::BTreeMap;
use std::time::Duration;

use bevy::prelude::*;
use gems_rules::gems::{
    Board, Cell, Game, Player, RemovalPolicy, greedy_move, named_board, named_board_names,
    random_board,
};
use modern_gems::games::gems::anim::Animations;
use modern_gems::games::gems::headless_app;
use modern_gems::games::gems::model::Phase;
use modern_gems::games::gems::model::{Flag, GemIndex, GemsAction, GemsSession, Kind, Position};

const STEP: Duration = Duration::from_millis(16);

fn app_for(name: &str, board: Board, policy: RemovalPolicy, player: Player) -> App {
    let mut app = headless_app(
        GemsSession::new(name.to_string(), board, policy, player),
        STEP,
    );
    settle(&mut app);
    app
}

/// A person's game on the named board `name` under `policy`, settled.
fn human_app(name: &str, policy: RemovalPolicy) -> App {
    let board = named_board(name).expect("a named board");
    app_for(name, board, policy, Player::Interactive)
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

/// Steps frames until no transition runs, no move is pending and no phase change is queued.
fn settle(app: &mut App) {
    modern_gems::games::gems::settle_gems(app);
}

fn session(app: &App) -> &GemsSession {
    app.world().resource::<GemsSession>()
}

/// The entities' positions and kinds equal the rules board, the index points at them, and no
/// animation is left.
fn assert_mirror(app: &mut App) {
    let board = session(app).game.board().clone();
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &Position, &Kind, &Flag, &Transform)>();
    let mut seen = BTreeMap::new();
    for (e, pos, kind, _, _) in q.iter(world) {
        assert!(
            seen.insert(pos.cell(), (kind.0, e)).is_none(),
            "two entities at {}",
            pos.cell()
        );
    }
    let expected: BTreeMap<Cell, u32> = board.gems().collect();
    let got: BTreeMap<Cell, u32> = seen.iter().map(|(c, (k, _))| (*c, *k)).collect();
    assert_eq!(got, expected, "ECS differs from the rules board:\n{board}");
    let index = world.resource::<GemIndex>().clone();
    for (cell, (_, e)) in &seen {
        assert_eq!(index.get(*cell), Some(*e), "index at {cell}");
    }
    assert_eq!(index.cells.iter().flatten().count(), seen.len());
    assert!(world.resource::<Animations>().is_idle());
}

fn select(app: &mut App, cell: Cell) {
    app.world_mut().write_message(GemsAction::Select(cell));
    settle(app);
}

/// Plays a whole game by sending Select messages (the greedy choice each time), checking the
/// mirror after every move and the score against a rules game played alongside.
fn play_whole_game(name: &str, board: Board, policy: RemovalPolicy) {
    let mut app = app_for(name, board.clone(), policy, Player::Interactive);
    assert_mirror(&mut app);
    let mut console = Game::new(board, policy, Player::Interactive);
    while !console.is_over() {
        let cell = greedy_move(console.board(), policy).expect("a legal move remains");
        console.play(cell).unwrap();
        select(&mut app, cell);
        assert_mirror(&mut app);
        assert_eq!(
            session(&app).game.score(),
            console.score(),
            "{name} {policy}"
        );
        assert_eq!(session(&app).game.move_num(), console.move_num());
    }
    assert_eq!(phase(&app), Phase::Over);
}

#[test]
fn whole_games_on_every_named_board_under_every_policy() {
    for name in named_board_names() {
        for policy in RemovalPolicy::ALL {
            play_whole_game(name, named_board(name).unwrap(), policy);
        }
    }
}

#[test]
fn whole_games_on_random_boards() {
    for seed in 0..4 {
        for policy in [
            RemovalPolicy::Chained,
            RemovalPolicy::Classic,
            RemovalPolicy::WholeRowCol,
        ] {
            play_whole_game("random", random_board(8, 11, 4, seed).unwrap(), policy);
        }
    }
}

#[test]
fn input_during_a_transition_is_ignored() {
    let mut app = app_for(
        "large",
        named_board("large").unwrap(),
        RemovalPolicy::Chained,
        Player::Interactive,
    );
    let first = greedy_move(session(&app).game.board(), RemovalPolicy::Chained).unwrap();
    app.world_mut().write_message(GemsAction::Select(first));
    app.update();
    app.update();
    assert!(phase(&app).is_transition(), "{:?}", phase(&app));
    // A click, a key, undo and restart while the move animates: all ignored.
    let before = session(&app).game.clone();
    for action in [
        GemsAction::Select(Cell::new(6, 9)),
        GemsAction::SelectCursor,
        GemsAction::Undo,
        GemsAction::Restart,
    ] {
        app.world_mut().write_message(action);
        app.update();
    }
    assert_eq!(session(&app).game, before);
    settle(&mut app);
    assert_eq!(session(&app).game.move_num(), 1);
    assert_mirror(&mut app);
}

#[test]
fn hover_flags_the_policys_group() {
    let mut app = app_for(
        "tiny",
        named_board("tiny").unwrap(),
        RemovalPolicy::Adjacent,
        Player::Interactive,
    );
    app.world_mut()
        .write_message(GemsAction::Hover(Some(Cell::new(1, 0))));
    app.update();
    let world = app.world_mut();
    let mut flagged: Vec<Cell> = world
        .query::<(&Position, &Flag)>()
        .iter(world)
        .filter(|(_, f)| f.0)
        .map(|(p, _)| p.cell())
        .collect();
    flagged.sort();
    assert_eq!(
        flagged,
        vec![
            Cell::new(0, 0),
            Cell::new(1, 0),
            Cell::new(1, 1),
            Cell::new(2, 0)
        ]
    );
    let sel = app
        .world()
        .resource::<modern_gems::games::gems::model::Selection>();
    assert_eq!(sel.points, Some(16));
    // Moving off the board clears the highlight.
    app.world_mut().write_message(GemsAction::Hover(None));
    app.update();
    let world = app.world_mut();
    assert_eq!(
        world.query::<&Flag>().iter(world).filter(|f| f.0).count(),
        0
    );
}

#[test]
fn undo_redo_and_restart() {
    let mut app = app_for(
        "cross",
        named_board("cross").unwrap(),
        RemovalPolicy::Chained,
        Player::Interactive,
    );
    select(&mut app, Cell::new(2, 2));
    select(&mut app, Cell::new(4, 0));
    let after_two = session(&app).game.clone();
    app.world_mut().write_message(GemsAction::Undo);
    settle(&mut app);
    assert_eq!(session(&app).game.move_num(), 1);
    assert_mirror(&mut app);
    app.world_mut().write_message(GemsAction::Redo);
    settle(&mut app);
    assert_eq!(session(&app).game, after_two);
    assert_mirror(&mut app);
    app.world_mut().write_message(GemsAction::Restart);
    settle(&mut app);
    assert_eq!(session(&app).game.move_num(), 0);
    assert_eq!(session(&app).game.board(), &named_board("cross").unwrap());
    assert_mirror(&mut app);
    // An illegal selection changes nothing.
    select(&mut app, Cell::new(9, 9));
    assert_eq!(session(&app).game.move_num(), 0);
}

/// AI players move on a background task and their moves arrive as Select messages; the final
/// score equals the rules player's.
#[test]
fn ai_players_play_to_the_end_in_the_background() {
    for player in [Player::Greedy, Player::LookAhead1] {
        for name in ["tiny", "almostCross", "large"] {
            let board = named_board(name).unwrap();
            let mut rules = Game::new(board.clone(), RemovalPolicy::Chained, player);
            let mut computer = gems_rules::gems::Computer::default();
            while computer.play(&mut rules).is_some() {}
            let mut app = app_for(name, board, RemovalPolicy::Chained, player);
            for _ in 0..100_000 {
                if phase(&app) == Phase::Over {
                    break;
                }
                app.update();
            }
            assert_eq!(phase(&app), Phase::Over, "{player} on {name}");
            assert_mirror(&mut app);
            assert_eq!(
                session(&app).game.score(),
                rules.score(),
                "{player} on {name}"
            );
        }
    }
}

#[test]
fn keyboard_cursor_moves_and_selects() {
    let mut app = app_for(
        "tiny",
        named_board("tiny").unwrap(),
        RemovalPolicy::WholeRowCol,
        Player::Interactive,
    );
    // The cursor starts bottom-left; up once reaches (1,0).
    app.world_mut().write_message(GemsAction::MoveCursor(-1, 0));
    app.world_mut().write_message(GemsAction::SelectCursor);
    settle(&mut app);
    assert_eq!(session(&app).game.score(), 25);
    assert_mirror(&mut app);
    // The cursor is clamped to the board.
    for _ in 0..10 {
        app.world_mut().write_message(GemsAction::MoveCursor(0, -1));
    }
    app.update();
    let c = app
        .world()
        .resource::<modern_gems::games::gems::model::KeyCursor>();
    assert_eq!(c.cell.col, 0);
}

fn flagged(app: &mut App) -> Vec<Cell> {
    let world = app.world_mut();
    let mut cells: Vec<Cell> = world
        .query::<(&Position, &Flag)>()
        .iter(world)
        .filter(|(_, f)| f.0)
        .map(|(p, _)| p.cell())
        .collect();
    cells.sort();
    cells
}

/// `ActivePolicy` decides how the flagging system flags and how the next move is played, from
/// the moment it changes; undo restores the board and the score but not the policy; and a game
/// whose policy changed midway enters no high score.
#[test]
fn the_active_policy_rules_the_next_flag_and_move() {
    use modern_gems::games::gems::model::ActivePolicy;
    use modern_gems::kit::scores::{GameOverInfo, HighScores};
    let mut app = human_app("tiny", RemovalPolicy::Adjacent);
    let board = named_board("tiny").unwrap();
    let mut rules = Game::new(board, RemovalPolicy::Adjacent, Player::Interactive);
    let first = greedy_move(rules.board(), RemovalPolicy::Adjacent).unwrap();
    rules.play(first).unwrap();
    select(&mut app, first);

    app.world_mut()
        .write_message(GemsAction::SetPolicy(RemovalPolicy::WholeRowCol));
    rules.set_policy(RemovalPolicy::WholeRowCol);
    let next = greedy_move(rules.board(), RemovalPolicy::WholeRowCol).unwrap();
    app.world_mut().write_message(GemsAction::Hover(Some(next)));
    app.update();
    let mut want = rules.check_move(next).unwrap();
    want.sort();
    assert_eq!(
        flagged(&mut app),
        want,
        "the hover flags the new policy's group"
    );

    rules.play(next).unwrap();
    select(&mut app, next);
    assert_eq!(session(&app).game.score(), rules.score());
    assert_mirror(&mut app);

    app.world_mut().write_message(GemsAction::Undo);
    settle(&mut app);
    assert_eq!(session(&app).game.move_num(), 1);
    assert_eq!(
        app.world().resource::<ActivePolicy>().0,
        RemovalPolicy::WholeRowCol,
        "undo leaves the active policy"
    );
    assert_eq!(session(&app).game.policy(), RemovalPolicy::WholeRowCol);

    while !session(&app).game.is_over() {
        let cell = greedy_move(session(&app).game.board(), RemovalPolicy::WholeRowCol).unwrap();
        select(&mut app, cell);
    }
    let key = session(&app).score_key();
    assert_eq!(app.world().resource::<HighScores>().best(&key), None);
    assert!(!app.world().resource::<GameOverInfo>().new_record);
}

/// `ActivePlayer` decides who moves: switching it to an automatic player mid-game makes the
/// computer play the next move; switching back to a person stops it.
#[test]
fn the_active_player_decides_who_moves_next() {
    let mut app = human_app("large", RemovalPolicy::Chained);
    let board = named_board("large").unwrap();
    for _ in 0..100 {
        app.update();
    }
    assert_eq!(session(&app).game.move_num(), 0, "a person's turn waits");
    app.world_mut()
        .write_message(GemsAction::SetPlayer(Player::Greedy));
    // The move is searched on the task pool's worker thread, which other tests' searches may
    // hold for a while: wait for it by the clock, not by a number of frames.
    let started = std::time::Instant::now();
    while session(&app).game.move_num() == 0 && started.elapsed().as_secs() < 20 {
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    let mut rules = Game::new(board, RemovalPolicy::Chained, Player::Interactive);
    let cell = greedy_move(rules.board(), RemovalPolicy::Chained).unwrap();
    rules.play(cell).unwrap();
    assert_eq!(session(&app).game.move_num(), 1, "the greedy player moved");
    assert_eq!(session(&app).game.score(), rules.score());
    app.world_mut()
        .write_message(GemsAction::SetPlayer(Player::Interactive));
    settle(&mut app);
    let moves = session(&app).game.move_num();
    for _ in 0..200 {
        app.update();
    }
    assert_eq!(
        session(&app).game.move_num(),
        moves,
        "back to a person: no more moves"
    );
    assert_mirror(&mut app);
}

/// Two moves in one frame (a click in the frame the automatic player answers, or two clicks
/// queued together): the first starts its transitions and the second is ignored, so the
/// entities still follow the rules board. Found by the monkey test.
#[test]
fn a_second_move_in_the_same_frame_is_ignored() {
    let mut app = human_app("large", RemovalPolicy::Chained);
    let board = session(&app).game.board().clone();
    let moves = gems_rules::gems::legal_moves(&board, RemovalPolicy::Chained);
    let (a, b) = (moves[0].cell, moves[moves.len() - 1].cell);
    app.world_mut().write_message(GemsAction::Select(a));
    app.world_mut().write_message(GemsAction::Select(b));
    settle(&mut app);
    assert_eq!(session(&app).game.move_num(), 1);
    assert_mirror(&mut app);
}

/// A new game on a board with no legal move still drops its gems in, then is over (they used
/// to stay where the deal starts them, above the board). Found by the monkey test.
#[test]
fn a_board_with_no_move_is_dealt_then_over() {
    let board = Board::from_save_string("1 2\n3 4").unwrap();
    let mut app = app_for("stuck", board, RemovalPolicy::Classic, Player::Interactive);
    assert_eq!(phase(&app), Phase::Over);
    assert_mirror(&mut app);
    let world = app.world_mut();
    let layout = *world.resource::<modern_gems::kit::layout::BoardLayout>();
    for (pos, tf) in world.query::<(&Position, &Transform)>().iter(world) {
        assert_eq!(tf.translation.truncate(), layout.cell_center(pos.cell()));
    }
}

/// A finished game enters the top-ten table for its board and rules with today's date; an
/// equal score later ranks below it and is no new record.
#[test]
fn finished_games_enter_the_top_ten_with_their_date() {
    use modern_gems::kit::scores::{GameOverInfo, HighScores};
    let mut app = human_app("tiny", RemovalPolicy::Chained);
    let key = session(&app).score_key();
    for round in 0..2 {
        while !session(&app).game.is_over() {
            let cell = greedy_move(session(&app).game.board(), RemovalPolicy::Chained).unwrap();
            select(&mut app, cell);
        }
        settle(&mut app);
        let score = session(&app).game.score();
        let info = *app.world().resource::<GameOverInfo>();
        assert_eq!(info.score, score);
        assert_eq!(info.rank, Some(round), "round {round}");
        assert_eq!(info.new_record, round == 0);
        let scores = app.world().resource::<HighScores>();
        let table = scores.table(&key);
        assert_eq!(table.len(), round + 1);
        assert!(table.iter().all(|e| e.score == score));
        let today = modern_gems::kit::clock::today();
        assert!(
            table
                .iter()
                .all(|e| e.date.as_deref() == Some(today.as_str()))
        );
        app.world_mut().write_message(GemsAction::Restart);
        settle(&mut app);
    }
}
