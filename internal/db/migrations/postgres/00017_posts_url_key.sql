-- +goose Up
-- One post per URL whatever the source (README.md, "Sources"): url_key is
-- the post's normalised URL (search.URLKey). NULL: not computed yet (rows
-- stored before this migration; ingest fills them in, see
-- search.Store.BackfillURLKeys); '': no key (no URL, or the URL of an older
-- row). Only non-empty keys must be unique, so existing rows never fail
-- this migration.
ALTER TABLE posts ADD COLUMN url_key TEXT;
CREATE UNIQUE INDEX posts_url_key ON posts (url_key) WHERE url_key <> '';
CREATE INDEX posts_url_key_pending ON posts (id) WHERE url_key IS NULL;

-- +goose Down
DROP INDEX IF EXISTS posts_url_key_pending;
DROP INDEX IF EXISTS posts_url_key;
ALTER TABLE posts DROP COLUMN url_key;
