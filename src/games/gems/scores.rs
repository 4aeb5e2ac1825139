//! Modern Gems' high scores: a finished game's score enters the table for its board and policy
//! (unless its policy changed midway), and a new best is celebrated.

use bevy::prelude::*;

use super::model::GemsSession;
use crate::kit::fx::{Celebration, FxWriters};
use crate::kit::layout::BoardLayout;
use crate::kit::leaderboard::StandardFinished;
use crate::kit::scores::{GameOverInfo, HighScores};
use crate::kit::status::{MoveSettled, finish_game};

/// Records high scores when a game ends.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameOverInfo>()
        .add_systems(Update, record_game_over);
}

fn record_game_over(
    mut settled: MessageReader<MoveSettled>,
    session: Option<Res<GemsSession>>,
    mut scores: ResMut<HighScores>,
    mut info: ResMut<GameOverInfo>,
    layout: Res<BoardLayout>,
    mut fx: FxWriters,
    mut standard: MessageWriter<StandardFinished>,
) {
    let Some(session) = session else { return };
    for s in settled
        .read()
        .filter(|s| s.game == super::SCREEN && s.game_over)
    {
        *info = finish_game(&mut scores, &session.score_key(), s.score, session.ranked());
        if info.new_record {
            fx.celebrate(Celebration::NewBest, layout.rect());
        }
        // A standard position's all-time table (sent only when the player shares results).
        if let Some((board, moves)) = session.standard_result() {
            standard.write(StandardFinished { board, moves });
        }
    }
}
