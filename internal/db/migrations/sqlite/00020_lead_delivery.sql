-- +goose Up
-- Delivery of a client's leads to its channels (docs/clients.md "Delivery").
-- secret is the webhook's signing secret (whsec_...), kept to sign with and
-- shown only when the channel is made. status is active or disabled
-- (disabled_reason says why, e.g. the receiver answered 410).
CREATE TABLE client_channels (
    id              TEXT PRIMARY KEY,
    client_id       TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL,
    target          TEXT NOT NULL,
    secret          TEXT NOT NULL DEFAULT '',
    cadence         TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'active',
    disabled_reason TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE INDEX client_channels_client ON client_channels (client_id, created_at);

-- One row per (lead, channel): its id is derived from both (the
-- webhook-id), so enqueueing twice (a retried run) delivers once.
CREATE TABLE client_deliveries (
    id           TEXT PRIMARY KEY,
    client_id    TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    channel_id   TEXT NOT NULL REFERENCES client_channels (id) ON DELETE CASCADE,
    lead_id      TEXT NOT NULL REFERENCES client_leads (id) ON DELETE CASCADE,
    status       TEXT NOT NULL DEFAULT 'pending',   -- pending, delivered, failed, cancelled
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    delivered_at TEXT,
    UNIQUE (channel_id, lead_id)
);

-- Every attempt, for the delivery log.
CREATE TABLE client_delivery_attempts (
    id            TEXT PRIMARY KEY,
    delivery_id   TEXT NOT NULL REFERENCES client_deliveries (id) ON DELETE CASCADE,
    client_id     TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    channel_id    TEXT NOT NULL,
    attempted_at  TEXT NOT NULL,
    outcome       TEXT NOT NULL,                    -- delivered, retry, snoozed, failed, disabled
    latency_ms    INTEGER NOT NULL DEFAULT 0,
    response_code INTEGER NOT NULL DEFAULT 0,       -- 0: no answer
    error         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX client_delivery_attempts_client ON client_delivery_attempts (client_id, attempted_at DESC, id DESC);

-- +goose Down
DROP TABLE client_delivery_attempts;
DROP TABLE client_deliveries;
DROP TABLE client_channels;
