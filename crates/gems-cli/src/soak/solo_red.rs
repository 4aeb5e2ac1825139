//! Solo Red's soak.

use gems_rules::gems::fast::FastRng;
use gems_rules::solo_red;

use super::Tally;

/// Solo Red: random palette counts and hand sizes, the hint AI or random legal moves; after
/// every turn no card is lost or duplicated, a winning play leaves that palette winning, a
/// losing play ends the game, and the view is well formed. Every tenth deal is also solved
/// (knowing the deck) and a claimed winning line must win when replayed.
pub fn soak_solo_red(games: u64, seed: u64) -> Tally {
    use rand::SeedableRng;
    use solo_red::ai::{self, Verdict};
    use solo_red::{Game, PlayResult};
    let mut tally = Tally::default();
    for i in 0..games {
        let game_seed = seed.wrapping_mul(9_000_011).wrapping_add(i);
        tally.run(&format!("solo-red #{i}"), game_seed, || {
            let mut rng = FastRng::new(game_seed);
            let palettes = 2 + rng.below(4);
            let hand = 1 + rng.below(8);
            let mut game = Game::new(game_seed);
            game.start(&Game::all_cards(), true, palettes, hand)
                .map_err(|e| e.to_string())?;
            let total = Game::all_cards().len();
            if i % 10 == 0 {
                let (verdict, line) = ai::solve(&game, 20_000);
                if verdict == Verdict::Winnable {
                    let mut replay = game.clone();
                    for m in &line {
                        m.apply(&mut replay)
                            .ok_or("the solver's line has an illegal move")?;
                    }
                    if !replay.is_won() {
                        return Err("the solver's winning line does not win".into());
                    }
                }
            }
            let use_ai = rng.below(2) == 0;
            let mut chacha = rand_chacha::ChaCha8Rng::seed_from_u64(game_seed);
            let mut canvas_plays = 0usize;
            let mut turns = 0u64;
            while !game.is_over() {
                let m = if use_ai {
                    ai::hint(&game, game_seed.wrapping_add(turns), 8)
                        .or_else(|| ai::any_move(&game))
                } else {
                    ai::random_legal_move(&game, &mut chacha)
                }
                .ok_or("no move in a game that is not over")?;
                canvas_plays += usize::from(m.canvas.is_some());
                let before = game.clone();
                let result = m.apply(&mut game).ok_or_else(|| {
                    format!(
                        "the {} chose an illegal move {m:?} (hand size {hand}):\n{before}",
                        if use_ai { "hint AI" } else { "random player" }
                    )
                })?;
                match result {
                    PlayResult::Winning if game.winning_palette() != Some(m.palette) => {
                        return Err("a winning play left its palette losing".into());
                    }
                    PlayResult::Lost if !game.is_over() || game.is_won() => {
                        return Err("a losing play did not end the game".into());
                    }
                    _ => {}
                }
                let mut seen = game.cards_in_play();
                let held = seen.len();
                seen.sort_by_key(|c| c.index());
                seen.dedup();
                if seen.len() != held || held + canvas_plays != total {
                    return Err(format!(
                        "{held} cards held + {canvas_plays} on the canvas ≠ {total}"
                    ));
                }
                if game.hand().len() > hand {
                    return Err("the hand is over its size".into());
                }
                let view = game.to_string();
                if view.ends_with('\n') || view.lines().filter(|l| l.starts_with('>')).count() > 1 {
                    return Err(format!("malformed view:\n{view}"));
                }
                turns += 1;
                if turns > 1000 {
                    return Err("the game does not end".into());
                }
            }
            Ok(turns)
        });
    }
    tally
}
