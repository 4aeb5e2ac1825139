//! Property tests: invariants that hold after any sequence of moves under any policy.

use gems_rules::gems::check::check_move;
use gems_rules::gems::{Board, Game, Player, RemovalPolicy, random_board};
use proptest::prelude::*;

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
            let outcome = game.play(m.cell).unwrap();
            if let Err(e) = check_move(&before, score_before, m.size, &outcome, &game) {
                return Err(TestCaseError::fail(e));
            }
            prop_assert_eq!(before.save_string(), snapshot);
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
