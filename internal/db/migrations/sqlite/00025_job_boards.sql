-- +goose Up
-- The public job boards ingest watches (README.md, "Sources"): a board's
-- first fetch records every opening as the baseline (no post), and each
-- later fetch turns only the openings not seen before into a post. Kept in
-- the database so instances fetching at once agree on what is new.
CREATE TABLE job_boards (
    board       TEXT PRIMARY KEY, -- kind:token, e.g. greenhouse:stripe
    baseline_at TEXT NOT NULL
);

-- Every opening seen on a board. first_fetch names the fetch that first
-- saw it (an instance's upsert reads it back to know whether the opening
-- is new to it); openings gone from the board for 30 days are deleted.
CREATE TABLE job_board_jobs (
    board         TEXT NOT NULL,
    job_id        TEXT NOT NULL,
    first_fetch   TEXT NOT NULL,
    first_seen_at TEXT NOT NULL,
    last_seen_at  TEXT NOT NULL,
    PRIMARY KEY (board, job_id)
);

-- The owner is told once per failing episode (README.md, "Source
-- health"): failing_told_at is the failing_since of the episode told.
ALTER TABLE source_health ADD COLUMN failing_told_at TEXT;

-- +goose Down
ALTER TABLE source_health DROP COLUMN failing_told_at;
DROP TABLE job_board_jobs;
DROP TABLE job_boards;
