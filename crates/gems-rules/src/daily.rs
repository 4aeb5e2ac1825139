//! The daily challenge: for every game and every date, the same setup and seed for everyone,
//! derived here so that the game, the console and a leaderboard server agree on them.
//!
//! The seed is a hash of the game's name and the date (FNV-1a, then a SplitMix64 finish: the
//! same number on every platform and release); the setup depends on the weekday, so that the
//! week starts easy on Monday and ends hardest on Sunday. The computer players of a daily
//! search by a node budget, never by time, so that a replay of the day's moves gets the same
//! replies on every machine.

use serde::{Deserialize, Serialize};

mod date;
mod outcome;
mod replay;
mod sample;

pub use date::{Date, DateError, Weekday};
pub use outcome::{Outcome, OutcomeError};
pub use replay::{
    K_IN_A_ROW_TABLE_BITS, MAX_MOVES, ReplayError, Replayed, k_in_a_row_reply, replay_modern_gems,
};

/// The five games, each with its daily.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Game {
    /// SameGame: the score counts.
    ModernGems,
    /// Dots: the score counts.
    Dots,
    /// K in a row against the computer: a win, in the fewest moves.
    KInARow,
    /// Solo Red: a win, and the fewest cards left.
    SoloRed,
    /// Grid Duel against the smart computer: the final margin.
    GridDuel,
}

impl Game {
    /// All five, in the title's order.
    pub const ALL: [Game; 5] = [
        Game::ModernGems,
        Game::Dots,
        Game::KInARow,
        Game::SoloRed,
        Game::GridDuel,
    ];

    /// The game's name in links and files (`modern-gems`, `k-in-a-row`…), which its seed hashes.
    pub fn slug(self) -> &'static str {
        match self {
            Game::ModernGems => "modern-gems",
            Game::Dots => "dots",
            Game::KInARow => "k-in-a-row",
            Game::SoloRed => "solo-red",
            Game::GridDuel => "grid-duel",
        }
    }

    /// The game named `slug`, if any.
    pub fn from_slug(slug: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.slug() == slug)
    }
}

/// The rules of Modern Gems' daily: chained groups, the game's own default.
pub const MODERN_GEMS_POLICY: crate::gems::RemovalPolicy = crate::gems::RemovalPolicy::Chained;

/// The node budget of K in a row's computer in a daily, per search: deep enough to play well,
/// small enough for a phone, and the same on every machine.
pub const K_IN_A_ROW_NODES: u64 = 200_000;

/// A daily's setup: what the game's New game window would ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setup {
    /// A random board of `rows` × `cols` with `kinds` kinds, under [`MODERN_GEMS_POLICY`].
    ModernGems {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Kinds of gem.
        kinds: u8,
    },
    /// A `size` × `size` board of `colours` with `moves` moves.
    Dots {
        /// The board's side.
        size: usize,
        /// Colours.
        colours: u8,
        /// Moves allowed.
        moves: u32,
    },
    /// An empty `size` × `size` board, `k` in a row wins, the player first, against the
    /// engine at `quality` with [`K_IN_A_ROW_NODES`] per search.
    KInARow {
        /// The board's side.
        size: usize,
        /// The run that wins.
        k: usize,
        /// The engine's look-ahead.
        quality: u32,
        /// The engine's node budget per search.
        nodes: u64,
    },
    /// A full deck dealt to `palettes` palettes and a hand of `hand`.
    SoloRed {
        /// Palettes on the table (the player's included).
        palettes: usize,
        /// Cards in the hand.
        hand: usize,
    },
    /// A duel against the computer, the smart one from Wednesday on.
    GridDuel {
        /// The smart computer (regenerates rows) or the plain one.
        smart: bool,
    },
}

impl Setup {
    /// The setup of `game`'s daily on `weekday`.
    pub fn of(game: Game, weekday: Weekday) -> Setup {
        let d = weekday.index();
        match game {
            Game::ModernGems => {
                let (rows, cols, kinds) = [
                    (8, 8, 3),
                    (10, 10, 3),
                    (10, 10, 4),
                    (12, 12, 4),
                    (15, 15, 4),
                    (15, 15, 5),
                    (15, 15, 6),
                ][d];
                Setup::ModernGems { rows, cols, kinds }
            }
            Game::Dots => {
                let (size, colours, moves) = [
                    (6, 4, 30),
                    (6, 5, 30),
                    (7, 5, 25),
                    (7, 6, 25),
                    (8, 6, 20),
                    (8, 7, 20),
                    (9, 7, 20),
                ][d];
                Setup::Dots {
                    size,
                    colours,
                    moves,
                }
            }
            Game::KInARow => {
                let (size, k, quality) = [
                    (9, 4, 1),
                    (9, 4, 2),
                    (11, 5, 1),
                    (11, 5, 2),
                    (13, 5, 2),
                    (15, 5, 3),
                    (15, 5, 4),
                ][d];
                Setup::KInARow {
                    size,
                    k,
                    quality,
                    nodes: K_IN_A_ROW_NODES,
                }
            }
            Game::SoloRed => {
                let (palettes, hand) = [(2, 8), (3, 8), (3, 7), (4, 7), (4, 6), (5, 7), (5, 6)][d];
                Setup::SoloRed { palettes, hand }
            }
            Game::GridDuel => Setup::GridDuel { smart: d >= 2 },
        }
    }
}

/// One game's daily on one date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Daily {
    /// The game.
    pub game: Game,
    /// The day.
    pub date: Date,
    /// The seed of its deal, board and refills ([`seed`]).
    pub seed: u64,
    /// Its setup (by the date's weekday).
    pub setup: Setup,
}

impl Daily {
    /// `game`'s daily on `date`.
    pub fn of(game: Game, date: Date) -> Daily {
        Daily {
            game,
            date,
            seed: seed(game, date),
            setup: Setup::of(game, date.weekday()),
        }
    }
}

/// The seed of `game`'s daily on `date`: FNV-1a over `daily <slug> <date>`, finished with
/// SplitMix64 so that neighbouring days get unrelated seeds. Fixed forever: a change would
/// change every past daily.
pub fn seed(game: Game, date: Date) -> u64 {
    let text = format!("daily {} {date}", game.slug());
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    // Within JavaScript's safe integers, so that a link or a JSON body carries it exactly.
    crate::splitmix::next(&mut h) & ((1 << 53) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn daily_seeds_are_fixed_and_differ_by_game_and_day() {
        let d = Date::parse("2026-11-26").unwrap();
        let mut seen = std::collections::HashSet::new();
        for n in 0..366 {
            for g in Game::ALL {
                let s = seed(g, d.plus_days(n).unwrap());
                assert!(s < 1 << 53);
                assert!(seen.insert(s), "{g:?} +{n}");
            }
        }
    }

    #[test]
    fn daily_seed_of_a_known_day_never_changes() {
        let d = Date::parse("2026-11-26").unwrap();
        let seeds: Vec<u64> = Game::ALL.iter().map(|&g| seed(g, d)).collect();
        assert_eq!(seeds, KNOWN_SEEDS);
    }

    /// The seeds of 2026-11-26, recorded when dailies began.
    const KNOWN_SEEDS: [u64; 5] = [
        3_176_515_907_058_264,
        5_023_091_486_437_362,
        8_826_342_059_319_247,
        2_587_104_371_131_681,
        1_815_755_605_706_588,
    ];

    #[test]
    fn daily_setups_get_harder_through_the_week() {
        for g in Game::ALL {
            let setups: Vec<Setup> = Weekday::ALL.iter().map(|&w| Setup::of(g, w)).collect();
            for pair in setups.windows(2) {
                let hardness = |s: &Setup| match *s {
                    Setup::ModernGems { rows, cols, kinds } => (usize::from(kinds), rows * cols),
                    Setup::Dots {
                        size,
                        colours,
                        moves,
                    } => (usize::from(colours) * 100 + size, 100 - moves as usize),
                    Setup::KInARow {
                        size, k, quality, ..
                    } => (k * 100 + quality as usize, size),
                    Setup::SoloRed { palettes, hand } => (palettes, 100 - hand),
                    Setup::GridDuel { smart } => (usize::from(smart), 0),
                };
                assert!(hardness(&pair[1]) >= hardness(&pair[0]), "{g:?}: {pair:?}");
            }
        }
        assert_eq!(
            Daily::of(Game::Dots, Date::parse("2026-11-29").unwrap()).setup,
            Setup::Dots {
                size: 9,
                colours: 7,
                moves: 20
            }
        );
    }
}
