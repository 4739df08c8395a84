-- +goose Up
-- Review before delivery (docs/clients.md "Review before delivery"): a
-- client lead is pending, approved or rejected; only approved ones reach
-- the client (portal, REST API, feed, channels). Leads stored before this
-- migration were delivered already: they count as approved. reviewed_at is
-- when the owner (or the client's auto mode) decided.
ALTER TABLE client_leads ADD COLUMN review TEXT NOT NULL DEFAULT 'approved';
ALTER TABLE client_leads ADD COLUMN reviewed_at TIMESTAMPTZ;
CREATE INDEX client_leads_review ON client_leads (client_id, review, created_at);
-- Failures that speak: alerted_at is when the channel's failure notice
-- (CHANNEL_ALERT_AFTER) was raised; cleared, with a recovery notice, by
-- the next 2xx. A conditional UPDATE sets it, so instances raise it once.
ALTER TABLE client_channels ADD COLUMN alerted_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE client_channels DROP COLUMN alerted_at;
DROP INDEX client_leads_review;
ALTER TABLE client_leads DROP COLUMN reviewed_at;
ALTER TABLE client_leads DROP COLUMN review;
