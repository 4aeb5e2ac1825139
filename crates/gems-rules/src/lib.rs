//! Rules and AI of every Modern Gems game, in plain Rust with no engine dependency, so that the
//! console, the benchmarks and the Bevy game share one source of truth. No global state: a
//! game, a search engine or an AI player is a value its owner holds.
//!
//! # Reading guide
//!
//! Each game is a module with the same parts: its board and rules (moves are typed values,
//! illegal ones come back as typed errors), its game (a session of moves, with the spec's text
//! formats), then its AI.
//!
//! 1. [`gems`], Modern Gems (SameGame): `Board` and `Cell`, the removal policies
//!    (`RemovalPolicy`), `Game` (moves, scores, `.mg` saves), the spec's players (`Player`,
//!    `greedy_move`, `look_ahead1_move`), the `Expert` (Nested Monte-Carlo Search with a time or
//!    node `Budget`), `Computer` (plays any automatic player's move), and `fast`, the
//!    allocation-free engine the Expert searches on.
//! 2. [`dots`]: the board, selections and closed shapes, seeded refills, and the `Planner`.
//! 3. [`k_in_a_row`]: bitboards, the board file format, and the search `Engine` (negamax with
//!    a transposition table, `Limits` in time or nodes).
//! 4. [`solo_red`]: cards, the rules of each canvas colour, `Game` (a turn is
//!    `Game::play_turn`), and the `ai` (hints that never peek, and a full-knowledge solver).
//! 5. [`grid_duel`]: grids, scoring, the duel and the smart computer.
//! 6. [`storage`]: bounded reads and atomic writes, for every file a game keeps.
//! 7. [`cancel`]: the stop flag every search looks at, so its owner can end it early.
//! 8. [`daily`]: the daily challenge's dates, seeds and setups, how its outcomes rank, and a
//!    daily replayed from its moves (what a leaderboard trusts).
//! 9. [`journal`]: every game's moves as the short lines of its resume journal.
//! 10. `job` (with the `serde` feature): the computer players' searches as messages, and the
//!     pure function that answers them (what the browser's AI worker runs).

/// The most kinds (colours, digits) any game deals: every game, dialog, flag and link is
/// bounded by it, and a theme defines at least this many styles, so two kinds never look alike.
pub const MAX_KINDS: u8 = 9;

/// The rules' version: a game saved as a journal of moves is replayed only under the rules it
/// was played under.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

pub mod cancel;
pub mod daily;
pub mod dots;
pub mod gems;
pub mod grid_duel;
#[cfg(feature = "serde")]
pub mod job;
pub mod journal;
pub mod k_in_a_row;
pub mod solo_red;
pub mod splitmix;
pub mod storage;
