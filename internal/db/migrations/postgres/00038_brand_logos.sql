-- +goose Up
-- Uploaded brand logos (docs/clients.md "White-label"): the agency's
-- (owner 'agency') and each client's (owner its id). A row is never
-- changed: its id is derived from the owner and the bytes, so the public
-- URL /api/brand/logos/{id}.{ext} always answers the same image (cached
-- as immutable) and emails already sent keep theirs after a new upload.
-- content_type is sniffed from the bytes (PNG, JPEG or WebP).
CREATE TABLE brand_logos (
    id           TEXT PRIMARY KEY,
    owner        TEXT NOT NULL,
    content_type TEXT NOT NULL,
    data         BYTEA NOT NULL,
    sha256       TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE brand_logos;
