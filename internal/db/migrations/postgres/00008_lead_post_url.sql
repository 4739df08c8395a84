-- +goose Up
-- The post a lead was found in, so results handed to process-search-results
-- that a stored search already turned into leads are recognised by their
-- URL and not stored twice (leads are de-duplicated by post URL).
ALTER TABLE leads ADD COLUMN post_url TEXT;
CREATE INDEX leads_post_url ON leads (post_url);

-- +goose Down
DROP INDEX leads_post_url;
ALTER TABLE leads DROP COLUMN post_url;
