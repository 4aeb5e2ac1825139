//! Every console transcript of the Modern Gems spec, replayed byte for byte through the real
//! `gems-cli modern-gems` binary.

mod common;

use common::replay;

const FULL_POLICIES: &str =
    "  SingleRemovalPolicy AdjacentRemovalPolicy WholeRowColRemovalPolicy ChainedRemovalPolicy \n";
const FULL_PLAYERS: &str = "  InteractivePlayer GreedyPlayer LookAhead1Player \n";

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/transcripts/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Section 3: the first demonstration, Single policy, interactive, then quit. It was recorded
/// before the other policies and players existed, so its menus are short; ours list them all.
#[test]
fn section3_demo_single_policy_then_quit() {
    let t = fixture("s3-demo-single.txt")
        .replace("  SingleRemovalPolicy \n", FULL_POLICIES)
        .replace("  InteractivePlayer \n", FULL_PLAYERS);
    assert!(t.contains(FULL_POLICIES) && t.contains(FULL_PLAYERS));
    replay(&t);
}

/// Section 6: AdjacentRemovalPolicy on tiny, interactive.
#[test]
fn section6_adjacent_tiny() {
    replay(&fixture("s6-adjacent-tiny.txt"));
}

/// Section 7: WholeRowColRemovalPolicy on tiny, interactive.
#[test]
fn section7_whole_row_col_tiny() {
    replay(&fixture("s7-wholerowcol-tiny.txt"));
}

/// Section 8.3: ChainedRemovalPolicy on curve, interactive.
#[test]
fn section8_chained_curve() {
    replay(&fixture("s8-chained-curve.txt"));
}

/// Section 10.2: three GreedyPlayer games in one session (Adjacent/tiny, WholeRowCol/tiny,
/// Adjacent/almostCross).
#[test]
fn section10_greedy_three_games() {
    replay(&fixture("s10-greedy-three-games.txt"));
}

/// The fixtures are verbatim copies of the spec's transcripts (checked when the spec is beside
/// the repository, as it is in CI).
#[test]
fn fixtures_are_verbatim_spec_text() {
    let spec = format!(
        "{}/../../../shared/specs/modern-gems.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let Ok(spec) = std::fs::read_to_string(&spec) else {
        eprintln!("spec not found beside the repository; skipping the verbatim check");
        return;
    };
    for name in [
        "s3-demo-single.txt",
        "s6-adjacent-tiny.txt",
        "s7-wholerowcol-tiny.txt",
        "s8-chained-curve.txt",
        "s10-greedy-three-games.txt",
    ] {
        assert!(
            spec.contains(&fixture(name)),
            "{name} is not verbatim spec text"
        );
    }
}
