//! The database: SQLite (a file in the data directory) by default, PostgreSQL by URL, through
//! sqlx's Any driver with one set of queries. Every value reaches SQL as a bound parameter
//! (`$1`, `$2`…); no query text is ever built from data (`tools/sql-binds.py` checks it).

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

use crate::player::Secret;
use crate::submission::{Target, Verified};

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

/// Outcomes a bucket's count (level 1 of `daily_ranks`) covers.
const BUCKET_WIDTH: i64 = 64;

/// The bucket of `key`: `key / 64`, rounded towards zero as SQL's division rounds (the
/// migration fills the buckets with SQL).
fn bucket(key: i64) -> i64 {
    key / BUCKET_WIDTH
}

/// The largest key in bucket `b` (bucket 0 holds −63 to 63).
fn bucket_top(b: i64) -> i64 {
    if b >= 0 {
        b.saturating_mul(BUCKET_WIDTH)
            .saturating_add(BUCKET_WIDTH - 1)
    } else {
        b.saturating_mul(BUCKET_WIDTH)
    }
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

/// Most results one transaction stores.
const MAX_BATCH: usize = 64;

/// A result waiting for the writer, and where its answer goes.
struct Job {
    verified: Verified,
    now: i64,
    answer: oneshot::Sender<Result<Recorded, sqlx::Error>>,
}

/// The writer task: takes the results waiting (up to [`MAX_BATCH`]) and stores them in one
/// transaction. When a batch fails, each of its results is tried alone, so that one bad result
/// fails only its own submission.
async fn write_batches(writer: AnyPool, mut jobs: mpsc::Receiver<Job>) {
    while let Some(first) = jobs.recv().await {
        // The requests already in hand (parsed, replayed) go first and join this batch.
        tokio::task::yield_now().await;
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let stored = write_batch(&writer, &batch).await;
        match stored {
            Ok(done) => {
                for (job, recorded) in batch.into_iter().zip(done) {
                    let _ = job.answer.send(Ok(recorded));
                }
            }
            Err(e) if batch.len() == 1 => {
                if let Some(job) = batch.pop() {
                    let _ = job.answer.send(Err(e));
                }
            }
            Err(_) => {
                for job in batch {
                    let alone = write_batch(&writer, std::slice::from_ref(&job)).await;
                    let _ = job.answer.send(alone.map(|mut done| done.remove(0)));
                }
            }
        }
    }
}

/// Stores `batch` in one transaction.
async fn write_batch(writer: &AnyPool, batch: &[Job]) -> Result<Vec<Recorded>, sqlx::Error> {
    let mut tx = writer.begin().await?;
    let mut done = Vec::with_capacity(batch.len());
    for job in batch {
        done.push(record_on(&mut tx, &job.verified, job.now).await?);
    }
    tx.commit().await?;
    Ok(done)
}

/// Stores one verified result on `tx` (see [`Store::record`]).
async fn record_on(
    tx: &mut sqlx::AnyConnection,
    v: &Verified,
    now: i64,
) -> Result<Recorded, sqlx::Error> {
    let public = insert_player(tx, &v.secret, None, now).await?;
    let public = public.as_str();
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
            .execute(&mut *tx)
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
            .execute(&mut *tx)
            .await?
        }
    };
    let stored = done.rows_affected() > 0;
    let mut rank = None;
    if let (Target::Daily(daily), true, false) = (&v.target, stored, v.assisted) {
        let (game, day, key) = (
            daily.game.slug(),
            daily.date.to_string(),
            v.outcome.rank_key(),
        );
        count_in(tx, game, &day, key).await?;
        rank = Some(rank_on(tx, game, &day, key).await?);
    }
    Ok(Recorded {
        public: public.to_string(),
        stored,
        rank,
    })
}

/// Counts a new result of `key` in the main table of `game`'s daily on `day`: in the day's
/// players, its bucket and its outcome (levels 0, 1 and 2 of `daily_ranks`), in one statement.
async fn count_in(
    tx: &mut sqlx::AnyConnection,
    game: &str,
    day: &str,
    key: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO daily_ranks (game, day, level, value, players) \
         VALUES ($1, $2, 0, 0, 1), ($3, $4, 1, $5, 1), ($6, $7, 2, $8, 1) \
         ON CONFLICT (game, day, level, value) DO UPDATE SET players = daily_ranks.players + 1",
    )
    .bind(game)
    .bind(day)
    .bind(game)
    .bind(day)
    .bind(bucket(key))
    .bind(game)
    .bind(day)
    .bind(key)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// The rank of `key` in `game`'s daily on `day` and the table's size, read on `connection`:
/// the players in the buckets above `key`'s, plus those above it in its own bucket.
async fn rank_on(
    connection: &mut sqlx::AnyConnection,
    game: &str,
    day: &str,
    key: i64,
) -> Result<(i64, i64), sqlx::Error> {
    let b = bucket(key);
    let row = sqlx::query(
        "SELECT \
         CAST(COALESCE((SELECT SUM(players) FROM daily_ranks \
         WHERE game = $1 AND day = $2 AND level = 1 AND value > $3), 0) AS BIGINT), \
         CAST(COALESCE((SELECT SUM(players) FROM daily_ranks \
         WHERE game = $4 AND day = $5 AND level = 2 AND value > $6 AND value <= $7), 0) AS BIGINT), \
         CAST(COALESCE((SELECT players FROM daily_ranks \
         WHERE game = $8 AND day = $9 AND level = 0 AND value = 0), 0) AS BIGINT)",
    )
    .bind(game)
    .bind(day)
    .bind(b)
    .bind(game)
    .bind(day)
    .bind(key)
    .bind(bucket_top(b))
    .bind(game)
    .bind(day)
    .fetch_one(&mut *connection)
    .await?;
    let above = row.try_get::<i64, _>(0)? + row.try_get::<i64, _>(1)?;
    Ok((above + 1, row.try_get::<i64, _>(2)?))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn daily_rank_buckets_cover_every_key_once() {
        for key in -1000..1000 {
            let b = bucket(key);
            assert!(key <= bucket_top(b), "{key} above the top of bucket {b}");
            assert!(key > bucket_top(b - 1), "{key} in bucket {b} and below");
            assert_eq!(bucket(bucket_top(b)), b);
        }
        assert_eq!(bucket_top(bucket(i64::MAX)), i64::MAX);
        assert_eq!(
            bucket_top(bucket(i64::MIN)),
            i64::MIN,
            "no overflow at the bottom"
        );
    }
}
