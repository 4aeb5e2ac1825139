//! How a daily ended, in the terms its table ranks and the words files and requests carry.

use serde::{Deserialize, Serialize};

/// How a daily ended, in the terms its table ranks. Written in a few words ([`Outcome::words`]:
/// `score 1234`, `k won 12`, `red lost 9`, `margin -12`), in files and requests alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Outcome {
    /// Modern Gems and Dots: the final score.
    Score(u64),
    /// K in a row: who won, and the player's moves (a win in fewer is better).
    KInARow {
        /// The player won.
        won: bool,
        /// Nobody won.
        drawn: bool,
        /// The player's moves.
        moves: u32,
    },
    /// Solo Red: a win, and the cards left in the deck and the hand (fewer is better).
    SoloRed {
        /// The player won.
        won: bool,
        /// Cards not yet played.
        cards_left: u32,
    },
    /// Grid Duel: the player's final points minus the computer's.
    GridDuel {
        /// The margin (negative when the computer won).
        margin: i64,
    },
}

/// Why a text is not an outcome.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an outcome (score N, k won|drawn|lost N, red won|lost N, margin N)")]
pub struct OutcomeError(String);

impl TryFrom<String> for Outcome {
    type Error = OutcomeError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        Outcome::from_words(&s)
    }
}

impl From<Outcome> for String {
    fn from(o: Outcome) -> String {
        o.words()
    }
}

impl Outcome {
    /// The outcome as its words, which [`Outcome::from_words`] reads back.
    pub fn words(self) -> String {
        match self {
            Outcome::Score(s) => format!("score {s}"),
            Outcome::KInARow { won, drawn, moves } => {
                let how = if won {
                    "won"
                } else if drawn {
                    "drawn"
                } else {
                    "lost"
                };
                format!("k {how} {moves}")
            }
            Outcome::SoloRed { won, cards_left } => {
                format!("red {} {cards_left}", if won { "won" } else { "lost" })
            }
            Outcome::GridDuel { margin } => format!("margin {margin}"),
        }
    }

    /// Reads [`Outcome::words`].
    pub fn from_words(text: &str) -> Result<Outcome, OutcomeError> {
        let bad = || OutcomeError(text.chars().take(40).collect());
        let words: Vec<&str> = text.split(' ').collect();
        let n = |w: &str| w.parse::<u32>().map_err(|_| bad());
        Ok(match words[..] {
            ["score", s] => Outcome::Score(s.parse().map_err(|_| bad())?),
            ["k", how @ ("won" | "drawn" | "lost"), moves] => Outcome::KInARow {
                won: how == "won",
                drawn: how == "drawn",
                moves: n(moves)?,
            },
            ["red", how @ ("won" | "lost"), left] => Outcome::SoloRed {
                won: how == "won",
                cards_left: n(left)?,
            },
            ["margin", m] => Outcome::GridDuel {
                margin: m.parse().map_err(|_| bad())?,
            },
            _ => return Err(bad()),
        })
    }

    /// A number that orders outcomes of one game, larger is better: a table sorts by it.
    pub fn rank_key(self) -> i64 {
        match self {
            Outcome::Score(s) => i64::try_from(s).unwrap_or(i64::MAX),
            Outcome::KInARow { won, drawn, moves } => {
                let tier = if won {
                    2
                } else if drawn {
                    1
                } else {
                    0
                };
                // A win in fewer moves is better; a loss in more moves held out longer.
                tier * 1_000_000
                    + if won {
                        999_999 - i64::from(moves.min(999_999))
                    } else {
                        i64::from(moves.min(999_999))
                    }
            }
            Outcome::SoloRed { won, cards_left } => {
                i64::from(won) * 1_000 + 999 - i64::from(cards_left.min(999))
            }
            Outcome::GridDuel { margin } => margin,
        }
    }

    /// Whether the outcome counts as a win for a streak of wins (a score always does).
    pub fn won(self) -> bool {
        match self {
            Outcome::Score(_) => true,
            Outcome::KInARow { won, .. } | Outcome::SoloRed { won, .. } => won,
            Outcome::GridDuel { margin } => margin > 0,
        }
    }

    /// The outcome in a few words (`score 1,234`, `won in 12 moves`, `lost, 9 cards left`).
    pub fn describe(self) -> String {
        match self {
            Outcome::Score(s) => format!("score {s}"),
            Outcome::KInARow {
                won: true, moves, ..
            } => format!("won in {moves} moves"),
            Outcome::KInARow {
                drawn: true, moves, ..
            } => format!("drawn after {moves} moves"),
            Outcome::KInARow { moves, .. } => format!("lost after {moves} moves"),
            Outcome::SoloRed {
                won: true,
                cards_left,
            } => format!("won, {cards_left} cards left"),
            Outcome::SoloRed { cards_left, .. } => format!("lost, {cards_left} cards left"),
            Outcome::GridDuel { margin } if margin > 0 => format!("won by {margin}"),
            Outcome::GridDuel { margin } if margin < 0 => format!("lost by {}", -margin),
            Outcome::GridDuel { .. } => "a tie".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn daily_outcomes_rank_wins_then_fewer_moves_or_cards() {
        let k = |won, drawn, moves| Outcome::KInARow { won, drawn, moves }.rank_key();
        assert!(k(true, false, 9) > k(true, false, 12));
        assert!(k(true, false, 500) > k(false, true, 10));
        assert!(k(false, true, 10) > k(false, false, 40));
        assert!(k(false, false, 40) > k(false, false, 10));
        let s = |won, cards_left| Outcome::SoloRed { won, cards_left }.rank_key();
        assert!(s(true, 3) > s(true, 5));
        assert!(s(true, 20) > s(false, 0));
        assert!(
            Outcome::GridDuel { margin: 5 }.rank_key()
                > Outcome::GridDuel { margin: -5 }.rank_key()
        );
        assert_eq!(Outcome::GridDuel { margin: -7 }.describe(), "lost by 7");
        assert_eq!(
            Outcome::KInARow {
                won: true,
                drawn: false,
                moves: 11
            }
            .describe(),
            "won in 11 moves"
        );
    }

    #[test]
    fn daily_outcomes_are_written_in_words_that_read_back() {
        let all = [
            Outcome::Score(1234),
            Outcome::KInARow {
                won: true,
                drawn: false,
                moves: 12,
            },
            Outcome::KInARow {
                won: false,
                drawn: true,
                moves: 40,
            },
            Outcome::KInARow {
                won: false,
                drawn: false,
                moves: 30,
            },
            Outcome::SoloRed {
                won: true,
                cards_left: 3,
            },
            Outcome::SoloRed {
                won: false,
                cards_left: 9,
            },
            Outcome::GridDuel { margin: -12 },
        ];
        for o in all {
            assert_eq!(Outcome::from_words(&o.words()), Ok(o), "{}", o.words());
        }
        assert_eq!(Outcome::Score(5).words(), "score 5");
        for bad in [
            "",
            "score",
            "score -1",
            "k won",
            "k tied 3",
            "red drawn 1",
            "margin x",
            "score 1 2",
            "k won 1\n",
        ] {
            assert!(Outcome::from_words(bad).is_err(), "{bad}");
        }
    }
}
