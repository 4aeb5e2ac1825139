//! Rules and AI of every Modern Gems game, in plain Rust with no engine dependency, so that the
//! console, the benchmarks and the Bevy game share one source of truth.

pub mod dots;
pub mod gems;
pub mod grid_duel;
pub mod k_in_a_row;
pub mod solo_red;
pub mod storage;
