//! K in a row: the spec's examples, the board file, known game values, and the engine checked
//! against a brute-force minimax written here.

use std::collections::HashMap;

use gems_rules::k_in_a_row::{
    Board, Cell, Engine, FileError, Game, Limits, Move, Outcome, Side, Status, Strength,
    board_file_text, parse_board_file,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn board_from(size: usize, k: usize, state: &str) -> Board {
    let mut b = Board::new(size, k).unwrap();
    for (i, ch) in state.chars().enumerate() {
        let cell = match ch {
            'e' => Cell::Empty,
            'h' => Cell::Human,
            'c' => Cell::Computer,
            'u' => Cell::Unavailable,
            _ => panic!("bad letter {ch}"),
        };
        b.set(i / size, i % size, cell);
    }
    b
}

/// Plain minimax (memoised on the state string): +1 win, 0 draw, -1 loss for `to_move`.
fn brute(board: &Board, to_move: Side, memo: &mut HashMap<(String, usize, Side), i32>) -> i32 {
    if board.wins(to_move.opponent()) {
        return -1;
    }
    if board.is_full() {
        return 0;
    }
    let key = (board.state_string(), board.k(), to_move);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = -2;
    for r in 0..board.size() {
        for c in 0..board.size() {
            if board.is_empty(r, c) {
                let mut child = *board;
                child.set(r, c, Cell::of(to_move));
                best = best.max(-brute(&child, to_move.opponent(), memo));
            }
        }
    }
    memo.insert(key, best);
    best
}

fn value(o: Outcome) -> i32 {
    match o {
        Outcome::Win => 1,
        Outcome::Draw => 0,
        Outcome::Loss => -1,
    }
}

#[test]
fn spec_state_strings_and_evaluations() {
    let a = board_from(3, 3, "chhhcehce");
    let b = board_from(3, 3, "chhhcchcu");
    let c = board_from(3, 3, "chhhcuhcc");
    assert_eq!(a.state_string(), "chhhcehce");
    assert_eq!(b.state_string(), "chhhcchcu");
    assert_eq!(c.state_string(), "chhhcuhcc");
    assert_eq!(a.eval_board(), 1);
    assert_eq!(b.eval_board(), 2);
    assert_eq!(c.eval_board(), 3);
    assert!(c.wins(Side::Computer) && !c.wins(Side::Human));
    let h = board_from(3, 3, "hhheeeccu");
    assert_eq!(h.eval_board(), 0);
    assert_eq!(
        h.winning_line(Side::Human),
        Some(vec![(0, 0), (0, 1), (0, 2)])
    );
}

#[test]
fn lines_in_every_direction_win() {
    // column, diagonal and anti-diagonal of k=3 on a 4x4 board
    let col = board_from(4, 3, "eeeeeheeeheeeheee".get(..16).unwrap());
    assert!(col.wins(Side::Human));
    let diag = board_from(4, 3, "ceeeeceeeeceeeee");
    assert!(diag.wins(Side::Computer));
    let anti = board_from(4, 3, "eeeheeheeheeeeee");
    assert!(anti.wins(Side::Human));
    let broken = board_from(4, 3, "hheheeeeeeeeeeee");
    assert!(!broken.wins(Side::Human));
}

#[test]
fn game_refuses_bad_moves_and_detects_draws() {
    let mut g = Game::new(board_from(2, 2, "eueu"), Side::Human);
    assert_eq!(
        g.play(Move::new(0, 1)).unwrap_err().to_string(),
        "(0,1) is not empty"
    );
    assert!(g.play(Move::new(2, 0)).is_err());
    assert_eq!(g.play(Move::new(0, 0)), Ok(Status::InProgress));
    assert_eq!(g.to_move(), Side::Computer);
    assert_eq!(g.play(Move::new(1, 0)), Ok(Status::Draw));
    assert!(g.play(Move::new(1, 0)).is_err());
}

#[test]
fn spec_sample_board_file() {
    let f = parse_board_file("4\n3\n3\neeee\neeue\neuee\neeee\n", false).unwrap();
    assert_eq!(f.quality, 3);
    assert_eq!(f.board.size(), 4);
    assert_eq!(f.board.k(), 3);
    assert_eq!(f.board.state_string(), "eeeeeeueeueeeeee");
    let text = board_file_text(&f.board, f.quality);
    assert_eq!(parse_board_file(&text, false).unwrap(), f);
}

#[test]
fn board_file_errors_name_the_line() {
    let cases: [(&str, &str); 9] = [
        ("", "line 1: missing the board size"),
        (
            "x\n3\n3\n",
            "line 1: the board size must be a whole number, not 'x'",
        ),
        (
            "20\n3\n3\n",
            "line 1: the board size must be between 1 and 19, not 20",
        ),
        (
            "3\n4\n3\neee\neee\neee\n",
            "line 2: k (tiles in a row to win) must be between 1 and the board size 3, not 4",
        ),
        (
            "3\n3\n0\neee\neee\neee\n",
            "line 3: the quality must be between 1 and 64, not 0",
        ),
        (
            "3\n3\n3\neee\nee\neee\n",
            "line 5: the row has 2 cells but the board size is 3",
        ),
        ("3\n3\n3\neee\neee\n", "line 6: missing board row 2 of 3"),
        (
            "3\n3\n3\neee\nexe\neee\n",
            "line 5: 'x' is not a cell; use e or u",
        ),
        (
            "3\n3\n3\neee\neee\neee\neee\n",
            "line 7: unexpected text after the 3 board rows",
        ),
    ];
    for (text, msg) in cases {
        assert_eq!(
            parse_board_file(text, false).unwrap_err().to_string(),
            msg,
            "{text:?}"
        );
    }
    assert!(matches!(
        parse_board_file("3\n3\n3\nhhe\neee\neee\n", true),
        Err(FileError::Counts {
            human: 2,
            computer: 0
        })
    ));
    let f = parse_board_file("3\n3\n3\nhce\neue\neeh\n", true).unwrap();
    assert_eq!(f.board.side_to_move_by_count(), Side::Computer);
    assert!(parse_board_file("3\n3\n3\nhce\neue\neeh\n", false).is_err());
}

fn solve(board: &Board, to_move: Side) -> (Outcome, (usize, usize)) {
    let a = Engine::with_table_bits(16).solve(board, to_move, &Limits::default());
    assert!(a.proven);
    (a.outcome.unwrap(), a.best.unwrap().cell())
}

#[test]
fn known_values() {
    let three = Board::new(3, 3).unwrap();
    assert_eq!(solve(&three, Side::Human).0, Outcome::Draw);
    let four4 = Board::new(4, 4).unwrap();
    assert_eq!(solve(&four4, Side::Human).0, Outcome::Draw);
    let four3 = Board::new(4, 3).unwrap();
    assert_eq!(solve(&four3, Side::Computer).0, Outcome::Win);
    assert_eq!(
        solve(&Board::new(1, 1).unwrap(), Side::Human).0,
        Outcome::Win
    );
    assert_eq!(
        solve(&Board::new(3, 2).unwrap(), Side::Human).0,
        Outcome::Win
    );
}

fn random_board(
    rng: &mut StdRng,
    size: usize,
    k: usize,
    max_u: usize,
    tiles: usize,
) -> (Board, Side) {
    let mut b = Board::new(size, k).unwrap();
    for _ in 0..rng.random_range(0..=max_u) {
        b.set(
            rng.random_range(0..size),
            rng.random_range(0..size),
            Cell::Unavailable,
        );
    }
    let mut side = Side::Human;
    for _ in 0..tiles {
        let empties: Vec<(usize, usize)> = (0..size * size)
            .map(|i| (i / size, i % size))
            .filter(|&(r, c)| b.is_empty(r, c))
            .collect();
        if empties.is_empty() || b.eval_board() != 1 {
            break;
        }
        let (r, c) = empties[rng.random_range(0..empties.len())];
        b.set(r, c, Cell::of(side));
        side = side.opponent();
    }
    (b, side)
}

#[test]
fn solver_matches_brute_force_on_small_boards_with_unavailable_squares() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut memo = HashMap::new();
    let mut engine = Engine::with_table_bits(14);
    let mut seen = [0; 3];
    for i in 0..400 {
        let size = if i % 3 == 0 { 3 } else { 4 };
        let k = rng.random_range(2..=size.min(4));
        let tiles = rng.random_range(0..4);
        let (b, side) = random_board(&mut rng, size, k, 6, tiles);
        if b.eval_board() != 1 || b.empties().count_ones() > 11 {
            continue;
        }
        let expected = brute(&b, side, &mut memo);
        // One engine for all positions: its table must never leak a wrong value between them.
        let a = engine.solve(&b, side, &Limits::default());
        assert!(a.proven);
        assert_eq!(
            value(a.outcome.unwrap()),
            expected,
            "{} k={k} {side:?}",
            b.state_string()
        );
        seen[(expected + 1) as usize] += 1;
        let Move { row: r, col: c } = a.best.unwrap();
        assert!(b.is_empty(r, c));
        let mut child = b;
        child.set(r, c, Cell::of(side));
        let after = if child.wins(side) {
            1
        } else {
            -brute(&child, side.opponent(), &mut memo)
        };
        assert_eq!(after, expected, "move {r},{c} of {}", b.state_string());
    }
    assert!(seen.iter().all(|&n| n > 10), "{seen:?}");
}

#[test]
fn depth_limited_searches_do_not_poison_the_table() {
    // Shallow full-window searches first fill the table with heuristic values and bounds;
    // the following solve must still be exact.
    let mut rng = StdRng::seed_from_u64(11);
    let mut memo = HashMap::new();
    for _ in 0..40 {
        let (b, side) = random_board(&mut rng, 4, 3, 5, 3);
        if b.eval_board() != 1 || b.empties().count_ones() > 11 {
            continue;
        }
        let mut engine = Engine::with_table_bits(12);
        for q in 1..5 {
            let a = engine.best_move(&b, side, Strength::Quality(q), &Limits::default());
            assert!(a.best.is_some());
        }
        let a = engine.solve(&b, side, &Limits::default());
        assert_eq!(value(a.outcome.unwrap()), brute(&b, side, &mut memo));
        let full = engine.best_move(&b, side, Strength::Quality(64), &Limits::default());
        assert!(full.proven);
        assert_eq!(value(full.outcome.unwrap()), brute(&b, side, &mut memo));
    }
}

fn play_out(
    start: Board,
    first: Side,
    perfect: Side,
    rng: &mut StdRng,
    engine: &mut Engine,
    random_opponent: bool,
) -> Status {
    let mut g = Game::new(start, first);
    while g.status() == Status::InProgress {
        let mv = if g.to_move() == perfect || !random_opponent {
            engine
                .best_move(
                    g.board(),
                    g.to_move(),
                    Strength::Perfect,
                    &Limits::default(),
                )
                .best
                .unwrap()
        } else {
            let m = g.legal_moves();
            m[rng.random_range(0..m.len())]
        };
        g.play(mv).unwrap();
    }
    g.status()
}

#[test]
fn perfect_play_never_loses_against_random_players() {
    let mut rng = StdRng::seed_from_u64(3);
    let mut engine = Engine::with_table_bits(16);
    let mut memo = HashMap::new();
    for i in 0..40 {
        let (size, k) = [(3, 3), (4, 3), (4, 4), (5, 5)][i % 4];
        let (b, _) = random_board(&mut rng, size, k, if size == 5 { 8 } else { 3 }, 0);
        let first = if i % 2 == 0 {
            Side::Human
        } else {
            Side::Computer
        };
        let status = play_out(b, first, Side::Computer, &mut rng, &mut engine, true);
        assert_ne!(status, Status::Won(Side::Human), "game {i}");
        // The start's value (brute force where small, else the solver checked above).
        let v = if b.empties().count_ones() <= 11 {
            brute(&b, first, &mut memo)
        } else {
            value(solve(&b, first).0)
        };
        let computer_value = if first == Side::Computer { v } else { -v };
        if computer_value == 1 {
            assert_eq!(
                status,
                Status::Won(Side::Computer),
                "game {i} should be won"
            );
        }
    }
}

#[test]
fn perfect_play_against_itself_reaches_the_game_value() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut engine = Engine::with_table_bits(16);
    assert_eq!(
        play_out(
            Board::new(3, 3).unwrap(),
            Side::Human,
            Side::Computer,
            &mut rng,
            &mut engine,
            false
        ),
        Status::Draw
    );
    assert_eq!(
        play_out(
            Board::new(4, 3).unwrap(),
            Side::Human,
            Side::Computer,
            &mut rng,
            &mut engine,
            false
        ),
        Status::Won(Side::Human)
    );
    assert_eq!(
        play_out(
            Board::new(4, 4).unwrap(),
            Side::Computer,
            Side::Computer,
            &mut rng,
            &mut engine,
            false
        ),
        Status::Draw
    );
}

#[test]
fn quality_search_takes_wins_and_blocks() {
    let mut engine = Engine::new();
    // computer to move can win at (0,2)
    let b = board_from(3, 3, "cceheheee");
    let a = engine.best_move(&b, Side::Computer, Strength::Quality(1), &Limits::default());
    assert_eq!(a.best, Some(Move::new(0, 2)));
    assert_eq!(a.outcome, Some(Outcome::Win));
    // computer must block the human at (2,2)
    let b = board_from(3, 3, "hceehecee");
    let a = engine.best_move(&b, Side::Computer, Strength::Quality(1), &Limits::default());
    assert_eq!(a.best, Some(Move::new(2, 2)));
}

/// A node limit stops a perfect search that could not finish (6×6, k = 4 takes about half a
/// million nodes), and unlike a time limit it replays exactly: two fresh engines give the same answer
/// after the same number of nodes.
#[test]
fn node_limit_stops_the_search_and_replays_exactly() {
    let b = Board::new(6, 4).unwrap();
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let run =
        || Engine::with_table_bits(16).best_move(&b, Side::Computer, Strength::Perfect, &limits);
    let a = run();
    assert!(
        !a.proven,
        "an empty 6×6 board is not solved in 20,000 nodes"
    );
    assert!(a.nodes < 25_000, "the limit held: {} nodes", a.nodes);
    assert!(a.best.is_some());
    let again = run();
    assert_eq!(
        (again.best, again.nodes, again.score),
        (a.best, a.nodes, a.score)
    );
}

/// Boards of every size from 1 to 19 where all but a small region is unavailable: the solver's
/// value matches the brute-force minimax, and its move keeps that value.
#[test]
fn solver_matches_brute_force_on_small_regions_of_every_size() {
    let mut rng = StdRng::seed_from_u64(19);
    let mut memo = HashMap::new();
    let mut engine = Engine::with_table_bits(16);
    for size in 1..=19usize {
        for round in 0..3 {
            // A region of at most 3x3 squares somewhere on the board, some of them taken.
            let span = size.min(3);
            let (top, left) = (
                rng.random_range(0..=size - span),
                rng.random_range(0..=size - span),
            );
            let k = rng.random_range(1..=span);
            let mut b = Board::new(size, k).unwrap();
            for r in 0..size {
                for c in 0..size {
                    let inside = (top..top + span).contains(&r) && (left..left + span).contains(&c);
                    if !inside || rng.random_range(0..6) == 0 {
                        b.set(r, c, Cell::Unavailable);
                    }
                }
            }
            let mut to_move = Side::Human;
            for _ in 0..rng.random_range(0..3) {
                let free: Vec<usize> = (0..size * size)
                    .filter(|&i| b.is_empty(i / size, i % size))
                    .collect();
                if free.is_empty() || b.eval_board() != 1 {
                    break;
                }
                let i = free[rng.random_range(0..free.len())];
                b.set(i / size, i % size, Cell::of(to_move));
                to_move = to_move.opponent();
            }
            let expected = brute(&b, to_move, &mut memo);
            let a = engine.solve(&b, to_move, &Limits::default());
            assert!(a.proven, "size {size} round {round}");
            assert_eq!(
                value(a.outcome.unwrap()),
                expected,
                "size {size} k {k} round {round}: {}",
                b.state_string()
            );
            if b.eval_board() == 1 {
                let Move { row: r, col: c } = a.best.expect("a move");
                let mut after = b;
                after.set(r, c, Cell::of(to_move));
                assert_eq!(
                    -brute(&after, to_move.opponent(), &mut memo),
                    expected,
                    "size {size} round {round}: the move ({r},{c}) gives the value away"
                );
            }
        }
    }
}

/// The board files take every size up to 19 and refuse 20, naming the line.
#[test]
fn board_files_up_to_nineteen() {
    let rows = "e".repeat(19);
    let text = format!("19\n5\n4\n{}", format!("{rows}\n").repeat(19));
    let f = parse_board_file(&text, false).expect("19x19 loads");
    assert_eq!(f.board.size(), 19);
    assert_eq!(board_file_text(&f.board, 4), text);
    let short = format!("19\n5\n4\n{}", format!("{rows}\n").repeat(18));
    assert_eq!(
        parse_board_file(&short, false).unwrap_err().to_string(),
        "line 22: missing board row 18 of 19"
    );
}
