//! Every rule of the Dots spec (`../shared/specs/dots.txt`) on hand-made boards.

use gems_rules::dots::{
    Board, DotsError, Game, MAX_SIZE, MIN_SIZE, Point, best_big_square, best_closed_shape,
    best_move, best_square, is_closed_shape,
};

fn p(x: usize, y: usize) -> Point {
    Point::new(x, y)
}

fn board(text: &str) -> Board {
    Board::parse(text).expect("test board parses")
}

fn game(text: &str, moves: u32) -> Game {
    Game::with_board(board(text), moves, 42).expect("test game")
}

const B: &str = "\
1123
1143
2231
3412
";

#[test]
fn sizes_outside_the_bounds_are_errors_not_exits() {
    for size in [0, 1, MIN_SIZE - 1, MAX_SIZE + 1, 1000] {
        assert_eq!(
            Game::new(size, 5, 10, 1).unwrap_err(),
            DotsError::BadSize {
                size,
                min: MIN_SIZE,
                max: MAX_SIZE
            }
        );
    }
    for size in MIN_SIZE..=MAX_SIZE {
        let g = Game::new(size, 5, 10, 1).unwrap();
        assert_eq!(g.board().size(), size);
    }
    assert!(matches!(
        Game::new(6, 1, 10, 1),
        Err(DotsError::BadColors { .. })
    ));
    assert!(matches!(
        Game::new(6, 10, 10, 1),
        Err(DotsError::BadColors { .. })
    ));
    assert!(matches!(
        Game::new(6, 5, 0, 1),
        Err(DotsError::BadMoves { .. })
    ));
}

#[test]
fn random_boards_use_colours_one_to_n_and_the_seed_replays() {
    let a = Game::new(8, 3, 10, 99).unwrap();
    let b = Game::new(8, 3, 10, 99).unwrap();
    assert_eq!(a.board(), b.board());
    assert!(
        a.board()
            .points()
            .all(|q| (1..=3).contains(&a.board().get(q)))
    );
    for c in 1..=3 {
        assert!(a.board().count(c) > 0, "colour {c} never drawn on 64 dots");
    }
    assert_ne!(a.board(), Game::new(8, 3, 10, 100).unwrap().board());
}

#[test]
fn board_text_is_rows_of_digits_and_bad_text_is_reported() {
    let b = board(B);
    assert_eq!(b.size(), 4);
    assert_eq!(b.get(p(2, 0)), 2, "x is the column");
    assert_eq!(b.get(p(0, 2)), 2, "y is the row");
    assert_eq!(b.to_string(), B);
    assert!(matches!(
        Board::parse("12\n12\n"),
        Err(DotsError::BadSize { .. })
    ));
    assert!(matches!(
        Board::parse("123\n12\n123\n"),
        Err(DotsError::Parse { line: 2, .. })
    ));
    assert!(matches!(
        Board::parse("123\n1a3\n123\n"),
        Err(DotsError::Parse { line: 2, .. })
    ));
    assert!(matches!(
        Board::parse("123\n103\n123\n"),
        Err(DotsError::Parse { line: 2, .. })
    ));
    assert!(matches!(Board::parse("\n\n"), Err(DotsError::Parse { .. })));
}

#[test]
fn moves_start_at_moves_allowed_and_score_at_zero() {
    let g = game(B, 7);
    assert_eq!(g.moves_allowed(), 7);
    assert_eq!(g.moves_left(), 7);
    assert_eq!(g.score(), 0);
    assert!(!g.is_over());
}

#[test]
fn anything_is_selectable_first_then_only_adjacent_same_colour() {
    let mut g = game(B, 5);
    for q in g.board().points().collect::<Vec<_>>() {
        assert!(g.can_select(q), "first selection {q}");
    }
    assert!(!g.can_select(p(4, 0)), "off the board");
    assert_eq!(g.select(p(9, 9)), Err(DotsError::OffBoard { x: 9, y: 9 }));
    g.select(p(0, 0)).unwrap();
    assert!(g.can_select(p(1, 0)), "adjacent, same colour");
    assert!(g.can_select(p(0, 1)), "adjacent below, same colour");
    assert!(!g.can_select(p(1, 1)), "diagonal, same colour");
    assert!(!g.can_select(p(0, 2)), "not adjacent");
    assert!(!g.can_select(p(0, 0)), "already selected");
    g.select(p(1, 0)).unwrap();
    assert!(!g.can_select(p(2, 0)), "adjacent, other colour");
    assert_eq!(g.select(p(2, 0)), Err(DotsError::CantSelect { x: 2, y: 0 }));
    assert!(g.can_select(p(1, 1)), "adjacent to the last one now");
    assert!(
        !g.can_select(p(0, 1)),
        "adjacent to the first but not the last"
    );
    assert_eq!(g.selection(), &[p(0, 0), p(1, 0)]);
}

#[test]
fn only_the_last_selected_dot_can_be_deselected() {
    let mut g = game(B, 5);
    g.select(p(0, 0)).unwrap();
    g.select(p(1, 0)).unwrap();
    g.select(p(1, 1)).unwrap();
    assert!(!g.can_deselect(p(0, 0)));
    assert!(!g.can_deselect(p(1, 0)));
    assert!(!g.can_deselect(p(3, 3)), "never selected");
    assert!(g.can_deselect(p(1, 1)));
    assert_eq!(
        g.deselect(p(1, 0)),
        Err(DotsError::CantDeselect { x: 1, y: 0 })
    );
    g.deselect(p(1, 1)).unwrap();
    assert!(g.can_deselect(p(1, 0)));
    assert_eq!(g.selection(), &[p(0, 0), p(1, 0)]);
}

#[test]
fn removing_fewer_than_two_is_a_typed_error_and_changes_nothing() {
    let mut g = game(B, 5);
    assert_eq!(
        g.remove_selected(),
        Err(DotsError::CantRemove { selected: 0 })
    );
    g.select(p(0, 0)).unwrap();
    let before = g.board().clone();
    assert_eq!(
        g.remove_selected(),
        Err(DotsError::CantRemove { selected: 1 })
    );
    assert_eq!(g.board(), &before);
    assert_eq!(g.moves_left(), 5);
    assert_eq!(g.score(), 0);
    assert_eq!(g.selection(), &[p(0, 0)]);
}

#[test]
fn closed_shape_needs_four_dots_and_the_last_touching_two_selected() {
    // A 2×2 square in any walking order is closed.
    assert!(is_closed_shape(&[p(0, 0), p(1, 0), p(1, 1), p(0, 1)]));
    assert!(is_closed_shape(&[p(1, 1), p(0, 1), p(0, 0), p(1, 0)]));
    // Three dots never are, even bent.
    assert!(!is_closed_shape(&[p(0, 0), p(1, 0), p(1, 1)]));
    // A straight line never is.
    assert!(!is_closed_shape(&[p(0, 0), p(1, 0), p(2, 0), p(3, 0)]));
    assert!(!is_closed_shape(&[]));
}

#[test]
fn the_order_matters_as_in_fig_4() {
    // The same five dots (a 2×2 square and one below it), selected in two orders.
    let closed = [p(0, 2), p(0, 1), p(0, 0), p(1, 0), p(1, 1)];
    let open = [p(0, 0), p(1, 0), p(1, 1), p(0, 1), p(0, 2)];
    let mut a = closed.to_vec();
    let mut b = open.to_vec();
    a.sort();
    b.sort();
    assert_eq!(a, b, "same dots");
    assert!(is_closed_shape(&closed), "the last dot links back");
    assert!(!is_closed_shape(&open), "the last dot hangs off the end");

    let text = "1112\n1123\n1234\n2341\n";
    let mut g = game(text, 5);
    for q in open {
        g.select(q).unwrap();
    }
    assert!(!g.is_closed_shape());
    let o = g.remove_selected().unwrap();
    assert!(!o.closed);
    assert_eq!(o.removed.len(), 5, "only the selected dots");
    assert_eq!(g.score(), 5);

    let mut g = game(text, 5);
    for q in closed {
        g.select(q).unwrap();
    }
    assert!(g.is_closed_shape());
    let o = g.remove_selected().unwrap();
    assert!(o.closed);
    assert_eq!(o.color, 1);
    assert_eq!(
        o.removed.len(),
        7,
        "every dot of colour 1, including (3, 3)"
    );
    assert!(o.removed.contains(&p(3, 3)));
    assert_eq!(g.score(), 7);
}

#[test]
fn removal_scores_one_per_dot_and_uses_one_move() {
    let mut g = game(B, 3);
    g.select(p(0, 0)).unwrap();
    g.select(p(1, 0)).unwrap();
    let o = g.remove_selected().unwrap();
    assert_eq!(o.removed, vec![p(0, 0), p(1, 0)]);
    assert_eq!(g.score(), 2);
    assert_eq!(g.moves_left(), 2);
    assert!(g.selection().is_empty());
}

#[test]
fn dots_drop_into_holes_and_each_hole_is_refilled_from_the_top() {
    // Remove the vertical 2-2 pair in column 0 (rows 2..3) of this board.
    let text = "\
1345
3453
2534
2345
";
    let mut g = game(text, 3);
    g.select(p(0, 2)).unwrap();
    g.select(p(0, 3)).unwrap();
    let o = g.remove_selected().unwrap();
    let b = g.board();
    // Column 0 had 1,3 above the pair: they fall by two rows.
    assert_eq!(b.get(p(0, 2)), 1);
    assert_eq!(b.get(p(0, 3)), 3);
    assert_eq!(
        o.falls.iter().map(|f| (f.from, f.to)).collect::<Vec<_>>(),
        vec![(p(0, 1), p(0, 3)), (p(0, 0), p(0, 2))]
    );
    // Two new dots at the top of column 0, the rest of the board untouched.
    assert_eq!(o.refills.len(), 2);
    assert_eq!(
        o.refills.iter().map(|r| r.0).collect::<Vec<_>>(),
        vec![p(0, 0), p(0, 1)]
    );
    for &(q, c) in &o.refills {
        assert_eq!(b.get(q), c);
        assert!((1..=b.colors()).contains(&c));
    }
    for y in 0..4 {
        for x in 1..4 {
            assert_eq!(b.get(p(x, y)), board(text).get(p(x, y)));
        }
    }
}

#[test]
fn a_closed_shape_refills_as_many_dots_as_it_removed_per_column() {
    let text = "\
1121
1132
2213
3111
";
    let mut g = game(text, 3);
    for q in [p(0, 0), p(1, 0), p(1, 1), p(0, 1)] {
        g.select(q).unwrap();
    }
    let o = g.remove_selected().unwrap();
    assert_eq!(o.removed.len(), 9);
    assert_eq!(o.refills.len(), 9);
    for x in 0..4 {
        let holes = o.removed.iter().filter(|q| q.x == x).count();
        let new: Vec<usize> = o
            .refills
            .iter()
            .filter(|r| r.0.x == x)
            .map(|r| r.0.y)
            .collect();
        assert_eq!(new, (0..holes).collect::<Vec<_>>(), "column {x}");
    }
    // Column 1 kept 2 (row 2) and 1 was at rows 0,1,3: the 2 lands at the bottom.
    assert_eq!(g.board().get(p(1, 3)), 2);
    // Column 3 lost its three 1s and kept 2 and 3, in order, at the bottom.
    assert_eq!(g.board().get(p(3, 2)), 2);
    assert_eq!(g.board().get(p(3, 3)), 3);
}

#[test]
fn no_adjacent_pair_means_no_move_and_game_over() {
    let checker = "121\n212\n121\n";
    let g = game(checker, 5);
    assert!(!g.can_make_move());
    assert!(g.is_over());
    assert!(!g.can_select(p(0, 0)), "nothing is selectable once over");
    assert!(best_move(g.board()).is_none());
    assert!(game("112\n212\n121\n", 5).can_make_move());
    assert!(
        game("121\n211\n121\n", 5).can_make_move(),
        "horizontal pair in the middle row"
    );
    assert!(game("121\n221\n121\n", 5).can_make_move());
}

#[test]
fn the_game_ends_when_the_moves_run_out() {
    let mut g = game("1111\n1111\n1111\n1111\n", 2);
    g.play(&[p(0, 0), p(1, 0)]).unwrap();
    assert!(!g.is_over());
    assert_eq!(g.moves_left(), 1);
    g.play(&[p(0, 3), p(1, 3)]).unwrap();
    assert_eq!(g.moves_left(), 0);
    assert!(g.is_over());
    assert!(!g.can_select(p(0, 0)));
    assert_eq!(g.play(&[p(0, 0), p(1, 0)]), Err(DotsError::GameOver));
    assert_eq!(g.score(), 4);
}

#[test]
fn best_square_finds_the_square_whose_colour_has_most_dots() {
    let text = "\
11223
11223
33333
33444
45554
";
    let b = board(text);
    let (path, n) = best_square(&b).unwrap();
    assert_eq!(n, 9, "colour 3 has 9 dots, colours 1 and 2 only 4");
    assert_eq!(b.get(path[0]), 3);
    assert!(is_closed_shape(&path));
    b.check_selection(&path).unwrap();
    assert!(best_square(&board("123\n231\n312\n")).is_none());
}

#[test]
fn big_and_closed_shapes_go_beyond_two_by_two() {
    // A 3×3 ring of 1s (big square, no 2×2), and a 3×4 ring of 2s (closed, not square).
    let text = "\
1112222
1312332
1112222
3333332
1545454
5454545
4545454
";
    let b = board(text);
    assert!(best_square(&b).is_none());
    let (sq, n) = best_big_square(&b).unwrap();
    assert_eq!((n, sq.len()), (8 + 1, 8), "ring of 8, plus (0, 4)");
    assert_eq!(b.get(sq[0]), 1);
    b.check_selection(&sq).unwrap();
    assert!(is_closed_shape(&sq));
    let (shape, n) = best_closed_shape(&b).unwrap();
    assert_eq!(n, 11, "colour 2: the 3×4 ring of 10 and (6, 3)");
    b.check_selection(&shape).unwrap();
    assert!(is_closed_shape(&shape));
    assert_eq!(b.get(shape[0]), 2);
    assert_eq!(b.removal_count(&shape), 11);
}
