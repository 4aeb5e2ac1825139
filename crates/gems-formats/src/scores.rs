//! High scores as saved in `scores.ron`: the top ten scores per key (a game, board and rules),
//! each with its date, counters for records that are not scores (deals won, wins, draws and
//! losses), and when each random or shared board was last played, so the file stays bounded.
//!
//! The file carries its schema version ([`SCORES_VERSION`]). Every earlier shape still loads
//! (version 0: one best score per key; version 1: tables and counters with no version), and
//! so does a file from a newer version, for the parts this one understands: its other fields
//! and tables are kept and written back as they were. A broken file keeps every table and
//! counter that still parses ([`read_scores`] says what was dropped).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::FormatError;

mod daily;
mod read;

pub use daily::{DailyEntry, Stats, Streaks, daily_key, streaks};
pub use read::{Salvage, parse_scores, read_scores};

/// Largest scores file written, in bytes: the file is pruned to stay under it.
pub const MAX_SCORES_BYTES: usize = 1024 * 1024;

/// Largest scores file read, in bytes: a file larger than [`MAX_SCORES_BYTES`] (written by
/// an older version that never pruned) is read up to this size and pruned.
pub const MAX_SCORES_READ_BYTES: usize = 8 * MAX_SCORES_BYTES;

/// How many scores a table keeps.
pub const TOP: usize = 10;

/// The schema version this build writes.
pub const SCORES_VERSION: u32 = 2;

/// The random and shared boards whose tables are always kept: the most recently played ones.
pub const RECENT_BOARDS_KEPT: usize = 2_000;

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
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScoreFile {
    /// The best scores per key, best first, at most [`TOP`]; among equal scores the older first.
    pub tables: BTreeMap<String, Vec<Entry>>,
    /// Counters per key.
    pub counters: BTreeMap<String, u64>,
    /// For each random or shared board's table ([`prunable`]), the game count when it was
    /// last played (its recency).
    pub played: BTreeMap<String, u64>,
    /// Games entered so far (the clock of `played`).
    pub plays: u64,
    /// The dailies played to their end, by [`daily_key`].
    pub dailies: BTreeMap<String, DailyEntry>,
    /// Fields of a newer version this one does not know, written back as they came.
    pub unknown: BTreeMap<String, ron::Value>,
}

/// Whether the table `key` belongs to a random or shared board (`random:…`, `shared-…`):
/// there can be any number of those, so the least recently played are pruned. Named boards,
/// standard positions and records never are.
pub fn prunable(key: &str) -> bool {
    key.starts_with("random:") || key.starts_with("shared-")
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
    /// equal to one already there ranks below it. The board counts as just played.
    pub fn enter(&mut self, key: &str, entry: Entry) -> Option<usize> {
        self.plays = self.plays.saturating_add(1);
        if prunable(key) {
            self.played.insert(key.to_string(), self.plays);
        }
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

    /// Adds `by` to a counter, saturating at `u64::MAX` (a crafted file cannot overflow it).
    pub fn add_counter(&mut self, key: &str, by: u64) {
        let value = self.counter(key).saturating_add(by);
        self.set_counter(key, value);
    }

    /// Drops the tables of the random and shared boards played least recently once there are
    /// more than [`RECENT_BOARDS_KEPT`] and a tenth, down to the [`RECENT_BOARDS_KEPT`] most
    /// recent (so a game's end seldom prunes); returns how many were dropped.
    pub fn prune(&mut self) -> usize {
        if self.played.len() <= RECENT_BOARDS_KEPT + RECENT_BOARDS_KEPT / 10 {
            return 0;
        }
        let mut boards: Vec<(u64, String)> = self
            .played
            .iter()
            .map(|(k, &stamp)| (stamp, k.clone()))
            .collect();
        boards.sort();
        let dropped = boards.len() - RECENT_BOARDS_KEPT;
        for (_, key) in boards.into_iter().take(dropped) {
            self.tables.remove(&key);
            self.played.remove(&key);
        }
        dropped
    }

    /// Adds `other`'s results to these (an imported backup or another device's file): each
    /// table keeps the best [`TOP`] of both, an entry both hold counted once; each counter and
    /// recency takes the larger of the two, so merging a file with itself changes nothing.
    pub fn merge(&mut self, other: &ScoreFile) {
        for (key, theirs) in &other.tables {
            let table = self.tables.entry(key.clone()).or_default();
            let mut unmatched = table.clone();
            for entry in theirs {
                match unmatched.iter().position(|e| e == entry) {
                    Some(i) => {
                        unmatched.remove(i);
                    }
                    None => table.push(entry.clone()),
                }
            }
            // Best first; among equal scores the older first (no date counts as oldest).
            table.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.date.cmp(&b.date)));
            table.truncate(TOP);
        }
        for (key, &n) in &other.counters {
            let value = self.counter(key).max(n);
            self.set_counter(key, value);
        }
        for (key, &stamp) in &other.played {
            let mine = self.played.entry(key.clone()).or_insert(0);
            *mine = (*mine).max(stamp);
        }
        self.plays = self.plays.max(other.plays);
        for (key, &entry) in &other.dailies {
            // The first attempt counts: one already here stays.
            self.dailies.entry(key.clone()).or_insert(entry);
        }
        for (key, value) in &other.unknown {
            self.unknown
                .entry(key.clone())
                .or_insert_with(|| value.clone());
        }
        self.index_recency();
        self.prune();
    }

    /// Gives every random or shared board's table a recency (older files have none: theirs
    /// count as played before any new game) and forgets the recency of tables gone.
    fn index_recency(&mut self) {
        let tables = &self.tables;
        self.played.retain(|k, _| tables.contains_key(k));
        for key in self.tables.keys().filter(|k| prunable(k)) {
            self.played.entry(key.clone()).or_insert(0);
        }
    }
}

/// The scores as file text, one table, counter or recency per line (parses back to the same
/// scores, and a damaged file loses only its damaged lines).
pub fn scores_to_text(file: &ScoreFile) -> Result<String, FormatError> {
    fn ron_text<T: Serialize + ?Sized>(value: &T) -> Result<String, FormatError> {
        ron::to_string(value).map_err(|e| FormatError {
            line: 1,
            message: e.to_string(),
        })
    }
    fn section<T: Serialize>(
        out: &mut String,
        name: &str,
        map: &BTreeMap<String, T>,
    ) -> Result<(), FormatError> {
        out.push_str(&format!("    {name}: {{\n"));
        for (key, value) in map {
            out.push_str(&format!(
                "        {}: {},\n",
                ron_text(key)?,
                ron_text(value)?
            ));
        }
        out.push_str("    },\n");
        Ok(())
    }
    let mut out = format!("(\n    version: {SCORES_VERSION},\n");
    section(&mut out, "tables", &file.tables)?;
    section(&mut out, "counters", &file.counters)?;
    section(&mut out, "played", &file.played)?;
    out.push_str(&format!("    plays: {},\n", file.plays));
    if !file.dailies.is_empty() {
        section(&mut out, "dailies", &file.dailies)?;
    }
    for (name, value) in &file.unknown {
        out.push_str(&format!("    {name}: {},\n", ron_text(value)?));
    }
    out.push_str(")\n");
    Ok(out)
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
        f.enter("random:5x5:3:1|chained", entry(7, "2026-11-27"));
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
        assert!(e.message.contains("line 2"), "{e}");
        let e = parse_scores("(\n  tables: {\n    \"a\": [(score: \"x\")],\n  },\n)").unwrap_err();
        assert!(e.message.contains("'a'"), "{e}");
        assert!(parse_scores("{\"a\": 1").is_err());
        // A hand-edited table is put in order.
        let f = parse_scores("(tables: {\"a\": [(score: 1), (score: 7)]})").unwrap();
        assert_eq!(f.best("a"), Some(7));
    }

    #[test]
    fn a_version_1_file_loads_and_is_written_as_the_current_version() {
        let v1 = "(\n  tables: {\n    \"tiny|chained\": [(score: 25, date: Some(\"2026-11-01\"))],\n  },\n  counters: {\n    \"solo|won\": 4,\n  },\n)";
        let (f, salvage) = read_scores(v1);
        assert!(salvage.is_clean(), "{salvage:?}");
        assert_eq!(f.best("tiny|chained"), Some(25));
        assert_eq!(f.counter("solo|won"), 4);
        let text = scores_to_text(&f).unwrap();
        assert!(
            text.contains(&format!("version: {SCORES_VERSION},")),
            "{text}"
        );
    }

    #[test]
    fn a_newer_file_keeps_what_this_version_understands_and_its_unknown_fields_survive() {
        let newer = "(version: 9, tables: {\"a|chained\": [(score: 5)], \"b\": \"a new shape\"}, counters: {\"w\": 3}, streaks: {\"solo\": (now: 2, best: 5)}, daily: [1, 2, 3])";
        let (f, salvage) = read_scores(newer);
        assert_eq!(salvage.newer, Some(9));
        assert_eq!(f.best("a|chained"), Some(5));
        assert_eq!(f.counter("w"), 3);
        assert_eq!(
            salvage.dropped.len(),
            1,
            "the table in a new shape: {salvage:?}"
        );
        assert!(salvage.notice().unwrap().contains("newer version"));
        // Rewritten by this version: the fields it does not know come back as they were.
        let (again, salvage) = read_scores(&scores_to_text(&f).unwrap());
        assert!(salvage.is_clean(), "{salvage:?}");
        assert_eq!(again, f);
        assert_eq!(again.unknown.len(), 2);
        let daily = again.unknown.get("daily").unwrap().clone();
        assert_eq!(daily.into_rust::<Vec<u8>>().unwrap(), vec![1, 2, 3]);
    }

    #[test]
    fn a_broken_file_keeps_every_line_that_still_reads() {
        let mut f = ScoreFile::default();
        f.enter("tiny|chained", entry(25, "2026-11-01"));
        f.enter("curve|chained", entry(40, "2026-11-02"));
        f.set_counter("solo|won", 4);
        let text = scores_to_text(&f).unwrap();
        // A line damaged in the middle of the file, and the end cut off.
        let broken = text.replace("score:40", "score:4#0");
        let cut = &broken[..broken.find("played").unwrap()];
        let (got, salvage) = read_scores(cut);
        assert_eq!(got.best("tiny|chained"), Some(25));
        assert_eq!(got.best("curve|chained"), None);
        assert_eq!(got.counter("solo|won"), 4);
        let notice = salvage.notice().unwrap();
        assert!(notice.contains("curve|chained"), "{notice}");
    }

    #[test]
    fn counters_saturate() {
        let mut f = parse_scores(&format!("(counters: {{\"w\": {}}})", u64::MAX)).unwrap();
        f.add_counter("w", 1);
        assert_eq!(f.counter("w"), u64::MAX);
    }

    #[test]
    fn the_least_recently_played_random_boards_are_pruned_and_nothing_else() {
        let mut f = ScoreFile::default();
        f.enter("tiny|chained", entry(1, "2026-01-01"));
        f.set_counter("solo|won", 1);
        for seed in 0..RECENT_BOARDS_KEPT + 50 {
            f.enter(
                &format!("random:9x9:4:{seed}|chained"),
                entry(5, "2026-01-02"),
            );
        }
        // The oldest board played again is recent again.
        f.enter("random:9x9:4:0|chained", entry(6, "2026-01-03"));
        assert_eq!(f.prune(), 0, "a tenth more is allowed");
        for seed in 0..RECENT_BOARDS_KEPT / 10 {
            f.enter(
                &format!("random:8x8:4:{seed}|chained"),
                entry(5, "2026-01-04"),
            );
        }
        assert_eq!(f.prune(), 50 + RECENT_BOARDS_KEPT / 10);
        assert_eq!(f.best("random:9x9:4:0|chained"), Some(6));
        assert_eq!(f.best("random:9x9:4:250|chained"), None);
        assert_eq!(f.best("random:9x9:4:251|chained"), Some(5));
        assert_eq!(f.best("tiny|chained"), Some(1));
        assert_eq!(f.counter("solo|won"), 1);
        assert_eq!(f.played.len(), RECENT_BOARDS_KEPT);
        assert!(scores_to_text(&f).unwrap().len() < MAX_SCORES_BYTES);
    }
}
