//! The daily challenge's part of the scores file: each day's first completed daily per game
//! (the `dailies` section), the free-play counters (`stats <game> …`), and the statistics and
//! streaks the Statistics page shows from them.

use serde::{Deserialize, Serialize};

use super::ScoreFile;
use gems_rules::daily::{Date, Game, Outcome};

/// A daily challenge played to its end, as the file keeps it (the first completed attempt of
/// the day; a later one is not entered).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyEntry {
    /// How it ended.
    pub outcome: Outcome,
    /// A hint, undo, autoplay or the coach helped: the game counts in the assisted table only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub assisted: bool,
}

/// The key of `game`'s daily on `date` among the file's dailies (`dots 2026-11-27`).
pub fn daily_key(game: Game, date: Date) -> String {
    format!("{} {date}", game.slug())
}

/// A run of days played in a row: the one that reaches today (or yesterday, which today can
/// still extend), and the longest ever.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streaks {
    /// Days in a row up to today or yesterday (0 when the last day played is older).
    pub current: u32,
    /// The longest run.
    pub longest: u32,
}

/// The [`Streaks`] of the days in `days` (in any order, repeats allowed) seen on `today`.
pub fn streaks(days: impl IntoIterator<Item = Date>, today: Date) -> Streaks {
    let mut days: Vec<i64> = days.into_iter().map(Date::days_since_epoch).collect();
    days.sort_unstable();
    days.dedup();
    let mut out = Streaks::default();
    let mut run = 0u32;
    for (i, &d) in days.iter().enumerate() {
        run = if i > 0 && days[i - 1] + 1 == d {
            run + 1
        } else {
            1
        };
        out.longest = out.longest.max(run);
    }
    let t = today.days_since_epoch();
    if days.last().is_some_and(|&last| last == t || last + 1 == t) {
        out.current = run;
    }
    out
}

/// A game's statistics, for its daily or its free play: what the Statistics page shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games played to their end.
    pub played: u64,
    /// Games won (for a game that is scored, not won, every game).
    pub won: u64,
    /// The best score, for the games that keep one (Modern Gems and Dots).
    pub best: Option<u64>,
    /// The sum of the scores, for the average.
    pub total: u64,
    /// The daily: days in a row played; free play: games in a row won.
    pub streak: Streaks,
}

impl Stats {
    /// The share of games won, in percent (`None` before any game).
    pub fn win_rate(&self) -> Option<u64> {
        (self.played > 0).then(|| self.won * 100 / self.played)
    }

    /// The average score, rounded down (`None` without scores).
    pub fn average(&self) -> Option<u64> {
        self.best.map(|_| self.total / self.played.max(1))
    }
}

/// The counters of a game's free play (`stats <game> played`…).
fn stat_key(game: Game, what: &str) -> String {
    format!("stats {} {what}", game.slug())
}

impl ScoreFile {
    /// Enters `game`'s daily on `date`, unless one is already there (the first completed
    /// attempt is the one that counts); true when entered.
    pub fn enter_daily(&mut self, game: Game, date: Date, entry: DailyEntry) -> bool {
        let key = daily_key(game, date);
        if self.dailies.contains_key(&key) {
            return false;
        }
        self.dailies.insert(key, entry);
        true
    }

    /// `game`'s daily on `date`, if it was played to its end.
    pub fn daily(&self, game: Game, date: Date) -> Option<DailyEntry> {
        self.dailies.get(&daily_key(game, date)).copied()
    }

    /// Counts a finished game of free play in `game`'s statistics.
    pub fn count_free_game(&mut self, game: Game, outcome: Outcome) {
        self.add_counter(&stat_key(game, "played"), 1);
        let won = outcome.won();
        if won {
            self.add_counter(&stat_key(game, "won"), 1);
        }
        let run = if won {
            self.counter(&stat_key(game, "run")).saturating_add(1)
        } else {
            0
        };
        self.set_counter(&stat_key(game, "run"), run);
        let longest = self.counter(&stat_key(game, "longest run")).max(run);
        self.set_counter(&stat_key(game, "longest run"), longest);
        if let Outcome::Score(score) = outcome {
            self.add_counter(&stat_key(game, "total"), score);
            let best = self.counter(&stat_key(game, "best")).max(score);
            self.set_counter(&stat_key(game, "best"), best);
        }
    }

    /// `game`'s free-play statistics.
    pub fn free_stats(&self, game: Game) -> Stats {
        let scored = matches!(game, Game::ModernGems | Game::Dots);
        let played = self.counter(&stat_key(game, "played"));
        Stats {
            played,
            won: self.counter(&stat_key(game, "won")),
            best: (scored && played > 0).then(|| self.counter(&stat_key(game, "best"))),
            total: self.counter(&stat_key(game, "total")),
            streak: Streaks {
                current: u32::try_from(self.counter(&stat_key(game, "run"))).unwrap_or(u32::MAX),
                longest: u32::try_from(self.counter(&stat_key(game, "longest run")))
                    .unwrap_or(u32::MAX),
            },
        }
    }

    /// `game`'s daily statistics on `today` (an assisted day keeps the streak going but is
    /// not counted among the games).
    pub fn daily_stats(&self, game: Game, today: Date) -> Stats {
        let mut stats = Stats::default();
        let mut days = Vec::new();
        for (date, entry) in self.dailies_of(game) {
            days.push(date);
            if entry.assisted {
                continue;
            }
            stats.played += 1;
            stats.won += u64::from(entry.outcome.won());
            if let Outcome::Score(s) = entry.outcome {
                stats.best = Some(stats.best.unwrap_or(0).max(s));
                stats.total += s;
            }
        }
        stats.streak = streaks(days, today);
        stats
    }

    /// `game`'s dailies played, oldest first.
    pub fn dailies_of(&self, game: Game) -> impl Iterator<Item = (Date, DailyEntry)> + '_ {
        self.dailies.iter().filter_map(move |(key, &entry)| {
            let (slug, date) = key.split_once(' ')?;
            (slug == game.slug()).then_some(())?;
            Some((Date::parse(date).ok()?, entry))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scores::{read_scores, scores_to_text};

    fn day(text: &str) -> Date {
        Date::parse(text).unwrap()
    }

    #[test]
    fn daily_first_completed_attempt_counts_and_survives_the_file() {
        let mut f = ScoreFile::default();
        let first = DailyEntry {
            outcome: Outcome::Score(420),
            assisted: false,
        };
        let d = day("2026-11-27");
        assert!(f.enter_daily(Game::Dots, d, first));
        let second = DailyEntry {
            outcome: Outcome::Score(9_999),
            assisted: false,
        };
        assert!(
            !f.enter_daily(Game::Dots, d, second),
            "a second attempt is not entered"
        );
        assert_eq!(f.daily(Game::Dots, d), Some(first));
        let k = DailyEntry {
            outcome: Outcome::KInARow {
                won: true,
                drawn: false,
                moves: 14,
            },
            assisted: true,
        };
        f.enter_daily(Game::KInARow, day("2026-11-26"), k);
        let text = scores_to_text(&f).unwrap();
        assert!(
            text.contains(r#""dots 2026-11-27": (outcome:"score 420")"#),
            "{text}"
        );
        let (back, salvage) = read_scores(&text);
        assert!(salvage.is_clean(), "{salvage:?}");
        assert_eq!(back, f);
        assert_eq!(
            back.dailies_of(Game::KInARow).collect::<Vec<_>>(),
            vec![(day("2026-11-26"), k)]
        );
        // A broken file keeps its daily lines; a damaged daily line alone is dropped.
        let broken = text.replace("score 420", "score four") + "(";
        let (salvaged, salvage) = read_scores(&broken);
        assert_eq!(salvaged.daily(Game::KInARow, day("2026-11-26")), Some(k));
        assert_eq!(salvaged.daily(Game::Dots, d), None);
        assert!(!salvage.is_clean());
        // Merging keeps the first attempt of each day and adds the other's days.
        let mut other = ScoreFile::default();
        other.enter_daily(Game::Dots, d, second);
        other.enter_daily(Game::Dots, day("2026-11-25"), second);
        let mut merged = f.clone();
        merged.merge(&other);
        assert_eq!(merged.daily(Game::Dots, d), Some(first));
        assert_eq!(merged.daily(Game::Dots, day("2026-11-25")), Some(second));
        let again = merged.clone();
        merged.merge(&again);
        assert_eq!(merged, again);
    }

    #[test]
    fn daily_streaks_count_days_in_a_row_up_to_today_or_yesterday() {
        let days = |list: &[&str]| list.iter().map(|d| day(d)).collect::<Vec<_>>();
        let played = days(&[
            "2026-11-20",
            "2026-11-21",
            "2026-11-22",
            "2026-11-25",
            "2026-11-26",
            "2026-11-26",
        ]);
        assert_eq!(
            streaks(played.clone(), day("2026-11-26")),
            Streaks {
                current: 2,
                longest: 3
            }
        );
        assert_eq!(
            streaks(played.clone(), day("2026-11-27")).current,
            2,
            "today can still extend it"
        );
        assert_eq!(
            streaks(played, day("2026-11-28")).current,
            0,
            "a day missed"
        );
        assert_eq!(streaks(Vec::new(), day("2026-11-28")), Streaks::default());
        // Across a month's and a year's end.
        let turn = days(&["2026-12-30", "2026-12-31", "2027-01-01"]);
        assert_eq!(
            streaks(turn, day("2027-01-01")),
            Streaks {
                current: 3,
                longest: 3
            }
        );
    }

    #[test]
    fn daily_and_free_play_statistics_count_wins_scores_and_streaks() {
        let mut f = ScoreFile::default();
        for s in [100, 300, 200] {
            f.count_free_game(Game::Dots, Outcome::Score(s));
        }
        let dots = f.free_stats(Game::Dots);
        assert_eq!(
            (dots.played, dots.won, dots.best, dots.average()),
            (3, 3, Some(300), Some(200))
        );
        let k = |won| Outcome::KInARow {
            won,
            drawn: false,
            moves: 9,
        };
        for won in [true, true, false, true] {
            f.count_free_game(Game::KInARow, k(won));
        }
        let ks = f.free_stats(Game::KInARow);
        assert_eq!(
            (ks.played, ks.won, ks.win_rate(), ks.best),
            (4, 3, Some(75), None)
        );
        assert_eq!(
            ks.streak,
            Streaks {
                current: 1,
                longest: 2
            }
        );
        assert_eq!(f.free_stats(Game::SoloRed), Stats::default());
        // The daily: days in a row; an assisted day keeps the streak, not a place in the games.
        let entry = |s, assisted| DailyEntry {
            outcome: Outcome::Score(s),
            assisted,
        };
        f.enter_daily(Game::Dots, day("2026-11-25"), entry(50, false));
        f.enter_daily(Game::Dots, day("2026-11-26"), entry(150, false));
        f.enter_daily(Game::Dots, day("2026-11-27"), entry(999, true));
        let d = f.daily_stats(Game::Dots, day("2026-11-27"));
        assert_eq!(
            (d.played, d.won, d.best, d.average()),
            (2, 2, Some(150), Some(100))
        );
        assert_eq!(
            d.streak,
            Streaks {
                current: 3,
                longest: 3
            }
        );
        // Another game's dailies are its own.
        assert_eq!(
            f.daily_stats(Game::GridDuel, day("2026-11-27")),
            Stats::default()
        );
    }
}
