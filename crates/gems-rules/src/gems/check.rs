//! Invariants of a Modern Gems game, checked after a move: by the property tests and by the
//! `gems-cli soak` run, which play many games and must find no violation.

use std::collections::BTreeMap;

use super::{Board, Game, Kind, MoveOutcome, RemovalPolicy};

/// Gem count per kind.
fn census(b: &Board) -> BTreeMap<Kind, usize> {
    let mut m = BTreeMap::new();
    for (_, k) in b.gems() {
        *m.entry(k).or_default() += 1;
    }
    m
}

/// Checks that `b` is settled: no gem above a hole, no empty column left of a filled one, no
/// flag left set.
pub fn check_settled(b: &Board) -> Result<(), String> {
    let filled_col = |c: usize| (0..b.rows()).any(|r| b.gem_at(r, c).is_filled());
    for c in 0..b.cols() {
        let mut seen_gem = false;
        for r in 0..b.rows() {
            let filled = b.gem_at(r, c).is_filled();
            if seen_gem && !filled {
                return Err(format!("hole under a gem at ({r},{c}):\n{b}"));
            }
            seen_gem |= filled;
        }
        if c > 0 && filled_col(c) && !filled_col(c - 1) {
            return Err(format!("empty column left of column {c}:\n{b}"));
        }
    }
    if !b.flagged_cells().is_empty() {
        return Err(format!("flags left set after the move:\n{b}"));
    }
    Ok(())
}

/// Checks one move of `game` (now after the move): `before` is the board and `score_before` the
/// score before it, `group` the size of the group the move was expected to remove. The score
/// grew by the policy's points for the group (n² under the spec's policies), the board is
/// settled, the gems left are those before minus the removed ones, the removal report replays
/// the change exactly, and the board and game survive a save → load round trip.
pub fn check_move(
    before: &Board,
    score_before: u64,
    group: usize,
    outcome: &MoveOutcome,
    game: &Game,
) -> Result<(), String> {
    let policy: RemovalPolicy = game.policy();
    let after = game.board();
    let n = outcome.removal.removed.len();
    if n != group {
        return Err(format!("removed {n} gems, expected a group of {group}"));
    }
    let expected = if policy.is_spec() {
        (n * n) as u64
    } else {
        policy.move_score(group, before.gem_count())
    };
    if game.score() != score_before + expected || outcome.points != expected {
        return Err(format!(
            "score went {score_before} → {} (move reported {}), expected +{expected}",
            game.score(),
            outcome.points
        ));
    }
    check_settled(after)?;
    let mut left = census(before);
    for r in &outcome.removal.removed {
        if before.kind_at(r.cell) != Some(r.kind) {
            return Err(format!("removed {:?} was not on the board", r));
        }
        if let Some(e) = left.get_mut(&r.kind) {
            *e -= 1;
        }
    }
    left.retain(|_, v| *v > 0);
    if census(after) != left {
        return Err("the gems left are not the gems before minus the removed ones".into());
    }
    let mut replay: BTreeMap<_, _> = before.gems().collect();
    for r in &outcome.removal.removed {
        replay.remove(&r.cell);
    }
    let moved: Vec<_> = outcome
        .removal
        .moves
        .iter()
        .map(|mv| (mv.to, replay.remove(&mv.from)))
        .collect();
    for (to, kind) in moved {
        let kind = kind.ok_or("the removal report moves a gem that is not there")?;
        if replay.insert(to, kind).is_some() {
            return Err(format!("the removal report moves two gems to {to:?}"));
        }
    }
    if replay != after.gems().collect::<BTreeMap<_, _>>() {
        return Err("the removal report does not replay the change".into());
    }
    if Board::from_save_string(&after.save_string()).as_ref() != Ok(after) {
        return Err("the board does not survive its save string".into());
    }
    if Game::from_save_string(&game.save_string()).as_ref() != Ok(game) {
        return Err("the game does not survive its .mg save".into());
    }
    Ok(())
}
