-- +goose Up
-- Notices for the owner (docs/clients.md "Delivery"): a channel disabled by
-- a 410, a channel paused after failing for 3 days, ... seen_at is NULL
-- while unseen. link is a console path ("" when none).
CREATE TABLE admin_notices (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    text       TEXT NOT NULL,
    link       TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    seen_at    TEXT
);
CREATE INDEX admin_notices_created ON admin_notices (created_at DESC, id DESC);

-- failing_since: the time of the first failed attempt since the channel's
-- last 2xx (NULL while it works); a channel whose failing_since is 72 h old
-- is paused (status 'paused').
ALTER TABLE client_channels ADD COLUMN failing_since TEXT;

-- +goose Down
ALTER TABLE client_channels DROP COLUMN failing_since;
DROP TABLE admin_notices;
