-- +goose Up
-- Posts found by any source, stored once per (source, external id). data
-- holds the whole engine.Post as JSON; title and body feed the index.
CREATE TABLE posts (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    source       TEXT NOT NULL,
    external_id  TEXT NOT NULL,
    url          TEXT NOT NULL DEFAULT '',
    title        TEXT NOT NULL DEFAULT '',
    body         TEXT NOT NULL,                   -- text plus author, title, company and profile
    published_at TIMESTAMPTZ,
    data         TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    search       tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')
    ) STORED,
    UNIQUE (source, external_id)
);
CREATE INDEX posts_published ON posts (published_at DESC NULLS LAST);
CREATE INDEX posts_search ON posts USING GIN (search);

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
    created_at  TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ
);
CREATE INDEX search_jobs_status_created ON search_jobs (status, created_at DESC);
CREATE INDEX search_jobs_created ON search_jobs (created_at DESC);

-- Stored buying signals (docs/product.md §13.7); data is the JSON record.
CREATE TABLE signals (
    id         TEXT PRIMARY KEY,
    job_id     TEXT REFERENCES search_jobs (id) ON DELETE SET NULL,
    type       TEXT NOT NULL,
    strength   DOUBLE PRECISION NOT NULL,
    data       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
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
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX leads_tier_score ON leads (intent_tier, intent_score DESC, updated_at DESC);

-- +goose Down
DROP TABLE leads;
DROP TABLE signals;
DROP TABLE search_jobs;
DROP TABLE posts;
