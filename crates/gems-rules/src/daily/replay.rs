//! A daily played again from its moves: what a leaderboard server trusts instead of a score
//! the client reports.
//!
//! The moves are the game's journal words ([`crate::journal`]); the deal comes from the date
//! alone ([`Daily::of`]). Every computer move in the list must be the one the daily's computer
//! makes: K in a row's by a search of [`K_IN_A_ROW_NODES`] nodes from an empty table of
//! [`K_IN_A_ROW_TABLE_BITS`], the same on every machine; Grid Duel's by its seeded rules.
//! Undo, redo and a change of rules are no part of a daily, and the game must be over.

use super::{Daily, K_IN_A_ROW_NODES, Outcome, Setup};
use crate::journal::{DotsStep, DuelStep, GemsStep, KStep, SoloRedStep, StepError};

/// The transposition table of K in a row's computer in a daily (2^18 entries, emptied before
/// each search): with the node budget, what makes its replies the same everywhere.
pub const K_IN_A_ROW_TABLE_BITS: u32 = 18;

/// The most moves a daily's list may hold (Grid Duel's ties aside, no daily comes near it).
pub const MAX_MOVES: usize = 2_000;

/// A daily played through to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// What counts.
    pub outcome: Outcome,
    /// The computer played for the person (Solo Red's autoplay, `a` in its moves).
    pub assisted: bool,
}

/// Why a daily's moves do not stand.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A line is not one of the game's moves.
    #[error("move {index}: {source}")]
    Words {
        /// 1-based.
        index: usize,
        /// What is wrong with it.
        source: StepError,
    },
    /// A move the rules refuse.
    #[error("move {index} ('{line}') is illegal: {why}")]
    Illegal {
        /// 1-based.
        index: usize,
        /// The move.
        line: String,
        /// The rules' reason.
        why: String,
    },
    /// A computer move that the daily's computer does not make.
    #[error("move {index} ('{line}') is not the computer's move: it plays {expected} there")]
    NotTheComputers {
        /// 1-based.
        index: usize,
        /// The move claimed.
        line: String,
        /// The computer's own move.
        expected: String,
    },
    /// Undo, redo or a change of rules.
    #[error("move {index} ('{line}') is not allowed in a daily")]
    NotInADaily {
        /// 1-based.
        index: usize,
        /// The move.
        line: String,
    },
    /// A move after the game ended.
    #[error("move {index} comes after the end of the game")]
    AfterTheEnd {
        /// 1-based.
        index: usize,
    },
    /// The moves stop before the game is over.
    #[error("the game is not over after its {0} moves")]
    Unfinished(usize),
    /// More moves than any daily needs.
    #[error("{0} moves is more than the {MAX_MOVES} a daily may have")]
    TooMany(usize),
}

impl Daily {
    /// The daily's setup in its game's resume words (what the game's journal starts from, and
    /// what a submission names), derived from the date alone.
    pub fn setup_words(&self) -> String {
        match self.setup {
            Setup::ModernGems { rows, cols, kinds } => {
                let kinds = crate::gems::Kind::from(kinds);
                let board = crate::gems::random_board(rows, cols, kinds, self.seed)
                    .map_or_else(|_| String::new(), |b| b.save_string());
                let name = crate::gems::random_board_name(rows, cols, kinds, self.seed);
                let policy = super::MODERN_GEMS_POLICY.short_name();
                format!("{name}\n{policy} 0 0\n{board}")
            }
            Setup::Dots {
                size,
                colours,
                moves,
            } => format!("{size} {colours} {moves} {}", self.seed),
            Setup::KInARow {
                size, k, quality, ..
            } => {
                let squares = vec!["e".repeat(size); size].join("_");
                format!("{size} {k} {quality} human {squares}")
            }
            Setup::SoloRed { palettes, hand } => format!("{} {palettes} {hand}", self.seed),
            Setup::GridDuel { smart } => {
                format!("{} {}", self.seed, if smart { "smart" } else { "plain" })
            }
        }
    }

    /// The daily played from `moves` (journal lines) to its end, or why the list does not
    /// stand.
    pub fn replay(&self, moves: &[String]) -> Result<Replayed, ReplayError> {
        if moves.len() > MAX_MOVES {
            return Err(ReplayError::TooMany(moves.len()));
        }
        let mut assisted = false;
        let outcome = match self.setup {
            Setup::ModernGems { rows, cols, kinds } => gems(self.seed, rows, cols, kinds, moves),
            Setup::Dots {
                size,
                colours,
                moves: allowed,
            } => dots(self.seed, size, colours, allowed, moves),
            Setup::KInARow {
                size, k, quality, ..
            } => k_in_a_row(size, k, quality, moves),
            Setup::SoloRed { palettes, hand } => {
                solo_red(self.seed, palettes, hand, moves, &mut assisted)
            }
            Setup::GridDuel { smart } => grid_duel(self.seed, smart, moves),
        }?;
        Ok(Replayed { outcome, assisted })
    }
}

/// The reply of K in a row's computer in a daily of `quality` on `board`: the same on every
/// machine (a node budget and an empty table of a fixed size).
pub fn k_in_a_row_reply(
    board: &crate::k_in_a_row::Board,
    quality: u32,
) -> Option<crate::k_in_a_row::Move> {
    use crate::k_in_a_row::{Engine, Limits, Side, Strength};
    let limits = Limits {
        time: None,
        cancel: crate::cancel::Cancel::never(),
        nodes: Some(K_IN_A_ROW_NODES),
    };
    Engine::with_table_bits(K_IN_A_ROW_TABLE_BITS)
        .best_move(board, Side::Computer, Strength::Quality(quality), &limits)
        .best
}

/// Each line of `moves` parsed and handed to `play` with its 1-based number, stopping at the
/// first error; `over` says whether the game has ended (no move may follow).
fn each_step<S: std::str::FromStr<Err = StepError>>(
    moves: &[String],
    mut over: impl FnMut() -> bool,
    mut play: impl FnMut(usize, &str, S) -> Result<(), ReplayError>,
) -> Result<(), ReplayError> {
    for (i, line) in moves.iter().enumerate() {
        let index = i + 1;
        if over() {
            return Err(ReplayError::AfterTheEnd { index });
        }
        let step = line
            .parse::<S>()
            .map_err(|source| ReplayError::Words { index, source })?;
        play(index, line, step)?;
    }
    if over() {
        Ok(())
    } else {
        Err(ReplayError::Unfinished(moves.len()))
    }
}

fn illegal(index: usize, line: &str, why: impl std::fmt::Display) -> ReplayError {
    ReplayError::Illegal {
        index,
        line: line.to_string(),
        why: why.to_string(),
    }
}

fn not_in_a_daily(index: usize, line: &str) -> ReplayError {
    ReplayError::NotInADaily {
        index,
        line: line.to_string(),
    }
}

fn gems(
    seed: u64,
    rows: usize,
    cols: usize,
    kinds: u8,
    moves: &[String],
) -> Result<Outcome, ReplayError> {
    let board = crate::gems::random_board(rows, cols, crate::gems::Kind::from(kinds), seed)
        .map_err(|e| illegal(0, "", e))?;
    replay_modern_gems(board, super::MODERN_GEMS_POLICY, moves).map(Outcome::Score)
}

/// The score of a game of Modern Gems played from `board` under `policy` through `moves`
/// (journal lines) to its end: a daily's, or one on a standard position.
pub fn replay_modern_gems(
    board: crate::gems::Board,
    policy: crate::gems::RemovalPolicy,
    moves: &[String],
) -> Result<u64, ReplayError> {
    use crate::gems::{Game, Player};
    if moves.len() > MAX_MOVES {
        return Err(ReplayError::TooMany(moves.len()));
    }
    let game = std::cell::RefCell::new(Game::new(board, policy, Player::Interactive));
    each_step(
        moves,
        || game.borrow().is_over(),
        |index, line, step| match step {
            GemsStep::Move(cell) => game
                .borrow_mut()
                .play(cell)
                .map(|_| ())
                .map_err(|e| illegal(index, line, e)),
            GemsStep::Policy(_) | GemsStep::History(_) | GemsStep::Hint => {
                Err(not_in_a_daily(index, line))
            }
        },
    )?;
    Ok(game.into_inner().score())
}

fn dots(
    seed: u64,
    size: usize,
    colours: u8,
    allowed: u32,
    moves: &[String],
) -> Result<Outcome, ReplayError> {
    let game =
        crate::dots::Game::new(size, colours, allowed, seed).map_err(|e| illegal(0, "", e))?;
    let game = std::cell::RefCell::new(game);
    each_step(
        moves,
        || game.borrow().is_over(),
        |index, line, step| match step {
            DotsStep::Play(path) => game
                .borrow_mut()
                .play(&path)
                .map(|_| ())
                .map_err(|e| illegal(index, line, e)),
            DotsStep::Select(_) | DotsStep::History(_) => Err(not_in_a_daily(index, line)),
        },
    )?;
    Ok(Outcome::Score(game.into_inner().score()))
}

fn k_in_a_row(
    size: usize,
    k: usize,
    quality: u32,
    moves: &[String],
) -> Result<Outcome, ReplayError> {
    use crate::k_in_a_row::{Board, Game, Side, Status};
    let board = Board::new(size, k).map_err(|e| illegal(0, "", e))?;
    let game = std::cell::RefCell::new(Game::new(board, Side::Human));
    each_step(
        moves,
        || game.borrow().status() != Status::InProgress,
        |index, line, step| {
            let (side, mv) = match step {
                KStep::Place(side, mv) => (side, mv),
                KStep::History(_) => return Err(not_in_a_daily(index, line)),
            };
            let mut game = game.borrow_mut();
            if side != game.to_move() {
                return Err(illegal(index, line, "it is the other side's turn"));
            }
            if side == Side::Computer {
                let expected = k_in_a_row_reply(game.board(), quality);
                if expected != Some(mv) {
                    return Err(ReplayError::NotTheComputers {
                        index,
                        line: line.to_string(),
                        expected: expected.map_or_else(
                            || "nothing".to_string(),
                            |m| KStep::Place(Side::Computer, m).to_string(),
                        ),
                    });
                }
            }
            game.play(mv)
                .map(|_| ())
                .map_err(|e| illegal(index, line, e))
        },
    )?;
    let game = game.into_inner();
    let (won, drawn) = match game.status() {
        Status::Won(side) => (side == Side::Human, false),
        Status::Draw | Status::InProgress => (false, true),
    };
    // The person moves first in a daily: every other move is theirs.
    let moves = game.moves().len().div_ceil(2) as u32;
    Ok(Outcome::KInARow { won, drawn, moves })
}

fn solo_red(
    seed: u64,
    palettes: usize,
    hand: usize,
    moves: &[String],
    assisted: &mut bool,
) -> Result<Outcome, ReplayError> {
    use crate::solo_red::Game;
    let mut dealt = Game::new(seed);
    dealt
        .start(&Game::all_cards(), true, palettes, hand)
        .map_err(|e| illegal(0, "", e))?;
    let game = std::cell::RefCell::new(dealt);
    each_step(
        moves,
        || game.borrow().is_over(),
        |index, line, step| {
            let mut game = game.borrow_mut();
            match step {
                SoloRedStep::Canvas(i) => game.play_to_canvas(i),
                SoloRedStep::Palette { palette, card } => game.play_turn(palette, card).map(|_| ()),
                SoloRedStep::Autoplay => {
                    *assisted = true;
                    Ok(())
                }
                SoloRedStep::History(_) => return Err(not_in_a_daily(index, line)),
            }
            .map_err(|e| illegal(index, line, e))
        },
    )?;
    let game = game.into_inner();
    Ok(Outcome::SoloRed {
        won: game.is_won(),
        cards_left: (game.deck_len() + game.hand().len()) as u32,
    })
}

fn grid_duel(seed: u64, smart: bool, moves: &[String]) -> Result<Outcome, ReplayError> {
    use crate::grid_duel::{ComputerKind, Duel, DuelError, Phase, Side};
    let kind = if smart {
        ComputerKind::Smart
    } else {
        ComputerKind::Plain
    };
    let duel = std::cell::RefCell::new(Duel::new(seed, kind));
    each_step(
        moves,
        || matches!(duel.borrow().phase(), Phase::Over(_)),
        |index, line, step| {
            let mut duel = duel.borrow_mut();
            match step {
                DuelStep::Choose(choice) => duel.choose(choice).map(|_| ()),
                DuelStep::Computer => duel.play_computer().map(|_| ()),
                // The computer's own choices, replayed by the rules: recorded ones that are
                // not theirs are refused.
                DuelStep::ComputerChose(choices) => duel.play_computer().and_then(|grids| {
                    let played = grids.map(|g| g.choice);
                    if played == choices {
                        Ok(())
                    } else {
                        Err(DuelError::NotTheComputersChoice)
                    }
                }),
                DuelStep::Tie => duel.replay(),
                DuelStep::History(_) => return Err(not_in_a_daily(index, line)),
            }
            .map_err(|e| illegal(index, line, e))
        },
    )?;
    let duel = duel.into_inner();
    let margin = i64::from(duel.total(Side::Human) - duel.total(Side::Computer));
    Ok(Outcome::GridDuel { margin })
}
