//! `gems-cli grid-duel`: exact transcripts of seeded games (including a tie and its replay),
//! bad input, end of input at every prompt, and `--score FILE`.
//!
//! The transcripts in `tests/grid_duel_transcripts/` are the documented wording
//! (`docs/games/grid_duel.md`); `GRID_DUEL_BLESS=1` rewrites them after a deliberate change.
//! Each one is also checked against the rules: every grid shown is re-scored by `gems-rules`.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use gems_rules::grid_duel::{Grid, score};

fn run(args: &[&str], input: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gems-cli"))
        .arg("grid-duel")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gems-cli starts");
    // The program may exit before reading everything; a broken pipe is fine then.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("gems-cli finishes");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
        out.status.code().unwrap_or(-1),
    )
}

fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/grid_duel_transcripts")
        .join(name)
}

/// Runs a game and compares its whole output with the stored transcript.
fn check_transcript(name: &str, args: &[&str], input: &[&str]) -> String {
    let (out, err, code) = run(args, &(input.join("\n") + "\n"));
    assert_eq!(code, 0, "stderr: {err}");
    let path = fixture_path(name);
    if std::env::var_os("GRID_DUEL_BLESS").is_some() {
        std::fs::write(&path, &out).expect("transcript written");
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    if out != want {
        let line = out
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{name} differs from line {}:\n got: {:?}\nwant: {:?}",
            line + 1,
            out.lines().nth(line),
            want.lines().nth(line)
        );
    }
    rescore_every_grid(&out);
    out
}

/// Finds every grid shown in a transcript, re-scores it with the rules and checks the row
/// points after `=` and the points line below it.
fn rescore_every_grid(out: &str) -> usize {
    let lines: Vec<&str> = out.lines().collect();
    let mut grids = 0;
    for (i, l) in lines.iter().enumerate() {
        if *l != "     1 2 3 4 5 6 7 8 9" {
            continue;
        }
        let rows = &lines[i + 2..i + 11];
        let text: String = rows.iter().map(|r| r[5..22].to_string() + "\n").collect();
        let g = Grid::parse(&text).expect("a shown grid parses");
        let b = score(&g);
        for (r, row) in rows.iter().enumerate() {
            assert_eq!(
                *row,
                format!("{:>2} | {} = {}", r + 1, &row[5..22], b.rows[r])
            );
        }
        assert_eq!(
            lines[i + 11],
            format!(
                "Points: vertical {} - horizontal {} + bonus {} + rare {} = {}",
                b.vertical,
                b.horizontal,
                b.bonus,
                b.rare,
                b.total()
            )
        );
        grids += 1;
    }
    grids
}

const ENOUGH_ENTERS: usize = 40;

fn enters(prefix: &[&'static str]) -> Vec<&'static str> {
    let mut v = prefix.to_vec();
    v.extend(std::iter::repeat_n("", ENOUGH_ENTERS));
    v
}

/// Seed 203, every grid kept: game 1 ties at 181, the replay is won by the human.
#[test]
fn seeded_tie_then_replay_transcript() {
    let out = check_transcript(
        "seed203-tie-replay.txt",
        &["--seed", "203"],
        &enters(&["Alice"]),
    );
    assert!(out.contains("It's a tie at 181 points each! A whole new game will be played . . .\n"));
    assert!(out.contains("Game 2, Turn 1 of 3"));
    assert!(!out.contains("Game 3"));
    assert!(
        out.ends_with("Alice wins by 89 points! Congratulations!\nThanks for playing, Alice!\n")
    );
    assert_eq!(out.matches("No regeneration requested . . .").count(), 12);
    assert_eq!(rescore_every_grid(&out), 24);
}

/// Seed 7 with bad input, a row and a whole-grid regeneration, against the plain computer.
#[test]
fn seeded_game_with_regenerations_and_bad_input() {
    let out = check_transcript(
        "seed7-choices.txt",
        &["--seed", "7"],
        &enters(&[
            "", "Bob", "", "x", "0", "10", "3", "g", "", "", "", "9", "", "", "G",
        ]),
    );
    assert!(out.contains("Please enter your name: Your name cannot be empty.\n"));
    assert!(out.contains("'x' is not a choice: type a row number from 1 to 9, G, or nothing.\n"));
    assert!(out.contains("'0' is not a choice"));
    assert!(out.contains("'10' is not a choice"));
    assert!(out.contains("Regenerating row 3 . . .\n"));
    assert!(out.contains("Regenerating row 9 . . .\n"));
    assert_eq!(
        out.matches("Regenerating the whole grid . . .\n").count(),
        2
    );
    assert!(out.contains("Thanks for playing, Bob!\n"));
}

/// The smart computer shows its expected points and regenerates only for a positive gain.
#[test]
fn seeded_smart_game_transcript() {
    let out = check_transcript(
        "seed8-smart.txt",
        &["--seed", "8", "--smart"],
        &enters(&["Carol"]),
    );
    let plans: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("Computer's best row to regenerate is row "))
        .collect();
    assert_eq!(plans.len(), 6);
    let lines: Vec<&str> = out.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if let Some(rest) = l.strip_prefix("Computer's best row to regenerate is row ") {
            let gain_positive = rest.contains("(expected gain +");
            assert_eq!(
                lines[i + 1].starts_with("Computer regenerates row "),
                gain_positive,
                "{l}"
            );
        }
    }
}

#[test]
fn same_seed_same_game() {
    let input = enters(&["Dana", "4", "g"]).join("\n");
    let a = run(&["--seed", "99", "--smart"], &input);
    let b = run(&["--seed", "99", "--smart"], &input);
    assert_eq!(a, b);
    let c = run(&["--seed", "100", "--smart"], &input);
    assert_ne!(a.0, c.0);
}

#[test]
fn end_of_input_at_every_prompt_exits_cleanly() {
    let script = enters(&["Eve", "", "5", "g"]);
    for n in 0..13 {
        let input: String = script[..n].iter().map(|l| format!("{l}\n")).collect();
        let (out, err, code) = run(&["--seed", "3"], &input);
        assert_eq!(code, 0, "after {n} lines: {err}");
        assert!(
            out.ends_with("\nEnd of input. Thanks for playing!\n"),
            "after {n} lines:\n{out}"
        );
    }
    // 13 lines play the whole game (seed 3 does not tie).
    let input: String = script[..13].iter().map(|l| format!("{l}\n")).collect();
    let (out, _, _) = run(&["--seed", "3"], &input);
    assert!(out.ends_with("Thanks for playing, Eve!\n"), "{out}");
    // A last line without a newline still counts.
    let (out, _, _) = run(&["--seed", "3"], "Eve");
    assert!(out.contains("Hello, Eve!"));
}

#[test]
fn bad_options_are_reported() {
    // Usage errors, from clap: status 2, nothing on stdout, a message naming the option.
    for (args, msg) in [
        (&["--seed"][..], "a value is required for '--seed <S>'"),
        (&["--seed", "-1"][..], "invalid value '-1' for '--seed <S>'"),
        (&["--seed", "x"][..], "invalid value 'x' for '--seed <S>'"),
        (&["--fast"][..], "unexpected argument '--fast'"),
        (&["--score"][..], "a value is required for '--score <FILE>'"),
        (
            &["--score", "x", "--seed", "1"][..],
            "'--score <FILE>' cannot be used with '--seed <S>'",
        ),
    ] {
        let (out, err, code) = run(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.starts_with("error: "), "{err}");
        assert!(err.contains(msg), "{args:?}: {err}");
    }
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grid-duel-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("temp file");
    path
}

fn score_file(name: &str, contents: &str) -> (String, String, i32) {
    let path = temp_file(name, contents.as_bytes());
    run(&["--score", path.to_str().expect("UTF-8 path")], "")
}

#[test]
fn score_prints_the_five_lines() {
    // The spec's rare illustration: 900 rare points, nothing else.
    let all_boxes = "123123123\n456456456\n789789789\n".repeat(3);
    let (out, err, code) = score_file("boxes.txt", &all_boxes);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "horizontal: 0\nvertical: 0\nbonus: 0\nrare: 900\ntotal: 900\n"
    );
    // The spec's row example on every row: 9 × 29 horizontal; each column is one run of 9.
    let rows = "4 4 7 2 4 7 7 7 2\n".repeat(9);
    let (out, _, _) = score_file("rows.txt", &rows);
    // Each column is one run of 9 equal digits: 9 × (digit + 1).
    let vertical = 9 * (5 + 5 + 8 + 3 + 5 + 8 + 8 + 8 + 3);
    // 4 appears 27 times (16), 7 36 times (49), 2 18 times (4).
    assert_eq!(
        out,
        format!(
            "horizontal: 261\nvertical: {vertical}\nbonus: 69\nrare: 0\ntotal: {}\n",
            vertical - 261 + 69
        )
    );
    // The spec's column example grid (horizontal 92 worked by hand in the rules tests).
    let spec = "\
8 1 9 8 3 7 8 5 4
5 5 6 6 2 3 8 7 3
3 1 6 8 4 6 9 8 1
7 4 7 4 4 7 8 6 1
6 3 2 9 6 2 8 8 4
3 6 4 7 5 6 8 2 1
3 2 9 1 2 8 9 2 5
6 6 4 9 9 3 2 3 8
1 7 4 5 8 8 2 7 8
";
    let (out, _, code) = score_file("spec.txt", spec);
    assert_eq!(code, 0);
    let b = score(&Grid::parse(spec).unwrap());
    assert_eq!(b.columns[6], 51);
    assert_eq!(
        out,
        format!(
            "horizontal: 92\nvertical: {}\nbonus: {}\nrare: {}\ntotal: {}\n",
            b.vertical,
            b.bonus,
            b.rare,
            b.total()
        )
    );
}

#[test]
fn score_reports_bad_files() {
    // A file that cannot be scored is a failure: status 1.
    let (out, err, code) = score_file("short.txt", "123456789\n");
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err.trim_end(),
        format!(
            "gems-cli: grid-duel: '{}': expected 9 lines of 9 digits, found 1 non-blank lines",
            fixture_dir_file("short.txt")
        )
    );
    let bad = "123456789\n".repeat(2) + "1234x6789\n" + &"123456789\n".repeat(6);
    let (_, err, code) = score_file("bad.txt", &bad);
    assert_eq!(code, 1);
    assert!(
        err.ends_with("line 3: expected 9 digits 1-9, found '1234x6789'\n"),
        "{err}"
    );
    let (_, err, code) = score_file("big.txt", &"1".repeat(10_000));
    assert_eq!(code, 1);
    assert!(err.contains("cannot read"), "{err}");
    let (_, err, code) = run(&["--score", "/nonexistent/grid.txt"], "");
    assert_eq!(code, 1);
    assert!(err.starts_with("gems-cli: grid-duel: cannot read '/nonexistent/grid.txt'"));
    // --score takes no other option: a usage error, before the file is read.
    let (_, err, code) = run(&["--score", "x", "--smart"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("'--score <FILE>' cannot be used with '--smart'"),
        "{err}"
    );
}

fn fixture_dir_file(name: &str) -> String {
    std::env::temp_dir()
        .join(format!("grid-duel-cli-{}", std::process::id()))
        .join(name)
        .display()
        .to_string()
}

#[test]
fn bench_prints_its_figures() {
    let (out, err, code) = run(&["--bench", "20"], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], "games: 20 (seeds 0..20), human keeps every grid");
    assert!(lines[1].starts_with("plain computer: average total "));
    assert!(lines[2].starts_with("smart computer: average total "));
    assert!(lines[3].contains("expected new row horizontal points 8.4568)"));
    let (out, err, code) = run(&["--bench=7"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("games: 7 (seeds 0..7),"), "{out}");
    for (args, msg) in [
        (
            &["--bench", "0"][..],
            "invalid value '0' for '--bench [<N>]'",
        ),
        (
            &["--bench", "1000001"][..],
            "invalid value '1000001' for '--bench [<N>]'",
        ),
        (
            &["--bench", "x"][..],
            "invalid value 'x' for '--bench [<N>]'",
        ),
    ] {
        let (out, err, code) = run(args, "");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains(msg), "{args:?}: {err}");
    }
}

#[test]
fn long_or_control_names_are_refused() {
    let long = "A".repeat(21);
    let (out, _, code) = run(&["--seed", "1"], &format!("{long}\nBad\tName\nZoe\n"));
    assert_eq!(code, 0);
    assert!(out.contains(
        "Please enter your name: Please use at most 20 printable characters.\n\
         Please enter your name: Please use at most 20 printable characters.\n\
         Please enter your name: Hello, Zoe! You play first in every turn.\n"
    ));
    assert!(out.ends_with("\nEnd of input. Thanks for playing!\n"));
}
