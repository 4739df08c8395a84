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
    lease_until       TIMESTAMPTZ,
    cursor_us         BIGINT NOT NULL DEFAULT 0,
    events            BIGINT NOT NULL DEFAULT 0,
    posts             BIGINT NOT NULL DEFAULT 0,
    prefiltered       BIGINT NOT NULL DEFAULT 0,
    matched           BIGINT NOT NULL DEFAULT 0,
    stored            BIGINT NOT NULL DEFAULT 0,
    skipped           BIGINT NOT NULL DEFAULT 0,
    dropped_malformed BIGINT NOT NULL DEFAULT 0,
    dropped_invalid   BIGINT NOT NULL DEFAULT 0,
    counting_since    TIMESTAMPTZ NOT NULL,
    flushed_at        TIMESTAMPTZ
);

-- +goose Down
DROP TABLE stream_state;
