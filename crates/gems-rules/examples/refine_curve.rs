//! How the Expert's refining gains with its time: on every board of a board-set file, the
//! Expert's beams (no refining, 3.25 s on both cores: the 65% of a 5 s search they get)
//! find a line, then one thread refines that line by the default refining NRPA for 0.1,
//! 0.25, 0.5, 1, 1.75 and 3.5 s, each from the same seed (so each run is the one before it,
//! carried on). Prints each board's scores and the totals; the AI doc quotes them.
//!
//! `cargo run --release -p gems-rules --example refine_curve -- FILE [SEED]`

use std::process::ExitCode;
use std::time::{Duration, Instant};

use gems_rules::cancel::Cancel;
use gems_rules::gems::nrpa::kept_colour;
use gems_rules::gems::{Budget, ExpertSearch, RemovalPolicy, Tuning, to_bit_line};

mod common;

/// The refining's times, in seconds.
const TIMES: [f64; 6] = [0.1, 0.25, 0.5, 1.0, 1.75, 3.5];

/// Runs the beams and the refinings and prints their scores, or says what was wrong.
fn run() -> Result<(), String> {
    let usage = "usage: refine_curve FILE [SEED]";
    let (boards, [seed]) = common::boards_and_numbers(usage, [1])?;
    let mut totals = [0u64; TIMES.len() + 1];
    for (i, (board, bits)) in boards.iter().enumerate() {
        let bits = *bits;
        let beams = Tuning {
            refine: 0,
            seed,
            ..Tuning::default()
        };
        let budget = Budget::Time(Duration::from_secs_f64(3.25));
        let line = ExpertSearch::tuned(board, RemovalPolicy::Classic, budget, None, beams).run(2);
        let (score, moves) = to_bit_line(&bits, &line);
        let tabu = kept_colour(&bits, &moves);
        let refiner = Tuning::default().refiner();
        let never = Cancel::never();
        let refined: Vec<u32> = TIMES
            .iter()
            .map(|&secs| {
                let deadline = Instant::now() + Duration::from_secs_f64(secs);
                let until = (deadline, &never);
                let found = refiner.refine(&bits, &moves, tabu, 2, until, seed ^ i as u64);
                found.0.score
            })
            .collect();
        totals[0] += u64::from(score);
        for (total, s) in totals[1..].iter_mut().zip(&refined) {
            *total += u64::from(*s);
        }
        println!("board {:2}: beams {score}, refined {refined:?}", i + 1);
    }
    println!(
        "totals: beams {}, refined for {TIMES:?} s: {:?}",
        totals[0],
        &totals[1..]
    );
    Ok(())
}

fn main() -> ExitCode {
    common::exit(run())
}
