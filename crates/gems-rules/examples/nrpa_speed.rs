//! The speed of NRPA's playouts (what the Expert's refining plays), on one core: one level-2
//! search of Stabilized NRPA (`ITERATIONS`² rounds of two playouts, the refining's settings)
//! on every board of a board-set file, its playouts per second and the total of its best
//! lines. The total depends only on the seed, so it checks that a faster engine plays the
//! same games; the time shows how much faster it is.
//!
//! `cargo run --release -p gems-rules --example nrpa_speed -- FILE [ITERATIONS] [SEED]`

use std::process::ExitCode;
use std::time::Instant;

use gems_rules::gems::bits::BitBoard;
use gems_rules::gems::{RemovalPolicy, Tuning, parse_board_set};

/// Runs the searches and prints their figures, or says what was wrong with the arguments.
fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: nrpa_speed FILE [ITERATIONS] [SEED]";
    let path = args.next().ok_or(usage)?;
    let number = |arg: Option<String>, default: u64| match arg {
        None => Ok(default),
        Some(a) => a
            .parse()
            .map_err(|_| format!("{a}: not a number ({usage})")),
    };
    let iterations = number(args.next(), 60)? as u32;
    let seed = number(args.next(), 1)?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let boards = parse_board_set(&text).map_err(|e| format!("{path}: {e}"))?;
    let settings = gems_rules::gems::nrpa::Nrpa {
        iterations,
        ..Tuning::default().refiner()
    };
    let (mut total, mut playouts) = (0u64, 0u64);
    let started = Instant::now();
    for (i, board) in boards.iter().enumerate() {
        let (bits, _) = BitBoard::from_board(board, RemovalPolicy::Classic)
            .map_err(|e| format!("{path}: board {}: {e:?}", i + 1))?;
        let (line, n) = settings.search_level(&bits, 2, seed + i as u64);
        total += u64::from(line.score);
        playouts += n;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} boards, {iterations} iterations, seed {seed}: total {total}, {playouts} playouts in {seconds:.2} s = {:.0} playouts/s",
        boards.len(),
        playouts as f64 / seconds
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
