//! The leaderboards' wire format and the game's outbox.
//!
//! A [`Submission`] is what the game sends the leaderboard server (`gems-server`) when a daily
//! ends, in JSON: the server decodes the same type. Until the server has answered, it waits in
//! the [`Outbox`], a RON file in the data directory (`leaderboard.ron`; the browser's storage
//! on the web) that also keeps the player's secret.

use serde::{Deserialize, Serialize};

/// The largest outbox file read.
pub const MAX_OUTBOX_BYTES: usize = 1 << 20;

/// The most submissions the outbox keeps waiting (the oldest go first past it).
pub const MAX_QUEUED: usize = 64;

/// A finished daily (or standard position), as sent to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Submission {
    /// The game's slug (`modern-gems`, `dots`, `k-in-a-row`, `solo-red`, `grid-duel`).
    pub game: String,
    /// The daily's date, `YYYY-MM-DD` (or `board`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// A standard position's name, `standard-1` … `standard-20` (Modern Gems only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The setup the moves start from, in the game's resume words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    /// The moves, one journal line each.
    pub moves: Vec<String>,
    /// The client's version.
    pub client: String,
    /// The player's secret: 32 hexadecimal digits.
    pub player: String,
    /// Whether the client counts the game as assisted (the computer played for the person).
    #[serde(default)]
    pub assisted: bool,
}

impl Submission {
    /// The submission's JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The submission in `body`, or why it is not one.
    pub fn from_json(body: &[u8]) -> Result<Submission, String> {
        serde_json::from_slice(body).map_err(|e| e.to_string())
    }
}

/// A display name for the player with a secret (`PUT /api/name`), as sent to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rename {
    /// The player's secret: 32 hexadecimal digits.
    pub player: String,
    /// The name the tables show.
    pub name: String,
}

impl Rename {
    /// The rename's JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The rename in `body`, or why it is not one.
    pub fn from_json(body: &[u8]) -> Result<Rename, String> {
        serde_json::from_slice(body).map_err(|e| e.to_string())
    }
}

/// What the server answers a submission: the outcome it computed and the rank, or an error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Answer {
    /// The player's public id.
    pub player: Option<String>,
    /// The outcome in words.
    pub outcome: Option<String>,
    /// The outcome for people (`score 420`, `won in 12 moves`).
    pub describe: Option<String>,
    /// In the assisted table.
    pub assisted: bool,
    /// The rank in the day's table (absent when assisted).
    pub rank: Option<i64>,
    /// How many players the table holds.
    pub of: Option<i64>,
    /// A standard position's: the player's best score there (the rank is the best's).
    pub best: Option<i64>,
    /// A standard position's: the result beat the player's best.
    pub improved: Option<bool>,
    /// Why the submission was refused.
    pub error: Option<String>,
}

impl Answer {
    /// The answer in `body` (an unreadable body is an answer with no fields).
    pub fn from_json(body: &str) -> Answer {
        serde_json::from_str(body).unwrap_or_default()
    }
}

/// One row of a table, as the server sends it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Row {
    /// 1 for the best; equal results share a rank.
    pub rank: i64,
    /// The player's display name.
    pub name: String,
    /// The player's public id.
    pub player: String,
    /// The result for people (`score 420`, `won in 12 moves`).
    pub describe: String,
}

/// The reader's own place in a table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Own {
    /// Their rank (none in the assisted table).
    pub rank: Option<i64>,
    /// Their result for people.
    pub describe: String,
    /// Their best score (a standard position's table).
    pub score: Option<i64>,
}

/// A table as the server sends it: a day's daily (`GET /api/daily/…`) or a standard position's
/// (`GET /api/standard/…`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Table {
    /// How many players the table holds.
    pub players: i64,
    /// Its best rows.
    pub top: Vec<Row>,
    /// The reader's own place, when they asked with their id and have one.
    pub you: Option<Own>,
    /// The Expert's record (a standard position's table).
    pub record: Option<Record>,
    /// The position's name (a standard position's table).
    pub board: Option<String>,
}

/// The Expert's record on a standard position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Record {
    /// Its score.
    pub score: i64,
}

/// Every standard position's table (`GET /api/standard`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct StandardTables {
    /// The 20 positions, in order.
    pub boards: Vec<Table>,
}

impl Table {
    /// The table in `body`, or why it is not one.
    pub fn from_json(body: &str) -> Result<Table, String> {
        serde_json::from_str(body).map_err(|e| e.to_string())
    }
}

impl StandardTables {
    /// The tables in `body`, or why they are not.
    pub fn from_json(body: &str) -> Result<StandardTables, String> {
        serde_json::from_str(body).map_err(|e| e.to_string())
    }
}

/// The game's leaderboard file: the player's secret, their public id once the server told it,
/// the name last sent, and the submissions not yet answered.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Outbox {
    /// The player's secret (32 hexadecimal digits), made from the system's random source on
    /// first use; empty until then.
    pub secret: String,
    /// The player's public id, as the server last told it.
    pub player: Option<String>,
    /// The display name the server has (what was last sent and accepted).
    pub name_sent: String,
    /// Submissions waiting for the server, the oldest first.
    pub queue: Vec<Submission>,
}

impl Outbox {
    /// The outbox in `text`, or why it cannot be read.
    pub fn parse(text: &str) -> Result<Outbox, crate::FormatError> {
        if text.len() > MAX_OUTBOX_BYTES {
            return Err(crate::FormatError::too_large(MAX_OUTBOX_BYTES));
        }
        ron::from_str(text).map_err(|e| crate::FormatError::ron(&e))
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }

    /// Queues `submission`, dropping the oldest past [`MAX_QUEUED`].
    pub fn push(&mut self, submission: Submission) {
        self.queue.push(submission);
        let over = self.queue.len().saturating_sub(MAX_QUEUED);
        self.queue.drain(..over);
    }
}

/// `text` as a server's base address (`http://` or `https://`, no trailing slash), or why not.
pub fn server_url(text: &str) -> Result<String, String> {
    let text = text.trim().trim_end_matches('/');
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
        .ok_or_else(|| format!("'{text}' is not an http:// or https:// address"))?;
    if rest.is_empty() || rest.contains(char::is_whitespace) || rest.contains(['?', '#']) {
        return Err(format!("'{text}' is not a server's address"));
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Submission {
        Submission {
            game: "dots".into(),
            date: Some("2026-11-26".into()),
            board: None,
            setup: Some("8 6 20 5".into()),
            moves: vec!["p 0,0 1,0".into(), "p \"quoted\"\n".into()],
            client: "0.1.0".into(),
            player: "ab".repeat(16),
            assisted: false,
        }
    }

    #[test]
    fn leaderboard_submission_json_round_trips_and_refuses_extra_fields() {
        let s = sample();
        let json = s.to_json();
        assert!(!json.contains("board"), "{json}");
        assert_eq!(Submission::from_json(json.as_bytes()), Ok(s));
        let forged = json.replacen('{', "{\"score\":5,", 1);
        assert!(
            Submission::from_json(forged.as_bytes())
                .unwrap_err()
                .contains("score")
        );
    }

    #[test]
    fn leaderboard_server_url_is_http_or_https_without_a_slash() {
        assert_eq!(
            server_url("https://gems.example/"),
            Ok("https://gems.example".into())
        );
        assert_eq!(
            server_url(" http://127.0.0.1:8080 "),
            Ok("http://127.0.0.1:8080".into())
        );
        for bad in [
            "",
            "gems.example",
            "ftp://x",
            "http://",
            "http://a b",
            "http://x?y=1",
        ] {
            assert!(server_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn leaderboard_rename_json_escapes_and_round_trips() {
        let r = Rename {
            player: "ab".repeat(16),
            name: "Zoë \"Q\"\\\n".into(),
        };
        let json = r.to_json();
        assert!(json.contains("Zoë \\\"Q\\\"\\\\\\n"), "{json}");
        assert_eq!(Rename::from_json(json.as_bytes()), Ok(r));
        assert!(Rename::from_json(b"{\"player\":\"x\",\"name\":\"y\",\"z\":1}").is_err());
    }

    #[test]
    fn leaderboard_outbox_round_trips_and_keeps_the_newest() {
        let mut outbox = Outbox {
            secret: "00".repeat(16),
            ..Outbox::default()
        };
        for i in 0..MAX_QUEUED + 3 {
            let mut s = sample();
            s.client = i.to_string();
            outbox.push(s);
        }
        assert_eq!(outbox.queue.len(), MAX_QUEUED);
        assert_eq!(outbox.queue[0].client, "3");
        assert_eq!(Outbox::parse(&outbox.to_text()), Ok(outbox));
        assert!(Outbox::parse("(queue: 5)").is_err());
        let answer = Answer::from_json("{\"rank\":3,\"of\":9,\"outcome\":\"score 5\",\"new\":1}");
        assert_eq!((answer.rank, answer.of), (Some(3), Some(9)));
        assert_eq!(Answer::from_json("not json"), Answer::default());
    }
}
