//! Grid Duel's soak.

use gems_rules::gems::fast::FastRng;
use gems_rules::grid_duel;

use super::Tally;

/// Checks a Grid Duel grid: digits 1–9, and its points are its breakdown's total.
fn check_grid(grid: &grid_duel::Grid, points: i32) -> Result<(), String> {
    if grid.rows().iter().flatten().any(|d| !(1..=9).contains(d)) {
        return Err("a grid holds a digit outside 1–9".into());
    }
    let b = grid_duel::score(grid);
    let rows: i32 = b.rows.iter().sum();
    let cols: i32 = b.columns.iter().sum();
    if rows != b.horizontal || cols != b.vertical || b.rare % 100 != 0 || b.rare > 900 {
        return Err(format!("inconsistent breakdown {b:?}"));
    }
    if b.total() != points {
        return Err(format!(
            "grid recorded {points} points, its breakdown totals {}",
            b.total()
        ));
    }
    if grid_duel::score::rare_boxes(grid).len() * 100 != b.rare as usize {
        return Err("rare points do not match the complete boxes".into());
    }
    Ok(())
}

/// Grid Duel: random human choices against the plain and the smart computer, whole games with
/// replays after ties; every grid's points, every choice's effect and the totals are checked.
pub fn soak_grid_duel(games: u64, seed: u64) -> Tally {
    use grid_duel::{Choice, ComputerKind, Duel, Outcome, Phase, Side};
    let mut tally = Tally::default();
    for i in 0..games {
        let game_seed = seed.wrapping_mul(7_000_003).wrapping_add(i);
        let kind = if i % 2 == 0 {
            ComputerKind::Plain
        } else {
            ComputerKind::Smart
        };
        tally.run(&format!("grid-duel #{i} {kind:?}"), game_seed, || {
            let mut rng = FastRng::new(game_seed);
            let mut duel = Duel::new(game_seed, kind);
            let mut moves = 0u64;
            loop {
                match duel.phase() {
                    Phase::Human { .. } => {
                        let choice = match rng.below(11) {
                            0 => Choice::Keep,
                            1 => Choice::RegenerateGrid,
                            r => Choice::RegenerateRow(r - 1),
                        };
                        let g = duel.choose(choice).map_err(|e| e.to_string())?;
                        check_grid(&g.grid, g.points)?;
                        let changed: Vec<usize> = (0..9)
                            .filter(|&r| g.grid.row(r) != g.dealt.row(r))
                            .collect();
                        match choice {
                            Choice::Keep if !changed.is_empty() => {
                                return Err("a kept grid changed".into());
                            }
                            Choice::RegenerateRow(n) if changed.iter().any(|&r| r != n - 1) => {
                                return Err(format!("regenerating row {n} changed {changed:?}"));
                            }
                            _ => {}
                        }
                    }
                    Phase::Computer => {
                        for g in duel.play_computer().map_err(|e| e.to_string())? {
                            check_grid(&g.grid, g.points)?;
                            match (&g.plan, g.regenerated) {
                                (None, true) => return Err("the plain computer regenerated".into()),
                                (Some(p), true) if p.gain() <= 0.0 => {
                                    return Err("the smart computer regenerated at a loss".into());
                                }
                                (Some(p), false) if p.gain() > 1e-9 => {
                                    return Err("the smart computer kept a gainful row".into());
                                }
                                _ => {}
                            }
                            if !g.regenerated && g.grid != g.dealt {
                                return Err("a computer grid changed without a regeneration".into());
                            }
                        }
                    }
                    Phase::Over(outcome) => {
                        let (h, c) = (duel.total(Side::Human), duel.total(Side::Computer));
                        let expected = match h.cmp(&c) {
                            std::cmp::Ordering::Greater => Outcome::HumanWins,
                            std::cmp::Ordering::Less => Outcome::ComputerWins,
                            std::cmp::Ordering::Equal => Outcome::Tie,
                        };
                        if outcome != expected {
                            return Err(format!("{h} vs {c} ended as {outcome:?}"));
                        }
                        if outcome != Outcome::Tie {
                            return Ok(moves);
                        }
                        let game = duel.game_number();
                        duel.replay().map_err(|e| e.to_string())?;
                        if duel.game_number() != game + 1 || duel.total(Side::Human) != 0 {
                            return Err("a replay did not start a fresh game".into());
                        }
                    }
                }
                moves += 1;
                if moves > 10_000 {
                    return Err("the duel does not end".into());
                }
            }
        });
    }
    tally
}
