-- +goose Up
-- Review before delivery (docs/clients.md "Review before delivery"): a
-- client lead is pending, approved or rejected; only approved ones reach
-- the client (portal, REST API, feed, channels). Leads stored before this
-- migration were delivered already: they count as approved. reviewed_at is
-- when the owner (or the client's auto mode) decided. The client's
-- workflow adds the state meeting_booked.
ALTER TABLE client_leads ADD COLUMN review TEXT NOT NULL DEFAULT 'approved' CHECK (review IN ('pending', 'approved', 'rejected'));
ALTER TABLE client_leads ADD COLUMN reviewed_at TIMESTAMPTZ;
UPDATE client_leads SET reviewed_at = created_at;
CREATE INDEX client_leads_review ON client_leads (client_id, review, created_at);
ALTER TABLE client_leads DROP CONSTRAINT client_leads_state_check;
ALTER TABLE client_leads ADD CONSTRAINT client_leads_state_check CHECK (state IN ('new', 'reviewed', 'contacted', 'meeting_booked', 'won', 'lost'));
-- Failures that speak: alerted_at is when the channel's failure notice
-- (CHANNEL_ALERT_AFTER) was raised; cleared, with a recovery notice, by
-- the next 2xx. A conditional UPDATE sets it, so instances raise it once.
ALTER TABLE client_channels ADD COLUMN alerted_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE client_channels DROP COLUMN alerted_at;
UPDATE client_leads SET state = 'contacted' WHERE state = 'meeting_booked';
ALTER TABLE client_leads DROP CONSTRAINT client_leads_state_check;
ALTER TABLE client_leads ADD CONSTRAINT client_leads_state_check CHECK (state IN ('new', 'reviewed', 'contacted', 'won', 'lost'));
DROP INDEX client_leads_review;
ALTER TABLE client_leads DROP COLUMN reviewed_at;
ALTER TABLE client_leads DROP COLUMN review;
