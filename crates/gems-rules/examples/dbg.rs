use gems_rules::gems::beam::{Beam, Weights};
use gems_rules::gems::bits::BitBoard;
use gems_rules::gems::*;
fn main() {
    let width: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    for i in 1..=20 {
        let p = format!(
            "{}/../../assets/boards/standard-{i}.board",
            env!("CARGO_MANIFEST_DIR")
        );
        let board = Board::from_save_string(&std::fs::read_to_string(p).unwrap()).unwrap();
        let (bits, _) = BitBoard::from_board(&board, RemovalPolicy::Classic).unwrap();
        let t = bits.most_common_color();
        let w = Weights {
            tabu: true,
            groups: 0.0,
            other: 0.0,
            target: 0.0,
            single: 100.0,
            ..Weights::default()
        };
        let mut beam = Beam::new(bits, width, t, w);
        beam.run();
        let (s, line) = beam.best_line().unwrap();
        let mut b = bits;
        for (col, h) in &line {
            let g = b.group_at(*col as usize, *h as usize).unwrap();
            b.play(&g);
        }
        println!(
            "board {i}: score {s}, left {:?}, target {t} n {}",
            (0..b.colors()).map(|c| b.count(c)).collect::<Vec<_>>(),
            bits.count(t)
        );
    }
}
