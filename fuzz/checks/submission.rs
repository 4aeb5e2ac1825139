//! What the `submission` fuzz target checks of any body sent to the leaderboard server, shared
//! with the stable corpus replay (`crates/gems-server/tests/submission_corpus.rs`): decoding
//! never panics, a decoded submission writes back to JSON that decodes to itself, and its
//! checks and replay end in an outcome or a refusal, never a panic.

use gems_rules::daily::Date;
use gems_server::submission::{Check, decode};

/// Checks the decoder on `body`; panics on a broken invariant.
pub fn check(body: &[u8]) {
    let Ok(submission) = decode(body) else {
        return;
    };
    let again = decode(submission.to_json().as_bytes()).expect("written JSON reads back");
    assert_eq!(again, submission);
    let today = Date::parse("2026-11-26").expect("a date");
    if let Ok(verified) = submission.verify(today) {
        // Only a finished game is an outcome, and it is the rules' own.
        assert!(!verified.moves.is_empty());
    }
}
