-- +goose Up
-- Clients, their agents, the agents' runs and the leads they delivered
-- (docs/clients.md). JSON columns hold the documented shapes: icp is an
-- engine.ICP, settings the client's delivery preferences, cap and signal
-- types, contact the first user still to be invited.
CREATE TABLE clients (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('onboarding', 'active', 'paused', 'churned')),
    icp           TEXT NOT NULL,
    settings      TEXT NOT NULL,
    contact       TEXT NOT NULL DEFAULT '{}',
    submission_id TEXT REFERENCES submissions (id) ON DELETE SET NULL,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);
CREATE INDEX clients_created ON clients (created_at DESC, id DESC);
-- One client per onboarding submission: a second click finds the first.
CREATE UNIQUE INDEX clients_submission ON clients (submission_id) WHERE submission_id IS NOT NULL;

-- An agent watches for one client. icp NULL takes the client's; post_cursor is
-- the highest posts.id a run has read.
CREATE TABLE agents (
    id           TEXT PRIMARY KEY,
    client_id    TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    template     TEXT NOT NULL DEFAULT '',
    signal_types TEXT NOT NULL DEFAULT '[]',
    queries      TEXT NOT NULL DEFAULT '[]',
    sources      TEXT NOT NULL DEFAULT '[]',
    icp          TEXT,
    threshold    INTEGER NOT NULL CHECK (threshold BETWEEN 1 AND 100),
    schedule_s   INTEGER NOT NULL CHECK (schedule_s BETWEEN 900 AND 604800),
    active       INTEGER NOT NULL DEFAULT 1,
    post_cursor  INTEGER NOT NULL DEFAULT 0,
    last_run_at  TEXT,
    created_at   TEXT NOT NULL
);
CREATE INDEX agents_client ON agents (client_id, created_at);
CREATE INDEX agents_active ON agents (active, last_run_at);

-- One run of an agent. sources maps each source to complete or failed.
CREATE TABLE agent_runs (
    id          TEXT PRIMARY KEY,
    agent_id    TEXT NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
    client_id   TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('manual', 'schedule')),
    status      TEXT NOT NULL CHECK (status IN ('running', 'complete', 'partial', 'failed')),
    posts_read  INTEGER NOT NULL DEFAULT 0,
    leads_added INTEGER NOT NULL DEFAULT 0,
    sources     TEXT NOT NULL DEFAULT '{}',
    notes       TEXT NOT NULL DEFAULT '[]',
    error       TEXT NOT NULL DEFAULT '',
    started_at  TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX agent_runs_agent ON agent_runs (agent_id, started_at DESC);

-- Leads delivered to a client. post_key and person_key/email drop what the
-- client already had (docs/clients.md "Runs").
CREATE TABLE client_leads (
    id              TEXT PRIMARY KEY,
    client_id       TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    agent_id        TEXT REFERENCES agents (id) ON DELETE SET NULL,
    run_id          TEXT REFERENCES agent_runs (id) ON DELETE SET NULL,
    post_id         TEXT NOT NULL,
    post_key        TEXT NOT NULL,
    person_key      TEXT NOT NULL DEFAULT '',
    email           TEXT NOT NULL DEFAULT '',
    url             TEXT NOT NULL DEFAULT '',
    source          TEXT NOT NULL DEFAULT '',             -- where the post was published (lead.source)
    company         TEXT NOT NULL DEFAULT '',             -- lower-cased, to group a company's leads
    tier            TEXT NOT NULL,
    signal_type     TEXT NOT NULL,
    score           INTEGER NOT NULL,
    lead            TEXT NOT NULL,
    state           TEXT NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'reviewed', 'contacted', 'won', 'lost')),
    feedback        TEXT NOT NULL DEFAULT '' CHECK (feedback IN ('', 'good', 'noise')),
    feedback_reason TEXT NOT NULL DEFAULT '',
    note            TEXT NOT NULL DEFAULT '',
    owner           TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    UNIQUE (client_id, post_key)
);
CREATE INDEX client_leads_page ON client_leads (client_id, created_at DESC, id DESC);
CREATE INDEX client_leads_person ON client_leads (client_id, person_key, created_at);
CREATE INDEX client_leads_email ON client_leads (client_id, email, created_at);

-- +goose Down
DROP TABLE client_leads;
DROP TABLE agent_runs;
DROP TABLE agents;
DROP TABLE clients;
