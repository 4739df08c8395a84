-- +goose Up
-- Sources from the console (docs/sources.md): per source, whether it is
-- switched on (NULL: as the environment says), its plain settings as a
-- JSON object of option name to value, and its credentials as one
-- AES-256-GCM sealed JSON object (SECRETS_KEY; never stored in the clear).
-- version grows with every save, so each instance sees a change by
-- comparing the sum of versions it last read.
CREATE TABLE source_settings (
    source     TEXT PRIMARY KEY,
    enabled    INTEGER,
    settings   TEXT NOT NULL DEFAULT '{}',
    secrets    TEXT NOT NULL DEFAULT '',
    version    INTEGER NOT NULL DEFAULT 1,
    updated_at TEXT NOT NULL,
    updated_by TEXT NOT NULL DEFAULT ''
);

-- +goose Down
DROP TABLE source_settings;
