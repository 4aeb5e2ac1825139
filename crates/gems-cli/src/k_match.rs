//! `gems-cli bench k-in-a-row --match`: the engine against the spec's reference player.
//!
//! The reference player is the spec's search as the handout describes it: minimax with
//! alpha-beta pruning over every empty square in row order, the spec's evaluation at the
//! leaves (3 it wins, 0 it loses, 2 draw, 1 undecided) and a fixed number of plies (its
//! quality). Every game opens with two tiles per side, placed at random from the seed, and the
//! first player alternates.

use std::time::{Duration, Instant};

use gems_rules::k_in_a_row::{Board, Cell, Engine, Game, Limits, Move, Side, Status, Strength};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// One series: the board and the reference player's quality.
struct Series {
    size: usize,
    k: usize,
    reference_quality: u32,
}

/// The series the issue asks for: 10×10 against quality 3, 15×15 against quality 2, k = 5.
const SERIES: [Series; 2] = [
    Series {
        size: 10,
        k: 5,
        reference_quality: 3,
    },
    Series {
        size: 15,
        k: 5,
        reference_quality: 2,
    },
];

/// Runs the match: `games` per series, the openings from `seed`, the engine searching `quality`
/// plies; prints each series' results and times.
pub fn run(games: usize, seed: u64, quality: u32) -> Result<(), String> {
    let mut lost_any = false;
    for series in &SERIES {
        let tally = play_series(series, games, seed, quality)?;
        lost_any |= tally.losses > 0;
        println!(
            "{}x{} k={}: engine (quality {quality}) against the reference player (quality {}), {games} games: {} won, {} drawn, {} lost",
            series.size,
            series.size,
            series.k,
            series.reference_quality,
            tally.wins,
            tally.draws,
            tally.losses
        );
        println!(
            "  engine moves: {}, mean {:.1} ms, slowest {:.1} ms; reference moves: {}, mean {:.1} ms",
            tally.engine_moves,
            ms(tally.engine_time) / tally.engine_moves.max(1) as f64,
            ms(tally.engine_slowest),
            tally.reference_moves,
            ms(tally.reference_time) / tally.reference_moves.max(1) as f64,
        );
    }
    println!(
        "{}",
        if lost_any {
            "the engine lost at least one game"
        } else {
            "the engine lost no game"
        }
    );
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The results of one series.
#[derive(Default)]
struct Tally {
    wins: usize,
    draws: usize,
    losses: usize,
    engine_moves: usize,
    engine_time: Duration,
    engine_slowest: Duration,
    reference_moves: usize,
    reference_time: Duration,
}

fn play_series(series: &Series, games: usize, seed: u64, quality: u32) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let mut engine = Engine::new();
    let engine_side = Side::Computer;
    for g in 0..games {
        let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(g as u64));
        let board = opening(series.size, series.k, &mut rng)?;
        let first = if g % 2 == 0 {
            engine_side
        } else {
            engine_side.opponent()
        };
        let mut game = Game::new(board, first);
        while game.status() == Status::InProgress {
            let start = Instant::now();
            let mv = if game.to_move() == engine_side {
                let a = engine.best_move(
                    game.board(),
                    engine_side,
                    Strength::Quality(quality),
                    &Limits::default(),
                );
                let spent = start.elapsed();
                if std::env::var_os("K_MATCH_TRACE").is_some() && spent.as_millis() > 500 {
                    eprintln!(
                        "{}",
                        gems_rules::k_in_a_row::board_file_text(game.board(), quality)
                    );
                    eprintln!(
                        "engine move {:?} {:?} nodes {} depth {}",
                        a.best, spent, a.nodes, a.depth
                    );
                }
                tally.engine_moves += 1;
                tally.engine_time += spent;
                tally.engine_slowest = tally.engine_slowest.max(spent);
                a.best
                    .ok_or("the engine found no move in a game in progress")?
            } else {
                let m = reference_move(game.board(), game.to_move(), series.reference_quality)
                    .map(Move::from)
                    .ok_or("the reference player found no move in a game in progress")?;
                tally.reference_moves += 1;
                tally.reference_time += start.elapsed();
                m
            };
            game.play(mv).map_err(|e| format!("illegal move: {e}"))?;
        }
        match game.status() {
            Status::Won(s) if s == engine_side => tally.wins += 1,
            Status::Won(_) => {
                tally.losses += 1;
                eprintln!(
                    "lost game {g} on {}x{} (seed {seed}), moves {:?}",
                    series.size,
                    series.size,
                    game.moves()
                );
            }
            _ => tally.draws += 1,
        }
    }
    Ok(tally)
}

/// An empty board with two tiles per side on random squares.
fn opening(size: usize, k: usize, rng: &mut StdRng) -> Result<Board, String> {
    let mut board = Board::new(size, k).map_err(|e| e.to_string())?;
    for side in [Side::Human, Side::Computer, Side::Human, Side::Computer] {
        loop {
            let (r, c) = (rng.random_range(0..size), rng.random_range(0..size));
            if board.is_empty(r, c) {
                board.set(r, c, Cell::of(side));
                break;
            }
        }
    }
    Ok(board)
}

/// The spec's choice for `me` on `board`: alpha-beta over the spec's 0–3 values, `quality`
/// plies deep, squares in row order, the first of equal moves.
pub fn reference_move(board: &Board, me: Side, quality: u32) -> Option<(usize, usize)> {
    let mut b = *board;
    search(&mut b, me, me, 1, quality, -1, 4).1
}

/// Returns the value for `me` (0–3) and the move chosen for `to_move`.
fn search(
    b: &mut Board,
    to_move: Side,
    me: Side,
    level: u32,
    quality: u32,
    mut alpha: i32,
    mut beta: i32,
) -> (i32, Option<(usize, usize)>) {
    let n = b.size();
    let maximise = to_move == me;
    let mut best = if maximise { -1 } else { 4 };
    let mut best_move = None;
    for r in 0..n {
        for c in 0..n {
            if !b.is_empty(r, c) {
                continue;
            }
            b.set(r, c, Cell::of(to_move));
            let v = if makes_k(b, r, c, to_move) {
                if to_move == me { 3 } else { 0 }
            } else if b.is_full() {
                2
            } else if level >= quality {
                1
            } else {
                search(b, to_move.opponent(), me, level + 1, quality, alpha, beta).0
            };
            b.set(r, c, Cell::Empty);
            if maximise {
                if v > best {
                    (best, best_move) = (v, Some((r, c)));
                }
                alpha = alpha.max(best);
            } else {
                if v < best {
                    (best, best_move) = (v, Some((r, c)));
                }
                beta = beta.min(best);
            }
            if alpha >= beta {
                return (best, best_move);
            }
        }
    }
    (best, best_move)
}

/// Whether the tile at (r, c) is part of k of `side`'s tiles in a line.
fn makes_k(b: &Board, r: usize, c: usize, side: Side) -> bool {
    let mine = |r: isize, c: isize| {
        r >= 0 && c >= 0 && b.get(r as usize, c as usize) == Some(Cell::of(side))
    };
    [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
        let count = |sign: isize| {
            (1..)
                .take_while(|&i| mine(r as isize + sign * dr * i, c as isize + sign * dc * i))
                .count()
        };
        1 + count(1) + count(-1) >= b.k()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str], k: usize) -> Board {
        let mut b = Board::new(rows.len(), k).expect("shape");
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let cell = match ch {
                    'h' => Cell::Human,
                    'c' => Cell::Computer,
                    'u' => Cell::Unavailable,
                    _ => Cell::Empty,
                };
                b.set(r, c, cell);
            }
        }
        b
    }

    /// The reference player takes a win, blocks a loss at quality 2, and otherwise plays the
    /// first empty square (every move is worth 1 to it).
    #[test]
    fn the_reference_player_wins_blocks_and_otherwise_plays_in_row_order() {
        let b = board(&["cc.", "hh.", "..."], 3);
        assert_eq!(reference_move(&b, Side::Computer, 2), Some((0, 2)));
        let b = board(&["c..", "hh.", "..."], 3);
        assert_eq!(reference_move(&b, Side::Computer, 2), Some((1, 2)));
        let b = board(&["....", "....", "....", "...."], 4);
        assert_eq!(reference_move(&b, Side::Human, 3), Some((0, 0)));
    }

    #[test]
    fn lines_through_a_tile_are_counted_both_ways() {
        let b = board(&["h...", ".h..", "..h.", "...."], 3);
        assert!(makes_k(&b, 1, 1, Side::Human));
        assert!(!makes_k(&b, 1, 1, Side::Computer));
        let b = board(&["h.h.", "....", "....", "...."], 3);
        assert!(!makes_k(&b, 0, 0, Side::Human));
    }
}
