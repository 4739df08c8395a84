-- +goose Up
-- Token scopes and admin tokens (docs/api.md "MCP server"). A token carries
-- scopes, space-separated: leads:read (read leads and send Good/Noise
-- feedback, what every token could do before), leads:write (change a lead's
-- state and note), agents:run (list, run and read agents and runs). A token
-- made before scopes keeps working with leads:read.
ALTER TABLE client_api_tokens ADD COLUMN scopes TEXT NOT NULL DEFAULT 'leads:read';

-- Admin tokens reach every client (the MCP server's list_clients and
-- search_posts, and the client tools given a clientId). Made by
-- `signalpipe admin token create` or the console; revoked by deleting the row.
CREATE TABLE admin_api_tokens (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    token_hash   TEXT NOT NULL UNIQUE,               -- hex SHA-256 of the token
    scopes       TEXT NOT NULL,
    created_by   TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    last_used_at TEXT
);

-- +goose Down
DROP TABLE admin_api_tokens;
ALTER TABLE client_api_tokens DROP COLUMN scopes;
