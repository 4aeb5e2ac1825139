//! The database's writer task: the results that arrive together stored in one transaction (a
//! group commit).

use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

use super::ranks::{count_in, rank_on};
use super::{Recorded, format_board, insert_player};
use crate::submission::{Target, Verified};

/// Most results one transaction stores.
const MAX_BATCH: usize = 64;

/// A result waiting for the writer, and where its answer goes.
pub(super) struct Job {
    pub(super) verified: Verified,
    pub(super) now: i64,
    pub(super) answer: oneshot::Sender<Result<Recorded, sqlx::Error>>,
}

/// The writer task: takes the results waiting (up to [`MAX_BATCH`]) and stores them in one
/// transaction. When a batch fails, each of its results is tried alone, so that one bad result
/// fails only its own submission.
pub(super) async fn write_batches(writer: AnyPool, mut jobs: mpsc::Receiver<Job>) {
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
