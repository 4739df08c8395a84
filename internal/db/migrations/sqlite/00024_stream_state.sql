-- +goose Up
-- A streaming source's state (README.md, "Bluesky Jetstream"): which
-- instance holds its consumer lease (holder, lease_until: one consumer
-- across instances; another takes over once the lease has expired), the
-- cursor it resumes from (Jetstream's time_us of the last event whose posts
-- are stored) and its counts since counting_since: events read, posts
-- among them, posts passing the query prefilter, posts the detector
-- matched, posts newly stored, events skipped by design (other kinds,
-- other languages, empty text) and events dropped by reason.
CREATE TABLE stream_state (
    source            TEXT PRIMARY KEY,
    holder            TEXT NOT NULL DEFAULT '',
    lease_until       TEXT,
    cursor_us         INTEGER NOT NULL DEFAULT 0,
    events            INTEGER NOT NULL DEFAULT 0,
    posts             INTEGER NOT NULL DEFAULT 0,
    prefiltered       INTEGER NOT NULL DEFAULT 0,
    matched           INTEGER NOT NULL DEFAULT 0,
    stored            INTEGER NOT NULL DEFAULT 0,
    skipped           INTEGER NOT NULL DEFAULT 0,
    dropped_malformed INTEGER NOT NULL DEFAULT 0,
    dropped_invalid   INTEGER NOT NULL DEFAULT 0,
    counting_since    TEXT NOT NULL,
    flushed_at        TEXT
);

-- +goose Down
DROP TABLE stream_state;
