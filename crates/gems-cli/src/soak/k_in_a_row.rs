//! K in a row's soak.

use gems_rules::gems::fast::FastRng;
use gems_rules::k_in_a_row;

use super::Tally;

/// K in a row: random sizes, k and unavailable squares; the engine at random qualities (or
/// perfect on boards up to 4×4) against random moves or itself. After every move the status,
/// tile counts, winning line and board-file round trip are checked; a perfect side never loses.
pub fn soak_k_in_a_row(games: u64, seed: u64) -> Tally {
    use k_in_a_row::{
        Board, Cell, Engine, Game, Limits, Outcome, Side, Status, Strength, board_file_text,
        parse_board_file,
    };
    let mut tally = Tally::default();
    for i in 0..games {
        let game_seed = seed.wrapping_mul(3_000_017).wrapping_add(i);
        tally.run(&format!("k-in-a-row #{i}"), game_seed, || {
            let mut rng = FastRng::new(game_seed);
            let size = 3 + rng.below(4);
            let k = 3 + rng.below(size - 2).min(2);
            let mut board = Board::new(size, k).map_err(|e| e.to_string())?;
            for _ in 0..rng.below(size + 1) {
                board.set(rng.below(size), rng.below(size), Cell::Unavailable);
            }
            let first = if rng.below(2) == 0 {
                Side::Human
            } else {
                Side::Computer
            };
            let mut game = Game::new(board, first);
            // Each side: None plays random moves, Some(strength) the engine.
            let strength = |rng: &mut FastRng| {
                if size <= 4 && rng.below(3) == 0 {
                    Some(Strength::Perfect)
                } else if rng.below(3) == 0 {
                    None
                } else {
                    Some(Strength::Quality(1 + rng.below(4) as u32))
                }
            };
            let players = [strength(&mut rng), strength(&mut rng)];
            let mut engine = Engine::new();
            let limits = Limits::default();
            let mut moves = 0u64;
            let mut floor = [None, None];
            while game.status() == Status::InProgress {
                let side = game.to_move();
                let legal = game.legal_moves();
                if players[side.index()] == Some(Strength::Perfect) && floor[side.index()].is_none()
                {
                    let a = engine.solve(game.board(), side, &limits);
                    if !a.proven {
                        return Err("an unlimited solve of a small board was not proven".into());
                    }
                    floor[side.index()] = a.outcome;
                }
                let mv = match players[side.index()] {
                    Some(st) => engine
                        .best_move(game.board(), side, st, &limits)
                        .best
                        .ok_or("the engine found no move in a live game")?,
                    None => legal[rng.below(legal.len())],
                };
                if !legal.contains(&mv) {
                    return Err(format!("the engine chose ({mv}), not a legal move"));
                }
                let status = game.play(mv).map_err(|e| e.to_string())?;
                let b = game.board();
                if status != Status::of(b)
                    || b.count(Side::Human).abs_diff(b.count(Side::Computer)) > 1
                {
                    return Err("status or tile counts are off".into());
                }
                for s in [Side::Human, Side::Computer] {
                    if b.wins(s) != b.winning_line(s).is_some_and(|l| l.len() >= b.k()) {
                        return Err("wins and the winning line disagree".into());
                    }
                }
                let file =
                    parse_board_file(&board_file_text(b, 3), true).map_err(|e| e.to_string())?;
                if file.board != *b || b.state_string().chars().count() != size * size {
                    return Err("the board does not survive its file text".into());
                }
                moves += 1;
            }
            // A perfect side keeps the value of the position at its first turn: it never
            // loses a position it can draw, and always wins one it can win.
            for side in [Side::Human, Side::Computer] {
                match (floor[side.index()], game.status()) {
                    (Some(Outcome::Win), st) if st != Status::Won(side) => {
                        return Err(format!("a perfect {side:?} let a proven win go: {st:?}"));
                    }
                    (Some(Outcome::Draw), Status::Won(w)) if w != side => {
                        return Err(format!("a perfect {side:?} lost a proven draw"));
                    }
                    _ => {}
                }
            }
            Ok(moves)
        });
    }
    tally
}
