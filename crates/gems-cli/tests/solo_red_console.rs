//! `gems-cli solo-red`: exact console text for scripted decks, bad input and start errors.

mod common;

use common::run_cli;

/// The spec's section 2.7 deal, dealt unshuffled with `--deck`.
const DECK: &str = "B2 R1 O1 O4 R2 B4 V6 B7 I1 O3 R3 R4 B1 I5";

const START: &str = "Canvas: R\nP1: B2\nP2: R1\nP3: O1\n> P4: O4\nHand: R2 B4 V6 B7 I1 O3 R3\n";

#[test]
fn scripted_game_plays_and_loses_with_exact_text() {
    let (out, err, code) = run_cli(
        &["solo-red", "--deck", DECK],
        "palette 1 4\n\npalette 3 1\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!(
            "{START}Canvas: R\n> P1: B2 B7\nP2: R1\nP3: O1\nP4: O4\nHand: R2 B4 V6 I1 O3 R3 R4\n\
             Canvas: R\n> P1: B2 B7\nP2: R1\nP3: O1 R2\nP4: O4\nHand: B4 V6 I1 O3 R3 R4\nGame lost.\n"
        )
    );
}

#[test]
fn canvas_then_palette_and_quit() {
    let (out, _, code) = run_cli(
        &["solo-red", "--deck", DECK],
        "canvas 5\npalette 4 4\nq\npalette 1 1\n",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!(
            "{START}Canvas: I\nP1: B2\nP2: R1\nP3: O1\n> P4: O4\nHand: R2 B4 V6 B7 O3 R3\n\
             Invalid move: palette 4 is already winning; play to a losing palette. Try again.\nGame quit!\n"
        )
    );
}

#[test]
fn illegal_commands_get_a_message_and_change_nothing() {
    let (out, _, code) = run_cli(
        &["solo-red", "--deck", DECK],
        "palette 9 1\npalette 1 8\ncanvas 0\njump\ncanvas 1\ncanvas 1\nq\n",
    );
    assert_eq!(code, 0);
    let unknown = |c: &str| {
        format!(
            "Unknown command '{c}'. Commands: palette P C, canvas C, hint, q (P and C count from 1).\n"
        )
    };
    assert_eq!(
        out,
        format!(
            "{START}Invalid move: there is no palette 9. Try again.\n\
             Invalid move: there is no card 8 in the hand. Try again.\n{}{}\
             Canvas: R\nP1: B2\nP2: R1\nP3: O1\n> P4: O4\nHand: B4 V6 B7 I1 O3 R3\n\
             Invalid move: a card was already played to the canvas this turn. Try again.\nGame quit!\n",
            unknown("canvas 0"),
            unknown("jump")
        )
    );
}

#[test]
fn winning_a_small_deal() {
    // P1 R1, P2 R2; hand B3. B3 to P1 wins (Red: B3 > R2), the deck is empty: won.
    let (out, _, _) = run_cli(
        &[
            "solo-red",
            "--palettes",
            "2",
            "--hand",
            "1",
            "--deck",
            "R1 R2 B3",
        ],
        "palette 1 1\n",
    );
    assert_eq!(
        out,
        "Canvas: R\nP1: R1\n> P2: R2\nHand: B3\nCanvas: R\n> P1: R1 B3\nP2: R2\nHand:\nGame won!\n"
    );
}

#[test]
fn hint_names_a_move_that_keeps_the_game_going() {
    let (out, _, _) = run_cli(&["solo-red", "--deck", DECK], "hint\nq\n");
    let hint = out.lines().nth(6).unwrap();
    assert!(hint.starts_with("Hint: play "), "{out}");
}

#[test]
fn bad_options_and_decks_are_reported() {
    // Settings the game refuses to start with: a failure (status 1) with the game's reason.
    for (args, msg) in [
        (vec!["--palettes", "1"], "need at least 2 palettes, got 1"),
        (vec!["--hand", "0"], "the hand size must be positive, got 0"),
        (
            vec!["--deck", "R1 R2 R3"],
            "the deck has 3 cards but needs at least 11",
        ),
        (
            vec!["--deck", "R1 R1 R3 R4"],
            "card R1 appears more than once",
        ),
        (vec!["--deck", "R1 Q2"], "'Q2' is not a card"),
    ] {
        let mut all = vec!["solo-red"];
        all.extend(args);
        let (out, err, code) = run_cli(&all, "");
        assert_eq!(code, 1, "{all:?}");
        assert!(out.is_empty());
        assert!(
            err.starts_with("gems-cli: solo-red: cannot start: "),
            "{err}"
        );
        assert!(err.contains(msg), "{all:?}: {err}");
    }
    // Usage errors, from clap: status 2 and a message naming the option.
    for (args, msg) in [
        (vec!["--hand", "-3"], "invalid value '-3' for '--hand <N>'"),
        (vec!["--seed"], "a value is required for '--seed <S>'"),
        (vec!["--colour"], "unexpected argument '--colour'"),
    ] {
        let mut all = vec!["solo-red"];
        all.extend(args);
        let (out, err, code) = run_cli(&all, "");
        assert_eq!(code, 2, "{all:?}");
        assert!(out.is_empty());
        assert!(err.contains(msg), "{all:?}: {err}");
    }
}

#[test]
fn same_seed_same_deal() {
    let a = run_cli(&["solo-red", "--seed", "42"], "q\n").0;
    let b = run_cli(&["solo-red", "--seed", "42"], "q\n").0;
    let c = run_cli(&["solo-red", "--seed", "43"], "q\n").0;
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_eq!(a.lines().count(), 7);
}
