//! The five games. Each folder has the same files with the same roles (see the reading guide in
//! `lib.rs`), uses the kit, and knows no other game.

pub mod dots;
pub mod gems;
pub mod grid_duel;
pub mod k_in_a_row;
pub mod solo_red;

use crate::kit::game::GameInfo;

/// Every game, in title order: adding a game is one line here (and its folder).
pub static REGISTRY: [&GameInfo; 5] = [
    &gems::info::GAME,
    &dots::info::GAME,
    &k_in_a_row::info::GAME,
    &solo_red::info::GAME,
    &grid_duel::info::GAME,
];
