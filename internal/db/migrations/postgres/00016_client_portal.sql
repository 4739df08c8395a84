-- +goose Up
-- The client portal (docs/clients.md "Client portal"): a client's own
-- people, the invites that make them, and their sessions, kept apart from
-- the admins' (admin_users, admin_sessions) so a client session can never
-- be read as an admin one.
CREATE TABLE client_users (
    id            TEXT PRIMARY KEY,
    client_id     TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    email         TEXT NOT NULL UNIQUE,              -- lower-cased
    password_hash TEXT NOT NULL,                     -- argon2id, PHC string
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX client_users_client ON client_users (client_id);
CREATE TABLE client_sessions (
    token_hash  TEXT PRIMARY KEY,                    -- hex SHA-256 of the cookie token
    user_id     TEXT NOT NULL REFERENCES client_users (id) ON DELETE CASCADE,
    csrf_token  TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX client_sessions_expires_at ON client_sessions (expires_at);
-- An invite is single use: used_at is set by the accept that consumed it.
CREATE TABLE client_invites (
    token_hash  TEXT PRIMARY KEY,                    -- hex SHA-256 of the URL's token
    client_id   TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    email       TEXT NOT NULL DEFAULT '',            -- lower-cased; '' = any email
    created_by  TEXT NOT NULL DEFAULT '',            -- the admin's email
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    used_at     TIMESTAMPTZ
);
CREATE INDEX client_invites_client ON client_invites (client_id, created_at);

-- +goose Down
DROP TABLE client_invites;
DROP TABLE client_sessions;
DROP TABLE client_users;
