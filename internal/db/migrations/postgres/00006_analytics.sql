-- +goose Up
-- First-party page views. No address or user agent is stored: visitor is a
-- hash of them with the day's salt, so it links views within a day only.
CREATE TABLE analytics_pageviews (
    id       BIGSERIAL PRIMARY KEY,
    ts       BIGINT NOT NULL,                  -- epoch milliseconds (UTC)
    path     TEXT NOT NULL,
    referrer TEXT NOT NULL DEFAULT '',         -- the referring host only
    visitor  TEXT NOT NULL                     -- hex of the daily-salted hash
);
CREATE INDEX analytics_pageviews_ts ON analytics_pageviews (ts);
CREATE INDEX analytics_pageviews_visitor_ts ON analytics_pageviews (visitor, ts);

-- One random salt per UTC day, shared by every instance; older salts are
-- deleted, so yesterday's hashes can no longer be recomputed.
CREATE TABLE analytics_salts (
    day  TEXT PRIMARY KEY,                     -- YYYY-MM-DD (UTC)
    salt TEXT NOT NULL                         -- 32 random bytes, hex
);

-- +goose Down
DROP TABLE analytics_salts;
DROP TABLE analytics_pageviews;
