-- +goose Up
-- Daily and weekly digests (docs/clients.md "Delivery"): one row per
-- (channel, period), its id derived from both (the digest's webhook-id), so
-- a digest scheduled twice or by two instances is made and sent once.
-- period_end is the boundary (the client's digest hour in its time zone);
-- status is pending, delivered, failed, cancelled, or empty (no leads, so
-- nothing is sent).
CREATE TABLE client_digests (
    id           TEXT PRIMARY KEY,
    client_id    TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    channel_id   TEXT NOT NULL REFERENCES client_channels (id) ON DELETE CASCADE,
    period_end   TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'pending',
    lead_count   INTEGER NOT NULL DEFAULT 0,
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    delivered_at TEXT,
    UNIQUE (channel_id, period_end)
);

-- The leads a digest carries: their (lead, channel) delivery rows point at
-- it and are marked delivered with it, in one transaction.
ALTER TABLE client_deliveries ADD COLUMN digest_id TEXT; -- client_digests.id
CREATE INDEX client_deliveries_digest ON client_deliveries (digest_id) WHERE digest_id IS NOT NULL;

-- A client's Atom feed at a secret URL (docs/clients.md "Delivery"): one a
-- client; only the SHA-256 of its token is kept, so the URL is shown once
-- (rotating makes a new one, deleting the row revokes it).
CREATE TABLE client_feeds (
    client_id  TEXT PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,                 -- hex SHA-256 of the token
    created_at TEXT NOT NULL
);

-- +goose Down
DROP TABLE client_feeds;
DROP INDEX client_deliveries_digest;
ALTER TABLE client_deliveries DROP COLUMN digest_id;
DROP TABLE client_digests;
