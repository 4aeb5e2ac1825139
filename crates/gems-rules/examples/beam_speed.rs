//! The speed of the Expert's beams alone, on one core: a beam of the Expert's playouts (the
//! default tuning's rollout, keeping each board's most common colour for last) run to its end
//! on every board of a board-set file, its playouts per second and the total of its best
//! lines. The total depends only on the seed, so it checks that a faster engine plays the
//! same games; the time shows how much faster it is.
//!
//! `cargo run --release -p gems-rules --example beam_speed -- FILE [WIDTH] [SEED] [NEAR_LONE]`
//!
//! NEAR_LONE (64 by default, as in the Expert's long searches) is the playouts'
//! `Rollout::near_lone`, for comparing beams that price lone gems' diagonal twins.

use std::process::ExitCode;
use std::time::Instant;

use gems_rules::gems::Tuning;
use gems_rules::gems::beam::Beam;

mod common;

/// Runs the beams and prints their figures, or says what was wrong with the arguments.
fn run() -> Result<(), String> {
    let usage = "usage: beam_speed FILE [WIDTH] [SEED] [NEAR_LONE]";
    let (boards, [width, seed, near_lone]) = common::boards_and_numbers(usage, [40, 1, 64])?;
    let near_lone = u32::try_from(near_lone).map_err(|_| format!("{near_lone}: too large"))?;
    let width = width as usize;
    let t = Tuning {
        near_lone,
        ..Tuning::default()
    };
    let (mut total, mut playouts) = (0u64, 0u64);
    let started = Instant::now();
    for (i, &(_, bits)) in boards.iter().enumerate() {
        let config = t.beam_config(width, bits.most_common_color());
        let mut beam = Beam::new(bits, config, seed + i as u64);
        beam.run();
        total += u64::from(beam.best().0);
        playouts += beam.playouts();
    }
    let what = &format!("width {width}, seed {seed}");
    common::report(what, boards.len(), total, playouts, started);
    Ok(())
}

fn main() -> ExitCode {
    common::exit(run())
}
