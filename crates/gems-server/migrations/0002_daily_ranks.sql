-- Ranks and table reads that stay fast at a million results a day.
--
-- A rank is 1 plus the players above a result in the day's main table. Instead of counting
-- the day's results, the server keeps counts in the transaction that stores a result:
--   daily_counts   the day's players;
--   daily_buckets  players by bucket of 64 outcomes (rank_key / 64, as SQL and Rust both
--                  divide: towards zero);
--   daily_keys     players by outcome.
-- A rank sums the buckets above the result's bucket and the outcomes above it within its own
-- bucket: a few hundred rows at most, however many players.
CREATE TABLE daily_counts (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    players BIGINT NOT NULL,
    PRIMARY KEY (game, day)
);

CREATE TABLE daily_buckets (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    bucket BIGINT NOT NULL,
    players BIGINT NOT NULL,
    PRIMARY KEY (game, day, bucket)
);

CREATE TABLE daily_keys (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    rank_key BIGINT NOT NULL,
    players BIGINT NOT NULL,
    PRIMARY KEY (game, day, rank_key)
);

INSERT INTO daily_counts (game, day, players)
SELECT game, day, COUNT(*) FROM daily_results WHERE assisted = 0 GROUP BY game, day;

INSERT INTO daily_buckets (game, day, bucket, players)
SELECT game, day, rank_key / 64, COUNT(*) FROM daily_results WHERE assisted = 0
GROUP BY game, day, rank_key / 64;

INSERT INTO daily_keys (game, day, rank_key, players)
SELECT game, day, rank_key, COUNT(*) FROM daily_results WHERE assisted = 0
GROUP BY game, day, rank_key;

-- The day's table in its own order, so its top 100 is read from the index, not sorted.
DROP INDEX daily_results_table;
CREATE INDEX daily_results_order ON daily_results (game, day, assisted, rank_key DESC, submitted_at, public_id);
