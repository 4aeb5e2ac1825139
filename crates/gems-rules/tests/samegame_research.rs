//! The SameGame research setting: the 20 standard positions under the Classic rules, and the
//! Expert player against the spec's players.

use std::time::Duration;

use gems_rules::gems::fast::{FastBoard, Scratch};
use gems_rules::gems::{
    Board, Budget, Computer, Expert, Game, Player, RemovalPolicy, named_board, named_board_names,
};

fn standard(i: usize) -> Board {
    let path = format!(
        "{}/../../assets/boards/standard-{i}.board",
        env!("CARGO_MANIFEST_DIR")
    );
    Board::from_save_string(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The literature's greedy baseline (largest group; ties to the leftmost column, then the
/// bottom) scores exactly the published 4,951 on the standard positions: a check of the data's
/// orientation, of group finding and of the Classic scoring with its clear bonus.
#[test]
fn literature_greedy_reproduces_the_published_total() {
    let mut total = 0;
    for i in 1..=20 {
        let mut f = FastBoard::from_board(&standard(i), RemovalPolicy::Classic).unwrap();
        let mut s = Scratch::default();
        loop {
            f.moves(&mut s);
            // Moves are listed column by column, bottom-up: the first largest group wins.
            let Some(pick) = s.moves.iter().rev().max_by_key(|m| m.size).copied() else {
                break;
            };
            total += f.play(pick.mv, &mut s).unwrap();
        }
        total += f.end_bonus();
    }
    assert_eq!(total, 4951);
}

fn final_score(board: &Board, policy: RemovalPolicy, player: Player) -> u64 {
    let mut game = Game::new(board.clone(), policy, player);
    let mut computer = Computer::new(Expert::new(Budget::Time(Duration::from_millis(20))));
    while computer.play(&mut game).is_some() {}
    assert!(game.is_over());
    game.score()
}

/// On the named boards, under every policy: Expert ≥ LookAhead1 ≥ Greedy.
#[test]
fn expert_beats_look_ahead_beats_greedy_on_named_boards() {
    for name in named_board_names() {
        let board = named_board(name).unwrap();
        for policy in RemovalPolicy::ALL {
            let g = final_score(&board, policy, Player::Greedy);
            let l = final_score(&board, policy, Player::LookAhead1);
            let e = final_score(&board, policy, Player::Expert);
            assert!(l >= g, "{name} {policy}: look-ahead {l} < greedy {g}");
            assert!(e >= l, "{name} {policy}: expert {e} < look-ahead {l}");
        }
    }
}

/// With a little time the Expert finds far better lines than greedy on a research position.
#[test]
fn expert_line_is_valid_and_strong_on_a_standard_position() {
    let board = standard(1);
    let line = gems_rules::gems::expert_line(
        &board,
        RemovalPolicy::Classic,
        Budget::Time(Duration::from_millis(400)),
    );
    let mut game = Game::new(board.clone(), RemovalPolicy::Classic, Player::Interactive);
    for c in &line.moves {
        game.play(*c).unwrap();
    }
    assert!(game.is_over());
    assert_eq!(game.score(), line.score);
    let greedy = final_score(&board, RemovalPolicy::Classic, Player::Greedy);
    assert!(
        line.score > greedy * 2,
        "expert {} vs greedy {greedy}",
        line.score
    );
}

/// From `NRPA_FROM` the Expert searches by NRPA on its threads: switched on for a short
/// search, on one thread and on two, its line replays to its score and beats greedy twice over.
#[test]
fn expert_by_nrpa_finds_a_valid_strong_line() {
    use gems_rules::gems::{ExpertSearch, NRPA_FROM, Tuning};
    assert!(Tuning::for_budget(Budget::Time(NRPA_FROM)).nrpa);
    assert!(!Tuning::for_budget(Budget::Time(Duration::from_secs(5))).nrpa);
    let board = standard(1);
    let budget = Budget::Time(Duration::from_millis(400));
    let tuning = Tuning {
        nrpa: true,
        ..Tuning::for_budget(budget)
    };
    let greedy = final_score(&board, RemovalPolicy::Classic, Player::Greedy);
    for threads in [1, 2] {
        let line =
            ExpertSearch::tuned(&board, RemovalPolicy::Classic, budget, None, tuning).run(threads);
        let mut game = Game::new(board.clone(), RemovalPolicy::Classic, Player::Interactive);
        for c in &line.moves {
            game.play(*c).unwrap();
        }
        assert!(game.is_over());
        assert_eq!(game.score(), line.score);
        assert!(
            line.score > greedy * 2,
            "NRPA {} vs greedy {greedy}",
            line.score
        );
    }
}

/// With a node budget the Expert is a pure function of the board: two Experts that never met
/// play the same whole game, move for move, and its remembered plans never make it score less
/// than greedy.
#[test]
fn expert_with_a_node_budget_replays_exactly() {
    let board = standard(3);
    let play = || {
        let mut game = Game::new(board.clone(), RemovalPolicy::Classic, Player::Expert);
        let mut computer = Computer::new(Expert::new(Budget::Nodes(2_000)));
        let mut moves = Vec::new();
        while let Some(outcome) = computer.play(&mut game) {
            moves.push(outcome.cell);
        }
        (moves, game.score())
    };
    let (first, score) = play();
    assert_eq!(play(), (first.clone(), score));
    assert!(!first.is_empty());
    assert!(score >= final_score(&board, RemovalPolicy::Classic, Player::Greedy));
}
