-- +goose Up
CREATE TABLE admin_users (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE,              -- lower-cased
    password_hash TEXT NOT NULL,                     -- argon2id, PHC string
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);
CREATE TABLE admin_sessions (
    token_hash  TEXT PRIMARY KEY,                    -- hex SHA-256 of the cookie token
    user_id     TEXT NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    csrf_token  TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX admin_sessions_expires_at ON admin_sessions (expires_at);

-- +goose Down
DROP TABLE admin_sessions;
DROP TABLE admin_users;
