//! NRPA's tests: its lines replay to their scores, and its prior draws bigger groups; the
//! helpers the refining's tests share.

use super::*;
use crate::gems::{Board, Game, RemovalPolicy, random_board};

/// A level-2 search plays `iterations`² playouts (times `stabilize`, the playouts per
/// adaptation), and the best line replays on the rules engine to its score.
#[test]
fn an_nrpa_line_replays_to_its_score() {
    let (board, bits) = position(7);
    for stabilize in [1, 3] {
        let settings = Nrpa {
            iterations: 20,
            stabilize,
            ..Nrpa::default()
        };
        let deadline = Instant::now() + std::time::Duration::from_secs(30);
        let mut run = settings.run(&bits, (deadline, &Cancel::never()), 3);
        let found = run.level(2, &mut Policy::new(CODES));
        assert_eq!(run.playouts, 400 * u64::from(stabilize));
        let line = run.best;
        assert_eq!(found.score, line.score);
        assert_replays(&board, &line);
        // The same search without a deadline, from the same seed, plays the same games.
        let (again, playouts) = settings.search_level(&bits, 2, 3);
        assert_eq!(
            (again.score, playouts),
            (line.score, 400 * u64::from(stabilize))
        );
        assert_eq!(again.moves, line.moves);
    }
}

/// With a prior on the group's size ([`Nrpa::bias`]), playouts draw bigger groups more
/// often than plain NRPA's uniform draw does, and their lines, adapted towards by the
/// prior's probabilities, still replay to their scores.
#[test]
fn a_size_bias_draws_bigger_groups_and_its_lines_replay() {
    let (board, bits) = position(3);
    let deadline = Instant::now() + std::time::Duration::from_secs(30);
    let first_sizes = |bias| {
        let settings = Nrpa {
            bias,
            ..Nrpa::default()
        };
        let mut run = settings.run(&bits, (deadline, &Cancel::never()), 5);
        let mut line = NrpaLine::default();
        let mut total = 0;
        for _ in 0..400 {
            run.playout(&Policy::new(CODES), &mut line);
            let (col, h) = line.moves[0].cell();
            total += bits.group_at(col, h).unwrap().size;
            let expected = if bias == 0 { 0 } else { line.allowed.len() };
            assert_eq!(line.biases.len(), expected, "one factor per allowed move");
        }
        total
    };
    let (plain, biased) = (first_sizes(0), first_sizes(300));
    assert!(biased > plain * 5 / 4, "{biased} against {plain}");
    let settings = Nrpa {
        iterations: 10,
        bias: 100,
        ..Nrpa::default()
    };
    let mut run = settings.run(&bits, (deadline, &Cancel::never()), 3);
    run.level(2, &mut Policy::new(CODES));
    assert_eq!(run.playouts, 100);
    assert_replays(&board, &run.best);
}

/// A random 10 × 10 board of 4 colours (from `seed`) under the Classic rules, and its
/// bitboard.
pub(super) fn position(seed: u64) -> (Board, BitBoard) {
    let board = random_board(10, 10, 4, seed).unwrap();
    let (bits, _) = BitBoard::from_board(&board, RemovalPolicy::Classic).unwrap();
    (board, bits)
}

/// Asserts that `line` ends the game on `board` with its score, on the rules engine.
pub(super) fn assert_replays(board: &Board, line: &NrpaLine) {
    let (mut replay, _) = BitBoard::from_board(board, RemovalPolicy::Classic).unwrap();
    let mut game = Game::new(
        board.clone(),
        RemovalPolicy::Classic,
        crate::gems::Player::Greedy,
    );
    for mv in &line.moves {
        let (col, h) = mv.cell();
        let g = replay.group_at(col, h).unwrap();
        let cell = replay.cell_of(col, h);
        replay.play(&g);
        game.play(cell).unwrap();
    }
    assert!(game.is_over());
    assert_eq!(game.score(), u64::from(line.score));
}
