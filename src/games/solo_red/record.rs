//! The player's Solo Red record, kept with the high scores: deals played and won, the current
//! winning streak and the best one. Only the player's own deals count: a deal where autoplay
//! made a move is not recorded (hints are fine: the player still chooses).

use bevy::prelude::*;

use crate::kit::schedule::GameSystems;

use super::model::SoloRedSession;
use crate::kit::scores::{HighScores, ScoreFile};

/// The record's entries in the high-score table.
pub const KEYS: [&str; 4] = [
    "solo-red|played",
    "solo-red|won",
    "solo-red|streak",
    "solo-red|best-streak",
];

/// Deals played and won, and winning streaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SoloRedRecord {
    /// Deals finished.
    pub played: u64,
    /// Deals won.
    pub won: u64,
    /// Wins in a row up to the last deal.
    pub streak: u64,
    /// The longest run of wins.
    pub best_streak: u64,
}

impl SoloRedRecord {
    /// The record as stored in `scores` (zeros when absent).
    pub fn read(scores: &HighScores) -> Self {
        Self::from_file(&scores.file)
    }

    /// The record as stored in a scores file (zeros when absent).
    fn from_file(file: &ScoreFile) -> Self {
        let get = |i: usize| file.counter(KEYS[i]);
        Self {
            played: get(0),
            won: get(1),
            streak: get(2),
            best_streak: get(3),
        }
    }

    /// The record after one more finished deal.
    pub fn after(self, won: bool) -> Self {
        let streak = if won {
            self.streak.saturating_add(1)
        } else {
            0
        };
        Self {
            played: self.played.saturating_add(1),
            won: self.won.saturating_add(u64::from(won)),
            streak,
            best_streak: self.best_streak.max(streak),
        }
    }

    /// Stores the record in a scores file.
    fn write_to(&self, file: &mut ScoreFile) {
        let values = [self.played, self.won, self.streak, self.best_streak];
        for (key, value) in KEYS.into_iter().zip(values) {
            file.set_counter(key, value);
        }
    }

    /// Enters one more finished deal in the record kept in `scores` (read again from its
    /// file, so a deal finished in another window counts too) and saves; the new record.
    pub fn enter(scores: &mut HighScores, won: bool) -> Self {
        scores.update(move |file| {
            let record = Self::from_file(file).after(won);
            record.write_to(file);
            record
        })
    }

    /// One line for the game-over panel, e.g. "Won 3 of 5 (60%) · streak 2 · best 3".
    pub fn summary(&self) -> String {
        let pct = (self.won * 100).checked_div(self.played).unwrap_or(0);
        format!(
            "Won {} of {} ({pct}%) · streak {} · best {}",
            self.won, self.played, self.streak, self.best_streak
        )
    }
}

/// Records each finished deal once.
pub struct SoloRedRecordPlugin;

impl Plugin for SoloRedRecordPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, record_result.in_set(super::set(GameSystems::View)));
    }
}

fn record_result(session: Option<ResMut<SoloRedSession>>, scores: Option<ResMut<HighScores>>) {
    let (Some(mut session), Some(mut scores)) = (session, scores) else {
        return;
    };
    if !session.game.is_over() || session.recorded {
        return;
    }
    session.recorded = true;
    if session.ranked() {
        SoloRedRecord::enter(&mut scores, session.game.is_won());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streaks_count_wins_in_a_row() {
        let mut r = SoloRedRecord::default();
        for won in [true, true, false, true, true, true, false] {
            r = r.after(won);
        }
        assert_eq!(
            r,
            SoloRedRecord {
                played: 7,
                won: 5,
                streak: 0,
                best_streak: 3
            }
        );
        assert_eq!(r.summary(), "Won 5 of 7 (71%) · streak 0 · best 3");
        assert_eq!(
            SoloRedRecord::default().summary(),
            "Won 0 of 0 (0%) · streak 0 · best 0"
        );
    }

    #[test]
    fn the_record_round_trips_through_the_score_table() {
        let mut scores = HighScores::default();
        let mut r = SoloRedRecord::default();
        for won in [true, false, true] {
            r = r.after(won);
            assert_eq!(SoloRedRecord::enter(&mut scores, won), r);
        }
        assert_eq!(SoloRedRecord::read(&scores), r);
        // A streak going back to zero is stored too (the table is not only bests).
        SoloRedRecord::enter(&mut scores, false);
        assert_eq!(SoloRedRecord::read(&scores).streak, 0);
    }
}
