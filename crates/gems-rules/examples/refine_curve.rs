//! Scratch: the refining's score over time on each board's beam line.
use gems_rules::cancel::Cancel;
use gems_rules::gems::bits::BitBoard;
use gems_rules::gems::nrpa::kept_colour;
use gems_rules::gems::{Budget, ExpertSearch, RemovalPolicy, Tuning, parse_board_set, to_bit_line};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let seed: u64 = args[2].parse().unwrap();
    let extra = args.get(3).cloned().unwrap_or_default();
    let boards = parse_board_set(&text).unwrap();
    let times = [0.1, 0.25, 0.5, 1.0, 1.75, 3.5];
    let mut totals = vec![0u64; times.len() + 1];
    for (i, board) in boards.iter().enumerate() {
        let (bits, _) = BitBoard::from_board(board, RemovalPolicy::Classic).unwrap();
        let t = Tuning {
            refine: 0,
            seed,
            ..Tuning::default()
        };
        let line = ExpertSearch::tuned(
            board,
            RemovalPolicy::Classic,
            Budget::Time(Duration::from_secs_f64(3.25)),
            None,
            t,
        )
        .run(2);
        let (score, moves) = to_bit_line(&bits, &line);
        let tabu = kept_colour(&bits, &moves);
        let mut r = Tuning::default();
        if extra == "bias50" {
            r.refine_bias = 50;
        }
        let refiner = r.refiner();
        let never = Cancel::never();
        let run = |secs: f64| {
            let deadline = Instant::now() + Duration::from_secs_f64(secs);
            refiner
                .refine(&bits, &moves, tabu, 2, (deadline, &never), seed ^ i as u64)
                .0
                .score
        };
        let scores: Vec<u32> = times.iter().map(|&t| run(t)).collect();
        totals[0] += score as u64;
        for (k, sc) in scores.iter().enumerate() {
            totals[k + 1] += *sc as u64;
        }
        println!("board {:2}: beams {score} refined {:?}", i + 1, scores);
    }
    println!("totals {:?}", totals);
}
