//! A daily's ranks without a scan of its results: `daily_ranks` counts the day's players, the
//! players in each bucket of 64 outcomes and those of each outcome, so that a rank is the
//! players in the buckets above a key's plus those above it in its own bucket.

use sqlx::Row;

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

/// Counts a new result of `key` in the main table of `game`'s daily on `day`: in the day's
/// players, its bucket and its outcome (levels 0, 1 and 2 of `daily_ranks`), in one statement.
pub(super) async fn count_in(
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
pub(super) async fn rank_on(
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
