//! K in a row's proofs, checked: the solver's value of a position and of every empty square
//! agree with a brute-force minimax on every small board it can finish (random unavailable
//! squares included), a four or broken four is blocked on random boards whatever closes its
//! other end, the published values of small empty boards hold, and the root's value of random
//! 6×6 openings agrees with its squares' values proven one by one.

use std::collections::HashMap;

use std::time::Duration;

use gems_rules::k_in_a_row::{
    Board, Cell, Engine, Limits, Move, Outcome, Side, SquareAnalysis, SquareValue, Strength,
};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A memoised minimax on boards of at most 32 cells: +1 win, 0 draw, -1 loss for the mover.
struct Brute {
    /// For each cell, the lines (masks of k available cells) through it.
    lines_through: Vec<Vec<u32>>,
    free: u32,
    memo: HashMap<(u32, u32), i8>,
}

impl Brute {
    fn new(board: &Board) -> Brute {
        let (n, k) = (board.size() as isize, board.k() as isize);
        let mut lines_through = vec![Vec::new(); (n * n) as usize];
        for r in 0..n {
            for c in 0..n {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let cells: Vec<(isize, isize)> =
                        (0..k).map(|i| (r + dr * i, c + dc * i)).collect();
                    let fits = cells.iter().all(|&(y, x)| {
                        (0..n).contains(&y)
                            && (0..n).contains(&x)
                            && board.get(y as usize, x as usize) != Some(Cell::Unavailable)
                    });
                    if fits {
                        let mask = cells.iter().fold(0u32, |m, &(y, x)| m | 1 << (y * n + x));
                        for &(y, x) in &cells {
                            lines_through[(y * n + x) as usize].push(mask);
                        }
                    }
                }
            }
        }
        let free = (0..n * n)
            .filter(|&i| board.get((i / n) as usize, (i % n) as usize) != Some(Cell::Unavailable))
            .fold(0u32, |m, i| m | 1 << i);
        Brute {
            lines_through,
            free,
            memo: HashMap::new(),
        }
    }

    /// The tiles of `side` as a mask.
    fn mask(board: &Board, side: Side) -> u32 {
        let n = board.size();
        (0..n * n)
            .filter(|&i| board.get(i / n, i % n) == Some(Cell::of(side)))
            .fold(0, |m, i| m | 1 << i)
    }

    /// The value for `to_move` of `board`, where nobody has won yet.
    fn position(&mut self, board: &Board, to_move: Side) -> i8 {
        self.value(
            Brute::mask(board, to_move),
            Brute::mask(board, to_move.opponent()),
        )
    }

    /// The value for the player holding `me`, to move (nobody has won yet).
    fn value(&mut self, me: u32, opp: u32) -> i8 {
        let mut empty = self.free & !(me | opp);
        if empty == 0 {
            return 0;
        }
        if let Some(&v) = self.memo.get(&(me, opp)) {
            return v;
        }
        let mut best = -1;
        while empty != 0 {
            let c = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let mine = me | 1 << c;
            let v = if self.lines_through[c].iter().any(|&l| l & !mine == 0) {
                1
            } else {
                -self.value(opp, mine)
            };
            best = best.max(v);
            if best == 1 {
                break;
            }
        }
        self.memo.insert((me, opp), best);
        best
    }
}

fn value(o: Outcome) -> i8 {
    match o {
        Outcome::Win => 1,
        Outcome::Draw => 0,
        Outcome::Loss => -1,
    }
}

/// The value for `side` of playing `mv` on `board`, by brute force.
fn brute_after(brute: &mut Brute, board: &Board, side: Side, mv: Move) -> i8 {
    let mut after = *board;
    after.set(mv.row, mv.col, Cell::of(side));
    if after.wins(side) {
        1
    } else {
        -brute.position(&after, side.opponent())
    }
}

/// A board of side `size` from one letter code a cell (0–1 unavailable, 2–3 human, 4–5
/// computer, else empty), with the surplus tiles of either side emptied so that the human has
/// as many tiles as the computer or one more, and the empty squares past `max_empty` made
/// unavailable. Returns the board and the side to move (fewer tiles; the human on equal).
fn board_of(size: usize, k: usize, codes: &[u8], max_empty: usize) -> (Board, Side) {
    let mut b = Board::new(size, k).expect("shape");
    for (i, &code) in codes.iter().take(size * size).enumerate() {
        let cell = match code {
            0 | 1 => Cell::Unavailable,
            2 | 3 => Cell::Human,
            4 | 5 => Cell::Computer,
            _ => Cell::Empty,
        };
        b.set(i / size, i % size, cell);
    }
    let cells: Vec<(usize, usize)> = (0..size * size).map(|i| (i / size, i % size)).collect();
    for &(r, c) in cells.iter().rev() {
        let (h, m) = (b.count(Side::Human), b.count(Side::Computer));
        match b.get(r, c) {
            Some(Cell::Human) if h > m + 1 => b.set(r, c, Cell::Empty),
            Some(Cell::Computer) if m > h => b.set(r, c, Cell::Empty),
            _ => {}
        }
    }
    let mut empty = b.empties().count_ones() as usize;
    for &(r, c) in &cells {
        if empty > max_empty && b.is_empty(r, c) {
            b.set(r, c, Cell::Unavailable);
            empty -= 1;
        }
    }
    let side = if b.count(Side::Human) > b.count(Side::Computer) {
        Side::Computer
    } else {
        Side::Human
    };
    (b, side)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    /// On random boards up to 5×5 (random unavailable squares and tiles, up to 14 empty squares),
    /// the solver proves the brute-force value, its move keeps it, and every empty square's
    /// proven value is the brute-force value of playing there.
    #[test]
    fn k_in_a_row_proof_values_match_brute_force_on_small_boards(
        size in 3usize..=5,
        k_pick in 0usize..8,
        codes in prop::collection::vec(0u8..14, 25),
    ) {
        let k = 2 + k_pick % (size - 1);
        let (b, side) = board_of(size, k, &codes, 14);
        prop_assume!(b.eval_board() == 1 && !b.is_full());
        let mut brute = Brute::new(&b);
        let expected = brute.position(&b, side);
        let mut engine = Engine::with_table_bits(16);
        let a = engine.solve(&b, side, &Limits::default());
        let what = format!("k={k} {side:?}\n{}", b.rows_text());
        prop_assert!(a.proven, "{}", what);
        prop_assert_eq!(value(a.outcome.expect("proven")), expected, "{}", what);
        let best = a.best.expect("a move");
        prop_assert_eq!(brute_after(&mut brute, &b, side, best), expected, "move {:?}: {}", best, what);
        for (mv, v) in engine.square_values(&b, side, &Limits::default()) {
            let v = v.map(value);
            prop_assert_eq!(v, Some(brute_after(&mut brute, &b, side, mv)), "square {:?}: {}", mv, what);
        }
    }
}

/// What closes the far end of a planted four.
#[derive(Clone, Copy, Debug)]
enum Closer {
    Edge,
    Unavailable,
    Tile,
    Open,
}

/// A random board of side `size` (k = `k`) with the opponent's k − 1 tiles in a window of k
/// along a random direction (its one winning cell the gap or an end), the cell before the
/// window closed by `closer`, and a few more tiles and unavailable squares away from it such
/// that the mover cannot win at once and the opponent has exactly one winning cell. Returns the
/// board and that cell, or `None` when the draw did not give such a board.
fn planted(rng: &mut StdRng, size: usize, k: usize, closer: Closer) -> Option<(Board, Move)> {
    // The four directions of a line, each either way.
    let (dr, dc) = [(0, 1), (1, 0), (1, 1), (1, -1)][rng.random_range(0..4)];
    let (dr, dc) = if rng.random_range(0..2) == 0 {
        (dr, dc)
    } else {
        (-dr, -dc)
    };
    let n = size as isize;
    let k = k as isize;
    let on = |(r, c): (isize, isize)| (0..n).contains(&r) && (0..n).contains(&c);
    let at = |s: (isize, isize), i: isize| (s.0 + dr * i, s.1 + dc * i);
    let starts: Vec<(isize, isize)> = (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .filter(|&s| (0..k).all(|i| on(at(s, i))))
        .filter(|&s| on(at(s, -1)) != matches!(closer, Closer::Edge))
        .collect();
    if starts.is_empty() {
        return None;
    }
    let s = starts[rng.random_range(0..starts.len())];
    let gap = rng.random_range(0..k as usize) as isize;
    let (mover, opp) = (Side::Human, Side::Computer);
    let mut b = Board::new(size, k as usize).expect("shape");
    for i in 0..k {
        let (r, c) = at(s, i);
        if i != gap {
            b.set(r as usize, c as usize, Cell::of(opp));
        }
    }
    let (r, c) = at(s, -1);
    match closer {
        Closer::Edge | Closer::Open => {}
        Closer::Unavailable => b.set(r as usize, c as usize, Cell::Unavailable),
        Closer::Tile => b.set(r as usize, c as usize, Cell::of(mover)),
    }
    // Scattered tiles of both sides and unavailable squares, off the window and its ends.
    let extra = rng.random_range(0..=size);
    for j in 0..extra {
        let (r, c) = (rng.random_range(0..size), rng.random_range(0..size));
        let near = (-1..=k).any(|i| at(s, i) == (r as isize, c as isize));
        if !near && b.is_empty(r, c) {
            let cell = [Cell::of(mover), Cell::of(opp), Cell::Unavailable][j % 3];
            b.set(r, c, cell);
        }
    }
    let win = at(s, gap);
    let win = Move::new(win.0 as usize, win.1 as usize);
    let wins_at = |side: Side| {
        (0..size * size)
            .filter(|&i| b.is_empty(i / size, i % size))
            .filter(|&i| {
                let mut after = b;
                after.set(i / size, i % size, Cell::of(side));
                after.wins(side)
            })
            .count()
    };
    let fair = !b.wins(opp) && !b.wins(mover) && wins_at(mover) == 0 && wins_at(opp) == 1;
    fair.then_some((b, win))
}

/// Every four or broken four of the opponent with one winning cell is blocked, on random 15×15,
/// 7×7 and 5×5 boards with scattered tiles and unavailable squares, whatever closes its other
/// end, in every direction, by the solver, at qualities 1 and 4 and by perfect play; on 5×5
/// (empty squares capped for the brute force) the solver's value and every square's value agree
/// with brute force, every other square losing.
#[test]
fn k_in_a_row_blocks_planted_fours_on_random_boards_and_agrees_with_brute_force() {
    let mut rng = StdRng::seed_from_u64(0x38);
    // A node budget, so the test gives the same answers on every machine.
    let quick = Limits {
        nodes: Some(1_000),
        ..Limits::default()
    };
    let mut engine = Engine::with_table_bits(16);
    let closers = [
        Closer::Edge,
        Closer::Unavailable,
        Closer::Tile,
        Closer::Open,
    ];
    let mut checked = [0usize; 3];
    for round in 0..300 {
        let (size, k) = [(15, 5), (7, 5), (5, 4)][round % 3];
        let closer = closers[(round / 3) % closers.len()];
        let Some((mut b, win)) = planted(&mut rng, size, k, closer) else {
            continue;
        };
        let mover = Side::Human;
        let what = format!("{size}x{size} k={k} {closer:?}\n{}", b.rows_text());
        let solved = engine.solve(&b, mover, &quick);
        assert_eq!(solved.best, Some(win), "solve: {what}");
        for strength in [
            Strength::Quality(1),
            Strength::Quality(4),
            Strength::Perfect,
        ] {
            let a = engine.best_move(&b, mover, strength, &quick);
            assert_eq!(a.best, Some(win), "{strength:?}: {what}");
        }
        if size == 5 {
            // Few enough empty squares for the brute force: fill the far ones.
            let mut empty = b.empties().count_ones();
            for i in (0..25).rev() {
                let (r, c) = (i / 5, i % 5);
                if empty > 13 && b.is_empty(r, c) && Move::new(r, c) != win {
                    b.set(r, c, Cell::Unavailable);
                    empty -= 1;
                }
            }
            let mut brute = Brute::new(&b);
            let a = engine.solve(&b, mover, &Limits::default());
            assert!(a.proven, "{what}");
            let expected = brute.position(&b, mover);
            assert_eq!(value(a.outcome.expect("proven")), expected, "{what}");
            assert_eq!(a.best, Some(win), "{what}");
            for (mv, v) in engine.square_values(&b, mover, &Limits::default()) {
                let by_brute = brute_after(&mut brute, &b, mover, mv);
                assert_eq!(v.map(value), Some(by_brute), "square {mv:?}: {what}");
                if mv != win {
                    assert_eq!(by_brute, -1, "square {mv:?} does not lose: {what}");
                }
            }
        }
        checked[round % 3] += 1;
    }
    assert!(checked.iter().all(|&n| n >= 60), "{checked:?}");
}

/// The published values of small empty boards: 4×4 and 5×5 with k = 4 and 6×6 with k = 5 are
/// draws, proven from an empty table.
#[test]
fn k_in_a_row_proves_published_values_of_small_empty_boards() {
    for (size, k) in [(4, 4), (5, 4), (6, 5)] {
        let b = Board::new(size, k).expect("shape");
        let a = Engine::new().solve(&b, Side::Human, &Limits::default());
        assert!(a.proven, "{size}x{size} k={k}");
        assert_eq!(a.outcome, Some(Outcome::Draw), "{size}x{size} k={k}");
    }
}

/// Twenty random two-move openings of 6×6 k=5 are proven, and each root's value is the best of
/// its squares' values, each proven separately by a fresh engine.
#[test]
fn k_in_a_row_proves_random_openings_and_the_root_agrees_with_its_squares() {
    let mut rng = StdRng::seed_from_u64(655);
    for _ in 0..20 {
        let mut b = Board::new(6, 5).expect("shape");
        for side in [Side::Human, Side::Computer] {
            loop {
                let (r, c) = (rng.random_range(0..6), rng.random_range(0..6));
                if b.is_empty(r, c) {
                    b.set(r, c, Cell::of(side));
                    break;
                }
            }
        }
        let root = Engine::with_table_bits(18).solve(&b, Side::Human, &Limits::default());
        assert!(root.proven, "{}", b.rows_text());
        let squares =
            Engine::with_table_bits(18).square_values(&b, Side::Human, &Limits::default());
        let best = squares
            .iter()
            .map(|&(mv, v)| v.map(value).unwrap_or_else(|| panic!("{mv:?} unproven")))
            .max();
        assert_eq!(
            best,
            root.outcome.map(value),
            "root against squares\n{}",
            b.rows_text()
        );
    }
}

/// The analysis a slice at a time (as the web build runs it) gives the proofs of the analysis
/// run whole; on a 15×15 board, where no proof is tried, every square but the block of the
/// opponent's four is a proven loss, and the block is an estimate.
#[test]
fn k_in_a_row_analysis_sliced_matches_whole_and_estimates_large_boards() {
    let b = {
        let mut b = Board::new(5, 4).expect("shape");
        b.set(2, 2, Cell::Human);
        b.set(1, 1, Cell::Computer);
        b
    };
    let whole = Engine::with_table_bits(16).square_values(&b, Side::Human, &Limits::default());
    let mut sliced = SquareAnalysis::new(b, Side::Human, Limits::default(), true, None);
    let mut engine = Engine::with_table_bits(16);
    let never = gems_rules::cancel::Cancel::never();
    let mut slices = 0;
    while !sliced.step(&mut engine, Some(Duration::from_millis(1)), &never) {
        slices += 1;
        assert!(slices < 100_000, "the analysis never ended");
    }
    let by_slices: Vec<(Move, Option<Outcome>)> = sliced
        .values()
        .iter()
        .map(|&(mv, v)| match v {
            SquareValue::Proven(o) => (mv, Some(o)),
            _ => (mv, None),
        })
        .collect();
    assert_eq!(by_slices, whole);
    assert!(whole.iter().all(|(_, v)| v.is_some()));

    let mut big = Board::new(15, 5).expect("shape");
    for c in 3..7 {
        big.set(7, c, Cell::Computer);
    }
    big.set(7, 2, Cell::Unavailable);
    for (r, c) in [(0, 0), (14, 14), (0, 14)] {
        big.set(r, c, Cell::Human);
    }
    let mut analysis =
        SquareAnalysis::new(big, Side::Human, Limits::default(), false, Some((2, 2_000)));
    assert!(analysis.step(&mut Engine::with_table_bits(16), None, &never));
    for &(mv, v) in analysis.values() {
        if mv == Move::new(7, 7) {
            assert!(matches!(v, SquareValue::Estimate(_)), "the block: {v:?}");
        } else {
            assert_eq!(v, SquareValue::Proven(Outcome::Loss), "{mv:?}");
        }
    }
}
