//! The speed of NRPA's playouts (what the Expert's refining plays), on one core: one level-2
//! search of Stabilized NRPA (`ITERATIONS`² rounds of two playouts, the refining's settings)
//! on every board of a board-set file, its playouts per second and the total of its best
//! lines. The total depends only on the seed, so it checks that a faster engine plays the
//! same games; the time shows how much faster it is.
//!
//! `cargo run --release -p gems-rules --example nrpa_speed -- FILE [ITERATIONS] [SEED]`

use std::process::ExitCode;
use std::time::Instant;

use gems_rules::gems::Tuning;
use gems_rules::gems::nrpa::Nrpa;

mod common;

/// Runs the searches and prints their figures, or says what was wrong with the arguments.
fn run() -> Result<(), String> {
    let usage = "usage: nrpa_speed FILE [ITERATIONS] [SEED]";
    let (boards, [iterations, seed]) = common::boards_and_numbers(usage, [60, 1])?;
    let iterations = u32::try_from(iterations)
        .map_err(|_| format!("{iterations}: too many iterations ({usage})"))?;
    let settings = Nrpa {
        iterations,
        ..Tuning::default().refiner()
    };
    let (mut total, mut playouts) = (0u64, 0u64);
    let started = Instant::now();
    for (i, (_, bits)) in boards.iter().enumerate() {
        let (line, n) = settings.search_level(bits, 2, seed + i as u64);
        total += u64::from(line.score);
        playouts += n;
    }
    let what = &format!("{iterations} iterations, seed {seed}");
    common::report(what, boards.len(), total, playouts, started);
    Ok(())
}

fn main() -> ExitCode {
    common::exit(run())
}
