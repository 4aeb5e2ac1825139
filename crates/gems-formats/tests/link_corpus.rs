//! The `link` fuzz target's committed corpus (`fuzz/corpus/link/`), replayed through the same
//! checks on the stable toolchain, so every `cargo test` runs what the fuzzer found worth
//! keeping.

#[path = "../../../fuzz/checks/link.rs"]
mod checks;
#[path = "../../../fuzz/checks/corpus.rs"]
mod corpus;

#[test]
fn the_link_fuzz_corpus_replays_cleanly() {
    let replayed = corpus::replay(env!("CARGO_MANIFEST_DIR"), "link", checks::check);
    assert!(replayed >= 5, "{replayed} inputs");
}
