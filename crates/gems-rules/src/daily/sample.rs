//! Whole dailies played by a random player: the legal, finished move lists that the replay's
//! tests, the leaderboard server's tests and its load benchmark submit.

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Daily, Setup};
use crate::journal::{DotsStep, DuelStep, GemsStep, KStep, SoloRedStep};

impl Daily {
    /// The daily played to its end by a player that picks uniformly among its legal moves
    /// (`variant` seeds its choices), with the daily's own computer: a move list that
    /// [`Daily::replay`] accepts.
    pub fn sample_moves(&self, variant: u64) -> Vec<String> {
        let mut rng = ChaCha8Rng::seed_from_u64(variant);
        match self.setup {
            Setup::ModernGems { rows, cols, kinds } => gems(self.seed, rows, cols, kinds, &mut rng),
            Setup::Dots {
                size,
                colours,
                moves,
            } => dots(self.seed, size, colours, moves, &mut rng),
            Setup::KInARow {
                size, k, quality, ..
            } => k_in_a_row(size, k, quality, &mut rng),
            Setup::SoloRed { palettes, hand } => solo_red(self.seed, palettes, hand, &mut rng),
            Setup::GridDuel { smart } => grid_duel(self.seed, smart, &mut rng),
        }
    }
}

fn gems(seed: u64, rows: usize, cols: usize, kinds: u8, rng: &mut ChaCha8Rng) -> Vec<String> {
    use crate::gems::{Game, Player, random_board};
    let Ok(board) = random_board(rows, cols, crate::gems::Kind::from(kinds), seed) else {
        return Vec::new();
    };
    let mut game = Game::new(board, super::MODERN_GEMS_POLICY, Player::Interactive);
    let mut moves = Vec::new();
    while !game.is_over() {
        let legal: Vec<_> = game
            .board()
            .gems()
            .map(|(cell, _)| cell)
            .filter(|&cell| game.check_move(cell).is_ok())
            .collect();
        let Some(&cell) = legal.choose(rng) else {
            break;
        };
        if game.play(cell).is_err() {
            break;
        }
        moves.push(GemsStep::Move(cell).to_string());
    }
    moves
}

fn dots(seed: u64, size: usize, colours: u8, allowed: u32, rng: &mut ChaCha8Rng) -> Vec<String> {
    let Ok(mut game) = crate::dots::Game::new(size, colours, allowed, seed) else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    while !game.is_over() {
        let candidates = crate::dots::candidate_moves(game.board());
        let Some((path, _)) = candidates.choose(rng) else {
            break;
        };
        if game.play(path).is_err() {
            break;
        }
        moves.push(DotsStep::Play(path.clone()).to_string());
    }
    moves
}

fn k_in_a_row(size: usize, k: usize, quality: u32, rng: &mut ChaCha8Rng) -> Vec<String> {
    use crate::k_in_a_row::{Board, Game, Side, Status};
    let Ok(board) = Board::new(size, k) else {
        return Vec::new();
    };
    let mut game = Game::new(board, Side::Human);
    let mut moves = Vec::new();
    while game.status() == Status::InProgress {
        let side = game.to_move();
        let mv = if side == Side::Human {
            game.legal_moves().choose(rng).copied()
        } else {
            super::k_in_a_row_reply(game.board(), quality)
        };
        let Some(mv) = mv else { break };
        if game.play(mv).is_err() {
            break;
        }
        moves.push(KStep::Place(side, mv).to_string());
    }
    moves
}

fn solo_red(seed: u64, palettes: usize, hand: usize, rng: &mut ChaCha8Rng) -> Vec<String> {
    use crate::solo_red::Game;
    let mut game = Game::new(seed);
    if game
        .start(&Game::all_cards(), true, palettes, hand)
        .is_err()
    {
        return Vec::new();
    }
    let mut moves = Vec::new();
    while !game.is_over() {
        // A play to a palette that keeps the game going, when there is one; else any (it loses).
        let plays: Vec<(usize, usize)> = (0..game.num_palettes())
            .flat_map(|p| (0..game.hand().len()).map(move |c| (p, c)))
            .collect();
        let after = |(p, c): (usize, usize)| {
            let mut after = game.clone();
            after.play_turn(p, c).is_ok().then_some(after)
        };
        let legal: Vec<(usize, usize)> =
            plays.into_iter().filter(|&m| after(m).is_some()).collect();
        let surviving: Vec<(usize, usize)> = legal
            .iter()
            .copied()
            .filter(|&m| after(m).is_some_and(|a| a.is_won() || !a.is_over()))
            .collect();
        let pick = surviving.choose(rng).or_else(|| legal.first()).copied();
        let Some((palette, card)) = pick else { break };
        if game.play_turn(palette, card).is_err() {
            break;
        }
        moves.push(SoloRedStep::Palette { palette, card }.to_string());
    }
    moves
}

fn grid_duel(seed: u64, smart: bool, rng: &mut ChaCha8Rng) -> Vec<String> {
    use crate::grid_duel::{Choice, ComputerKind, Duel, Phase};
    let kind = if smart {
        ComputerKind::Smart
    } else {
        ComputerKind::Plain
    };
    let mut duel = Duel::new(seed, kind);
    let mut moves = Vec::new();
    loop {
        let step = match duel.phase() {
            Phase::Over(_) => break,
            Phase::Computer => match duel.play_computer() {
                Ok(_) => DuelStep::Computer,
                Err(_) => break,
            },
            Phase::Human { .. } => {
                let wanted = match rng.random_range(0..4) {
                    0 => Choice::RegenerateGrid,
                    1 => Choice::RegenerateRow(rng.random_range(1..=9)),
                    _ => Choice::Keep,
                };
                // A regeneration the rules refuse (none left) becomes a keep.
                let played = [wanted, Choice::Keep]
                    .into_iter()
                    .find(|&choice| duel.choose(choice).is_ok());
                match played {
                    Some(choice) => DuelStep::Choose(choice),
                    None => break,
                }
            }
        };
        moves.push(step.to_string());
    }
    moves
}
