//! How much an exact search of a line's last moves would add (an experiment of #38, kept to
//! reproduce its figure in docs/games/modern_gems_ai.md): for each line file given, the
//! first position along the line with at most N gems left is searched exhaustively (with a
//! table of the positions seen, up to a node cap), and the best points from there are printed
//! beside what the line scores from there, with the colour and size of the line's biggest
//! group and every group of at least 8 gems it takes (size × colour @ the gems left before it).
//!
//! `cargo run --release -p gems-rules --example endgame_probe -- N FILE…`

use std::collections::HashMap;
use std::process::ExitCode;
use std::time::Instant;

use gems_rules::gems::bits::{BitBoard, Group};
use gems_rules::gems::{LineFile, RemovalPolicy};

/// The most positions one exhaustive search visits before it gives up.
const NODE_CAP: u64 = 20_000_000;

/// An exhaustive search's table and the positions it has visited.
#[derive(Default)]
struct Exact {
    memo: HashMap<BitBoard, u32>,
    nodes: u64,
}

impl Exact {
    /// The most points still to be had from `pos` (the clear bonus included), or `None` once
    /// the search has visited [`NODE_CAP`] positions.
    fn best(&mut self, pos: &BitBoard) -> Option<u32> {
        if let Some(&v) = self.memo.get(pos) {
            return Some(v);
        }
        self.nodes += 1;
        if self.nodes > NODE_CAP {
            return None;
        }
        let mut groups: Vec<Group> = Vec::new();
        pos.groups(&mut groups);
        let mut best = 0;
        for g in &groups {
            let mut next = *pos;
            let points = next.play(g);
            best = best.max(points + self.best(&next)?);
        }
        self.memo.insert(*pos, best);
        Some(best)
    }
}

/// One line file's figures: its biggest group, and the exact search from its first position
/// with at most `most` gems left against the line's own points from there. Returns the gain.
fn probe(path: &str, most: u32) -> Result<u32, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let file = LineFile::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    let (mut pos, _) = BitBoard::from_board(&file.board, RemovalPolicy::Classic)
        .map_err(|e| format!("{path}: {e:?}"))?;
    let counts: Vec<u32> = (0..pos.colors()).map(|c| pos.count(c)).collect();
    let (mut scored, mut from, mut biggest) = (0, None, (0, 0, 0));
    let mut big = Vec::new();
    for (i, &cell) in file.moves.iter().enumerate() {
        if from.is_none() && pos.remaining() <= most {
            from = Some((pos, scored));
        }
        let group = pos
            .at_cell(cell)
            .and_then(|(col, h)| pos.group_at(col, h))
            .ok_or_else(|| format!("{path}: move {} is not a group", i + 1))?;
        if group.size >= 8 {
            big.push(format!(
                "{}×{}@{}",
                group.size,
                group.color,
                pos.remaining()
            ));
        }
        if group.size > biggest.0 {
            biggest = (group.size, group.color, i + 1);
        }
        scored += pos.play(&group);
    }
    let (size, colour, at) = biggest;
    println!("{path}: colours {counts:?}; biggest group {size} of colour {colour}, move {at}");
    println!("  groups of 8 or more: {}", big.join(" "));
    let Some((at, before)) = from else {
        println!("  never at most {most} gems");
        return Ok(0);
    };
    let began = Instant::now();
    let mut exact = Exact::default();
    let rest = scored - before;
    let Some(best) = exact.best(&at) else {
        println!("  {} gems: over {NODE_CAP} positions", at.remaining());
        return Ok(0);
    };
    println!(
        "  {} gems left after {before} points: the line {rest}, exact {best} (+{}), {} positions, {:.3} s",
        at.remaining(),
        best - rest,
        exact.nodes,
        began.elapsed().as_secs_f64()
    );
    Ok(best - rest)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(most) = args.next().and_then(|a| a.parse().ok()) else {
        eprintln!("usage: endgame_probe N FILE…  (N: the most gems left where the search starts)");
        return ExitCode::FAILURE;
    };
    let mut gain = 0;
    for path in args {
        match probe(&path, most) {
            Ok(g) => gain += g,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!("gain over all lines: {gain}");
    ExitCode::SUCCESS
}
