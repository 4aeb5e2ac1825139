//! K in a row in a headless Bevy app: moves go through the same messages the mouse sends, the
//! computer answers from its background task, and the ECS model always equals the rules game.

use std::time::Duration;

use bevy::prelude::*;
use gems_rules::k_in_a_row::{Board, Cell, Game, Move, Side, Status, Strength};
use modern_gems::games::k_in_a_row;
use modern_gems::games::k_in_a_row::ai::KThinking;
use modern_gems::games::k_in_a_row::model::{KAction, KSession, Setup};
use modern_gems::headless_screen_app;
use modern_gems::kit::ai::Progress;
use modern_gems::kit::scores::HighScores;
use modern_gems::kit::screens::ScreenStatus;

fn app() -> App {
    let mut app = headless_screen_app(
        modern_gems::games::k_in_a_row::SCREEN,
        Duration::from_millis(16),
    );
    app.add_plugins(k_in_a_row::logic_plugin);
    app.update();
    app
}

fn session(app: &App) -> &KSession {
    app.world().resource::<KSession>()
}

/// Steps frames until the computer is not thinking and animations are over.
fn settle(app: &mut App) {
    for _ in 0..5_000 {
        app.update();
        if app.world().resource::<KThinking>().0.is_none()
            && app.world().resource::<ScreenStatus>().settled
            && (session(app).game.to_move() == Side::Human
                || session(app).game.status() != Status::InProgress)
        {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the computer never answered");
}

/// The ECS game equals the rules game replayed from its moves.
fn assert_mirror(app: &App) {
    let s = session(app);
    let mut replay = Game::new(s.setup.board, s.setup.first);
    for &mv in s.game.moves() {
        replay.play(mv).unwrap();
    }
    assert_eq!(replay.board(), s.game.board());
    assert_eq!(replay.status(), s.game.status());
    let n = s.game.board().size();
    for (i, placed) in s.placed_at.iter().enumerate() {
        let occupied = matches!(
            s.game.board().get(i / n, i % n),
            Some(Cell::Human | Cell::Computer)
        );
        assert_eq!(placed.is_some(), occupied, "cell {i}");
    }
}

fn new_game(app: &mut App, board: Board, strength: Strength, first: Side) {
    app.world_mut().write_message(KAction::NewGame(Setup {
        board,
        strength,
        first,
    }));
    settle(app);
}

#[test]
fn computer_answers_each_move_and_the_model_mirrors_the_rules() {
    let mut app = app();
    new_game(
        &mut app,
        Board::new(4, 3).unwrap(),
        Strength::Quality(3),
        Side::Human,
    );
    let mut moves = 0;
    while session(&app).game.status() == Status::InProgress {
        let mv = session(&app).game.legal_moves()[0];
        app.world_mut().write_message(KAction::Place(mv));
        settle(&mut app);
        assert_mirror(&app);
        moves += 1;
        assert!(moves < 20);
    }
    // Playing the first empty square every time loses to a 3-ply search on 4x4, k=3.
    assert_eq!(session(&app).game.status(), Status::Won(Side::Computer));
    assert!(session(&app).winning_line().is_some());
    assert!(app.world().resource::<ScreenStatus>().over);
    // The loss enters the person's record for 4×4, 3 in a row, once.
    for _ in 0..5 {
        app.update();
    }
    let scores = app.world().resource::<HighScores>();
    assert_eq!(session(&app).record(scores), (0, 0, 1));
    assert_eq!(scores.counter("k-in-a-row|4x4|k3|lost"), 1);
}

#[test]
fn computer_can_start_and_perfect_play_holds_the_draw() {
    let mut app = app();
    new_game(
        &mut app,
        Board::new(3, 3).unwrap(),
        Strength::Perfect,
        Side::Computer,
    );
    assert_eq!(
        session(&app).game.moves().len(),
        1,
        "the computer moved first"
    );
    while session(&app).game.status() == Status::InProgress {
        let legal = session(&app).game.legal_moves();
        let mv = legal[legal.len() / 2];
        app.world_mut().write_message(KAction::Place(mv));
        settle(&mut app);
        assert_mirror(&app);
    }
    assert_ne!(session(&app).game.status(), Status::Won(Side::Human));
}

/// The web build's way: the search goes to the AI worker as a message (here a thread carrying
/// the same texts). Perfect play still holds 3×3 to a draw, and a long solve's answer comes
/// many frames later, none of them holding the search.
#[test]
fn a_search_run_as_the_worker_s_messages_plays_as_well_and_reports_its_progress() {
    let mut app = app();
    app.insert_resource(modern_gems::kit::ai::AiHost::Messages);
    new_game(
        &mut app,
        Board::new(3, 3).unwrap(),
        Strength::Perfect,
        Side::Computer,
    );
    assert_eq!(session(&app).game.moves().len(), 1);
    while session(&app).game.status() == Status::InProgress {
        let legal = session(&app).game.legal_moves();
        let mv = legal[0];
        app.world_mut().write_message(KAction::Place(mv));
        settle(&mut app);
        assert_mirror(&app);
    }
    assert_ne!(session(&app).game.status(), Status::Won(Side::Human));

    // An empty 6×6, k=4: its solve takes seconds, so the answer comes many frames later
    // instead of one frame holding the whole search, and meanwhile the search's reports (the
    // worker's texts) tell the side panel how many positions it has searched.
    app.world_mut().write_message(KAction::NewGame(Setup {
        board: Board::new(6, 4).unwrap(),
        strength: Strength::Perfect,
        first: Side::Computer,
    }));
    app.update();
    let (mut frames, mut reports) = (0, Vec::new());
    while app.world().resource::<KThinking>().0.is_some() {
        if let Some(p) = app.world().resource::<KThinking>().progress()
            && reports.last() != Some(&p)
        {
            reports.push(p);
        }
        app.update();
        frames += 1;
        assert!(frames < 1_000_000, "the search never ended");
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(frames > 5, "the search spanned frames ({frames})");
    assert!(reports.len() >= 2, "progress reports seen: {reports:?}");
    for pair in reports.windows(2) {
        let (Progress::Nodes { nodes: a, .. }, Progress::Nodes { nodes: b, .. }) =
            (pair[0], pair[1])
        else {
            panic!("K in a row reports positions: {reports:?}");
        };
        assert!(b > a, "{reports:?}");
    }
    // The answer is the game's action, played on the next frame.
    app.update();
    assert_eq!(session(&app).game.moves().len(), 1);
    assert_mirror(&app);
}

#[test]
fn clicks_are_refused_on_taken_or_unavailable_squares_and_editing_toggles_them() {
    let mut app = app();
    let mut board = Board::new(3, 3).unwrap();
    board.set(1, 1, Cell::Unavailable);
    new_game(&mut app, board, Strength::Quality(2), Side::Human);
    app.world_mut()
        .write_message(KAction::Place(Move::new(1, 1)));
    settle(&mut app);
    assert!(session(&app).game.moves().is_empty());
    app.world_mut().resource_mut::<KSession>().editing = true;
    app.world_mut()
        .write_message(KAction::ToggleUnavailable(1, 1));
    app.world_mut()
        .write_message(KAction::ToggleUnavailable(0, 0));
    app.update();
    let b = *session(&app).game.board();
    assert_eq!(b.get(1, 1), Some(Cell::Empty));
    assert_eq!(b.get(0, 0), Some(Cell::Unavailable));
    app.world_mut().resource_mut::<KSession>().editing = false;
    app.world_mut()
        .write_message(KAction::Place(Move::new(2, 2)));
    settle(&mut app);
    eprintln!(
        "DEBUG {:?} {:?} {}",
        session(&app).game.moves(),
        session(&app).game.status(),
        session(&app).game.board().rows_text()
    );
    assert_eq!(session(&app).game.moves()[0], Move::new(2, 2));
    assert_eq!(session(&app).game.moves().len(), 2);
    assert_mirror(&app);
}

/// A 19x19 game with k = 5 at the default quality: the computer answers every move from its
/// background task, and the ECS mirrors the rules throughout.
#[test]
fn nineteen_by_nineteen_games_are_played_out() {
    let mut app = app();
    new_game(
        &mut app,
        Board::new(19, 5).unwrap(),
        Strength::Quality(4),
        Side::Human,
    );
    for (r, c) in [(0, 0), (18, 18), (0, 18), (18, 0)] {
        app.world_mut()
            .write_message(KAction::Place(Move::new(r, c)));
        settle(&mut app);
        assert_mirror(&app);
        let s = session(&app);
        let (cr, cc) = s.game.moves().last().expect("the computer moved").cell();
        assert_eq!(s.game.board().get(cr, cc), Some(Cell::Computer));
    }
    assert_eq!(session(&app).game.moves().len(), 8);
}

/// Steps frames until the analysis job is done.
fn settle_analysis(app: &mut App) {
    for _ in 0..20_000 {
        app.update();
        if app
            .world()
            .resource::<k_in_a_row::analysis::KAnalysisSlot>()
            .0
            .is_none()
        {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the analysis never ended");
}

/// With "Analyse" on, the person's turn gets every empty square's value, equal to the rules'
/// proofs for the position on show; a move makes the next turn's analysis for the new position;
/// a new game started while the analysis runs drops it (its answer never lands on the new game);
/// on 15×15 the values are the engine's estimates; off, nothing is analysed.
#[test]
fn k_in_a_row_analysis_colours_each_square_with_the_rules_values_and_follows_the_game() {
    use gems_rules::k_in_a_row::{Engine, Limits, Outcome, SquareValue};
    use modern_gems::games::k_in_a_row::analysis::{KAnalysis, KAnalysisSlot};
    let mut app = app();
    new_game(
        &mut app,
        Board::new(4, 4).unwrap(),
        Strength::Quality(2),
        Side::Human,
    );
    app.world_mut().resource_mut::<KAnalysis>().on = true;
    settle_analysis(&mut app);
    for turn in 0..2 {
        let (board, to_move) = {
            let g = &session(&app).game;
            (*g.board(), g.to_move())
        };
        let expected: Vec<(Move, SquareValue)> = Engine::with_table_bits(16)
            .square_values(&board, to_move, &Limits::default())
            .into_iter()
            .map(|(mv, v)| (mv, SquareValue::Proven(v.expect("proven on 4x4"))))
            .collect();
        let analysis = app.world().resource::<KAnalysis>();
        assert_eq!(
            analysis.for_position(&board, to_move),
            &expected[..],
            "turn {turn}"
        );
        assert!(analysis.all_proven());
        assert_eq!(
            analysis.counts().1,
            expected.len(),
            "4x4 k=4: every square draws"
        );
        let mv = expected[0].0;
        app.world_mut().write_message(KAction::Place(mv));
        settle(&mut app);
        settle_analysis(&mut app);
    }

    // A new game while the analysis of a position runs: its answer never shows.
    app.insert_resource(modern_gems::kit::ai::AiHost::Messages);
    new_game(
        &mut app,
        Board::new(5, 4).unwrap(),
        Strength::Quality(2),
        Side::Human,
    );
    app.update();
    assert!(
        app.world().resource::<KAnalysisSlot>().busy(),
        "the 5x5 analysis runs"
    );
    let mut other = Board::new(4, 3).unwrap();
    other.set(0, 0, Cell::Unavailable);
    new_game(&mut app, other, Strength::Quality(2), Side::Human);
    settle_analysis(&mut app);
    let analysis = app.world().resource::<KAnalysis>();
    assert_eq!(analysis.position, Some((other, Side::Human)));
    assert_eq!(analysis.values.len(), 15);
    assert!(
        analysis
            .values
            .iter()
            .all(|(_, v)| *v == SquareValue::Proven(Outcome::Win)
                || *v == SquareValue::Proven(Outcome::Draw)
                || *v == SquareValue::Proven(Outcome::Loss))
    );

    // 15×15: no proof from a nearly empty board, so estimates.
    app.insert_resource(modern_gems::kit::ai::AiHost::Thread);
    let mut big = Board::new(15, 5).unwrap();
    big.set(7, 7, Cell::Computer);
    new_game(&mut app, big, Strength::Quality(2), Side::Human);
    settle_analysis(&mut app);
    let analysis = app.world().resource::<KAnalysis>();
    assert_eq!(analysis.values.len(), 224);
    assert!(!analysis.all_proven());
    assert!(
        analysis
            .values
            .iter()
            .any(|(_, v)| matches!(v, SquareValue::Estimate(_)))
    );

    // Off: the next position is not analysed.
    app.world_mut().resource_mut::<KAnalysis>().on = false;
    app.world_mut()
        .write_message(KAction::Place(Move::new(0, 0)));
    settle(&mut app);
    settle_analysis(&mut app);
    let g = &session(&app).game;
    assert!(
        app.world()
            .resource::<KAnalysis>()
            .for_position(g.board(), g.to_move())
            .is_empty()
    );
    assert!(!app.world().resource::<KAnalysisSlot>().busy());
}
