//! The Modern Gems spec's Board, Gem and policy examples (sections 2, 6, 7 and 8), as unit tests.

use gems_rules::gems::{
    Board, BoardParseError, Cell, Game, Gem, Player, RemovalPolicy, named_board,
};

fn tiny() -> Board {
    named_board("tiny").unwrap()
}

const TINY: &str = "     0  1  2\n   ---------\n 0|  1  3  2 \n 1|  1  1  1 \n 2|  1  2  2 \n";

#[test]
fn gem_basics() {
    let mut g = Gem::new(2);
    assert_eq!(g.kind_string(), "2");
    assert!(!g.flagged());
    g.set_flag();
    assert!(g.flagged());
    assert_eq!(g.kind_string(), "2");
    g.clear_flag();
    assert!(!g.flagged());
    let h = Gem::new(2);
    let k = Gem::new(4);
    assert!(!g.same_kind(&k));
    assert!(g.same_kind(&h));
    let e = Gem::empty();
    assert!(!e.is_filled());
    assert_eq!(e.kind_string(), "");
    assert!(!e.same_kind(&Gem::empty()));
}

#[test]
fn section2_flags_and_removals() {
    let mut b = tiny();
    assert_eq!(b.to_string(), TINY);
    b.set_flag(1, 0);
    b.set_flag(2, 2);
    b.set_flag(2, 1);
    assert_eq!(
        b.to_string(),
        "     0  1  2\n   ---------\n 0|  1  3  2 \n 1|  1* 1  1 \n 2|  1  2* 2*\n"
    );
    b.clear_flag(2, 1);
    b.set_flag(2, 0);
    assert_eq!(
        b.to_string(),
        "     0  1  2\n   ---------\n 0|  1  3  2 \n 1|  1* 1  1 \n 2|  1* 2  2*\n"
    );
    b.remove_flagged();
    assert_eq!(
        b.to_string(),
        "     0  1  2\n   ---------\n 0|     3    \n 1|     1  2 \n 2|  1  2  1 \n"
    );
    // validGemAt, including out-of-bounds and negative positions.
    assert!(!b.valid_gem_at(0, 0));
    assert!(b.valid_gem_at(0, 1));
    assert!(!b.valid_gem_at(0, 3));
    assert!(!b.valid_gem_at(0, -1));
    assert!(!b.valid_gem_at(-1, 0));
    assert!(!b.valid_gem_at(i64::MAX, i64::MIN));
    assert!(!b.gem_at(0, 0).is_filled());
    assert_eq!(b.gem_at(0, 0).kind_string(), "");
    assert_eq!(b.gem_at(0, 1).kind_string(), "3");
    b.set_flag(2, 0);
    b.remove_flagged();
    assert_eq!(
        b.to_string(),
        "     0  1  2\n   ---------\n 0|  3       \n 1|  1  2    \n 2|  2  1    \n"
    );
}

#[test]
#[should_panic(expected = "outside")]
fn gem_at_out_of_bounds_panics_like_the_spec() {
    tiny().gem_at(3, 0);
}

#[test]
fn section2_clone_is_deep() {
    let mut x = tiny();
    x.set_flag(1, 1);
    let mut y = x.clone();
    y.remove_flagged();
    assert_eq!(
        y.to_string(),
        "     0  1  2\n   ---------\n 0|  1     2 \n 1|  1  3  1 \n 2|  1  2  2 \n"
    );
    assert_eq!(
        x.to_string(),
        "     0  1  2\n   ---------\n 0|  1  3  2 \n 1|  1  1* 1 \n 2|  1  2  2 \n"
    );
}

/// The worked example in the comment of `doRemovals()`: removal, falling, then column shift.
#[test]
fn section23_do_removals_example() {
    let mut b = Board::from_grid(&[
        [4, -1, 4, -1, -1],
        [9, 1, 6, -1, 2],
        [6, 5, 1, -1, 9],
        [2, 5, 5, 7, 7],
        [5, 9, 7, 7, 7],
    ])
    .unwrap();
    for (r, c) in [(3, 3), (3, 4), (4, 2), (4, 3), (4, 4)] {
        b.set_flag(r, c);
    }
    let removal = b.remove_flagged();
    let expected = Board::from_grid(&[
        [4, -1, -1, -1, -1],
        [9, 1, 4, -1, -1],
        [6, 5, 6, -1, -1],
        [2, 5, 1, 2, -1],
        [5, 9, 5, 9, -1],
    ])
    .unwrap();
    assert_eq!(b, expected);
    assert_eq!(removal.removed.len(), 5);
    // Column 2 fell one row; column 4's gems fell to the bottom and slid into column 3.
    let moved: Vec<(Cell, Cell, Cell)> = removal
        .moves
        .iter()
        .map(|m| (m.from, m.fallen, m.to))
        .collect();
    assert_eq!(
        moved,
        vec![
            (Cell::new(3, 2), Cell::new(4, 2), Cell::new(4, 2)),
            (Cell::new(2, 2), Cell::new(3, 2), Cell::new(3, 2)),
            (Cell::new(1, 2), Cell::new(2, 2), Cell::new(2, 2)),
            (Cell::new(0, 2), Cell::new(1, 2), Cell::new(1, 2)),
            (Cell::new(2, 4), Cell::new(4, 4), Cell::new(4, 3)),
            (Cell::new(1, 4), Cell::new(3, 4), Cell::new(3, 3)),
        ]
    );
}

#[test]
fn save_string_sample_round_trips() {
    let s = ". . 4 . . \n. 10 6 8 2 \n. 5 1 5 9 \n2 5 5 8 4 \n5 9 4 9 5 \n";
    let b = Board::from_save_string(s).unwrap();
    assert_eq!(b.rows(), 5);
    assert_eq!(b.cols(), 5);
    assert_eq!(b.gem_at(1, 1).kind(), Some(10));
    assert_eq!(b.save_string(), s);
    assert_eq!(
        b.to_string(),
        "     0  1  2  3  4\n   ---------------\n 0|        4       \n 1|    10  6  8  2 \n 2|     5  1  5  9 \n 3|  2  5  5  8  4 \n 4|  5  9  4  9  5 \n"
    );
}

#[test]
fn save_string_parser_rejects_bad_input() {
    assert_eq!(Board::from_save_string(""), Err(BoardParseError::Empty));
    assert_eq!(
        Board::from_save_string(" \n\n \n"),
        Err(BoardParseError::Empty)
    );
    assert_eq!(
        Board::from_save_string("1 2 3\n1 2\n"),
        Err(BoardParseError::Ragged {
            line: 2,
            expected: 3,
            found: 2
        })
    );
    assert_eq!(
        Board::from_save_string("1 2\n1 x\n"),
        Err(BoardParseError::BadToken {
            line: 2,
            item: 2,
            token: "x".into()
        })
    );
    for bad in ["-1", "+1", "1.5", "99999999999", "٣", "*"] {
        assert!(
            matches!(
                Board::from_save_string(&format!("1 {bad}\n")),
                Err(BoardParseError::BadToken { .. })
            ),
            "{bad} accepted"
        );
    }
    let wide = "1 ".repeat(1001);
    assert!(matches!(
        Board::from_save_string(&wide),
        Err(BoardParseError::TooManyCols { .. })
    ));
    let tall = "1\n".repeat(1001);
    assert!(matches!(
        Board::from_save_string(&tall),
        Err(BoardParseError::TooManyRows { .. })
    ));
    // Windows line endings and blank lines are fine.
    assert_eq!(
        Board::from_save_string("\r\n1 3 2\r\n\r\n1 1 1\r\n1 2 2\r\n").unwrap(),
        tiny()
    );
}

#[test]
fn multi_digit_kinds_display_and_save() {
    let b = Board::from_save_string("10 123 .\n7 7 7\n").unwrap();
    assert_eq!(b.save_string(), "10 123 . \n7 7 7 \n");
    assert_eq!(
        b.to_string(),
        "     0  1  2\n   ---------\n 0| 10 123    \n 1|  7  7  7 \n"
    );
}

fn flagged(b: &Board) -> Vec<(usize, usize)> {
    b.flagged_cells().iter().map(|c| (c.row, c.col)).collect()
}

#[test]
fn section6_adjacent_flags_and_scores() {
    let p = RemovalPolicy::Adjacent;
    let mut b = tiny();
    p.flag_connected_gems(0, 0, &mut b);
    assert_eq!(flagged(&b), vec![(0, 0), (1, 0)]);
    p.flag_connected_gems(0, 1, &mut b);
    assert_eq!(flagged(&b), vec![(0, 1)]);
    p.flag_connected_gems(1, 0, &mut b);
    assert_eq!(flagged(&b), vec![(0, 0), (1, 0), (1, 1), (2, 0)]);
    assert_eq!(p.score_move(0, 0, &mut b), 4);
    assert_eq!(
        b.to_string(),
        "     0  1  2\n   ---------\n 0|  1* 3  2 \n 1|  1* 1  1 \n 2|  1  2  2 \n"
    );
    assert_eq!(p.score_move(1, 0, &mut b), 16);
    assert_eq!(
        b.to_string(),
        "     0  1  2\n   ---------\n 0|  1* 3  2 \n 1|  1* 1* 1 \n 2|  1* 2  2 \n"
    );
    assert_eq!(p.score_move(2, 2, &mut b), 4);
    assert_eq!(
        b.to_string(),
        "     0  1  2\n   ---------\n 0|  1  3  2 \n 1|  1  1  1 \n 2|  1  2* 2*\n"
    );
}

#[test]
fn section7_whole_row_col() {
    let p = RemovalPolicy::WholeRowCol;
    let mut b = tiny();
    assert_eq!(p.score_move(1, 0, &mut b), 25);
    assert_eq!(flagged(&b), vec![(0, 0), (1, 0), (1, 1), (1, 2), (2, 0)]);
    // A run stops at the first gem of another kind.
    let mut b = Board::from_save_string("1 1 2 1\n").unwrap();
    assert_eq!(p.score_move(0, 0, &mut b), 4);
}

#[test]
fn section8_chained_curve_and_cross() {
    let p = RemovalPolicy::Chained;
    let mut b = named_board("curve").unwrap();
    p.flag_connected_gems(0, 0, &mut b);
    assert_eq!(
        b.to_string(),
        "     0  1  2\n   ---------\n 0|  1* 1* 2 \n 1|  2  1* 1*\n 2|  2  2  1*\n"
    );
    b.clear_flags();
    assert_eq!(b.to_string(), named_board("curve").unwrap().to_string());
    p.flag_connected_gems(2, 2, &mut b);
    assert_eq!(flagged(&b), vec![(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)]);
    b.clear_flags();
    p.flag_connected_gems(2, 1, &mut b);
    assert_eq!(
        b.to_string(),
        "     0  1  2\n   ---------\n 0|  1  1  2 \n 1|  2* 1  1 \n 2|  2* 2* 1 \n"
    );
    let mut b = named_board("cross").unwrap();
    p.flag_connected_gems(1, 1, &mut b);
    assert_eq!(flagged(&b), vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
    b.clear_flags();
    p.flag_connected_gems(2, 3, &mut b);
    assert_eq!(
        b.to_string(),
        "     0  1  2  3  4\n   ---------------\n 0|  1  1  2* 1  1 \n 1|  1  1  2* 1  1 \n 2|  2* 2* 2* 2* 2*\n 3|  1  1  2* 1  1 \n 4|  1  1  2* 1  1 \n"
    );
}

#[test]
fn policies_clear_old_flags_and_ignore_empty_cells() {
    for p in RemovalPolicy::ALL {
        let mut b = Board::from_save_string(". 1\n1 1\n").unwrap();
        b.set_flag(0, 0);
        b.set_flag(1, 0);
        p.flag_connected_gems(0, 0, &mut b);
        assert!(b.flagged_cells().is_empty(), "{p}");
        assert_eq!(p.score_move(0, 0, &mut b), 0, "{p}");
        assert_eq!(p.score_move(5, 5, &mut b), 0, "{p}");
    }
}

/// A 1000×1000 board of one kind is a single million-gem group; the chained flood fill must not
/// overflow the stack.
#[test]
fn chained_on_a_million_gems_does_not_overflow() {
    let b = Board::from_cells(1000, 1000, std::iter::repeat_n(Some(1), 1_000_000)).unwrap();
    let mut game = Game::new(b, RemovalPolicy::Chained, Player::Greedy);
    assert_eq!(
        game.preview_points(Cell::new(500, 500)),
        Ok(1_000_000_000_000)
    );
    let outcome = game.play(Cell::new(999, 0)).unwrap();
    assert_eq!(outcome.points, 1_000_000_000_000);
    assert!(game.is_over());
}

#[test]
fn policy_names_and_descriptions() {
    let names: Vec<&str> = RemovalPolicy::SPEC.iter().map(|p| p.name()).collect();
    assert_eq!(
        names,
        [
            "SingleRemovalPolicy",
            "AdjacentRemovalPolicy",
            "WholeRowColRemovalPolicy",
            "ChainedRemovalPolicy"
        ]
    );
    for p in RemovalPolicy::ALL {
        assert_eq!(RemovalPolicy::from_name(p.name()), Some(p));
        assert_eq!(RemovalPolicy::from_name(p.short_name()), Some(p));
        assert_eq!(p.to_string(), p.name());
    }
    assert_eq!(
        RemovalPolicy::from_name("Chained"),
        Some(RemovalPolicy::Chained)
    );
    assert_eq!(RemovalPolicy::from_name("nope"), None);
    assert_eq!(
        RemovalPolicy::Chained.description(),
        "All gems connected by any adjacency chain will be removed"
    );
    let players: Vec<&str> = Player::SPEC.iter().map(|p| p.name()).collect();
    assert_eq!(
        players,
        ["InteractivePlayer", "GreedyPlayer", "LookAhead1Player"]
    );
    for p in Player::ALL {
        assert_eq!(Player::from_name(p.name()), Some(p));
        assert_eq!(Player::from_name(p.short_name()), Some(p));
    }
}

#[test]
fn classic_samegame_rules() {
    let p = RemovalPolicy::Classic;
    let mut game = Game::new(
        Board::from_save_string("1 1 1 2 2 3\n").unwrap(),
        p,
        Player::Greedy,
    );
    // A lone gem is not a legal move.
    assert!(game.play(Cell::new(0, 5)).is_err());
    assert_eq!(game.play(Cell::new(0, 0)).unwrap().points, 1); // (3-2)^2
    assert_eq!(game.board().save_string(), "2 2 3 . . . \n");
    assert_eq!(game.play(Cell::new(0, 1)).unwrap().points, 0); // (2-2)^2
    // Only a lone 3 is left: no legal move, so the game is over without a clear bonus.
    assert!(game.is_over());
    assert_eq!(game.score(), 1);
    let mut game = Game::new(
        Board::from_save_string("4 4 4 4\n").unwrap(),
        p,
        Player::Greedy,
    );
    assert_eq!(game.play(Cell::new(0, 3)).unwrap().points, 4 + 1000);
    assert!(game.is_over());
}
