//! Property tests of Grid Duel's scoring and dealing invariants.

use gems_rules::grid_duel::score::{column_points, row_points};
use gems_rules::grid_duel::*;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn any_grid() -> impl Strategy<Value = Grid> {
    prop::array::uniform9(prop::array::uniform9(1u8..=9))
        .prop_map(|cells| Grid::from_cells(cells).expect("digits 1-9"))
}

/// Reference horizontal score: each cell equal to a row neighbour scores its digit.
fn cellwise(line: &[u8; 9], extra: i32) -> i32 {
    (0..9)
        .filter(|&i| (i > 0 && line[i - 1] == line[i]) || (i < 8 && line[i + 1] == line[i]))
        .map(|i| i32::from(line[i]) + extra)
        .sum()
}

proptest! {
    #[test]
    fn runs_score_like_cells_equal_to_a_neighbour(g in any_grid()) {
        for i in 0..9 {
            prop_assert_eq!(row_points(&g.row(i)), cellwise(&g.row(i), 0));
            prop_assert_eq!(column_points(&g.column(i)), cellwise(&g.column(i), 1));
        }
        let b = score(&g);
        prop_assert_eq!(b.total(), b.vertical - b.horizontal + b.bonus + b.rare);
        prop_assert!(b.rare % 100 == 0 && b.rare <= 900);
    }

    #[test]
    fn transposing_swaps_roles_up_to_the_plus_one(g in any_grid()) {
        let t = Grid::from_cells(std::array::from_fn(|r| g.column(r))).unwrap();
        let (a, b) = (score(&g), score(&t));
        prop_assert_eq!(a.bonus, b.bonus);
        prop_assert_eq!(a.rare, b.rare);
        for i in 0..9 {
            let scoring = cellwise(&g.row(i), 1) - cellwise(&g.row(i), 0);
            prop_assert_eq!(a.rows[i] + scoring, b.columns[i]);
        }
    }

    #[test]
    fn regenerating_a_row_touches_only_that_row(g in any_grid(), row in 0usize..9, seed: u64) {
        let mut h = g;
        h.regenerate_row(row, &mut ChaCha8Rng::seed_from_u64(seed));
        for r in 0..9 {
            if r != row {
                prop_assert_eq!(h.row(r), g.row(r));
            }
        }
        prop_assert!(h.row(row).iter().all(|d| (1..=9).contains(d)));
    }

    #[test]
    fn printed_grids_parse_back(g in any_grid()) {
        prop_assert_eq!(Grid::parse(&g.to_string()), Ok(g));
    }

    #[test]
    fn best_row_is_the_argmax(g in any_grid()) {
        let best = best_row(&g);
        for r in 0..9 {
            prop_assert!(expected_after_row(&g, r) <= best.expected + 1e-9);
        }
        prop_assert_eq!(best.current, score(&g).total());
    }
}

fn any_choice() -> impl Strategy<Value = Choice> {
    prop_oneof![
        Just(Choice::Keep),
        Just(Choice::RegenerateGrid),
        (1usize..=9).prop_map(Choice::RegenerateRow),
    ]
}

proptest! {
    #[test]
    fn any_choices_make_a_well_formed_game(
        seed: u64,
        smart: bool,
        choices in prop::collection::vec(any_choice(), 6),
    ) {
        let kind = if smart { ComputerKind::Smart } else { ComputerKind::Plain };
        let mut d = Duel::new(seed, kind);
        let mut human = 0;
        let mut computer = 0;
        for t in 0..TURNS {
            for i in 0..GRIDS_PER_TURN {
                prop_assert_eq!(d.phase(), Phase::Human { grid: i });
                let h = d.choose(choices[t * 2 + i]).unwrap();
                prop_assert_eq!(h.points, score(&h.grid).total());
                if h.choice == Choice::Keep {
                    prop_assert_eq!(h.grid, h.dealt);
                }
                human += h.points;
            }
            for c in d.play_computer().unwrap() {
                prop_assert_eq!(c.points, score(&c.grid).total());
                computer += c.points;
            }
            prop_assert_eq!(d.total(Side::Human), human);
            prop_assert_eq!(d.total(Side::Computer), computer);
        }
        let want = match human.cmp(&computer) {
            std::cmp::Ordering::Greater => Outcome::HumanWins,
            std::cmp::Ordering::Less => Outcome::ComputerWins,
            std::cmp::Ordering::Equal => Outcome::Tie,
        };
        prop_assert_eq!(d.phase(), Phase::Over(want));
    }
}
