-- +goose Up
CREATE TABLE submissions (
    id                TEXT PRIMARY KEY,              -- sortable: time-ordered random id
    kind              TEXT NOT NULL CHECK (kind IN ('booking', 'onboarding')),
    created_at        TEXT NOT NULL,
    email             TEXT NOT NULL,
    company           TEXT NOT NULL,
    summary           TEXT NOT NULL,
    payload           TEXT NOT NULL,                 -- the answers as JSON
    delivery_state    TEXT NOT NULL CHECK (delivery_state IN ('pending', 'delivered', 'failed', 'stored_only')),
    delivery_target   TEXT,                          -- webhook | formmail once delivered
    delivery_attempts INTEGER NOT NULL DEFAULT 0,
    last_error        TEXT,
    delivered_at      TEXT
);
CREATE INDEX submissions_kind_id ON submissions (kind, id DESC);

-- +goose Down
DROP TABLE submissions;
