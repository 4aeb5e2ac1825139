-- The counts of 0002 in one table, so that storing a result counts it with one statement
-- (three rows of one upsert) and a rank reads one table:
--   level 0  the day's players (value 0);
--   level 1  players by bucket of 64 outcomes (value: rank_key / 64, towards zero);
--   level 2  players by outcome (value: rank_key).
CREATE TABLE daily_ranks (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    level BIGINT NOT NULL,
    value BIGINT NOT NULL,
    players BIGINT NOT NULL,
    PRIMARY KEY (game, day, level, value)
);

INSERT INTO daily_ranks (game, day, level, value, players)
SELECT game, day, 0, 0, players FROM daily_counts;

INSERT INTO daily_ranks (game, day, level, value, players)
SELECT game, day, 1, bucket, players FROM daily_buckets;

INSERT INTO daily_ranks (game, day, level, value, players)
SELECT game, day, 2, rank_key, players FROM daily_keys;

DROP TABLE daily_counts;
DROP TABLE daily_buckets;
DROP TABLE daily_keys;
