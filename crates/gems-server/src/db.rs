//! The database: SQLite (a file in the data directory) by default, PostgreSQL by URL, through
//! sqlx's Any driver with one set of queries. Every value reaches SQL as a bound parameter
//! (`$1`, `$2`…); no query text is ever built from data (`tools/sql-binds.py` checks it).

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};

use crate::player::Secret;
use crate::submission::{Target, Verified};

/// The schema, from `migrations/`: the same SQL for both databases.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The most rows a table answer holds.
pub const TABLE_ROWS: i64 = 100;

/// A connection pool to the leaderboards' database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
}

/// One row of a table: a player's outcome and rank.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    /// 1 for the best; equal outcomes share a rank.
    pub rank: i64,
    /// The player's display name.
    pub name: String,
    /// The player's public id.
    pub player: String,
    /// The outcome in words (`score 420`, `k won 14`…).
    pub outcome: String,
    /// The ordering number (larger is better).
    #[serde(skip)]
    pub key: i64,
}

/// A player's result at one daily.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DailyResult {
    /// The game's slug.
    pub game: String,
    /// The day.
    pub date: String,
    /// The outcome in words.
    pub outcome: String,
    /// In the assisted table, not the main one.
    pub assisted: bool,
    /// The ordering number.
    #[serde(skip)]
    pub key: i64,
}

impl Store {
    /// Connects to `url` (`sqlite://PATH`, created if missing, or `postgres://…`) and brings
    /// its schema up to date.
    pub async fn open(url: &str) -> Result<Store, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let url = if sqlite && !url.contains('?') {
            format!("{url}?mode=rwc")
        } else {
            url.to_string()
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 16 })
            .connect(&url)
            .await?;
        if sqlite {
            // Readers do not wait for the writer (SQLite's write-ahead log).
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await?;
        }
        MIGRATOR.run(&pool).await?;
        Ok(Store { pool })
    }

    /// Records `secret` as a player (named `name`, or by default) if new; its public id.
    pub async fn ensure_player(
        &self,
        secret: &Secret,
        name: Option<&str>,
        now: i64,
    ) -> Result<String, sqlx::Error> {
        let public = secret.public_id();
        let default = secret.default_name();
        sqlx::query(
            "INSERT INTO players (secret_hash, public_id, name, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (secret_hash) DO NOTHING",
        )
        .bind(secret.hash())
        .bind(&public)
        .bind(name.unwrap_or(&default))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(public)
    }

    /// Renames the player `secret`, creating it if new; its public id.
    pub async fn set_name(
        &self,
        secret: &Secret,
        name: &str,
        now: i64,
    ) -> Result<String, sqlx::Error> {
        let public = self.ensure_player(secret, Some(name), now).await?;
        sqlx::query("UPDATE players SET name = $1 WHERE secret_hash = $2")
            .bind(name)
            .bind(secret.hash())
            .execute(&self.pool)
            .await?;
        Ok(public)
    }

    /// The display name of the player `public`, if known.
    pub async fn name_of(&self, public: &str) -> Result<Option<String>, sqlx::Error> {
        let row = sqlx::query("SELECT name FROM players WHERE public_id = $1")
            .bind(public)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get::<String, _>(0)).transpose()
    }

    /// Stores a verified result: a daily's if it is the player's first there (false when the
    /// player already has one), a standard position's if it beats the player's best (false
    /// when it does not).
    pub async fn record(&self, v: &Verified, public: &str, now: i64) -> Result<bool, sqlx::Error> {
        let done = match &v.target {
            Target::Daily(daily) => {
                sqlx::query(
                    "INSERT INTO daily_results \
                     (game, day, public_id, outcome, rank_key, assisted, moves, client, submitted_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                     ON CONFLICT (game, day, public_id) DO NOTHING",
                )
                .bind(daily.game.slug())
                .bind(daily.date.to_string())
                .bind(public)
                .bind(v.outcome.words())
                .bind(v.outcome.rank_key())
                .bind(i64::from(v.assisted))
                .bind(&v.moves)
                .bind(&v.client)
                .bind(now)
                .execute(&self.pool)
                .await?
            }
            Target::Standard(n) => {
                sqlx::query(
                    "INSERT INTO standard_results (board, public_id, score, moves, client, submitted_at) \
                     VALUES ($1, $2, $3, $4, $5, $6) \
                     ON CONFLICT (board, public_id) DO UPDATE SET score = excluded.score, \
                     moves = excluded.moves, client = excluded.client, submitted_at = excluded.submitted_at \
                     WHERE excluded.score > standard_results.score",
                )
                .bind(format_board(*n))
                .bind(public)
                .bind(v.outcome.rank_key())
                .bind(&v.moves)
                .bind(&v.client)
                .bind(now)
                .execute(&self.pool)
                .await?
            }
        };
        Ok(done.rows_affected() > 0)
    }

    /// The rank a `key` has in the main table of `game`'s daily on `day`, and how many
    /// results that table holds.
    pub async fn daily_rank(
        &self,
        game: &str,
        day: &str,
        key: i64,
    ) -> Result<(i64, i64), sqlx::Error> {
        let row = sqlx::query(
            "SELECT COALESCE(SUM(CASE WHEN rank_key > $3 THEN 1 ELSE 0 END), 0), COUNT(*) \
             FROM daily_results WHERE game = $1 AND day = $2 AND assisted = 0",
        )
        .bind(game)
        .bind(day)
        .bind(key)
        .fetch_one(&self.pool)
        .await?;
        Ok((row.try_get::<i64, _>(0)? + 1, row.try_get::<i64, _>(1)?))
    }

    /// The top of the main table of `game`'s daily on `day`.
    pub async fn daily_table(&self, game: &str, day: &str) -> Result<Vec<Entry>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT p.name, r.public_id, r.outcome, r.rank_key FROM daily_results r \
             JOIN players p ON p.public_id = r.public_id \
             WHERE r.game = $1 AND r.day = $2 AND r.assisted = 0 \
             ORDER BY r.rank_key DESC, r.submitted_at ASC, r.public_id ASC LIMIT $3",
        )
        .bind(game)
        .bind(day)
        .bind(TABLE_ROWS)
        .fetch_all(&self.pool)
        .await?;
        ranked(&rows)
    }

    /// A player's daily results, the latest day first (at most a year of days).
    pub async fn history(&self, public: &str) -> Result<Vec<DailyResult>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT game, day, outcome, assisted, rank_key FROM daily_results \
             WHERE public_id = $1 ORDER BY day DESC, game ASC LIMIT $2",
        )
        .bind(public)
        .bind(366 * 5)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(daily_result).collect()
    }

    /// The player's result at `game`'s daily on `day`, if any.
    pub async fn daily_result(
        &self,
        public: &str,
        game: &str,
        day: &str,
    ) -> Result<Option<DailyResult>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT game, day, outcome, assisted, rank_key FROM daily_results \
             WHERE public_id = $1 AND game = $2 AND day = $3",
        )
        .bind(public)
        .bind(game)
        .bind(day)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(daily_result).transpose()
    }

    /// The all-time table of standard position `n`, best first (`limit` rows).
    pub async fn standard_table(&self, n: usize, limit: i64) -> Result<Vec<Entry>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT p.name, s.public_id, 'score ' || CAST(s.score AS TEXT), s.score FROM standard_results s \
             JOIN players p ON p.public_id = s.public_id WHERE s.board = $1 \
             ORDER BY s.score DESC, s.submitted_at ASC, s.public_id ASC LIMIT $2",
        )
        .bind(format_board(n))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        ranked(&rows)
    }

    /// The rank of `score` on standard position `n`, and how many players the table holds.
    pub async fn standard_rank(&self, n: usize, score: i64) -> Result<(i64, i64), sqlx::Error> {
        let row = sqlx::query(
            "SELECT COALESCE(SUM(CASE WHEN score > $2 THEN 1 ELSE 0 END), 0), COUNT(*) \
             FROM standard_results WHERE board = $1",
        )
        .bind(format_board(n))
        .bind(score)
        .fetch_one(&self.pool)
        .await?;
        Ok((row.try_get::<i64, _>(0)? + 1, row.try_get::<i64, _>(1)?))
    }

    /// The player's best score on standard position `n`, if any.
    pub async fn standard_best(&self, n: usize, public: &str) -> Result<Option<i64>, sqlx::Error> {
        let row =
            sqlx::query("SELECT score FROM standard_results WHERE board = $1 AND public_id = $2")
                .bind(format_board(n))
                .bind(public)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| r.try_get::<i64, _>(0)).transpose()
    }
}

/// A row of (game, day, outcome, assisted, key).
fn daily_result(r: &AnyRow) -> Result<DailyResult, sqlx::Error> {
    Ok(DailyResult {
        game: r.try_get(0)?,
        date: r.try_get(1)?,
        outcome: r.try_get(2)?,
        assisted: r.try_get::<i64, _>(3)? != 0,
        key: r.try_get(4)?,
    })
}

/// A standard position's name.
fn format_board(n: usize) -> String {
    format!("standard-{n}")
}

/// Rows of (name, public id, outcome, key), best first, with competition ranks (1, 2, 2, 4).
fn ranked(rows: &[AnyRow]) -> Result<Vec<Entry>, sqlx::Error> {
    let mut out: Vec<Entry> = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let key: i64 = r.try_get(3)?;
        let rank = match out.last() {
            Some(prev) if prev.key == key => prev.rank,
            _ => i as i64 + 1,
        };
        out.push(Entry {
            rank,
            name: r.try_get(0)?,
            player: r.try_get(1)?,
            outcome: r.try_get(2)?,
            key,
        });
    }
    Ok(out)
}
