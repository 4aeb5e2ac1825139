//! Property tests: invariants that hold after any sequence of moves under any policy.

use std::collections::BTreeMap;

use gems_rules::gems::{Board, Game, Player, RemovalPolicy, random_board};
use proptest::prelude::*;

/// Kind counts of a board.
fn census(b: &Board) -> BTreeMap<u32, usize> {
    let mut m = BTreeMap::new();
    for (_, k) in b.gems() {
        *m.entry(k).or_default() += 1;
    }
    m
}

fn assert_settled(b: &Board) {
    let filled_col = |c: usize| (0..b.rows()).any(|r| b.gem_at(r, c).is_filled());
    for c in 0..b.cols() {
        // No gem sits above an empty cell.
        let mut seen_gem = false;
        for r in 0..b.rows() {
            let filled = b.gem_at(r, c).is_filled();
            assert!(!seen_gem || filled, "hole under a gem at ({r},{c}):\n{b}");
            seen_gem |= filled;
        }
        // Non-empty columns are packed to the left.
        if c > 0 && filled_col(c) {
            assert!(filled_col(c - 1), "empty column left of {c}:\n{b}");
        }
    }
    assert!(b.flagged_cells().is_empty());
}

fn board_strategy() -> impl Strategy<Value = Board> {
    (1usize..9, 1usize..9, 1u32..5, any::<u64>())
        .prop_map(|(r, c, k, seed)| random_board(r, c, k, seed).unwrap())
}

fn policy_strategy() -> impl Strategy<Value = RemovalPolicy> {
    prop::sample::select(RemovalPolicy::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn moves_keep_the_board_consistent(
        board in board_strategy(),
        policy in policy_strategy(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..40),
    ) {
        let mut game = Game::new(board, policy, Player::Interactive);
        for pick in picks {
            if game.is_over() {
                break;
            }
            let before = game.board().clone();
            let snapshot = before.save_string();
            let legal: Vec<_> = gems_rules::gems::legal_moves(&before, policy);
            let m = legal[pick.index(legal.len())];
            let score_before = game.score();
            let outcome = game.play(m.cell.row as i64, m.cell.col as i64).unwrap();
            let after = game.board();

            // The score grows by exactly the policy's score for the group (n² for the spec's).
            let n = outcome.removal.removed.len() as u64;
            prop_assert_eq!(n as usize, m.size);
            let expected = if policy.is_spec() { n * n } else { policy.move_score(m.size, before.gem_count()) };
            prop_assert_eq!(game.score() - score_before, expected);
            prop_assert_eq!(outcome.points, expected);

            assert_settled(after);

            // The gems left are exactly the gems before, minus the removed ones.
            let mut left = census(&before);
            for r in &outcome.removal.removed {
                prop_assert_eq!(before.kind_at(r.cell), Some(r.kind));
                let e = left.get_mut(&r.kind).unwrap();
                *e -= 1;
            }
            left.retain(|_, v| *v > 0);
            prop_assert_eq!(census(after), left);

            // The removal report replays the change exactly (what the GUI animates).
            let mut replay: BTreeMap<_, _> = before.gems().collect();
            for r in &outcome.removal.removed {
                replay.remove(&r.cell);
            }
            let moved: Vec<_> = outcome.removal.moves.iter()
                .map(|mv| (mv.from, mv.to, replay.remove(&mv.from)))
                .collect();
            for (_, to, kind) in moved {
                prop_assert!(kind.is_some());
                prop_assert!(replay.insert(to, kind.unwrap()).is_none());
            }
            prop_assert_eq!(replay, after.gems().collect::<BTreeMap<_, _>>());

            // Save → parse round-trips, and the clone taken before the move is untouched.
            prop_assert_eq!(&Board::from_save_string(&after.save_string()).unwrap(), after);
            prop_assert_eq!(before.save_string(), snapshot);
            let reloaded = Game::from_save_string(&game.save_string()).unwrap();
            prop_assert_eq!(&reloaded, &game);
        }
    }

    #[test]
    fn clone_is_independent(board in board_strategy(), r in 0usize..9, c in 0usize..9) {
        let original = board.clone();
        let mut copy = board.clone();
        if r < copy.rows() && c < copy.cols() {
            copy.set_flag(r, c);
            copy.remove_flagged();
        }
        prop_assert_eq!(board, original);
    }

    #[test]
    fn parser_never_panics(s in "\\PC{0,200}") {
        let _ = Board::from_save_string(&s);
        let _ = Game::from_save_string(&s);
    }

    #[test]
    fn parser_accepts_what_it_prints(board in board_strategy()) {
        prop_assert_eq!(Board::from_save_string(&board.save_string()).unwrap(), board);
    }

    #[test]
    fn valid_gem_at_never_panics(board in board_strategy(), r in any::<i64>(), c in any::<i64>()) {
        let expected = r >= 0 && c >= 0 && (r as u64) < board.rows() as u64 && (c as u64) < board.cols() as u64
            && board.gem_at(r as usize, c as usize).is_filled();
        prop_assert_eq!(board.valid_gem_at(r, c), expected);
    }
}
