//! The `console_input` fuzz target's committed corpus (`fuzz/corpus/console_input/`), replayed
//! through the same checks on the stable toolchain, so every `cargo test` runs it.

#[path = "../../../fuzz/checks/console_input.rs"]
mod checks;
#[path = "../../../fuzz/checks/corpus.rs"]
mod corpus;

#[test]
fn the_console_input_fuzz_corpus_replays_cleanly() {
    let replayed = corpus::replay_bytes(env!("CARGO_MANIFEST_DIR"), "console_input", &mut |b| {
        checks::check(b)
    });
    assert!(replayed >= 10, "{replayed} inputs");
}
