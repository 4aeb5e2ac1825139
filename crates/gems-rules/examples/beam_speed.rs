//! The speed of the Expert's beams alone, on one core: a beam of the Expert's playouts (the
//! default tuning's rollout, keeping each board's most common colour for last) run to its end
//! on every board of a board-set file, its playouts per second and the total of its best
//! lines. The total depends only on the seed, so it checks that a faster engine plays the
//! same games; the time shows how much faster it is.
//!
//! `cargo run --release -p gems-rules --example beam_speed -- FILE [WIDTH] [SEED]`

use std::process::ExitCode;
use std::time::Instant;

use gems_rules::gems::beam::{Beam, BeamConfig};
use gems_rules::gems::bits::{BitBoard, Rollout};
use gems_rules::gems::{RemovalPolicy, Tuning, parse_board_set};

/// Runs the beams and prints their figures, or says what was wrong with the arguments.
fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: beam_speed FILE [WIDTH] [SEED]";
    let path = args.next().ok_or(usage)?;
    let number = |arg: Option<String>, default: u64| match arg {
        None => Ok(default),
        Some(a) => a
            .parse()
            .map_err(|_| format!("{a}: not a number ({usage})")),
    };
    let width = number(args.next(), 40)? as usize;
    let seed = number(args.next(), 1)?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let boards = parse_board_set(&text).map_err(|e| format!("{path}: {e}"))?;
    let t = Tuning::default();
    let (mut total, mut playouts) = (0u64, 0u64);
    let started = Instant::now();
    for (i, board) in boards.iter().enumerate() {
        let (bits, _) = BitBoard::from_board(board, RemovalPolicy::Classic)
            .map_err(|e| format!("{path}: board {}: {e:?}", i + 1))?;
        let config = BeamConfig {
            width,
            playouts: t.playouts,
            rollout: Rollout {
                target: bits.most_common_color(),
                release: t.release,
                avoid_lone: t.avoid_lone,
                choices: t.choices,
                pairs: t.pairs,
                other_pairs: t.other_pairs,
                target_lone: t.target_lone,
            },
            inherit: t.inherit,
            hold: t.hold,
        };
        let mut beam = Beam::new(bits, config, seed + i as u64);
        beam.run();
        total += u64::from(beam.best().0);
        playouts += beam.playouts();
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} boards, width {width}, seed {seed}: total {total}, {playouts} playouts in {seconds:.2} s = {:.0} playouts/s",
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
