//! `gems-cli dots`: the console front end, `--analyse` and `--compare`, checked by exact text.

mod common;

use common::{run_cli, run_cli_in, temp_dir};

const FIG4: &str = "1112\n1123\n1234\n2341\n";

/// Runs `gems-cli dots ARGS` in a directory holding `board.txt` = `board`.
fn with_board(board: &str, args: &[&str], input: &str) -> (String, String, i32) {
    let dir = temp_dir("dots");
    std::fs::write(dir.join("board.txt"), board).unwrap();
    let mut all = vec!["dots", "--board", "board.txt"];
    all.extend_from_slice(args);
    let r = run_cli_in(&dir, &all, input);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

fn analyse(board: &str) -> (String, String, i32) {
    let dir = temp_dir("dots-analyse");
    std::fs::write(dir.join("board.txt"), board).unwrap();
    let r = run_cli_in(&dir, &["dots", "--analyse", "board.txt"], "");
    let _ = std::fs::remove_dir_all(&dir);
    r
}

#[test]
fn analyse_prints_exactly_three_lines() {
    assert_eq!(
        analyse(FIG4),
        (
            "square: 7\nbig square: 7\nclosed shape: 7\n".into(),
            String::new(),
            0
        )
    );
    // A 3×3 ring of 1s (no 2×2 square) and a 3×4 ring of 2s (a loop, not a square).
    let rings = "1112222\n1312332\n1112222\n3333332\n1545454\n5454545\n4545454\n";
    assert_eq!(
        analyse(rings).0,
        "square: 0\nbig square: 9\nclosed shape: 11\n"
    );
    assert_eq!(
        analyse("121\n212\n121\n").0,
        "square: 0\nbig square: 0\nclosed shape: 0\n"
    );
    // Blank lines and surrounding spaces are tolerated.
    assert_eq!(
        analyse("  113\n113\n\n333\n\n").0,
        "square: 4\nbig square: 4\nclosed shape: 4\n"
    );
}

#[test]
fn analyse_reports_bad_files_clearly() {
    let cases = [
        (
            "12\n21\n",
            "gems-cli: dots: board.txt: board size 2 is outside 3..=12\n",
        ),
        (
            "123\n12\n123\n",
            "gems-cli: dots: board.txt: board line 2: 2 dots, expected 3\n",
        ),
        (
            "123\n1x3\n123\n",
            "gems-cli: dots: board.txt: board line 2: 'x' is not a colour digit 1-9\n",
        ),
        (
            "123\n103\n123\n",
            "gems-cli: dots: board.txt: board line 2: '0' is not a colour digit 1-9\n",
        ),
        ("\n\n", "gems-cli: dots: board.txt: board line 0: no rows\n"),
    ];
    // A file that cannot be used is a failure (status 1), not a usage error.
    for (board, err) in cases {
        assert_eq!(
            analyse(board),
            (String::new(), err.to_string(), 1),
            "{board:?}"
        );
    }
    let huge = "1".repeat(5000);
    let (out, err, code) = analyse(&huge);
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(
        err.starts_with(
            "gems-cli: dots: cannot read board.txt: the file is larger than 4096 bytes"
        ),
        "{err}"
    );
    let (_, err, code) = run_cli(&["dots", "--analyse", "missing.txt"], "");
    assert_eq!(code, 1);
    assert!(
        err.starts_with("gems-cli: dots: cannot read missing.txt: "),
        "{err}"
    );
}

#[test]
fn bad_options_are_errors_not_panics() {
    // Settings the game refuses: a failure (status 1) with the game's reason.
    let cases: [(&[&str], &str); 5] = [
        (
            &["dots", "--size", "2"],
            "gems-cli: dots: board size 2 is outside 3..=12\n",
        ),
        (
            &["dots", "--size", "13"],
            "gems-cli: dots: board size 13 is outside 3..=12\n",
        ),
        (
            &["dots", "--moves", "0"],
            "gems-cli: dots: moves allowed 0 is outside 1..=1000\n",
        ),
        (
            &["dots", "--colors", "1"],
            "gems-cli: dots: colour count 1 is outside 2..=9\n",
        ),
        (
            &["dots", "--compare", "--games", "2", "--size", "2"],
            "gems-cli: dots: board size 2 is outside 3..=12\n",
        ),
    ];
    for (args, err) in cases {
        assert_eq!(
            run_cli(args, ""),
            (String::new(), err.to_string(), 1),
            "{args:?}"
        );
    }
    // Usage errors, from clap: status 2 and a message naming the option.
    let usage: [(&[&str], &str); 7] = [
        (
            &["dots", "--size", "-4"],
            "invalid value '-4' for '--size <N>'",
        ),
        (
            &["dots", "--colours", "x"],
            "invalid value 'x' for '--colors <C>'",
        ),
        (&["dots", "--seed"], "a value is required for '--seed <S>'"),
        (&["dots", "--bogus"], "unexpected argument '--bogus'"),
        (&["dots", "--games", "3"], "--compare"),
        (
            &["dots", "--analyse", "a.txt", "--compare"],
            "'--analyse <FILE>' cannot be used with '--compare'",
        ),
        (
            &["dots", "--analyze", "a.txt", "--board", "b.txt"],
            "'--analyse <FILE>' cannot be used with '--board <FILE>'",
        ),
    ];
    for (args, msg) in usage {
        let (out, err, code) = run_cli(args, "");
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(msg), "{args:?}: {err}");
    }
}

#[test]
fn scripted_play_fig4_orders_open_then_closed() {
    let input = "select 0 2 0 1 0 0 1 0 1 1\nremove\nhint\nai\n";
    let (out, err, code) = with_board(FIG4, &["--moves", "2", "--seed", "3"], input);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(
        out,
        "\
Dots: 4x4 board, 4 colours, 2 moves, seed 3. Type 'help' for commands.
     0  1  2  3
  0  1  1  1  2
  1  1  1  2  3
  2  1  2  3  4
  3  2  3  4  1
Moves left: 2  Score: 0
> Selected: 0 2, 0 1, 0 0, 1 0, 1 1 (closed shape).
> Closed shape! Removed all 7 dots of colour 1.
     0  1  2  3
  0  1  1  2  4
  1  3  4  2  2
  2  3  2  3  3
  3  2  3  4  4
Moves left: 1  Score: 7
> Hint: 2 0, 2 1, 3 1 removes 3.
> AI selects 2 0, 2 1, 3 1.
Removed 3 dots.
     0  1  2  3
  0  1  1  1  3
  1  3  4  4  4
  2  3  2  3  3
  3  2  3  4  4
Moves left: 0  Score: 10
Game over (no moves left). Final score: 10
"
    );
}

#[test]
fn the_open_order_of_the_same_dots_removes_only_them() {
    let input = "select 0 0 1 0 1 1 0 1 0 2\nremove\nquit\n";
    let (out, _, code) = with_board(FIG4, &["--seed", "3"], input);
    assert_eq!(code, 0);
    assert!(
        out.contains("> Selected: 0 0, 1 0, 1 1, 0 1, 0 2.\n> Removed 5 dots.\n"),
        "{out}"
    );
    assert!(
        out.ends_with("Moves left: 19  Score: 5\n> Bye. Final score: 5\n"),
        "{out}"
    );
}

#[test]
fn bad_commands_are_answered_and_change_nothing() {
    let input = "\
bogus
select 0 0


select 5 5
select 1 1
select x
select 0 1 1 1 2 1
select 0 1
deselect 0 0
deselect 0 0 0 1
deselect 0 1
remove
clear
board
";
    let (out, _, code) = with_board(FIG4, &["--seed", "3"], input);
    assert_eq!(code, 0);
    let after_board = out.split_once("Moves left: 20  Score: 0\n").unwrap().1;
    assert_eq!(
        after_board,
        "\
> Unknown command 'bogus'. Type 'help' for commands.
> Selected: 0 0.
> 5 5 is off the board.
> Cannot select 1 1.
> Expected pairs of numbers: column row [column row ...].
> Cannot select 2 1.
> Selected: 0 0, 0 1.
> Cannot deselect 0 0: only the last selected dot can be deselected.
> Deselect one dot at a time.
> Selected: 0 0.
> Cannot remove: select at least 2 dots.
> Selection cleared.
>      0  1  2  3
  0  1  1  1  2
  1  1  1  2  3
  2  1  2  3  4
  3  2  3  4  1
Moves left: 20  Score: 0
> 
Bye. Final score: 0
"
    );
}

#[test]
fn board_marks_the_selection_and_help_lists_the_commands() {
    let (out, _, _) = with_board(FIG4, &[], "select 0 0 0 1 1 1\nboard\nhelp\nquit\n");
    assert!(out.contains(
        "\
>      0  1  2  3
  0 *1  1  1  2
  1 *1 *1  2  3
  2  1  2  3  4
"
    ));
    assert!(out.contains(
        "\
> Commands:
  select X Y [X Y ...]   select dots (column X, row Y, from 0 at the top left)
  deselect X Y           deselect the last selected dot
  clear                  deselect everything
  remove                 remove the selected dots (a closed shape removes its colour)
  hint                   show the move that removes the most dots now
  ai                     let the planner make one move
  board                  show the board
  quit                   leave the game
> Bye. Final score: 0
"
    ));
}

#[test]
fn a_board_without_a_pair_is_over_at_once() {
    let (out, _, code) = with_board("121\n212\n121\n", &["--moves", "2"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "\
Dots: 3x3 board, 2 colours, 2 moves, seed 1. Type 'help' for commands.
     0  1  2
  0  1  2  1
  1  2  1  2
  2  1  2  1
Moves left: 2  Score: 0
Game over (no two adjacent dots share a colour). Final score: 0
"
    );
}

#[test]
fn a_seed_replays_the_same_random_game() {
    let input = "ai\nai\nai\n";
    let a = run_cli(
        &["dots", "--size", "5", "--moves", "3", "--seed", "11"],
        input,
    );
    let b = run_cli(
        &["dots", "--size", "5", "--moves", "3", "--seed", "11"],
        input,
    );
    assert_eq!(a, b);
    assert!(a.0.starts_with("Dots: 5x5 board, 5 colours, 3 moves, seed 11."));
    assert!(a.0.contains("Game over (no moves left). Final score: "));
}

#[test]
fn compare_prints_both_players() {
    let (out, err, code) = run_cli(&["dots", "--compare", "--games", "3", "--moves", "5"], "");
    assert_eq!((err.as_str(), code), ("", 0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert!(lines[0].starts_with("game   0 seed      1: greedy "));
    assert_eq!(lines[3], "3 games, 6x6, 5 colours, 5 moves");
    assert!(lines[4].starts_with("greedy   total "));
    assert!(lines[5].starts_with("planner  total "));
    assert!(lines[6].starts_with("ties "));
}
