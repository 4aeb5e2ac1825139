//! Rules and AI of every Modern Gems game, in plain Rust with no engine dependency, so that the
//! console, the benchmarks and the Bevy game share one source of truth.

pub mod gems;
pub mod storage;
