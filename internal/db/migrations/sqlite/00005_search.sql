-- +goose Up
-- Posts found by any source, stored once per (source, external id). data
-- holds the whole engine.Post as JSON; title and body feed the index.
CREATE TABLE posts (
    id           INTEGER PRIMARY KEY,
    source       TEXT NOT NULL,
    external_id  TEXT NOT NULL,
    url          TEXT NOT NULL DEFAULT '',
    title        TEXT NOT NULL DEFAULT '',
    body         TEXT NOT NULL,                   -- text plus author, title, company and profile
    published_at TEXT,
    data         TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    UNIQUE (source, external_id)
);
CREATE INDEX posts_published ON posts (published_at DESC);

-- Full-text index over posts (external content: the text lives once, in posts).
CREATE VIRTUAL TABLE posts_fts USING fts5(
    title, body, content = 'posts', content_rowid = 'id', tokenize = 'porter unicode61'
);
-- +goose StatementBegin
CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
    INSERT INTO posts_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
    INSERT INTO posts_fts (posts_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER posts_fts_update AFTER UPDATE ON posts BEGIN
    INSERT INTO posts_fts (posts_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
    INSERT INTO posts_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
END;
-- +goose StatementEnd

-- Live searches started with an admin session (anonymous ones live only in
-- memory). sources maps each source to running, complete or failed.
CREATE TABLE search_jobs (
    id          TEXT PRIMARY KEY,
    status      TEXT NOT NULL CHECK (status IN ('running', 'complete', 'failed')),
    owner       TEXT NOT NULL,                    -- 'anonymous' or the admin's email
    icp         TEXT NOT NULL,                    -- JSON engine.ICP
    queries     TEXT NOT NULL DEFAULT '[]',       -- JSON array of strings
    sources     TEXT NOT NULL DEFAULT '{}',       -- JSON object source -> status
    lead_count  INTEGER NOT NULL DEFAULT 0,
    error       TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX search_jobs_status_created ON search_jobs (status, created_at DESC);
CREATE INDEX search_jobs_created ON search_jobs (created_at DESC);

-- Stored buying signals (docs/product.md §13.7); data is the JSON record.
CREATE TABLE signals (
    id         TEXT PRIMARY KEY,
    job_id     TEXT REFERENCES search_jobs (id) ON DELETE SET NULL,
    type       TEXT NOT NULL,
    strength   REAL NOT NULL,
    data       TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX signals_created ON signals (created_at DESC);

-- Stored leads (docs/product.md §4.10); id is stable per post, so the same
-- post found again updates its lead. data is the JSON engine.Lead.
CREATE TABLE leads (
    id           TEXT PRIMARY KEY,
    job_id       TEXT REFERENCES search_jobs (id) ON DELETE SET NULL,
    intent_tier  TEXT NOT NULL,
    intent_score INTEGER NOT NULL,
    data         TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
CREATE INDEX leads_tier_score ON leads (intent_tier, intent_score DESC, updated_at DESC);

-- +goose Down
DROP TABLE leads;
DROP TABLE signals;
DROP TABLE search_jobs;
DROP TRIGGER posts_fts_update;
DROP TRIGGER posts_fts_delete;
DROP TRIGGER posts_fts_insert;
DROP TABLE posts_fts;
DROP TABLE posts;
