//! What a game tells the rest of the app about itself: a move has settled (with the rules'
//! score), and how a finished game ranks in its high scores.

use bevy::prelude::*;

use super::scores::{GameOverInfo, HighScores};
use crate::kit::screens::Screen;

/// Sent by a game when a move's animations have ended and its entities match the rules again.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSettled {
    /// The game that moved.
    pub game: Screen,
    /// Points the move scored.
    pub points: u64,
    /// The rules' score after the move.
    pub score: u64,
    /// Whether the game is over.
    pub game_over: bool,
}

/// Enters a finished game's `score` in `scores` under `key` (unless `eligible` is false, e.g.
/// its rules changed midway) and says how it ranks.
pub fn finish_game(scores: &mut HighScores, key: &str, score: u64, eligible: bool) -> GameOverInfo {
    let rank = if eligible {
        scores.record(key, score)
    } else {
        None
    };
    GameOverInfo {
        score,
        best: scores.best(key).unwrap_or(score),
        new_record: rank == Some(0),
        rank,
    }
}
