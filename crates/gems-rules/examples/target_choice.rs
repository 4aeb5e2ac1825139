//! How much the colour kept for last matters, and how well a probe picks it: a beam of one
//! width (the Expert's playouts, run to its end on one core) on every colour the Expert would
//! probe (those with at least its `probe_floor` of the most common colour's gems, most gems
//! first: rank 0, 1, …), on every board of a board-set file, printing one line per beam:
//! the board, the colour's rank, the colour, its gems, the width, the seed, the beam's score
//! and the gems its line leaves. A beam's score depends only on its seed, so runs of
//! several seeds give each colour's spread; the Expert's probes are such beams 48 wide, its
//! main beams about 130 wide at 5 s a board.
//!
//! `cargo run --release -p gems-rules --example target_choice -- FILE [WIDTH] [SEED] [RELEASE] [PAIRS] [OTHER_PAIRS] [NEAR_LONE]`
//!
//! The last four set the playouts' `Rollout` parts (the default tuning's 72, 32, 12 and 64
//! when not given). With `TARGET_RANKS=R1,R2,…` in the environment, board N gets a beam on
//! its colour of rank RN alone.

use std::process::ExitCode;

use gems_rules::gems::Tuning;
use gems_rules::gems::beam::Beam;

mod common;

/// Runs the beams and prints one line per beam, or says what was wrong with the arguments.
fn run() -> Result<(), String> {
    let usage =
        "usage: target_choice FILE [WIDTH] [SEED] [RELEASE] [PAIRS] [OTHER_PAIRS] [NEAR_LONE]";
    let d = Tuning::default();
    let defaults = [48, 1, d.release, d.pairs, d.other_pairs, d.near_lone].map(u64::from);
    let (boards, [width, seed, release, pairs, other_pairs, near_lone]) =
        common::boards_and_numbers(usage, defaults)?;
    let part = |n: u64| u32::try_from(n).map_err(|_| format!("{n}: too large ({usage})"));
    let t = Tuning {
        release: part(release)?,
        pairs: part(pairs)?,
        other_pairs: part(other_pairs)?,
        near_lone: part(near_lone)?,
        ..d
    };
    let ranks: Option<Vec<usize>> = match std::env::var("TARGET_RANKS") {
        Ok(list) => Some(
            list.split(',')
                .map(|r| r.trim().parse().map_err(|_| format!("TARGET_RANKS: '{r}'")))
                .collect::<Result<_, String>>()?,
        ),
        Err(_) => None,
    };
    for (i, &(_, bits)) in boards.iter().enumerate() {
        let mut targets = bits.colours_near_most(t.probe_floor);
        targets.sort_by_key(|&c| std::cmp::Reverse(bits.count(c)));
        for (rank, &target) in targets.iter().enumerate() {
            if ranks.as_ref().is_some_and(|r| r.get(i) != Some(&rank)) {
                continue;
            }
            let config = t.beam_config(width as usize, target);
            let mut beam = Beam::new(bits, config, seed * 1000 + i as u64 * 10 + rank as u64);
            beam.run();
            let (score, line) = beam.best();
            let mut end = bits;
            for &(col, h) in line {
                if let Some(g) = end.group_at(usize::from(col), usize::from(h)) {
                    end.play(&g);
                }
            }
            println!(
                "board {} rank {rank} colour {target} count {} width {width} seed {seed} score {score} left {}",
                i + 1,
                bits.count(target),
                end.remaining()
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    common::exit(run())
}
