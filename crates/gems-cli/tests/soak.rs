//! CI's short soak: AI-vs-AI games of every game with invariant checks after every move (the
//! long run, `gems-cli soak --games 10000`, is documented in docs/reliability.md).

mod common;

#[test]
fn short_soak_finds_no_failure() {
    let (out, err, code) = common::run_cli(&["soak", "--games", "300", "--other-games", "20"], "");
    assert_eq!(code, 0, "stdout:\n{out}\nstderr:\n{err}");
    let summary = out.lines().last().unwrap_or_default();
    assert!(
        summary.starts_with("soak: ") && summary.contains(", 0 failures, "),
        "{out}"
    );
    assert!(out.contains("modern-gems: 300 games"), "{out}");
}

#[test]
fn soak_rejects_bad_options() {
    let (_, err, code) = common::run_cli(&["soak", "--games", "many"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("invalid value 'many' for '--games <N>'"),
        "{err}"
    );
    let (_, err, code) = common::run_cli(&["soak", "--other-games"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'--other-games <M>'"), "{err}");
}
