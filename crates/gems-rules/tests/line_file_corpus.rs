//! The `line_file` fuzz target's committed corpus (`fuzz/corpus/line_file/`), replayed
//! through the same checks on the stable toolchain, so every `cargo test` runs it.

#[path = "../../../fuzz/checks/line_file.rs"]
mod checks;
#[path = "../../../fuzz/checks/corpus.rs"]
mod corpus;

#[test]
fn the_line_file_fuzz_corpus_replays_cleanly() {
    let replayed = corpus::replay(env!("CARGO_MANIFEST_DIR"), "line_file", checks::check);
    assert!(replayed >= 4, "{replayed} inputs");
}
