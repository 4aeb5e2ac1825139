//! Replays a fuzz target's committed corpus on the stable toolchain, for the `cargo test`s
//! that run each target's checks over it (both crates of those tests sit two folders below
//! the workspace root, beside `fuzz/`).

/// Runs `check` on every UTF-8 input in `fuzz/corpus/TARGET/`; returns how many it ran on.
#[allow(dead_code)]
pub fn replay(manifest_dir: &str, target: &str, check: fn(&str)) -> usize {
    let mut replayed = 0;
    replay_bytes(manifest_dir, target, &mut |bytes| {
        if let Ok(text) = std::str::from_utf8(bytes) {
            check(text);
            replayed += 1;
        }
    });
    replayed
}

/// Runs `check` on every input in `fuzz/corpus/TARGET/`; returns how many there were.
pub fn replay_bytes(manifest_dir: &str, target: &str, check: &mut dyn FnMut(&[u8])) -> usize {
    let dir = std::path::Path::new(manifest_dir)
        .join("../../fuzz/corpus")
        .join(target);
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).expect("the target's corpus") {
        check(&std::fs::read(entry.expect("an entry").path()).expect("a corpus file"));
        replayed += 1;
    }
    replayed
}
