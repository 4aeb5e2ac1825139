//! High scores and the result of a finished game, shared by every game: best scores per key
//! (board and rules), kept across runs in the user's data directory and written atomically.

use std::collections::BTreeMap;
use std::path::PathBuf;

use bevy::prelude::*;

/// Best scores, keyed by each game's board and rules (e.g. Modern Gems'
/// [`GemsSession::score_key`](crate::gems::model::GemsSession::score_key)).
#[derive(Resource, Clone, Debug, Default)]
pub struct HighScores {
    /// The file they live in; `None` keeps them in memory only (tests, or no data directory).
    pub path: Option<PathBuf>,
    /// Best score per key.
    pub best: BTreeMap<String, u64>,
    /// The last write error, shown in the HUD.
    pub error: Option<String>,
}

/// The result of the game that just ended.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameOverInfo {
    /// Final score.
    pub score: u64,
    /// Best score for this board and these rules (including this game).
    pub best: u64,
    /// Whether this game set the record.
    pub new_record: bool,
}

impl HighScores {
    /// Loads the scores file at `path` (a missing or corrupt file gives empty scores; a corrupt
    /// one is left untouched on disk and reported).
    pub fn load(path: Option<PathBuf>) -> Self {
        let mut scores = Self {
            path,
            ..Self::default()
        };
        let Some(p) = &scores.path else { return scores };
        match crate::store::read_text(p) {
            Ok(Some(text)) => match gems_formats::scores::parse_scores(&text) {
                Ok(best) => scores.best = best,
                Err(e) => {
                    scores.error = Some(format!("{}: {e}", p.display()));
                    // Never overwrite a file we could not read.
                    scores.path = None;
                }
            },
            Ok(None) => {}
            Err(e) => {
                scores.error = Some(format!("{}: {e}", p.display()));
                scores.path = None;
            }
        }
        scores
    }

    /// The best score for `key`.
    pub fn best(&self, key: &str) -> Option<u64> {
        self.best.get(key).copied()
    }

    /// Records a finished game; returns whether it is a new record. Saves when it is.
    pub fn record(&mut self, key: &str, score: u64) -> bool {
        let better = self.best.get(key).is_none_or(|&b| score > b);
        if better {
            self.best.insert(key.to_string(), score);
            self.save();
        }
        better
    }

    /// Sets several entries (counters, not bests: a value may go down) and saves once when any
    /// changed.
    pub fn set_all<'a>(&mut self, entries: impl IntoIterator<Item = (&'a str, u64)>) {
        let mut changed = false;
        for (key, value) in entries {
            if self.best.get(key) != Some(&value) {
                self.best.insert(key.to_string(), value);
                changed = true;
            }
        }
        if changed {
            self.save();
        }
    }

    fn save(&mut self) {
        let Some(path) = &self.path else { return };
        let text = match gems_formats::scores::scores_to_text(&self.best) {
            Ok(t) => t,
            Err(e) => {
                self.error = Some(e.to_string());
                return;
            }
        };
        self.error = crate::store::write_text(path, &text)
            .err()
            .map(|e| format!("could not save high scores to {}: {e}", path.display()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_persist_and_corrupt_files_are_left_alone() {
        let dir = std::env::temp_dir().join(format!("gems-scores-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("scores.ron");
        let mut s = HighScores::load(Some(path.clone()));
        assert!(s.record("tiny|chained", 20));
        assert!(!s.record("tiny|chained", 10));
        assert!(s.record("tiny|chained", 30));
        let again = HighScores::load(Some(path.clone()));
        assert_eq!(again.best("tiny|chained"), Some(30));
        std::fs::write(&path, "{ not ron").unwrap();
        let mut broken = HighScores::load(Some(path.clone()));
        assert!(broken.error.is_some());
        broken.record("tiny|chained", 99);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{ not ron");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
