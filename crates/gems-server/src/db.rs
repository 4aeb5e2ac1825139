//! The database: SQLite (a file in the data directory) by default, PostgreSQL by URL, through
//! sqlx's Any driver with one set of queries. Every value reaches SQL as a bound parameter
//! (`$1`, `$2`…); no query text is ever built from data (`tools/sql-binds.py` checks it).

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

use crate::player::Secret;
use crate::submission::Verified;

mod ranks;
mod writer;

use ranks::rank_on;
use writer::{Job, write_batches};

/// The most rows a table answer holds.
pub const TABLE_ROWS: i64 = 100;

/// The most results a player's history holds.
pub const HISTORY_ROWS: i64 = 100;

/// A connection pool to the leaderboards' database.
#[derive(Clone, Debug)]
pub struct Store {
    /// Where reads go.
    pool: AnyPool,
    /// Where renames go: on SQLite a single connection, so that writers queue here instead
    /// of sleeping in SQLite's busy handler; on PostgreSQL the same pool as reads.
    writer: AnyPool,
    /// Results on their way to the writer task (see [`Store::record`]).
    jobs: mpsc::Sender<Job>,
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

/// What storing a verified result did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The player's public id.
    pub public: String,
    /// Whether it was stored (a daily's first attempt; a standard position's new best).
    pub stored: bool,
    /// A stored daily's rank in the main table and the table's size (none when assisted).
    pub rank: Option<(i64, i64)>,
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
    /// Its rank in the day's main table now (0 when assisted: it is not in that table).
    pub rank: i64,
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
        let options = |connections| {
            AnyPoolOptions::new()
                .max_connections(connections)
                .after_connect(move |connection, _| {
                    Box::pin(async move {
                        if sqlite {
                            // The durability: a commit is safe from a crash of the server once it
                            // returns, and from a power cut once the log is checkpointed (WAL
                            // with synchronous=NORMAL, SQLite's recommended pairing).
                            sqlx::query("PRAGMA synchronous = NORMAL")
                                .execute(&mut *connection)
                                .await?;
                            // Checkpoints (copying the log into the database, with its fsync) run
                            // in the background, not in the commit of whichever result fills the
                            // log.
                            sqlx::query("PRAGMA wal_autocheckpoint = 0")
                                .execute(&mut *connection)
                                .await?;
                            // 32 MiB of pages per connection (SQLite's default is 2 MiB): the
                            // indexes a million results need stay in memory.
                            sqlx::query("PRAGMA cache_size = -32768")
                                .execute(&mut *connection)
                                .await?;
                        }
                        Ok(())
                    })
                })
        };
        let writer = options(if sqlite { 1 } else { 16 }).connect(&url).await?;
        if sqlite {
            // Readers do not wait for the writer (SQLite's write-ahead log).
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&writer)
                .await?;
        }
        crate::migrations::migrator().run(&writer).await?;
        let pool = if sqlite {
            options(4).connect(&url).await?
        } else {
            writer.clone()
        };
        let (jobs, queue) = mpsc::channel(1024);
        tokio::spawn(write_batches(writer.clone(), queue));
        if sqlite {
            tokio::spawn(checkpoint_every_second(pool.clone()));
        }
        Ok(Store { pool, writer, jobs })
    }

    /// Records `secret` as a player (named `name`, or by default) if new; its public id.
    pub async fn ensure_player(
        &self,
        secret: &Secret,
        name: Option<&str>,
        now: i64,
    ) -> Result<String, sqlx::Error> {
        let mut connection = self.writer.acquire().await?;
        insert_player(&mut connection, secret, name, now).await
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
            .execute(&self.writer)
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

    /// Stores a verified result with its player (made if new): a daily's if it is the
    /// player's first there, a standard position's if it beats the player's best, and reads
    /// a daily's rank in the same transaction.
    ///
    /// The writer task stores the results that arrive together in one transaction (a group
    /// commit): SQLite has one writer at a time, and a result's counts (the day's players,
    /// its bucket, its outcome) are rows every result of the day updates, which separate
    /// transactions would take turns at, one commit each (measured on PostgreSQL: 216–246
    /// submissions a second that way, 516–623 batched). On SQLite the writer's connection's
    /// cache is never made stale by another writer.
    pub async fn record(&self, v: &Verified, now: i64) -> Result<Recorded, sqlx::Error> {
        let (answer, reply) = oneshot::channel();
        let job = Job {
            verified: v.clone(),
            now,
            answer,
        };
        self.jobs
            .send(job)
            .await
            .map_err(|_| sqlx::Error::PoolClosed)?;
        reply.await.map_err(|_| sqlx::Error::PoolClosed)?
    }

    /// The rank a `key` has in the main table of `game`'s daily on `day`, and how many
    /// results that table holds: sums over the day's counts (`daily_ranks`), not a
    /// count of its results.
    pub async fn daily_rank(
        &self,
        game: &str,
        day: &str,
        key: i64,
    ) -> Result<(i64, i64), sqlx::Error> {
        let mut connection = self.pool.acquire().await?;
        rank_on(&mut connection, game, day, key).await
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

    /// A player's latest [`HISTORY_ROWS`] daily results with their ranks, the latest day
    /// first.
    pub async fn history(&self, public: &str) -> Result<Vec<DailyResult>, sqlx::Error> {
        let mut connection = self.pool.acquire().await?;
        let rows = sqlx::query(
            "SELECT game, day, outcome, assisted, rank_key FROM daily_results \
             WHERE public_id = $1 ORDER BY day DESC, game ASC LIMIT $2",
        )
        .bind(public)
        .bind(HISTORY_ROWS)
        .fetch_all(&mut *connection)
        .await?;
        let mut results = Vec::with_capacity(rows.len());
        for row in &rows {
            results.push(with_rank(&mut connection, row).await?);
        }
        Ok(results)
    }

    /// The player's result at `game`'s daily on `day`, if any.
    pub async fn daily_result(
        &self,
        public: &str,
        game: &str,
        day: &str,
    ) -> Result<Option<DailyResult>, sqlx::Error> {
        let mut connection = self.pool.acquire().await?;
        let row = sqlx::query(
            "SELECT game, day, outcome, assisted, rank_key FROM daily_results \
             WHERE public_id = $1 AND game = $2 AND day = $3",
        )
        .bind(public)
        .bind(game)
        .bind(day)
        .fetch_optional(&mut *connection)
        .await?;
        match row {
            Some(row) => Ok(Some(with_rank(&mut connection, &row).await?)),
            None => Ok(None),
        }
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

/// A row of (game, day, outcome, assisted, key), with its rank read on `connection` (0 when
/// assisted).
async fn with_rank(
    connection: &mut sqlx::AnyConnection,
    r: &AnyRow,
) -> Result<DailyResult, sqlx::Error> {
    let mut result = DailyResult {
        game: r.try_get(0)?,
        date: r.try_get(1)?,
        outcome: r.try_get(2)?,
        assisted: r.try_get::<i64, _>(3)? != 0,
        key: r.try_get(4)?,
        rank: 0,
    };
    if !result.assisted {
        result.rank = rank_on(connection, &result.game, &result.date, result.key)
            .await?
            .0;
    }
    Ok(result)
}

/// Copies SQLite's write-ahead log into the database once a second, without holding up the
/// writer (a passive checkpoint).
async fn checkpoint_every_second(pool: AnyPool) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(1));
    loop {
        tick.tick().await;
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await
        {
            tracing::warn!("checkpoint: {e}");
        }
    }
}

/// Records `secret` as a player (named `name`, or by default) if new, on `connection`; its
/// public id.
async fn insert_player(
    connection: &mut sqlx::AnyConnection,
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
    .execute(&mut *connection)
    .await?;
    Ok(public)
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
