//! The `submission` fuzz target's committed corpus (`fuzz/corpus/submission/`), replayed through
//! the same checks on the stable toolchain, so every `cargo test` runs what the fuzzer found
//! worth keeping; and some valid submissions of every game.

#[path = "../../../fuzz/checks/submission.rs"]
mod checks;
#[path = "../../../fuzz/checks/corpus.rs"]
#[allow(dead_code)]
mod corpus;

#[test]
fn server_submission_fuzz_corpus_replays_cleanly() {
    let replayed =
        corpus::replay_bytes(env!("CARGO_MANIFEST_DIR"), "submission", &mut checks::check);
    assert!(replayed >= 5, "{replayed} inputs");
}

#[test]
fn server_submission_checks_pass_valid_dailies_of_every_game() {
    use gems_rules::daily::{Daily, Date, Game};
    let day = Date::parse("2026-11-26").unwrap();
    for game in Game::ALL {
        let d = Daily::of(game, day);
        let body = gems_formats::leaderboard::Submission {
            game: game.slug().into(),
            date: Some(day.to_string()),
            board: None,
            setup: Some(d.setup_words()),
            moves: d.sample_moves(0),
            client: "test".into(),
            player: "7f".repeat(16),
            assisted: false,
        }
        .to_json();
        checks::check(body.as_bytes());
    }
}
