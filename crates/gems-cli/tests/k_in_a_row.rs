//! `gems-cli k-in-a-row`: the console's text, `--solve` output and errors, run on the real binary.

mod common;

use common::{run_cli_in, temp_dir};

fn with_file(text: &str, args: &[&str], input: &str) -> (String, String, i32) {
    let dir = temp_dir("kinarow");
    std::fs::write(dir.join("board.txt"), text).unwrap();
    let mut all: Vec<&str> = vec!["k-in-a-row"];
    all.extend_from_slice(args);
    all.push("board.txt");
    let result = run_cli_in(&dir, &all, input);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn first_lines(out: &str, n: usize) -> Vec<&str> {
    out.lines().take(n).collect()
}

#[test]
fn solve_prints_value_then_a_best_move() {
    let (out, err, code) = with_file("3\n3\n3\neee\neee\neee\n", &["--solve"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(first_lines(&out, 1), ["value: draw"]);
    assert!(out.lines().nth(1).unwrap().starts_with("move: "));

    let (out, _, _) = with_file("4\n3\n1\neeee\neeee\neeee\neeee\n", &["--solve"], "");
    assert_eq!(first_lines(&out, 1), ["value: win"]);

    // human has two, computer two: the human moves and completes the top row
    let (out, _, _) = with_file("3\n3\n1\nhhe\ncce\neeu\n", &["--solve"], "");
    assert_eq!(first_lines(&out, 2), ["value: win", "move: 0 2"]);

    // k=2: the human's corner tile makes two threats; the computer (to move) cannot stop both
    let (out, _, _) = with_file("3\n2\n1\nhee\neee\neee\n", &["--solve"], "");
    assert_eq!(first_lines(&out, 1), ["value: loss"]);
    assert!(out.contains("to move: computer"));

    // a finished game: the opponent already has k in a row
    let (out, _, _) = with_file("3\n3\n1\nccc\nhhe\nheu\n", &["--solve"], "");
    assert_eq!(first_lines(&out, 2), ["value: loss", "move: none"]);
}

#[test]
fn solve_squares_prints_every_empty_squares_proven_value() {
    // The human (to move) has two in the top row and the computer two in the middle one: the
    // human wins at (0,2); anywhere else the computer completes its row, except at (1,2),
    // which blocks it and draws.
    let (out, err, code) = with_file("3\n3\n1\nhhe\ncce\neeu\n", &["--solve", "--squares"], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("squares (W win"))
        .expect("the squares' heading");
    assert_eq!(lines[at + 1..at + 4], ["hhW", "ccD", "LLu"], "{out}");
    assert!(
        lines[at + 4].starts_with("squares proven: 4 of 4 (0 from the checkpoint)  time: "),
        "{out}"
    );
    assert_eq!(lines[at + 5], "value from the squares: win");
}

#[test]
fn solve_squares_checkpoint_keeps_proven_squares_and_refuses_another_position() {
    let dir = temp_dir("kinarow-checkpoint");
    std::fs::write(dir.join("board.txt"), "3\n3\n1\nhhe\ncce\neeu\n").unwrap();
    let args = [
        "k-in-a-row",
        "--solve",
        "board.txt",
        "--squares",
        "--checkpoint",
        "squares.txt",
    ];
    let (out, err, code) = run_cli_in(&dir, &args, "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("squares proven: 4 of 4 (0 from the checkpoint)"),
        "{out}"
    );
    let saved = std::fs::read_to_string(dir.join("squares.txt")).unwrap();
    assert_eq!(
        saved,
        "# gems-cli k-in-a-row --squares checkpoint\nboard 3 3 hhecceeeu\nto-move human\n\
         square 0 2 win\nsquare 1 2 draw\nsquare 2 0 loss\nsquare 2 1 loss\n"
    );
    // Run again: every square comes from the file.
    let (out, _, code) = run_cli_in(&dir, &args, "");
    assert_eq!(code, 0);
    assert!(
        out.contains("squares proven: 4 of 4 (4 from the checkpoint)"),
        "{out}"
    );
    // A bad line, then another position's file: refused, named, and left as it was.
    let bad = saved.replace("square 1 2 draw", "square 1 two draw");
    std::fs::write(dir.join("squares.txt"), &bad).unwrap();
    let (_, err, code) = run_cli_in(&dir, &args, "");
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "squares.txt: line 5: expected 'square ROW COL win|draw|loss', not 'square 1 two draw'"
        ),
        "{err}"
    );
    std::fs::write(dir.join("board.txt"), "3\n3\n1\nhhe\ncce\neee\n").unwrap();
    std::fs::write(dir.join("squares.txt"), &saved).unwrap();
    let (_, err, code) = run_cli_in(&dir, &args, "");
    assert_eq!(code, 1);
    assert!(err.contains("it was written for another position"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.join("squares.txt")).unwrap(),
        saved
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_files_are_refused_with_the_line() {
    // A file that cannot be used is a failure: status 1.
    let (_, err, code) = with_file("3\n3\n3\neee\nexe\neee\n", &[], "");
    assert_eq!(code, 1);
    assert!(
        err.contains("line 5: 'x' is not a cell; use e or u"),
        "{err}"
    );
    let (_, err, code) = with_file("3\n3\n3\nhee\neee\neee\n", &[], "");
    assert_eq!(code, 1);
    assert!(err.contains("line 4: 'h' is not a cell"), "{err}");
    let (_, err, code) = with_file("25\n3\n3\n", &["--solve"], "");
    assert_eq!(code, 1);
    assert!(
        err.contains("line 1: the board size must be between 1 and 19, not 25"),
        "{err}"
    );
    let dir = temp_dir("kinarow-missing");
    let (_, err, code) = run_cli_in(&dir, &["k-in-a-row", "nope.txt"], "");
    assert_eq!(code, 1);
    assert!(err.contains("nope.txt"), "{err}");
}

#[test]
fn console_game_text() {
    let input = "x y\n5 5\n1 1\n1 1\n";
    let (out, err, code) = with_file("3\n3\n9\neee\neee\neee\n", &[], input);
    assert_eq!(code, 0, "{err}");
    let expected_start = "K in a row: 3x3 board, 3 in a row wins, computer at quality 9.\n\
You are H, the computer is C, # is unavailable. Enter a move as ROW COL (from 0), or quit.\n\
\n  0 1 2\n0 . . .\n1 . . .\n2 . . .\n\
Your move (row col): Please enter two numbers: ROW COL.\n\
Your move (row col): Invalid move: (5,5) is off the board: rows and columns go from 0 to 2.\n\
Your move (row col): \n  0 1 2\n0 . . .\n1 . H .\n2 . . .\n\nComputer plays ";
    assert!(out.starts_with(expected_start), "{out}");
    assert!(out.contains("Invalid move: (1,1) is not empty."), "{out}");
    assert!(out.ends_with("Game abandoned.\n"), "{out}");
}

#[test]
fn a_whole_game_ends_with_the_result() {
    // The computer starts on 3x3 k=2: it wins on its second move whatever the human does.
    let input = "0 0\n2 2\n0 2\n2 0\n";
    let (out, err, code) = with_file("3\n2\n4\neee\neee\neee\n", &["--computer-first"], input);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("\nThe computer wins.\n"), "{out}");
    let (out, _, _) = with_file("2\n2\n4\neu\nue\n", &[], "0 0\n");
    assert!(out.ends_with("\nThe game is a draw.\n"), "{out}");
}

/// `--solve` on a 19x19 board: exact when the free region is small, whatever the board's size,
/// and `unknown` (never a guess) when the search cannot finish in its time.
#[test]
fn solve_on_large_boards_is_exact_or_unknown() {
    let mut rows = vec!["u".repeat(19); 19];
    rows[9] = format!("{}eeee{}", "u".repeat(7), "u".repeat(8));
    let text = format!("19\n3\n4\n{}\n", rows.join("\n"));
    let (out, err, code) = with_file(&text, &["--solve"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: draw\n"), "{out}");
    assert!(out.contains("proven: yes\n"), "{out}");
    let empty = format!("15\n5\n4\n{}\n", vec!["e".repeat(15); 15].join("\n"));
    let (out, err, code) = with_file(&empty, &["--solve", "--seconds", "1"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: unknown\n"), "{out}");
    assert!(out.contains("proven: no"), "{out}");
}
