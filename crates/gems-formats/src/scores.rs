//! High scores as saved in `scores.ron`: the best score per key (a game, board and rules).

use std::collections::BTreeMap;

use crate::FormatError;

/// Largest scores file read, in bytes.
pub const MAX_SCORES_BYTES: usize = 1024 * 1024;

/// Best score per key.
pub type ScoreTable = BTreeMap<String, u64>;

/// Parses a scores file.
pub fn parse_scores(text: &str) -> Result<ScoreTable, FormatError> {
    if text.len() > MAX_SCORES_BYTES {
        return Err(FormatError::too_large(MAX_SCORES_BYTES));
    }
    ron::from_str(text).map_err(|e| FormatError::ron(&e))
}

/// The scores as file text (parses back to the same table).
pub fn scores_to_text(table: &ScoreTable) -> Result<String, FormatError> {
    ron::ser::to_string_pretty(table, ron::ser::PrettyConfig::default()).map_err(|e| FormatError {
        line: 1,
        message: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let mut t = ScoreTable::new();
        t.insert("tiny/chained".into(), 42);
        t.insert("dots \"8x8\"".into(), u64::MAX);
        assert_eq!(parse_scores(&scores_to_text(&t).unwrap()), Ok(t));
        assert_eq!(parse_scores("{}"), Ok(ScoreTable::new()));
        let e = parse_scores("{\n\"a\": -1,\n}").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(parse_scores("{\"a\": 1").is_err());
    }
}
