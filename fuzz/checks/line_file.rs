//! What the `line_file` fuzz target checks of any text, shared with the stable corpus replay
//! (`crates/gems-rules/tests/line_file_corpus.rs`): `LineFile::parse` never panics, and a file
//! it accepts (its moves replayed and its score checked) writes back to text that parses to the
//! same line.

use gems_rules::gems::LineFile;

/// Checks the line-file format on `text`; panics on a broken invariant.
pub fn check(text: &str) {
    if let Ok(line) = LineFile::parse(text) {
        let again = LineFile::parse(&line.to_text()).expect("a written line file parses");
        assert_eq!(again.to_text(), line.to_text());
    }
}
