-- +goose Up
CREATE TABLE blog_categories (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    slug       TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);
INSERT INTO blog_categories (id, name, slug, created_at) VALUES
    ('cat_1',  'AI Automation',   'ai-automation',   strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ('cat_2',  'Sales Strategy',  'sales-strategy',  strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ('cat_3', 'Lead Generation', 'lead-generation', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ('cat_4',  'Case Studies',    'case-studies',    strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

CREATE TABLE blog_posts (
    id           TEXT PRIMARY KEY,               -- sortable: time-ordered random id
    title        TEXT NOT NULL,
    slug         TEXT NOT NULL UNIQUE,
    excerpt      TEXT NOT NULL,
    content      TEXT NOT NULL,
    category     TEXT NOT NULL,                  -- a blog_categories slug
    tags         TEXT NOT NULL DEFAULT '[]',     -- JSON array of strings
    author_name  TEXT NOT NULL,
    author_role  TEXT NOT NULL,
    featured     INTEGER NOT NULL DEFAULT 0,
    read_time    INTEGER NOT NULL DEFAULT 5,
    status       TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    published_at TEXT NOT NULL,
    image_url    TEXT,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
-- The public list: published posts, newest first.
CREATE INDEX blog_posts_status_published ON blog_posts (status, published_at DESC);

CREATE TABLE newsletter_subscribers (
    email      TEXT PRIMARY KEY,                 -- lower-cased
    created_at TEXT NOT NULL
);

-- +goose Down
DROP TABLE newsletter_subscribers;
DROP TABLE blog_posts;
DROP TABLE blog_categories;
