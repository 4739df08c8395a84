-- +goose Up
-- Each source's health (README.md, "Source health"): the outcome of its
-- last fetches, kept in the database so every instance (live searches and
-- ingest alike) records into and reads one picture. failing_since is the
-- first failure since the last success (NULL after a success);
-- paused_until is when a rate-limited source may be asked again
-- (Retry-After, Stack Exchange's backoff).
CREATE TABLE source_health (
    source          TEXT PRIMARY KEY,
    last_success_at TEXT,
    last_error_at   TEXT,
    last_error      TEXT NOT NULL DEFAULT '',
    failing_since   TEXT,
    paused_until    TEXT,
    updated_at      TEXT NOT NULL
);

-- Hourly counts per source, for the 24-hour figures; rows older than two
-- days are deleted as new ones are written.
CREATE TABLE source_health_hours (
    source      TEXT NOT NULL,
    hour        TEXT NOT NULL,
    fetches     INTEGER NOT NULL DEFAULT 0,
    posts       INTEGER NOT NULL DEFAULT 0,
    errors      INTEGER NOT NULL DEFAULT 0,
    rate_limits INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (source, hour)
);

-- +goose Down
DROP TABLE source_health_hours;
DROP TABLE source_health;
