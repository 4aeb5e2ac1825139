//! Invariants of the Dots rules and AI on random boards and games.

use gems_rules::dots::{
    Board, Game, Planner, PlayerKind, Point, best_big_square, best_closed_shape, best_move,
    best_square, candidate_moves, is_closed_shape,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn random_board(size: usize, colors: u8, seed: u64) -> Board {
    Board::random(size, colors, &mut ChaCha8Rng::seed_from_u64(seed)).unwrap()
}

/// Checks a claimed AI selection: legal order, and removing it takes exactly the claimed dots.
fn check_claim(board: &Board, path: &[Point], claimed: usize, closed: bool) {
    board.check_selection(path).expect("legal selection order");
    assert_eq!(is_closed_shape(path), closed || is_closed_shape(path));
    if closed {
        assert!(is_closed_shape(path), "{path:?} on\n{board}");
    }
    let mut b = board.clone();
    let out = b
        .remove(path, &mut ChaCha8Rng::seed_from_u64(0))
        .expect("removal");
    assert_eq!(out.removed.len(), claimed, "{path:?} on\n{board}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn ai_selections_are_legal_and_remove_what_they_claim(
        size in 3usize..=8, colors in 2u8..=6, seed in any::<u64>()
    ) {
        let b = random_board(size, colors, seed);
        let sq = best_square(&b);
        let big = best_big_square(&b);
        let shape = best_closed_shape(&b);
        if let Some((p, n)) = &sq {
            prop_assert_eq!(p.len(), 4);
            check_claim(&b, p, *n, true);
        }
        if let Some((p, n)) = &big {
            check_claim(&b, p, *n, true);
            // Every side is one colour and the corners make a square.
            let xs: Vec<usize> = p.iter().map(|q| q.x).collect();
            let ys: Vec<usize> = p.iter().map(|q| q.y).collect();
            let w = xs.iter().max().unwrap() - xs.iter().min().unwrap();
            let h = ys.iter().max().unwrap() - ys.iter().min().unwrap();
            prop_assert_eq!(w, h);
            prop_assert_eq!(p.len(), 4 * w);
        }
        if let Some((p, n)) = &shape {
            check_claim(&b, p, *n, true);
        }
        let n = |s: &Option<(Vec<Point>, usize)>| s.as_ref().map_or(0, |s| s.1);
        prop_assert!(n(&sq) <= n(&big));
        prop_assert!(n(&big) <= n(&shape));
        for (p, claimed) in candidate_moves(&b) {
            check_claim(&b, &p, claimed, false);
        }
        match best_move(&b) {
            Some((p, claimed)) => {
                prop_assert!(b.can_make_move());
                prop_assert!(claimed >= n(&shape));
                check_claim(&b, &p, claimed, false);
            }
            None => prop_assert!(!b.can_make_move()),
        }
    }

    #[test]
    fn removal_keeps_the_board_full_and_conserves_survivors(
        size in 3usize..=8, colors in 2u8..=6, seed in any::<u64>()
    ) {
        let b = random_board(size, colors, seed);
        for (path, claimed) in candidate_moves(&b).into_iter().take(6) {
            let mut after = b.clone();
            let out = after.remove(&path, &mut ChaCha8Rng::seed_from_u64(seed)).unwrap();
            prop_assert_eq!(out.removed.len(), claimed);
            prop_assert_eq!(out.refills.len(), out.removed.len());
            for x in 0..size {
                // Survivors keep their order, packed at the bottom; new dots sit above them.
                let holes = out.removed.iter().filter(|q| q.x == x).count();
                let before: Vec<u8> = (0..size)
                    .map(|y| Point::new(x, y))
                    .filter(|q| !out.removed.contains(q))
                    .map(|q| b.get(q))
                    .collect();
                let kept: Vec<u8> = (holes..size).map(|y| after.get(Point::new(x, y))).collect();
                prop_assert_eq!(kept, before);
                let new: Vec<Point> = out.refills.iter().filter(|r| r.0.x == x).map(|r| r.0).collect();
                prop_assert_eq!(new, (0..holes).map(|y| Point::new(x, y)).collect::<Vec<_>>());
            }
            for f in &out.falls {
                prop_assert_eq!(f.from.x, f.to.x);
                prop_assert!(f.to.y > f.from.y);
                prop_assert_eq!(after.get(f.to), b.get(f.from));
            }
            prop_assert!(after.points().all(|q| (1..=colors).contains(&after.get(q))));
        }
    }

    #[test]
    fn a_seed_and_its_moves_replay_the_same_game(seed in any::<u64>(), moves in 1u32..15) {
        let play = || {
            let mut g = Game::new(6, 4, moves, seed).unwrap();
            let mut boards = vec![g.board().clone()];
            while let Some((p, _)) = PlayerKind::Greedy.choose(&g) {
                let before = g.score();
                let out = g.play(&p).unwrap();
                assert_eq!(g.score() - before, out.removed.len() as u64);
                boards.push(g.board().clone());
            }
            assert!(g.is_over());
            (boards, g.score(), g.moves_left())
        };
        prop_assert_eq!(play(), play());
    }
}

#[test]
fn the_planner_plays_legal_moves_to_the_end() {
    for seed in 0..5 {
        let mut g = Game::new(6, 5, 10, seed).unwrap();
        let mut planner = PlayerKind::Planner(Box::new(Planner::with_effort(seed, 4, 8)));
        let mut moves = 0;
        while let Some((p, claimed)) = planner.choose(&g) {
            let out = g.play(&p).expect("legal planner move");
            assert_eq!(out.removed.len(), claimed);
            moves += 1;
        }
        assert!(g.is_over());
        assert!(moves <= 10);
    }
}

/// The planner that samples the refill beats the greedy best-move player over 50 seeded games
/// (6×6, 5 colours, 20 moves; the same seeds for both).
#[test]
fn the_planner_beats_greedy_over_fifty_seeded_games() {
    let (mut greedy, mut planner, mut wins) = (0u64, 0u64, 0);
    for seed in 0..50 {
        let play = |mut player: PlayerKind| {
            let mut g = Game::new(6, 5, 20, seed).unwrap();
            while let Some((p, _)) = player.choose(&g) {
                g.play(&p).unwrap();
            }
            g.score()
        };
        let a = play(PlayerKind::Greedy);
        let b = play(PlayerKind::Planner(Box::new(Planner::new(seed))));
        greedy += a;
        planner += b;
        wins += u32::from(b > a);
    }
    println!("greedy {greedy}, planner {planner}, planner wins {wins}/50");
    assert!(
        planner as f64 > 1.15 * greedy as f64,
        "planner {planner} vs greedy {greedy}"
    );
    assert!(wins > 35, "planner won {wins} of 50");
}
