//! The console's behaviour beyond the spec transcripts: bad input, save and load, end of input,
//! and the extended menus.

mod common;

use common::{EOF_AT_MENU, run_cli, run_cli_in, temp_dir, with_echo};

fn session(input: &[&str]) -> String {
    let owned: Vec<String> = input.iter().map(|s| s.to_string()).collect();
    let (out, err, code) = run_cli(&["modern-gems"], &(input.join("\n") + "\n"));
    assert_eq!(code, 0, "stderr: {err}");
    with_echo(&out, &owned)
}

#[test]
fn end_of_input_at_any_prompt_exits_cleanly() {
    let script = [
        "new",
        "tiny",
        "ChainedRemovalPolicy",
        "InteractivePlayer",
        "move 0 0",
    ];
    for n in 0..=script.len() {
        let (out, err, code) = run_cli(&["modern-gems"], &script[..n].join("\n"));
        assert_eq!(code, 0, "after {n} lines; stderr: {err}");
        assert!(
            out.ends_with(">>> Thanks for playing!\n"),
            "after {n} lines:\n{out}"
        );
    }
    let (out, _, _) = run_cli(&["modern-gems"], "");
    assert_eq!(out, EOF_AT_MENU);
}

#[test]
fn unknown_menu_option_and_names_are_reported_and_asked_again() {
    let shown = session(&[
        "play",
        "new",
        "huge",
        "tiny",
        "MagicPolicy",
        "chained",
        "Nobody",
        "greedy",
    ]);
    assert!(shown.contains(">>> play\n'play' is not a valid option\n\n----------------------\n"));
    assert!(shown.contains(">>> huge\nNo board named 'huge' exists\n>>> tiny\n"));
    assert!(shown.contains(">>> MagicPolicy\nUnknown removal policy 'MagicPolicy'\n>>> chained\n"));
    assert!(shown.contains(">>> Nobody\nUnknown player 'Nobody'\n>>> greedy\n"));
    assert!(shown.contains("All gems connected by any adjacency chain will be removed\n"));
    assert!(shown.contains("Final Score: "));
}

#[test]
fn bad_moves_are_reported_and_change_nothing() {
    let shown = session(&[
        "new",
        "tiny",
        "AdjacentRemovalPolicy",
        "InteractivePlayer",
        "move 5 5",
        "move -1 0",
        "move one two",
        "move 1",
        "jump",
        "save",
        "move 1 1",
    ]);
    assert!(shown.contains(
        ">>> move 5 5\nInvalid gem position (5,5)\n\n-- Move   0 --\nCurrent score: 0\n"
    ));
    assert!(shown.contains(">>> move -1 0\nInvalid gem position (-1,0)\n"));
    assert!(shown.contains(
        ">>> move one two\nInvalid move 'move one two': type move, then a row and a column number\n"
    ));
    assert!(shown.contains(">>> move 1\nInvalid move 'move 1'"));
    assert!(shown.contains(">>> jump\nInvalid option 'jump'\n\n\n-- Move   0 --"));
    assert!(shown.contains(">>> save\nInvalid save: type save, then a file name\n"));
    assert!(shown.contains(">>> move 1 1\n\n-- Move   1 --\nCurrent score: 9\n"));
    // After a move empties a cell, selecting it is refused too.
    let shown = session(&[
        "new",
        "tiny",
        "SingleRemovalPolicy",
        "InteractivePlayer",
        "move 0 1",
        "move 0 1",
    ]);
    assert!(shown.contains(">>> move 0 1\nInvalid gem position (0,1)\n"));
}

#[test]
fn save_then_load_restores_the_game_exactly() {
    let dir = temp_dir("saveload");
    let first = [
        "new",
        "large",
        "ChainedRemovalPolicy",
        "InteractivePlayer",
        "move 6 0",
        "save game1.mg",
        "quit",
        "quit",
    ];
    let (out, err, code) = run_cli_in(&dir, &["modern-gems"], &(first.join("\n") + "\n"));
    assert_eq!(code, 0, "{err}");
    let saved = std::fs::read_to_string(dir.join("game1.mg")).unwrap();
    assert!(
        saved.starts_with("16 1 InteractivePlayer ChainedRemovalPolicy\n"),
        "{saved}"
    );
    // The board shown after the move is the board in the file.
    let shown_after_move = out.split("-- Move   1 --\n").nth(1).unwrap().to_string();

    let second = ["load", "game1.mg", "quit", "quit"];
    let (out2, err2, code2) = run_cli_in(&dir, &["modern-gems"], &(second.join("\n") + "\n"));
    assert_eq!(code2, 0, "{err2}");
    assert!(out2.contains(
        "Likely game files (*.mg) in the working directory:\n game1.mg \nName a file to load:\n"
    ));
    assert!(out2.contains("Game load completed from file 'game1.mg'. Let's play!\nAll gems connected by any adjacency chain will be removed\n\n-- Move   1 --\n"));
    let shown_after_load = out2.split("-- Move   1 --\n").nth(1).unwrap().to_string();
    let upto = |s: &str| s.split("Choices:").next().unwrap().to_string();
    assert_eq!(upto(&shown_after_move), upto(&shown_after_load));
    assert!(shown_after_load.starts_with("Current score: 16\n"));
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn corrupt_or_missing_save_files_are_reported_and_left_alone() {
    let dir = temp_dir("corrupt");
    let cases = [
        (
            "ragged.mg",
            "0 0 GreedyPlayer ChainedRemovalPolicy\n1 2 3\n1 2\n",
        ),
        ("policy.mg", "0 0 GreedyPlayer MagicPolicy\n1 2\n"),
        (
            "header.mg",
            "zero 0 GreedyPlayer ChainedRemovalPolicy\n1 2\n",
        ),
        ("empty.mg", ""),
        ("binary.mg", "\u{0}\u{1}\u{2}"),
    ];
    for (name, text) in cases {
        std::fs::write(dir.join(name), text).unwrap();
    }
    for (name, text) in cases {
        let (out, err, code) = run_cli_in(&dir, &["modern-gems"], &format!("load\n{name}\n"));
        assert_eq!(code, 0, "{err}");
        let line = out
            .lines()
            .find(|l| l.contains("Could not load game from file"))
            .unwrap_or_else(|| panic!("{name}: no error in\n{out}"));
        assert!(
            line.starts_with(&format!(">>> Could not load game from file '{name}': ")),
            "{line}"
        );
        assert_eq!(std::fs::read_to_string(dir.join(name)).unwrap(), text);
    }
    let (out, _, _) = run_cli_in(&dir, &["modern-gems"], "load\nmissing.mg\n");
    assert!(out.contains("Could not load game from file 'missing.mg': "));
    let (out, _, _) = run_cli_in(&dir, &["modern-gems"], "load\nragged.mg\n");
    assert!(
        out.contains("line 3: the row has 2 gems but the first row has 3"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_failure_is_reported_and_the_game_goes_on() {
    let shown = session(&[
        "new",
        "tiny",
        "SingleRemovalPolicy",
        "InteractivePlayer",
        "save /nonexistent-dir/x.mg",
        "move 0 0",
    ]);
    assert!(shown.contains(
        ">>> save /nonexistent-dir/x.mg\nCould not save to file /nonexistent-dir/x.mg : "
    ));
    assert!(shown.contains("-- Move   1 --"));
}

#[test]
fn extended_mode_lists_more_and_names_work_in_both_modes() {
    let (out, _, _) = run_cli(&["modern-gems", "--extended"], "new\n");
    assert!(out.contains(
        "  tiny cross almostCross curve normal skinny large random:ROWSxCOLS:KINDS:SEED"
    ));
    let (out, _, _) = run_cli(&["modern-gems", "--extended"], "new\ntiny\n");
    assert!(out.contains("ChainedRemovalPolicy ClassicSameGamePolicy \n"));
    // Typed by name, extras work in plain mode too.
    let shown = session(&["new", "random:4x5:3:7", "classic", "greedy"]);
    assert!(shown.contains("Connected groups of 2 or more gems are removed"));
    assert!(shown.contains("Final Score: "));
    let shown = session(&[
        "new",
        "random:0x5:3:7",
        "random:axb",
        "tiny",
        "single",
        "lookahead1",
    ]);
    assert!(shown.contains("Bad random board: a board needs at least one row and one column"));
    assert!(shown.contains("Bad random board 'random:axb'"));
    assert!(shown.contains("Final Score: 9"));
}

#[test]
fn look_ahead_plays_every_named_board_under_every_policy() {
    for board in [
        "tiny",
        "cross",
        "almostCross",
        "curve",
        "normal",
        "skinny",
        "large",
    ] {
        for policy in [
            "SingleRemovalPolicy",
            "AdjacentRemovalPolicy",
            "WholeRowColRemovalPolicy",
            "ChainedRemovalPolicy",
        ] {
            let shown = session(&["new", board, policy, "LookAhead1Player"]);
            assert!(shown.contains("\nFinal Score: "), "{board} {policy}");
        }
    }
}

#[test]
fn bad_command_line_is_an_error() {
    // Usage errors come from clap: status 2, naming what was wrong, and nothing on stdout.
    let (out, err, code) = run_cli(&["modern-gems", "--bogus"], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("unexpected argument '--bogus'"), "{err}");
    let (_, err, code) = run_cli(&["modern-gems", "--expert-ms", "0"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'--expert-ms <MS>'"), "{err}");
    let (_, err, code) = run_cli(&["frobnicate"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("unrecognized subcommand 'frobnicate'"),
        "{err}"
    );
}
