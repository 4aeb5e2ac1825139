//! The Solo Red AI: hints keep the game going without looking at the deck, the solver is right
//! on small positions it can prove, and the AI beats random play.

use gems_rules::solo_red::{Card, Colour, Game, PlayResult, ai, parse_cards};

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn deal(seed: u64) -> Game {
    let mut g = Game::new(seed);
    g.start(&Game::all_cards(), true, 4, 7).unwrap();
    g
}

#[test]
fn hint_never_depends_on_the_hidden_deck_order() {
    // Same visible position, two different hidden deck orders: the hint must be identical.
    let visible = |deck: &str| {
        Game::from_parts(
            vec![cards("B2"), cards("R1 B5"), cards("O1 V7"), cards("O4")],
            Colour::Red,
            cards("R2 B4 V6 B7 I1 O3 R3"),
            cards(deck),
            7,
        )
        .unwrap()
    };
    let a = visible("R4 B1 I5 V1 V2");
    let b = visible("V2 V1 I5 B1 R4");
    let c = visible("O7 O6 O5 O2 I7");
    for seed in 0..3 {
        let h = ai::hint(&a, seed, 200);
        assert_eq!(h, ai::hint(&b, seed, 200));
        assert_eq!(h, ai::hint(&c, seed, 200));
    }
}

#[test]
fn every_hint_is_a_surviving_legal_move() {
    for seed in 0..5 {
        let mut g = deal(seed);
        while let Some(m) = ai::hint(&g, seed, 60) {
            assert!(ai::surviving_moves(&g).contains(&m));
            assert_eq!(m.apply(&mut g), Some(PlayResult::Winning));
        }
        // No hint: game over, or nothing survives.
        assert!(g.is_over() || ai::surviving_moves(&g).is_empty());
    }
}

#[test]
fn surviving_moves_are_exactly_the_plays_that_win() {
    for seed in 0..20 {
        let g = deal(seed);
        let survivors = ai::surviving_moves(&g);
        let hand = g.hand().to_vec();
        let mut count = 0;
        for canvas in std::iter::once(None).chain(hand.iter().map(|&c| Some(c))) {
            for p in 0..4 {
                for &card in &hand {
                    if Some(card) == canvas {
                        continue;
                    }
                    let m = ai::Move {
                        canvas,
                        palette: p,
                        card,
                    };
                    let mut h = g.clone();
                    let r = m.apply(&mut h);
                    if r == Some(PlayResult::Winning) {
                        count += 1;
                        assert!(survivors.contains(&m), "{m:?} missed");
                    } else {
                        assert!(!survivors.contains(&m), "{m:?} wrongly kept");
                    }
                }
            }
        }
        assert_eq!(count, survivors.len());
    }
}

#[test]
fn solver_on_the_spec_end_states() {
    let b = Game::from_parts(
        vec![cards("R1 B7"), cards("R2 B2"), cards("V1")],
        Colour::Violet,
        cards("B3"),
        vec![],
        7,
    )
    .unwrap();
    assert_eq!(ai::solve(&b, 1000).0, ai::Verdict::Winnable);
    let c = Game::from_parts(
        vec![cards("R1"), cards("R2"), cards("R3")],
        Colour::Red,
        cards("B2"),
        vec![],
        7,
    )
    .unwrap();
    assert_eq!(ai::solve(&c, 1000).0, ai::Verdict::Unwinnable);
    assert_eq!(ai::hint(&c, 0, 100), None);
}

#[test]
fn solver_lines_replay_to_a_win() {
    for seed in 0..10 {
        let g = deal(seed);
        let (v, line) = ai::solve(&g, 200_000);
        if v == ai::Verdict::Winnable {
            let mut h = g.clone();
            for m in line {
                assert_eq!(m.apply(&mut h), Some(PlayResult::Winning));
            }
            assert!(h.is_won());
        }
    }
}

#[test]
fn solver_proves_small_lost_deal() {
    // Two palettes, hand of one, Red: R7 on P2 can never be beaten by the low cards that follow.
    let mut g = Game::new(0);
    g.start(&cards("R1 R7 B1 B2 O1"), false, 2, 1).unwrap();
    assert_eq!(ai::solve(&g, 10_000).0, ai::Verdict::Unwinnable);
    assert!(!ai::play_out_ai(g.clone(), 1, 50));
}

#[test]
fn ai_beats_random_play() {
    let ai_wins = (0..12).filter(|&s| ai::play_out_ai(deal(s), s, 80)).count();
    let random_wins = (0..12).filter(|&s| ai::play_out_random(deal(s), s)).count();
    assert!(ai_wins >= 6, "AI won only {ai_wins}/12");
    assert!(ai_wins > random_wins);
}

/// Random legal play only ever makes legal moves, including after a canvas card changes which
/// palette is winning (a found regression: it used to pick among the palettes losing before
/// the canvas play).
#[test]
fn random_legal_moves_are_always_legal() {
    use rand::SeedableRng;
    for seed in 0..300u64 {
        let mut game = Game::new(seed);
        game.start(
            &Game::all_cards(),
            true,
            2 + (seed % 4) as usize,
            1 + (seed % 8) as usize,
        )
        .unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while !game.is_over() {
            let m = ai::random_legal_move(&game, &mut rng).expect("a move while not over");
            assert!(m.apply(&mut game).is_some(), "seed {seed}: illegal {m:?}");
        }
    }
}
