//! High scores and the result of a finished game, shared by every game: the top ten scores per
//! key (board and rules) with their dates, and counters for records that are not scores, kept
//! across runs in the user's data directory and written atomically.

use std::path::PathBuf;

use bevy::prelude::*;
pub use gems_formats::scores::{Entry, Salvage, ScoreFile, TOP, read_scores};

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
    /// Loads the scores file at `path`. A missing file gives empty scores; a file of any
    /// earlier version loads; a newer version's file keeps what this version understands;
    /// a damaged or oversized one keeps every table that parses, and the notice (in
    /// [`HighScores::error`]) says what was dropped. A file that cannot be read at all (not a
    /// regular file, or unreadable) is never written over.
    pub fn load(path: Option<PathBuf>) -> Self {
        let mut scores = Self {
            path,
            ..Self::default()
        };
        let Some(p) = scores.path.clone() else {
            return scores;
        };
        match read_file(&p) {
            Ok(Some((_, file, salvage))) => {
                scores.file = file;
                scores.error = salvage.notice().map(|n| format!("{}: {n}", p.display()));
            }
            Ok(None) => {}
            Err(e) => {
                scores.error = Some(format!("{}: {e}", p.display()));
                // Never overwrite a file we could not read.
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

    /// Enters a finished game played today (and saves); returns its rank when it made the
    /// top ten.
    pub fn record(&mut self, key: &str, score: u64) -> Option<usize> {
        let entry = Entry {
            score,
            date: Some(super::clock::today()),
        };
        let key = key.to_string();
        self.update(move |file| file.enter(&key, entry.clone()))
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

    /// Adds one to a counter (saturating) and saves.
    pub fn count(&mut self, key: &str) {
        let key = key.to_string();
        self.update(move |file| file.add_counter(&key, 1));
    }

    /// Changes the scores and saves them, merged with what is on disk: the file is read again
    /// (another window or tab may have written since), `change` is applied to that, and the
    /// result is written atomically, under a lock so two instances never interleave (a file
    /// lock on the desktop; on the web the Web Locks API, whose turn may come after this
    /// returns). Changes are written as functions of the file (add one, enter a score), never
    /// as values computed from an older copy. In memory only without a file.
    pub fn update<R>(&mut self, change: impl Fn(&mut ScoreFile) -> R + 'static) -> R {
        let Some(path) = self.path.clone() else {
            return change(&mut self.file);
        };
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _lock = lock(&path);
            match merge_into_file(&path, &change) {
                Ok((answer, file)) => {
                    self.file = file;
                    self.error = None;
                    answer
                }
                Err(e) => {
                    self.error = Some(e);
                    change(&mut self.file)
                }
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            // What other tabs wrote, with this change, at once on screen; on disk when this
            // tab's turn with the lock comes.
            if let Ok(Some((_, fresh, _))) = read_file(&path) {
                self.file = fresh;
            }
            let answer = change(&mut self.file);
            self.file.prune();
            crate::kit::store::locked("modern-gems-scores", move || {
                if let Err(e) = merge_into_file(&path, &change) {
                    crate::kit::store::report(e);
                }
            });
            answer
        }
    }
}

/// Reads the scores file at `path` again, applies `change`, prunes and writes it atomically
/// (the caller holds the lock); the answer and the file as written. A damaged file's text is
/// kept beside it before it is rewritten with what could be saved of it.
fn merge_into_file<R>(
    path: &std::path::Path,
    change: &impl Fn(&mut ScoreFile) -> R,
) -> Result<(R, ScoreFile), String> {
    let mut file = match read_file(path) {
        Ok(Some((text, fresh, salvage))) => {
            if !salvage.is_clean() {
                let _ = crate::kit::store::write_text(&sibling(path, ".damaged"), &text);
            }
            fresh
        }
        Ok(None) => ScoreFile::default(),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let answer = change(&mut file);
    file.prune();
    let text = gems_formats::scores::scores_to_text(&file).map_err(|e| e.to_string())?;
    crate::kit::store::write_text(path, &text)
        .map_err(|e| format!("could not save high scores to {}: {e}", path.display()))?;
    Ok((answer, file))
}

/// Reads and parses the scores file at `path`, with its text: `Ok(None)` when there is none.
fn read_file(path: &std::path::Path) -> Result<Option<(String, ScoreFile, Salvage)>, String> {
    Ok(crate::kit::store::read_text(path)?.map(|text| {
        let (file, salvage) = read_scores(&text);
        (text, file, salvage)
    }))
}

/// The file beside `path` named like it with `suffix` added (`scores.ron.lock`).
fn sibling(path: &std::path::Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Holds the scores file's lock (a sibling `.lock` file) while it is read, changed and
/// written, so two desktop instances take turns.
#[cfg(not(target_arch = "wasm32"))]
fn lock(path: &std::path::Path) -> Option<std::fs::File> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(sibling(path, ".lock"))
        .ok()?;
    file.lock().ok()?;
    Some(file)
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
        s.count("solo|won");
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
        // The damaged text is kept beside the rewritten file.
        assert_eq!(
            std::fs::read_to_string(dir.join("scores.ron.damaged")).unwrap(),
            "{ not ron"
        );
        assert_eq!(
            HighScores::load(Some(path.clone())).best("tiny|chained"),
            Some(99)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
