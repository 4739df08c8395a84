-- +goose Up
-- A search ranks the newest matches by publication date, breaking ties by
-- id (docs/performance.md, "Search cost against corpus size"): this index
-- is read in exactly that order, from the newest post, and holds the ids,
-- so the window's edge is found without reading a post. It replaces
-- posts_published, its prefix.
CREATE INDEX posts_published_id ON posts (published_at DESC, id DESC);
DROP INDEX posts_published;

-- +goose Down
CREATE INDEX posts_published ON posts (published_at DESC);
DROP INDEX posts_published_id;
