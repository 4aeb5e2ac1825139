//! The `line_file` fuzz target's committed corpus (`fuzz/corpus/line_file/`), replayed
//! through the same checks on the stable toolchain, so every `cargo test` runs it.

#[path = "../../../fuzz/checks/line_file.rs"]
mod checks;

#[test]
fn the_line_file_fuzz_corpus_replays_cleanly() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/line_file");
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).expect("the line_file corpus") {
        let bytes = std::fs::read(entry.expect("an entry").path()).expect("a corpus file");
        if let Ok(text) = std::str::from_utf8(&bytes) {
            checks::check(text);
            replayed += 1;
        }
    }
    assert!(replayed >= 4, "{replayed} inputs");
}
