//! K in a Row's tactics on large boards: the engine takes a win in one, blocks a four (whatever
//! closes its other end, in every direction) and finds a double three, at every strength.

use gems_rules::k_in_a_row::{Board, Cell, Engine, Limits, Outcome, Side, Strength};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A 15x15 board, k = 5, with the human's and the computer's tiles at the given (row, col).
fn board15(human: &[(usize, usize)], computer: &[(usize, usize)]) -> Board {
    let mut b = Board::new(15, 5).unwrap();
    for &(r, c) in human {
        b.set(r, c, Cell::Human);
    }
    for &(r, c) in computer {
        b.set(r, c, Cell::Computer);
    }
    b
}

fn computer_move(b: &Board) -> (usize, usize) {
    Engine::with_table_bits(18)
        .best_move(b, Side::Computer, Strength::Quality(4), &Limits::default())
        .best
        .expect("a move")
        .cell()
}

/// On 15x15 with k = 5 at the default quality: a win in one is taken, a four is blocked, and a
/// double three (two open threes made by one move, a win in three moves) is found.
#[test]
fn tactics_on_fifteen_by_fifteen() {
    // Four in row 5 open at both ends; the human has four too, but it is the computer's move.
    let win_in_one = board15(
        &[(0, 0), (6, 3), (6, 4), (6, 5), (6, 6), (14, 14)],
        &[(5, 4), (5, 5), (5, 6), (5, 7)],
    );
    let m = computer_move(&win_in_one);
    assert!(m == (5, 8) || m == (5, 3), "win in one: played {m:?}");

    // The human's four in row 7 is closed on the left: only (7, 8) stops it.
    let must_block = board15(
        &[(7, 4), (7, 5), (7, 6), (7, 7)],
        &[(6, 6), (7, 3), (9, 10)],
    );
    assert_eq!(computer_move(&must_block), (7, 8), "must block the four");

    // Two twos, in column 7 and in row 7, both open: (7, 7) makes two open threes at once.
    let double_three = board15(
        &[(0, 0), (14, 0), (14, 14), (14, 7)],
        &[(5, 7), (6, 7), (7, 5), (7, 6)],
    );
    assert_eq!(
        computer_move(&double_three),
        (7, 7),
        "the move that makes two open threes"
    );
}

/// How the closed end of a planted four is closed.
#[derive(Clone, Copy, Debug)]
enum Closer {
    Edge,
    Unavailable,
    Tile,
}

#[test]
fn k_in_a_row_blocks_a_four_or_broken_four_closed_by_edge_unavailable_or_tile_in_every_direction() {
    // The opponent's tiles in a window of five along a direction (x: a tile, the rest its one
    // winning cell); the cell before the window is closed by the edge, an unavailable square or
    // the mover's tile; the mover, to move, must take the winning cell, at every strength.
    let shapes: [&[usize]; 4] = [&[0, 1, 2, 3], &[0, 1, 3, 4], &[0, 1, 2, 4], &[0, 2, 3, 4]];
    let directions = [
        (0, 1),
        (1, 0),
        (1, 1),
        (1, -1),
        (0, -1),
        (-1, 0),
        (-1, -1),
        (-1, 1),
    ];
    let quick = Limits {
        time: Some(std::time::Duration::from_millis(30)),
        ..Limits::default()
    };
    let mut rng = StdRng::seed_from_u64(38);
    let mut engine = Engine::with_table_bits(16);
    let mut checked = 0;
    for size in [7usize, 15] {
        for (dr, dc) in directions {
            for closer in [Closer::Edge, Closer::Unavailable, Closer::Tile] {
                for shape in shapes {
                    let at = |s: (isize, isize), i: isize| (s.0 + dr * i, s.1 + dc * i);
                    let on = |(r, c): (isize, isize)| {
                        (0..size as isize).contains(&r) && (0..size as isize).contains(&c)
                    };
                    // Every start whose window fits and whose cell before it is off the board
                    // exactly when the edge closes it.
                    let starts: Vec<(isize, isize)> = (0..size as isize)
                        .flat_map(|r| (0..size as isize).map(move |c| (r, c)))
                        .filter(|&s| (0..5).all(|i| on(at(s, i))))
                        .filter(|&s| on(at(s, -1)) != matches!(closer, Closer::Edge))
                        .collect();
                    let s = starts[rng.random_range(0..starts.len())];
                    let mut b = Board::new(size, 5).unwrap();
                    let (mover, opp) = (Side::Human, Side::Computer);
                    let mut win = (0, 0);
                    for i in 0..5 {
                        let (r, c) = at(s, i);
                        if shape.contains(&(i as usize)) {
                            b.set(r as usize, c as usize, Cell::of(opp));
                        } else {
                            win = (r as usize, c as usize);
                        }
                    }
                    let (r, c) = at(s, -1);
                    match closer {
                        Closer::Edge => {}
                        Closer::Unavailable => b.set(r as usize, c as usize, Cell::Unavailable),
                        Closer::Tile => b.set(r as usize, c as usize, Cell::of(mover)),
                    }
                    // The mover's other tiles, away from the window.
                    let mut placed = 0;
                    while placed < 3 {
                        let (r, c) = (rng.random_range(0..size), rng.random_range(0..size));
                        let near = (-1..=5).any(|i| at(s, i) == (r as isize, c as isize));
                        if !near && b.is_empty(r, c) {
                            b.set(r, c, Cell::of(mover));
                            placed += 1;
                        }
                    }
                    let what = format!(
                        "{size}x{size} ({dr},{dc}) {closer:?} {shape:?}\n{}",
                        b.rows_text()
                    );
                    let solved = engine.solve(&b, mover, &quick);
                    let lost = solved.proven && solved.outcome == Some(Outcome::Loss);
                    assert!(
                        lost || solved.best.map(|m| m.cell()) == Some(win),
                        "solve played {:?}, not {win:?}: {what}",
                        solved.best
                    );
                    for strength in [
                        Strength::Quality(1),
                        Strength::Quality(4),
                        Strength::Perfect,
                    ] {
                        let a = engine.best_move(&b, mover, strength, &quick);
                        assert_eq!(a.best.map(|m| m.cell()), Some(win), "{strength:?}: {what}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 2 * 8 * 3 * 4);
}
