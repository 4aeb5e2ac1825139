//! Every engine a game runs as its computer player stops soon after its owner sets the
//! search's [`Cancel`] flag, however long its own budget: each search below is given 20 s (or
//! work that takes far longer) and cancelled after 50 ms, and must be back within 10 s.

use std::thread;
use std::time::{Duration, Instant};

use gems_rules::cancel::Cancel;

/// How long each search may run before its owner cancels it.
const CANCEL_AFTER: Duration = Duration::from_millis(50);
/// The budget each search is given.
const BUDGET: Duration = Duration::from_secs(20);
/// A cancelled search must be back within this (far below its budget).
const BACK_WITHIN: Duration = Duration::from_secs(10);

/// Runs `search` with a fresh flag set after [`CANCEL_AFTER`] from another thread; returns
/// its answer and how long it took.
fn cancelled<T>(search: impl FnOnce(&Cancel) -> T) -> (T, Duration) {
    let cancel = Cancel::new();
    let setter = cancel.clone();
    let started = Instant::now();
    let timer = thread::spawn(move || {
        thread::sleep(CANCEL_AFTER);
        setter.cancel();
    });
    let answer = search(&cancel);
    let took = started.elapsed();
    timer.join().expect("the timer thread ends");
    (answer, took)
}

#[test]
fn a_cancelled_k_in_a_row_search_stops_early() {
    use gems_rules::k_in_a_row::{Board, Engine, Limits, Side, Strength};
    let board = Board::new(9, 5).expect("a 9×9 board");
    let (analysis, took) = cancelled(|cancel| {
        Engine::with_table_bits(18).best_move(
            &board,
            Side::Computer,
            Strength::Perfect,
            &Limits {
                time: Some(BUDGET),
                cancel: cancel.clone(),
                nodes: None,
            },
        )
    });
    assert!(took < BACK_WITHIN, "took {took:?}");
    assert!(!analysis.proven, "a cancelled search proves nothing here");
}

#[test]
fn a_cancelled_expert_stops_early_on_threads_and_in_slices() {
    use gems_rules::gems::{Budget, ExpertSearch, RemovalPolicy, Tuning, random_board};
    let budget = Budget::Time(BUDGET);
    for (rows, cols) in [(15, 15), (20, 20)] {
        let board = random_board(rows, cols, 5, 3).expect("a board");
        for threads in [1, 2] {
            // The beams (Chained), and NRPA (Classic), which long searches run on 15×15.
            for (policy, nrpa) in [
                (RemovalPolicy::Chained, false),
                (RemovalPolicy::Classic, true),
            ] {
                let tuning = Tuning {
                    nrpa,
                    ..Tuning::for_budget(budget)
                };
                let (line, took) = cancelled(|cancel| {
                    ExpertSearch::tuned(&board, policy, budget, None, tuning)
                        .with_cancel(cancel.clone())
                        .run(threads)
                });
                let what = format!("{rows}×{cols} on {threads}, nrpa {nrpa}");
                assert!(took < BACK_WITHIN, "{what}: {took:?}");
                assert!(
                    !line.moves.is_empty(),
                    "{what}: it still answers its best line"
                );
            }
        }
    }
}

#[test]
fn a_cancelled_automatic_player_stops_early() {
    use gems_rules::gems::{Budget, Computer, Expert, Player, RemovalPolicy, random_board};
    let board = random_board(15, 15, 5, 4).expect("a board");
    let mut computer = Computer::new(Expert::new(Budget::Time(BUDGET)));
    let (cell, took) = cancelled(|cancel| {
        computer.choose_move_until(Player::Expert, &board, RemovalPolicy::Chained, cancel)
    });
    assert!(took < BACK_WITHIN, "took {took:?}");
    assert!(cell.is_some());
}

#[test]
fn a_cancelled_dots_planner_stops_early() {
    use gems_rules::dots::{Game, Planner};
    let game = Game::new(8, 5, 30, 7).expect("a game");
    // Ten million refills per candidate: hours of work uncancelled.
    let mut planner = Planner::with_effort(1, 10_000_000, 24);
    let (answer, took) = cancelled(|cancel| planner.choose_until(game.board(), 30, cancel));
    assert!(took < BACK_WITHIN, "took {took:?}");
    assert!(answer.is_some());
}

#[test]
fn a_cancelled_solo_red_hint_stops_early() {
    use gems_rules::solo_red::{Game, ai};
    let mut game = Game::new(5);
    game.start(&Game::all_cards(), true, 4, 7).expect("a deal");
    let (_, took) = cancelled(|cancel| ai::hint_until(&game, 1, usize::MAX / 2, cancel));
    assert!(took < BACK_WITHIN, "took {took:?}");
}
