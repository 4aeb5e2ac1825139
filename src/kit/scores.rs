//! High scores and the result of a finished game, shared by every game: the top ten scores per
//! key (board and rules) with their dates, and counters for records that are not scores, kept
//! across runs in the user's data directory and written atomically.

use std::path::PathBuf;

use bevy::prelude::*;
pub use gems_formats::scores::{Entry, ScoreFile, TOP};

/// Top scores, keyed by each game's board and rules (e.g. Modern Gems'
/// [`GemsSession::score_key`](crate::games::gems::model::GemsSession::score_key)), and counters.
#[derive(Resource, Clone, Debug, Default)]
pub struct HighScores {
    /// The file they live in; `None` keeps them in memory only (tests, or no data directory).
    pub path: Option<PathBuf>,
    /// The tables and counters.
    pub file: ScoreFile,
    /// The last read or write error, shown in the HUD.
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
    /// This game's place in the table (0 = first), when it made the top ten.
    pub rank: Option<usize>,
}

impl HighScores {
    /// Loads the scores file at `path` (a missing or corrupt file gives empty scores; a corrupt
    /// one is left untouched on disk and reported). Old files (one best per key) load too.
    pub fn load(path: Option<PathBuf>) -> Self {
        let mut scores = Self {
            path,
            ..Self::default()
        };
        let Some(p) = &scores.path else { return scores };
        match crate::kit::store::read_text(p) {
            Ok(Some(text)) => match gems_formats::scores::parse_scores(&text) {
                Ok(file) => scores.file = file,
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
        self.file.best(key)
    }

    /// The top scores for `key`, best first.
    pub fn table(&self, key: &str) -> &[Entry] {
        self.file.table(key)
    }

    /// Enters a finished game played today; returns its rank when it made the top ten (and
    /// then saves).
    pub fn record(&mut self, key: &str, score: u64) -> Option<usize> {
        let entry = Entry {
            score,
            date: Some(super::clock::today()),
        };
        let rank = self.file.enter(key, entry);
        if rank.is_some() {
            self.save();
        }
        rank
    }

    /// The best score of each table whose key `mine` accepts (a game's own tables, by how it
    /// names them).
    pub fn bests<'a>(&'a self, mine: impl Fn(&str) -> bool + 'a) -> impl Iterator<Item = u64> + 'a {
        self.file
            .tables
            .iter()
            .filter(move |(key, _)| mine(key))
            .filter_map(|(_, table)| table.first().map(|e| e.score))
    }

    /// The sum of the counters whose key `mine` accepts (saturating).
    pub fn counters_total(&self, mine: impl Fn(&str) -> bool) -> u64 {
        self.file
            .counters
            .iter()
            .filter(|(key, _)| mine(key))
            .map(|(_, n)| *n)
            .fold(0, u64::saturating_add)
    }

    /// A counter (0 when absent).
    pub fn counter(&self, key: &str) -> u64 {
        self.file.counter(key)
    }

    /// Sets several counters (a value may go down) and saves once when any changed.
    pub fn set_all<'a>(&mut self, entries: impl IntoIterator<Item = (&'a str, u64)>) {
        let mut changed = false;
        for (key, value) in entries {
            changed |= self.file.set_counter(key, value);
        }
        if changed {
            self.save();
        }
    }

    fn save(&mut self) {
        let Some(path) = &self.path else { return };
        let text = match gems_formats::scores::scores_to_text(&self.file) {
            Ok(t) => t,
            Err(e) => {
                self.error = Some(e.to_string());
                return;
            }
        };
        self.error = crate::kit::store::write_text(path, &text)
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
        // A file in the old format (one best per key) loads and is upgraded on the next save.
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, "{\"tiny|chained\": 25, \"solo|won\": 4}").unwrap();
        let mut s = HighScores::load(Some(path.clone()));
        assert_eq!(s.best("tiny|chained"), Some(25));
        assert_eq!(s.counter("solo|won"), 4);
        assert_eq!(s.record("tiny|chained", 20), Some(1));
        assert_eq!(s.record("tiny|chained", 30), Some(0));
        s.set_all([("solo|won", 5)]);
        let again = HighScores::load(Some(path.clone()));
        assert_eq!(again.best("tiny|chained"), Some(30));
        let table = again.table("tiny|chained");
        assert_eq!(
            table.iter().map(|e| e.score).collect::<Vec<_>>(),
            [30, 25, 20]
        );
        assert_eq!(
            table[0].date.as_deref(),
            Some(crate::kit::clock::today().as_str())
        );
        assert_eq!(table[1].date, None, "the old score has no date");
        assert_eq!(again.counter("solo|won"), 5);
        assert_eq!(again.best("solo|won"), None, "a counter is not a score");
        std::fs::write(&path, "{ not ron").unwrap();
        let mut broken = HighScores::load(Some(path.clone()));
        assert!(broken.error.is_some());
        broken.record("tiny|chained", 99);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{ not ron");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
