-- +goose Up
-- A client's API tokens for the REST API (docs/api.md "REST API"): named,
-- revocable (the row is deleted), only the SHA-256 of the token is kept.
-- last_used_at is written at most once a minute per token.
CREATE TABLE client_api_tokens (
    id           TEXT PRIMARY KEY,
    client_id    TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    token_hash   TEXT NOT NULL UNIQUE,               -- hex SHA-256 of the token
    created_by   TEXT NOT NULL DEFAULT '',           -- the admin's email
    created_at   TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ
);
CREATE INDEX client_api_tokens_client ON client_api_tokens (client_id, created_at);

-- +goose Down
DROP TABLE client_api_tokens;
