//! High scores as saved in `scores.ron`: the top ten scores per key (a game, board and rules),
//! each with its date, and counters for records that are not scores (deals won, wins, draws and
//! losses). Files written before the tables existed (one best score per key) still load.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::FormatError;

/// Largest scores file read, in bytes.
pub const MAX_SCORES_BYTES: usize = 1024 * 1024;

/// How many scores a table keeps.
pub const TOP: usize = 10;

/// One finished game in a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Its score.
    pub score: u64,
    /// The day it was played, `YYYY-MM-DD` (absent for scores from old files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

/// The whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ScoreFile {
    /// The best scores per key, best first, at most [`TOP`]; among equal scores the older first.
    pub tables: BTreeMap<String, Vec<Entry>>,
    /// Counters per key.
    pub counters: BTreeMap<String, u64>,
}

impl ScoreFile {
    /// The best score for `key`.
    pub fn best(&self, key: &str) -> Option<u64> {
        self.tables.get(key)?.first().map(|e| e.score)
    }

    /// The table for `key`, best first (empty when none).
    pub fn table(&self, key: &str) -> &[Entry] {
        self.tables.get(key).map_or(&[], Vec::as_slice)
    }

    /// Enters a finished game; returns its 0-based rank when it made the top [`TOP`]. A score
    /// equal to one already there ranks below it.
    pub fn enter(&mut self, key: &str, entry: Entry) -> Option<usize> {
        let table = self.tables.entry(key.to_string()).or_default();
        let rank = table
            .iter()
            .position(|e| entry.score > e.score)
            .unwrap_or(table.len());
        if rank >= TOP {
            return None;
        }
        table.insert(rank, entry);
        table.truncate(TOP);
        Some(rank)
    }

    /// A counter (0 when absent). Scores files older than the counters kept them as best
    /// scores, so those are read too.
    pub fn counter(&self, key: &str) -> u64 {
        self.counters
            .get(key)
            .copied()
            .or_else(|| self.best(key))
            .unwrap_or(0)
    }

    /// Sets a counter (a value that may go down, unlike a best score); true when it changed.
    pub fn set_counter(&mut self, key: &str, value: u64) -> bool {
        let old = self.tables.remove(key).is_some();
        old | (self.counters.insert(key.to_string(), value) != Some(value))
    }
}

/// Parses a scores file: the current format, or the old one (a best score per key), whose
/// scores become one-entry tables without a date.
pub fn parse_scores(text: &str) -> Result<ScoreFile, FormatError> {
    if text.len() > MAX_SCORES_BYTES {
        return Err(FormatError::too_large(MAX_SCORES_BYTES));
    }
    match ron::from_str::<ScoreFile>(text) {
        Ok(file) => Ok(sorted(file)),
        Err(current) => match ron::from_str::<BTreeMap<String, u64>>(text) {
            Ok(old) => Ok(ScoreFile {
                tables: old
                    .into_iter()
                    .map(|(k, score)| (k, vec![Entry { score, date: None }]))
                    .collect(),
                counters: BTreeMap::new(),
            }),
            // A file that starts like a map was meant as the old format: report that error.
            Err(old) if text.trim_start().starts_with('{') => Err(FormatError::ron(&old)),
            Err(_) => Err(FormatError::ron(&current)),
        },
    }
}

/// Puts every table in order and within [`TOP`] (a hand-edited file may not be).
fn sorted(mut file: ScoreFile) -> ScoreFile {
    for table in file.tables.values_mut() {
        table.sort_by_key(|e| std::cmp::Reverse(e.score));
        table.truncate(TOP);
    }
    file
}

/// The scores as file text (parses back to the same scores).
pub fn scores_to_text(file: &ScoreFile) -> Result<String, FormatError> {
    ron::ser::to_string_pretty(file, ron::ser::PrettyConfig::default()).map_err(|e| FormatError {
        line: 1,
        message: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: u64, date: &str) -> Entry {
        Entry {
            score,
            date: Some(date.into()),
        }
    }

    #[test]
    fn tables_keep_the_top_ten_best_first() {
        let mut f = ScoreFile::default();
        assert_eq!(f.enter("k", entry(5, "2026-01-01")), Some(0));
        assert_eq!(f.enter("k", entry(9, "2026-01-02")), Some(0));
        assert_eq!(
            f.enter("k", entry(5, "2026-01-03")),
            Some(2),
            "ties rank below"
        );
        for s in 10..20 {
            f.enter("k", entry(s, "2026-02-01"));
        }
        assert_eq!(f.table("k").len(), TOP);
        assert_eq!(f.best("k"), Some(19));
        assert_eq!(f.enter("k", entry(3, "2026-03-01")), None, "too low");
        assert_eq!(f.table("k").last().unwrap().score, 10);
        assert!(f.table("other").is_empty());
    }

    #[test]
    fn round_trip_old_files_and_errors() {
        let mut f = ScoreFile::default();
        f.enter("tiny/chained", entry(42, "2026-11-23"));
        f.enter(
            "dots \"8x8\"",
            Entry {
                score: u64::MAX,
                date: None,
            },
        );
        assert!(f.set_counter("solo|won", 3));
        assert!(!f.set_counter("solo|won", 3));
        assert_eq!(parse_scores(&scores_to_text(&f).unwrap()), Ok(f));
        // The old format: one best per key.
        let old = parse_scores("{\"tiny|chained\": 30, \"solo-red|won\": 2}").unwrap();
        assert_eq!(old.best("tiny|chained"), Some(30));
        assert_eq!(old.table("tiny|chained")[0].date, None);
        assert_eq!(old.counter("solo-red|won"), 2);
        assert_eq!(parse_scores("{}"), Ok(ScoreFile::default()));
        let e = parse_scores("{\n\"a\": -1,\n}").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        let e = parse_scores("(\n  tables: {\n    \"a\": [(score: \"x\")],\n  },\n)").unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        assert!(parse_scores("{\"a\": 1").is_err());
        // A hand-edited table is put in order.
        let f = parse_scores("(tables: {\"a\": [(score: 1), (score: 7)]})").unwrap();
        assert_eq!(f.best("a"), Some(7));
    }
}
