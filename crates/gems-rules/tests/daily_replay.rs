//! A daily replayed from its moves gives the outcome the game gave, and a forged move list is
//! refused with the move that breaks it: what the leaderboard server relies on.

use gems_rules::daily::{Daily, Date, Game, Outcome, ReplayError};

fn daily(game: Game, date: &str) -> Daily {
    Daily::of(game, Date::parse(date).expect("a date"))
}

/// Monday (the smallest setups) to Sunday (the largest), for the games whose replay is quick.
const WEEK: [&str; 7] = [
    "2026-11-23",
    "2026-11-24",
    "2026-11-25",
    "2026-11-26",
    "2026-11-27",
    "2026-11-28",
    "2026-11-29",
];

#[test]
fn daily_replay_of_a_played_game_gives_its_outcome_for_every_game_and_weekday() {
    for game in Game::ALL {
        // K in a row's computer searches 200,000 nodes a move: its two easiest days.
        let days = if game == Game::KInARow {
            &WEEK[..2]
        } else {
            &WEEK[..]
        };
        for date in days {
            let d = daily(game, date);
            for variant in 0..2 {
                let moves = d.sample_moves(variant);
                assert!(!moves.is_empty(), "{game:?} {date}");
                let replayed = d
                    .replay(&moves)
                    .unwrap_or_else(|e| panic!("{game:?} {date} {variant}: {e}"));
                assert!(!replayed.assisted);
                // The same moves always give the same outcome.
                assert_eq!(d.replay(&moves), Ok(replayed));
            }
        }
    }
}

#[test]
fn daily_replay_refuses_an_unfinished_game_and_moves_after_the_end() {
    for game in Game::ALL {
        let d = daily(game, "2026-11-23");
        let mut moves = d.sample_moves(1);
        let last = moves.pop().expect("a move");
        assert_eq!(
            d.replay(&moves),
            Err(ReplayError::Unfinished(moves.len())),
            "{game:?}"
        );
        moves.push(last.clone());
        moves.push(last);
        assert_eq!(
            d.replay(&moves),
            Err(ReplayError::AfterTheEnd { index: moves.len() }),
            "{game:?}"
        );
    }
}

#[test]
fn daily_replay_refuses_forged_computer_moves_in_k_in_a_row() {
    let d = daily(Game::KInARow, "2026-11-23");
    let moves = d.sample_moves(3);
    let at = moves
        .iter()
        .position(|m| m.starts_with("c "))
        .expect("a computer move");
    // The computer's move moved to another free square of the board.
    let mut forged = moves.clone();
    let taken: Vec<&String> = moves.iter().collect();
    let other = (0..9)
        .flat_map(|r| (0..9).map(move |c| format!("c {r},{c}")))
        .find(|m| !taken.iter().any(|t| t[2..] == m[2..]))
        .expect("a free square");
    forged[at] = other;
    match d.replay(&forged) {
        Err(ReplayError::NotTheComputers {
            index, expected, ..
        }) => {
            assert_eq!(index, at + 1);
            assert_eq!(expected, moves[at]);
        }
        other => panic!("{other:?}"),
    }
    // A person's move claimed for the computer's turn.
    let mut forged = moves.clone();
    forged[at] = format!("h {}", &moves[at][2..]);
    assert!(matches!(
        d.replay(&forged),
        Err(ReplayError::Illegal { .. })
    ));
}

#[test]
fn daily_replay_refuses_undo_a_change_of_rules_and_other_seeds_moves() {
    let d = daily(Game::ModernGems, "2026-11-24");
    let moves = d.sample_moves(0);
    for intruder in ["u", "r", "P classic"] {
        let mut forged = moves.clone();
        forged.insert(1, intruder.to_string());
        assert_eq!(
            d.replay(&forged),
            Err(ReplayError::NotInADaily {
                index: 2,
                line: intruder.to_string()
            })
        );
    }
    // The moves of one day do not play on another day's board: some move is illegal there,
    // or the game does not end where they do. (Solo Red's and Grid Duel's moves name cards
    // and choices, not squares: they play on any deal, and score that deal.)
    for game in [Game::ModernGems, Game::Dots] {
        let monday = daily(game, "2026-11-23");
        let next_monday = daily(game, "2026-11-30");
        assert!(
            next_monday.replay(&monday.sample_moves(0)).is_err(),
            "{game:?}"
        );
    }
}

#[test]
fn daily_replay_counts_autoplay_as_assisted_and_garbage_as_words() {
    let d = daily(Game::SoloRed, "2026-11-23");
    let mut moves = d.sample_moves(0);
    moves.insert(0, "a".to_string());
    let replayed = d.replay(&moves).expect("replays");
    assert!(replayed.assisted);
    let garbage = vec!["m 1,1; DROP TABLE".to_string()];
    assert!(matches!(
        daily(Game::ModernGems, "2026-11-23").replay(&garbage),
        Err(ReplayError::Words { index: 1, .. })
    ));
    assert!(matches!(
        d.replay(&vec!["v 0".to_string(); gems_rules::daily::MAX_MOVES + 1]),
        Err(ReplayError::TooMany(_))
    ));
}

#[test]
fn daily_replay_outcome_matches_the_rules_words() {
    let d = daily(Game::GridDuel, "2026-11-25");
    let r = d.replay(&d.sample_moves(5)).expect("replays");
    assert!(matches!(r.outcome, Outcome::GridDuel { .. }));
    assert_eq!(Outcome::from_words(&r.outcome.words()), Ok(r.outcome));
}

#[test]
fn daily_setup_words_are_the_games_resume_setups() {
    let d = daily(Game::KInARow, "2026-11-23");
    assert_eq!(
        d.setup_words(),
        format!("9 4 1 human {}", ["eeeeeeeee"; 9].join("_"))
    );
    let d = daily(Game::Dots, "2026-11-29");
    assert_eq!(d.setup_words(), format!("9 7 20 {}", d.seed));
    let d = daily(Game::ModernGems, "2026-11-23");
    let words = d.setup_words();
    let mut lines = words.lines();
    assert_eq!(
        lines.next(),
        Some(format!("random:8x8:3:{}", d.seed).as_str())
    );
    assert_eq!(lines.next(), Some("chained 0 0"));
}
