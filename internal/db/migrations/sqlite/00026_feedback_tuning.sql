-- +goose Up
-- Feedback that tunes agents (docs/clients.md "Feedback tuning").
-- feedback_at is when a lead was last judged: newer feedback weighs more,
-- and a reset forgets what was judged before it.
ALTER TABLE client_leads ADD COLUMN feedback_at TEXT;
CREATE INDEX client_leads_judged ON client_leads (agent_id, feedback_at) WHERE feedback <> '';

-- What an agent learned from its judged leads, recomputed on each
-- feedback: terms is a JSON list of {term, weight, good, noise}; reset_at
-- forgets the feedback given before it.
CREATE TABLE agent_tuning (
    agent_id   TEXT PRIMARY KEY REFERENCES agents (id) ON DELETE CASCADE,
    client_id  TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    judged     INTEGER NOT NULL DEFAULT 0,
    good       INTEGER NOT NULL DEFAULT 0,
    noise      INTEGER NOT NULL DEFAULT 0,
    active     INTEGER NOT NULL DEFAULT 0,
    terms      TEXT NOT NULL DEFAULT '[]',
    reset_at   TEXT,
    updated_at TEXT NOT NULL
);

-- +goose Down
DROP TABLE agent_tuning;
DROP INDEX client_leads_judged;
ALTER TABLE client_leads DROP COLUMN feedback_at;
