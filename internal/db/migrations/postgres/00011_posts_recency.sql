-- +goose Up
-- A search ranks the newest matches by publication date, breaking ties by
-- id (docs/performance.md, "Search cost against corpus size"): this index
-- is read in exactly that order, from the newest post, so the search stops
-- after its window instead of sorting every match. It replaces
-- posts_published, its prefix.
CREATE INDEX posts_published_id ON posts (published_at DESC NULLS LAST, id DESC);
DROP INDEX posts_published;

-- +goose Down
CREATE INDEX posts_published ON posts (published_at DESC NULLS LAST);
DROP INDEX posts_published_id;
