-- +goose Up
-- Anonymous live searches, so that any instance can answer their status
-- and a restart does not lose them. A row holds the search (job: the JSON
-- search.Job with its ICP, queries and per-source status) and, once it has
-- finished, its leads. Rows expire 30 minutes after the search finished and
-- a periodic job deletes them; nothing here reaches leads or signals.
CREATE TABLE search_results (
    id         TEXT PRIMARY KEY,
    status     TEXT NOT NULL CHECK (status IN ('running', 'complete', 'failed')),
    job        TEXT NOT NULL,
    leads      TEXT NOT NULL DEFAULT '[]',       -- JSON array of engine.Lead
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX search_results_expires ON search_results (expires_at);

-- Notes on how a search ran (e.g. the model's queries were unavailable and
-- the rule-based ones were used): a JSON array of strings.
ALTER TABLE search_jobs ADD COLUMN notes TEXT NOT NULL DEFAULT '[]';

-- +goose Down
ALTER TABLE search_jobs DROP COLUMN notes;
DROP TABLE search_results;
