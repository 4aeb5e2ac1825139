//! The 20 standard SameGame positions of the research literature, under its Classic rules,
//! with the Expert's records: the all-time tables where players meet the engine.

use gems_rules::daily::{ReplayError, replay_modern_gems};
use gems_rules::gems::LineFile;

/// How many standard positions there are.
pub const COUNT: usize = 20;

/// The Expert's record line on each position (best of its runs), as the game ships it: the
/// board, the rules and the score.
const RECORDS: [&str; COUNT] = [
    include_str!("../../../assets/records/standard-1.line"),
    include_str!("../../../assets/records/standard-2.line"),
    include_str!("../../../assets/records/standard-3.line"),
    include_str!("../../../assets/records/standard-4.line"),
    include_str!("../../../assets/records/standard-5.line"),
    include_str!("../../../assets/records/standard-6.line"),
    include_str!("../../../assets/records/standard-7.line"),
    include_str!("../../../assets/records/standard-8.line"),
    include_str!("../../../assets/records/standard-9.line"),
    include_str!("../../../assets/records/standard-10.line"),
    include_str!("../../../assets/records/standard-11.line"),
    include_str!("../../../assets/records/standard-12.line"),
    include_str!("../../../assets/records/standard-13.line"),
    include_str!("../../../assets/records/standard-14.line"),
    include_str!("../../../assets/records/standard-15.line"),
    include_str!("../../../assets/records/standard-16.line"),
    include_str!("../../../assets/records/standard-17.line"),
    include_str!("../../../assets/records/standard-18.line"),
    include_str!("../../../assets/records/standard-19.line"),
    include_str!("../../../assets/records/standard-20.line"),
];

/// The position named `name` (`standard-1` … `standard-20`): its number.
pub fn number(name: &str) -> Option<usize> {
    let n: usize = name.strip_prefix("standard-")?.parse().ok()?;
    ((1..=COUNT).contains(&n) && name == format!("standard-{n}")).then_some(n)
}

/// Position `n`'s record line (1-based; `None` past the 20).
pub fn record(n: usize) -> Option<LineFile> {
    let text = RECORDS.get(n.checked_sub(1)?)?;
    LineFile::parse(text).ok()
}

/// The score of `moves` (journal lines) on position `n`, played to the end under the
/// position's rules.
pub fn replay(n: usize, moves: &[String]) -> Result<u64, ReplayError> {
    let line = record(n).ok_or(ReplayError::Unfinished(0))?;
    replay_modern_gems(line.board, line.policy, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gems_rules::journal::GemsStep;

    #[test]
    fn standard_records_replay_to_their_scores() {
        for n in 1..=COUNT {
            let line = record(n).expect("a record");
            assert_eq!(line.board_name, format!("standard-{n}"));
            let moves: Vec<String> = line
                .moves
                .iter()
                .map(|&c| GemsStep::Move(c).to_string())
                .collect();
            assert_eq!(replay(n, &moves), Ok(line.score), "standard-{n}");
        }
    }

    #[test]
    fn standard_names_are_exact() {
        assert_eq!(number("standard-1"), Some(1));
        assert_eq!(number("standard-20"), Some(20));
        for bad in [
            "standard-0",
            "standard-21",
            "standard-01",
            "standard-+1",
            "standard",
            "x",
        ] {
            assert_eq!(number(bad), None, "{bad}");
        }
    }
}
