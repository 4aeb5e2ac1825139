//! The command line itself, read by clap: `--version`, every subcommand's `--help`,
//! `--flag=value`, optional values that do not swallow the next flag, and the exit status: 2 for
//! a usage error (before anything starts), 1 for a failure after it, 0 otherwise.

mod common;

use common::{run_cli, run_cli_in, temp_dir};

/// Asserts that `args` is a usage error: status 2, nothing on stdout, clap's message on stderr
/// containing `msg`.
fn assert_usage_error(args: &[&str], msg: &str) {
    let (out, err, code) = run_cli(args, "");
    assert_eq!(code, 2, "{args:?}: {err}");
    assert_eq!(out, "", "{args:?}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(err.contains(msg), "{args:?}: {err}");
}

#[test]
fn version_prints_the_crate_version() {
    for flag in ["--version", "-V"] {
        let (out, err, code) = run_cli(&[flag], "");
        assert_eq!((code, err.as_str()), (0, ""));
        assert_eq!(out, format!("gems-cli {}\n", env!("CARGO_PKG_VERSION")));
    }
}

#[test]
fn every_subcommand_has_help_listing_its_options() {
    let cases: [(&[&str], &[&str]); 13] = [
        (
            &["--help"],
            &[
                "modern-gems",
                "dots",
                "k-in-a-row",
                "solo-red",
                "grid-duel",
                "bench",
                "soak",
                "--version",
            ],
        ),
        (&["modern-gems", "--help"], &["--extended", "--expert-ms"]),
        (
            &["dots", "--help"],
            &[
                "--size",
                "--moves",
                "--seed",
                "--colors",
                "--colours",
                "--board",
                "--analyse",
                "--analyze",
                "--compare",
                "--games",
            ],
        ),
        (
            &["k-in-a-row", "--help"],
            &[
                "<FILE>",
                "--solve",
                "--computer-first",
                "--perfect",
                "--seconds",
            ],
        ),
        (
            &["solo-red", "--help"],
            &["--palettes", "--hand", "--seed", "--deck"],
        ),
        (
            &["grid-duel", "--help"],
            &["--seed", "--smart", "--score", "--bench [<N>]"],
        ),
        (
            &["bench", "--help"],
            &["playouts", "samegame", "k-in-a-row", "solo-red"],
        ),
        (
            &["bench", "playouts", "--help"],
            &["--seconds", "--boards", "--policy"],
        ),
        (
            &["bench", "samegame", "--help"],
            &[
                "--seconds-per-board",
                "--boards",
                "--player",
                "--policy",
                "--nodes",
                "--save-lines",
                "--tuning",
                "probe_floor=N",
            ],
        ),
        (
            &["bench", "k-in-a-row", "--help"],
            &["--size", "--k", "--match", "--games", "--seed", "--quality"],
        ),
        (
            &["bench", "solo-red", "--help"],
            &["--deals", "--rollouts", "--nodes", "--palettes", "--hand"],
        ),
        (&["soak", "--help"], &["--games", "--other-games", "--seed"]),
        // `help COMMAND` is the same as `COMMAND --help`.
        (&["help", "dots"], &["--size", "--analyse", "--compare"]),
    ];
    for (args, flags) in cases {
        let (out, err, code) = run_cli(args, "");
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        assert!(out.contains("Usage: gems-cli"), "{args:?}: {out}");
        for flag in flags {
            assert!(
                out.contains(flag),
                "{args:?} does not mention {flag}: {out}"
            );
        }
    }
}

#[test]
fn no_command_prints_the_usage_as_an_error() {
    let (out, err, code) = run_cli(&[], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("Usage: gems-cli <COMMAND>"), "{err}");
    let (out, err, code) = run_cli(&["bench"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("Usage: gems-cli bench <COMMAND>"), "{err}");
}

#[test]
fn flag_equals_value_is_the_same_as_flag_then_value() {
    let (out, err, code) = run_cli(&["solo-red", "--seed=7"], "q\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("Game quit!\n"), "{out}");
    assert_eq!(run_cli(&["solo-red", "--seed", "7"], "q\n").0, out);
    // A repeated option takes its last value.
    assert_eq!(
        run_cli(&["solo-red", "--seed", "1", "--seed=7"], "q\n").0,
        out
    );
}

#[test]
fn the_spellings_colours_and_analyze_are_accepted() {
    let (out, err, code) = run_cli(&["dots", "--colours=3", "--size", "4", "--seed", "2"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Dots: 4x4 board, 3 colours, 20 moves, seed 2."),
        "{out}"
    );
    let dir = temp_dir("cli-analyze");
    std::fs::write(dir.join("board.txt"), "1112\n1123\n1234\n2341\n").unwrap();
    let (analyze, err, code) = run_cli_in(&dir, &["dots", "--analyze", "board.txt"], "");
    assert_eq!(code, 0, "{err}");
    let (analyse, _, _) = run_cli_in(&dir, &["dots", "--analyse=board.txt"], "");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(analyze, analyse);
    assert!(analyze.starts_with("square: "), "{analyze}");
}

#[test]
fn grid_duel_bench_without_a_count_does_not_take_the_next_flag_as_its_count() {
    // `--smart` is read as the flag it is (which the bench does not take), not as a bad count.
    let (out, err, code) = run_cli(&["grid-duel", "--bench", "--smart"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("the argument '--bench [<N>]' cannot be used with '--smart'"),
        "{err}"
    );
    assert!(!err.contains("invalid value"), "{err}");
    // Alone, --bench plays its default 2000 games.
    let (out, err, code) = run_cli(&["grid-duel", "--bench"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("games: 2000 (seeds 0..2000), human keeps every grid\n"),
        "{out}"
    );
}

#[test]
fn unknown_options_are_usage_errors() {
    for command in [
        &["modern-gems"][..],
        &["dots"],
        &["k-in-a-row", "board.txt"],
        &["solo-red"],
        &["grid-duel"],
        &["bench", "playouts"],
        &["bench", "samegame"],
        &["bench", "k-in-a-row"],
        &["bench", "solo-red"],
        &["soak"],
    ] {
        let args = [command, &["--bogus"][..]].concat();
        assert_usage_error(&args, "unexpected argument '--bogus'");
    }
    assert_usage_error(&["frobnicate"], "unrecognized subcommand 'frobnicate'");
}

#[test]
fn bad_values_are_usage_errors_naming_the_option() {
    let cases: [(&[&str], &str); 16] = [
        (&["modern-gems", "--expert-ms=0"], "'--expert-ms <MS>'"),
        (&["k-in-a-row"], "<FILE>"),
        (
            &["k-in-a-row", "b.txt", "--solve", "--seconds", "0"],
            "'--seconds <S>'",
        ),
        (&["k-in-a-row", "b.txt", "--seconds", "5"], "--solve"),
        (
            &["k-in-a-row", "--solve", "b.txt", "--perfect"],
            "'--solve' cannot be used with '--perfect'",
        ),
        (&["bench", "playouts", "--seconds", "-1"], "'--seconds <S>'"),
        (
            &["bench", "samegame", "--seconds-per-board", "x"],
            "'--seconds-per-board <S>'",
        ),
        (&["bench", "samegame", "--nodes", "0"], "'--nodes <N>'"),
        (
            &["bench", "samegame", "--player", "human"],
            "unknown AI player 'human'",
        ),
        (
            &["bench", "samegame", "--policy", "nope"],
            "unknown policy 'nope'",
        ),
        (
            &["bench", "samegame", "--tuning", "lone=maybe"],
            "lone is on or off, not 'maybe'",
        ),
        (
            &["bench", "samegame", "--tuning", "size=3"],
            "unknown part 'size'",
        ),
        (
            &["bench", "k-in-a-row", "--match", "--games", "0"],
            "'--games <N>'",
        ),
        (
            &["bench", "k-in-a-row", "--match", "--quality", "65"],
            "'--quality <Q>'",
        ),
        (&["bench", "k-in-a-row", "--games", "3"], "--match"),
        (
            &["bench", "k-in-a-row", "--match", "--size", "9"],
            "'--match' cannot be used with '--size <N>'",
        ),
    ];
    for (args, msg) in cases {
        assert_usage_error(args, msg);
    }
}

#[test]
fn a_file_that_cannot_be_read_is_a_failure() {
    for args in [
        &["k-in-a-row", "--solve", "/nonexistent"][..],
        &["k-in-a-row", "/nonexistent"],
        &["grid-duel", "--score", "/nonexistent"],
        &["dots", "--analyse", "/nonexistent"],
        &["dots", "--board", "/nonexistent"],
        &["bench", "samegame", "--boards", "/nonexistent"],
    ] {
        let (out, err, code) = run_cli(args, "");
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}: {err}");
        assert!(err.starts_with("gems-cli: "), "{args:?}: {err}");
        assert!(err.contains("/nonexistent"), "{args:?}: {err}");
    }
}

#[test]
fn a_game_that_cannot_start_is_a_failure() {
    let (out, err, code) = run_cli(&["bench", "k-in-a-row", "--size", "2", "--k", "9"], "");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("gems-cli: bench k-in-a-row: "), "{err}");
}
