-- +goose Up
-- forwarded_at: when the notice was handed to the owner's channels
-- (OWNER_NOTIFY_EMAIL, OWNER_SLACK_WEBHOOK_URL; internal/notices/forward.go);
-- NULL until then. Notices stored before this migration count as handed on,
-- so configuring the owner's channels later does not resend old ones.
ALTER TABLE admin_notices ADD COLUMN forwarded_at TIMESTAMPTZ;
UPDATE admin_notices SET forwarded_at = created_at;
CREATE INDEX admin_notices_unforwarded ON admin_notices (created_at) WHERE forwarded_at IS NULL;

-- +goose Down
DROP INDEX admin_notices_unforwarded;
ALTER TABLE admin_notices DROP COLUMN forwarded_at;
