-- +goose NO TRANSACTION
-- +goose Up
-- Review before delivery (docs/clients.md "Review before delivery"): a
-- client lead is pending, approved or rejected; only approved ones reach
-- the client (portal, REST API, feed, channels). Leads stored before this
-- migration were delivered already: they count as approved. reviewed_at is
-- when the owner (or the client's auto mode) decided. The client's
-- workflow adds the state meeting_booked: SQLite cannot change a CHECK
-- constraint, so the table is rebuilt the way SQLite's manual says
-- ("Making Other Kinds Of Table Schema Changes": foreign keys off on the
-- one writer connection, copy, drop, rename, check, on again), keeping
-- every row and id, so client_deliveries' references hold.
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE client_leads_new (
    id              TEXT PRIMARY KEY,
    client_id       TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    agent_id        TEXT REFERENCES agents (id) ON DELETE SET NULL,
    run_id          TEXT REFERENCES agent_runs (id) ON DELETE SET NULL,
    post_id         TEXT NOT NULL,
    post_key        TEXT NOT NULL,
    person_key      TEXT NOT NULL DEFAULT '',
    email           TEXT NOT NULL DEFAULT '',
    url             TEXT NOT NULL DEFAULT '',
    source          TEXT NOT NULL DEFAULT '',
    company         TEXT NOT NULL DEFAULT '',
    tier            TEXT NOT NULL,
    signal_type     TEXT NOT NULL,
    score           INTEGER NOT NULL,
    lead            TEXT NOT NULL,
    state           TEXT NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'reviewed', 'contacted', 'meeting_booked', 'won', 'lost')),
    feedback        TEXT NOT NULL DEFAULT '' CHECK (feedback IN ('', 'good', 'noise')),
    feedback_reason TEXT NOT NULL DEFAULT '',
    note            TEXT NOT NULL DEFAULT '',
    owner           TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    feedback_at     TEXT,
    review          TEXT NOT NULL DEFAULT 'approved' CHECK (review IN ('pending', 'approved', 'rejected')),
    reviewed_at     TEXT,
    UNIQUE (client_id, post_key)
);
INSERT INTO client_leads_new (id, client_id, agent_id, run_id, post_id, post_key, person_key, email, url, source, company, tier,
    signal_type, score, lead, state, feedback, feedback_reason, note, owner, created_at, feedback_at, review, reviewed_at)
SELECT id, client_id, agent_id, run_id, post_id, post_key, person_key, email, url, source, company, tier,
    signal_type, score, lead, state, feedback, feedback_reason, note, owner, created_at, feedback_at, 'approved', created_at
FROM client_leads;
DROP TABLE client_leads;
ALTER TABLE client_leads_new RENAME TO client_leads;
CREATE INDEX client_leads_page ON client_leads (client_id, created_at DESC, id DESC);
CREATE INDEX client_leads_person ON client_leads (client_id, person_key, created_at);
CREATE INDEX client_leads_email ON client_leads (client_id, email, created_at);
CREATE INDEX client_leads_judged ON client_leads (agent_id, feedback_at) WHERE feedback <> '';
CREATE INDEX client_leads_review ON client_leads (client_id, review, created_at);
-- Failures that speak: alerted_at is when the channel's failure notice
-- (CHANNEL_ALERT_AFTER) was raised; cleared, with a recovery notice, by
-- the next 2xx. A conditional UPDATE sets it, so instances raise it once.
ALTER TABLE client_channels ADD COLUMN alerted_at TEXT;
COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
ALTER TABLE client_channels DROP COLUMN alerted_at;
DROP INDEX client_leads_review;
ALTER TABLE client_leads DROP COLUMN reviewed_at;
ALTER TABLE client_leads DROP COLUMN review;
