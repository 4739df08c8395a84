-- +goose Up
-- The owner's console (docs/clients.md "Owner's console").

-- Per admin and submission kind, the newest submission the admin has seen:
-- the console's badges count the submissions after it. Submission ids sort
-- by time, so "after" is id > seen_id.
CREATE TABLE admin_seen (
    user_id TEXT NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    kind    TEXT NOT NULL CHECK (kind IN ('booking', 'onboarding')),
    seen_id TEXT NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- Every lead of an admin search, kept with the search (the leads table
-- holds one row per post, which a later search finding the same post
-- takes over). rank 0 is the best; data is the JSON engine.Lead.
CREATE TABLE search_job_leads (
    job_id  TEXT NOT NULL REFERENCES search_jobs (id) ON DELETE CASCADE,
    lead_id TEXT NOT NULL,
    rank    INTEGER NOT NULL,
    data    TEXT NOT NULL,
    PRIMARY KEY (job_id, lead_id)
);
CREATE INDEX search_job_leads_rank ON search_job_leads (job_id, rank);

-- The client an admin search was filed under (its leads copied into that
-- client's inbox); NULL: ad hoc. No foreign key here: SQLite could not drop
-- the column again; a client's id that no longer exists reads as ad hoc.
ALTER TABLE search_jobs ADD COLUMN client_id TEXT;

-- The console counts each client's failed deliveries.
CREATE INDEX client_deliveries_client_status ON client_deliveries (client_id, status);

-- +goose Down
DROP INDEX client_deliveries_client_status;
ALTER TABLE search_jobs DROP COLUMN client_id;
DROP TABLE search_job_leads;
DROP TABLE admin_seen;
