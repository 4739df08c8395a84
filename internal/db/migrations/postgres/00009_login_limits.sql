-- +goose Up
-- Admin sign-in attempts counted per key (client address, address and email,
-- email) in fixed windows. In the database, not in memory, so that every
-- instance counts together and a restart keeps a lockout. The key is a hash:
-- no typed email or address is stored.
CREATE TABLE login_limits (
    key          TEXT PRIMARY KEY,
    attempts     INTEGER NOT NULL,
    window_start TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_limits_window_start ON login_limits (window_start);

-- +goose Down
DROP TABLE login_limits;
