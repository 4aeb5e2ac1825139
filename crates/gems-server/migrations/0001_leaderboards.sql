-- The leaderboards: players known only by the hash of their secret, the first completed
-- attempt of each player at each daily, and each player's best on the 20 standard positions.
-- Plain SQL that SQLite and PostgreSQL both accept: TEXT and BIGINT only, no auto-increment.

CREATE TABLE players (
    secret_hash TEXT PRIMARY KEY,
    public_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE daily_results (
    game TEXT NOT NULL,
    day TEXT NOT NULL,
    public_id TEXT NOT NULL REFERENCES players (public_id),
    outcome TEXT NOT NULL,
    rank_key BIGINT NOT NULL,
    assisted BIGINT NOT NULL,
    moves TEXT NOT NULL,
    client TEXT NOT NULL,
    submitted_at BIGINT NOT NULL,
    PRIMARY KEY (game, day, public_id)
);

CREATE INDEX daily_results_table ON daily_results (game, day, assisted, rank_key);
CREATE INDEX daily_results_player ON daily_results (public_id, day);

CREATE TABLE standard_results (
    board TEXT NOT NULL,
    public_id TEXT NOT NULL REFERENCES players (public_id),
    score BIGINT NOT NULL,
    moves TEXT NOT NULL,
    client TEXT NOT NULL,
    submitted_at BIGINT NOT NULL,
    PRIMARY KEY (board, public_id)
);

CREATE INDEX standard_results_table ON standard_results (board, score);
