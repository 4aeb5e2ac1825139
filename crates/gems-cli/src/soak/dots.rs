//! Dots' soak.

use gems_rules::dots;
use gems_rules::gems::fast::FastRng;

use super::Tally;

/// Dots: greedy, planner and random players on random sizes, colour counts and move limits;
/// after every move the removal, gravity and refill are replayed and checked against the board.
pub fn soak_dots(games: u64, seed: u64) -> Tally {
    use dots::{Game, Planner, PlayerKind, candidate_moves};
    let mut tally = Tally::default();
    for i in 0..games {
        let game_seed = seed.wrapping_mul(5_000_011).wrapping_add(i);
        tally.run(&format!("dots #{i}"), game_seed, || {
            let mut rng = FastRng::new(game_seed);
            let size = dots::MIN_SIZE + rng.below(dots::MAX_SIZE - dots::MIN_SIZE + 1);
            let colors = dots::MIN_COLORS
                + rng.below(usize::from(dots::MAX_COLORS - dots::MIN_COLORS) + 1) as u8;
            let moves = 1 + rng.below(40) as u32;
            let mut game = Game::new(size, colors, moves, game_seed).map_err(|e| e.to_string())?;
            let kind = rng.below(3);
            let mut player = match kind {
                0 => Some(PlayerKind::Greedy),
                1 => Some(PlayerKind::Planner(Box::new(Planner::with_effort(
                    game_seed, 4, 6,
                )))),
                _ => None,
            };
            let mut played = 0u64;
            while !game.is_over() {
                let before = game.board().clone();
                let (selection, claimed) = match &mut player {
                    Some(p) => p
                        .choose(&game)
                        .ok_or("the AI found no move in a live game")?,
                    None => {
                        let all = candidate_moves(&before);
                        if all.is_empty() {
                            return Err("a live game has no candidate move".into());
                        }
                        all[rng.below(all.len())].clone()
                    }
                };
                if before.removal_count(&selection) != claimed {
                    return Err(format!("the AI claimed {claimed} dots for {selection:?}"));
                }
                let (score, left) = (game.score(), game.moves_left());
                let outcome = game
                    .play(&selection)
                    .map_err(|e| format!("legal move refused: {e}"))?;
                check_dots_move(&before, &outcome, game.board())?;
                if outcome.removed.len() != claimed
                    || game.score() != score + claimed as u64
                    || game.moves_left() + 1 != left
                {
                    return Err("score, moves left or removal count are off".into());
                }
                played += 1;
            }
            if game.moves_left() > 0 && game.can_make_move() {
                return Err("the game ended with moves left and a move possible".into());
            }
            Ok(played)
        });
    }
    tally
}

/// Replays one Dots removal: the survivors fall straight down in order, the refill fills
/// exactly the holes with valid colours, a closed shape took every dot of its colour.
fn check_dots_move(
    before: &dots::Board,
    outcome: &dots::Outcome,
    after: &dots::Board,
) -> Result<(), String> {
    use std::collections::BTreeMap;
    let mut replay: BTreeMap<dots::Point, u8> =
        before.points().map(|p| (p, before.get(p))).collect();
    for p in &outcome.removed {
        if before.get(*p) != outcome.color {
            return Err(format!("removed {p} is not of the selection's colour"));
        }
        replay
            .remove(p)
            .ok_or_else(|| format!("removed {p} twice"))?;
    }
    if outcome.closed && before.count(outcome.color) != outcome.removed.len() {
        return Err("a closed shape left dots of its colour".into());
    }
    let moved: Vec<_> = outcome
        .falls
        .iter()
        .map(|f| (f, replay.remove(&f.from)))
        .collect();
    for (f, colour) in moved {
        if f.from.x != f.to.x || f.to.y <= f.from.y {
            return Err(format!("a dot fell from {} to {}", f.from, f.to));
        }
        let colour = colour.ok_or_else(|| format!("a fall moves a missing dot from {}", f.from))?;
        if replay.insert(f.to, colour).is_some() {
            return Err(format!("two dots fell to {}", f.to));
        }
    }
    if outcome.refills.len() != outcome.removed.len() {
        return Err("refills do not match the removed count".into());
    }
    for (p, c) in &outcome.refills {
        if !(1..=before.colors()).contains(c) || replay.insert(*p, *c).is_some() {
            return Err(format!("bad refill {c} at {p}"));
        }
    }
    let now: BTreeMap<dots::Point, u8> = after.points().map(|p| (p, after.get(p))).collect();
    if replay != now || now.len() != after.size() * after.size() {
        return Err("the board is not the replayed removal, fall and refill".into());
    }
    Ok(())
}
