//! Tuning aid for the Expert's beam search: runs beams of a given width on a board set, for
//! every target colour or only the most common one, two boards at a time, and prints each
//! board's best and the total with the time taken.
//!
//! `cargo run --release -p gems-rules --example beam_tune -- WIDTH [all|common] [FILE]`

use std::time::Instant;

use gems_rules::gems::beam::{Beam, Weights};
use gems_rules::gems::bits::BitBoard;
use gems_rules::gems::{Board, RemovalPolicy, parse_board_set};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let width: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let all = args.get(1).is_none_or(|a| a == "all");
    let boards: Vec<Board> = match args.get(2) {
        Some(f) => parse_board_set(&std::fs::read_to_string(f).unwrap()).unwrap(),
        None => (1..=20)
            .map(|i| {
                let p = format!(
                    "{}/../../assets/boards/standard-{i}.board",
                    env!("CARGO_MANIFEST_DIR")
                );
                Board::from_save_string(&std::fs::read_to_string(p).unwrap()).unwrap()
            })
            .collect(),
    };
    let w = weights_from_env();
    let t = Instant::now();
    let results: Vec<(u32, f64)> = std::thread::scope(|s| {
        let chunks: Vec<_> = (0..2)
            .map(|k| {
                let boards = &boards;
                s.spawn(move || {
                    boards
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| i % 2 == k)
                        .map(|(i, b)| (i, run(b, width, all, w)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut r: Vec<_> = chunks.into_iter().flat_map(|h| h.join().unwrap()).collect();
        r.sort_by_key(|(i, _)| *i);
        r.into_iter().map(|(_, x)| x).collect()
    });
    let mut total = 0;
    for (i, (score, secs)) in results.iter().enumerate() {
        println!("board {:>2}: {score:>6} ({secs:.2} s)", i + 1);
        total += score;
    }
    println!(
        "width {width} {}: total {total} in {:.1} s (wall, 2 threads)",
        if all { "all targets" } else { "common target" },
        t.elapsed().as_secs_f64()
    );
}

fn weights_from_env() -> Weights {
    let mut w = Weights::default();
    let get = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<f32>().ok());
    if let Some(v) = get("W_GROUPS") {
        w.groups = v;
    }
    if let Some(v) = get("W_SINGLE") {
        w.single = v;
    }
    if let Some(v) = get("W_TARGET") {
        w.target = v;
    }
    if let Some(v) = get("W_OTHER") {
        w.other = v;
    }
    if let Some(v) = get("W_KEEP") {
        w.keep = v;
    }
    if let Some(v) = get("W_CLEAR") {
        w.clear = v;
    }
    w.keep_fades = std::env::var("W_FADES").is_ok();
    w.tabu = std::env::var("W_TABU").is_ok();
    if let Some(v) = get("W_KEEPO") {
        w.keep_others = v;
    }
    if let Some(v) = get("W_PLAYOUTS") {
        w.playouts = v as u32;
    }
    if let Some(v) = get("W_PRE") {
        w.prefilter = v as u32;
    }
    w
}

fn run(board: &Board, width: usize, all: bool, w: Weights) -> (u32, f64) {
    let t = Instant::now();
    let (bits, _) = BitBoard::from_board(board, RemovalPolicy::Classic).unwrap();
    let targets: Vec<usize> = if all {
        (0..bits.colors()).collect()
    } else {
        vec![bits.most_common_color()]
    };
    let mut best = 0;
    for target in targets {
        let mut beam = Beam::new(bits, width, target, w);
        beam.run();
        best = best
            .max(beam.best_score().unwrap_or(0))
            .max(beam.best_playout);
    }
    (best, t.elapsed().as_secs_f64())
}
