//! A submission: what a client sends when a daily (or a standard position) is over, decoded
//! and checked before anything is stored. The server trusts no number in it: it replays the
//! moves with the rules crate and keeps the outcome it computes itself.

use gems_rules::daily::{Daily, Date, Game, Outcome, ReplayError};

use crate::player::{PlayerError, Secret};
use crate::standard;

/// The largest body the server reads, in bytes: a whole Sunday of Modern Gems is a few KB.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// The longest move line (a Dots path across a 9 × 9 board is under 500 bytes).
pub const MAX_LINE_BYTES: usize = 2_000;

/// The longest client version string.
pub const MAX_CLIENT_BYTES: usize = 40;

pub use gems_formats::leaderboard::Submission;

/// What a submission is for, once checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A daily.
    Daily(Daily),
    /// A standard position (by number, 1 to 20).
    Standard(usize),
}

/// A submission whose moves replayed to an outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The daily or standard position.
    pub target: Target,
    /// The outcome the server computed.
    pub outcome: Outcome,
    /// Assisted by the client's word or the moves' (autoplay).
    pub assisted: bool,
    /// The moves, one per line.
    pub moves: String,
    /// The client's version.
    pub client: String,
    /// The player.
    pub secret: Secret,
}

/// Why a submission is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SubmissionError {
    /// The body is not the JSON of a submission.
    #[error("the body is not a submission: {0}")]
    Json(String),
    /// The player's secret is malformed.
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// An unknown game.
    #[error("'{0}' is not a game (modern-gems, dots, k-in-a-row, solo-red, grid-duel)")]
    Game(String),
    /// Both or neither of a date and a board.
    #[error("a submission names a daily's date or a standard board, one of the two")]
    Target,
    /// A malformed date.
    #[error("'{0}' is not a date (YYYY-MM-DD)")]
    Date(String),
    /// A daily that is not open today, in any time zone.
    #[error(
        "the daily of {date} is not open: today is {today} (UTC), and a daily is open only on its own day somewhere on Earth"
    )]
    Closed {
        /// The daily's date.
        date: Date,
        /// Today, UTC.
        today: Date,
    },
    /// An unknown standard board.
    #[error("'{0}' is not a standard position (standard-1 to standard-20, Modern Gems only)")]
    Board(String),
    /// A setup other than the daily's.
    #[error("the setup is not the daily's of {0}: the moves were played on another deal")]
    Setup(Date),
    /// A field too long.
    #[error("{0} is too long")]
    TooLong(&'static str),
    /// The moves do not stand.
    #[error("the moves do not replay: {0}")]
    Replay(#[from] ReplayError),
}

/// The submission in `body`, or why it is not one.
pub fn decode(body: &[u8]) -> Result<Submission, SubmissionError> {
    if body.len() > MAX_BODY_BYTES {
        return Err(SubmissionError::TooLong("the body"));
    }
    Submission::from_json(body).map_err(SubmissionError::Json)
}

/// The checks of a submission, before and with its replay.
pub trait Check {
    /// Everything but the replay checked, on `today` (UTC): the target and the player.
    fn check(&self, today: Date) -> Result<(Target, Secret), SubmissionError>;

    /// The submission checked and replayed on `today` (UTC): the outcome the server keeps.
    /// A daily of K in a row replays the computer's searches: seconds of work, for a
    /// blocking thread.
    fn verify(self, today: Date) -> Result<Verified, SubmissionError>;
}

impl Check for Submission {
    fn check(&self, today: Date) -> Result<(Target, Secret), SubmissionError> {
        let secret = Secret::parse(&self.player)?;
        if self.client.len() > MAX_CLIENT_BYTES {
            return Err(SubmissionError::TooLong("the client's version"));
        }
        if self.moves.len() > gems_rules::daily::MAX_MOVES {
            return Err(ReplayError::TooMany(self.moves.len()).into());
        }
        if self.moves.iter().any(|m| m.len() > MAX_LINE_BYTES) {
            return Err(SubmissionError::TooLong("a move"));
        }
        let game =
            Game::from_slug(&self.game).ok_or_else(|| SubmissionError::Game(self.game.clone()))?;
        let target = match (&self.date, &self.board) {
            (Some(date), None) => {
                let date = Date::parse(date).map_err(|_| SubmissionError::Date(date.clone()))?;
                if !date.open_on(today) {
                    return Err(SubmissionError::Closed { date, today });
                }
                let daily = Daily::of(game, date);
                if self
                    .setup
                    .as_ref()
                    .is_some_and(|s| *s != daily.setup_words())
                {
                    return Err(SubmissionError::Setup(date));
                }
                Target::Daily(daily)
            }
            (None, Some(board)) => match (game, standard::number(board)) {
                (Game::ModernGems, Some(n)) => Target::Standard(n),
                _ => return Err(SubmissionError::Board(board.clone())),
            },
            _ => return Err(SubmissionError::Target),
        };
        Ok((target, secret))
    }

    fn verify(self, today: Date) -> Result<Verified, SubmissionError> {
        let (target, secret) = self.check(today)?;
        let (outcome, assisted) = match &target {
            Target::Daily(daily) => {
                let replayed = daily.replay(&self.moves)?;
                (replayed.outcome, replayed.assisted)
            }
            Target::Standard(n) => (Outcome::Score(standard::replay(*n, &self.moves)?), false),
        };
        Ok(Verified {
            target,
            outcome,
            assisted: assisted || self.assisted,
            moves: self.moves.join("\n"),
            client: self.client,
            secret,
        })
    }
}
