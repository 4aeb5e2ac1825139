//! Modern Gems' high scores: a finished game's score enters the table for its board and policy
//! (unless its policy changed midway).

use bevy::prelude::*;

use super::model::{GemsSession, MoveSettled};
use crate::kit::scores::{GameOverInfo, HighScores};

/// Records high scores when a game ends.
pub struct ScoresPlugin;

impl Plugin for ScoresPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<GameOverInfo>()
            .add_systems(Update, record_game_over);
    }
}

fn record_game_over(
    mut settled: MessageReader<MoveSettled>,
    session: Option<Res<GemsSession>>,
    mut scores: ResMut<HighScores>,
    mut info: ResMut<GameOverInfo>,
) {
    let Some(session) = session else { return };
    for s in settled.read().filter(|s| s.game_over) {
        let key = session.score_key();
        let new_record = !session.mixed_rules && scores.record(&key, s.score);
        *info = GameOverInfo {
            score: s.score,
            best: scores.best(&key).unwrap_or(s.score),
            new_record,
        };
    }
}
