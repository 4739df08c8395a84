-- +goose Up
-- CRM delivery channels (hubspot, pipedrive; docs/clients.md "CRM
-- channels"): a channel's field mapping (JSON: owner, pipeline, which
-- properties) and, per (lead, channel), the records the CRM made for the
-- lead, so a retried delivery and a later state change (contacted, won)
-- update the same records instead of making new ones.
ALTER TABLE client_channels ADD COLUMN mapping TEXT NOT NULL DEFAULT '{}';
CREATE TABLE client_crm_records (
    lead_id    TEXT NOT NULL REFERENCES client_leads (id) ON DELETE CASCADE,
    channel_id TEXT NOT NULL REFERENCES client_channels (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    ids        TEXT NOT NULL DEFAULT '{}',
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (lead_id, channel_id)
);

-- +goose Down
DROP TABLE client_crm_records;
ALTER TABLE client_channels DROP COLUMN mapping;
