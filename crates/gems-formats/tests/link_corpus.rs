//! The `link` fuzz target's committed corpus (`fuzz/corpus/link/`), replayed through the same
//! checks on the stable toolchain, so every `cargo test` runs what the fuzzer found worth
//! keeping.

#[path = "../../../fuzz/checks/link.rs"]
mod checks;

#[test]
fn the_link_fuzz_corpus_replays_cleanly() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/link");
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).expect("the link corpus") {
        let bytes = std::fs::read(entry.expect("an entry").path()).expect("a corpus file");
        if let Ok(text) = std::str::from_utf8(&bytes) {
            checks::check(text);
            replayed += 1;
        }
    }
    assert!(replayed >= 5, "{replayed} inputs");
}
