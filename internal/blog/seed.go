package blog

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// seedKey marks in app_meta that the starter articles were considered, so
// they are inserted at most once per database, ever.
const seedKey = "blog_seeded_at"

// Seed inserts the starter articles on a fresh install: only the first time
// it runs against a database (the marker and the posts are written in one
// transaction, so racing instances agree) and only if the blog has no posts
// (an existing blog is never touched). It reports whether it inserted.
func Seed(ctx context.Context, d *db.DB, log *slog.Logger) (bool, error) {
	tx, err := d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("seed blog: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	now := time.Now().UTC()
	res, err := tx.ExecContext(ctx, d.Rebind(`INSERT INTO app_meta (key, value) VALUES (?, ?)
		ON CONFLICT (key) DO NOTHING`), seedKey, now.Format(time.RFC3339))
	if err != nil {
		return false, fmt.Errorf("seed blog: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err // already considered once
	}
	var existing int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM blog_posts`).Scan(&existing); err != nil {
		return false, fmt.Errorf("seed blog: %w", err)
	}
	if existing == 0 {
		if err := insertSeed(ctx, d, tx, now); err != nil {
			return false, err
		}
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("seed blog: %w", err)
	}
	if existing > 0 {
		log.Info("blog starter articles skipped: the blog already has posts", "posts", existing)
		return false, nil
	}
	log.Info("blog starter articles added", "posts", len(starterPosts))
	return true, nil
}

// insertSeed writes the starter posts, the first listed newest, a day apart.
func insertSeed(ctx context.Context, d *db.DB, tx *sql.Tx, now time.Time) error {
	for i, p := range starterPosts {
		at := now.Add(-time.Duration(i) * 24 * time.Hour)
		_, err := tx.ExecContext(ctx, d.Rebind(`INSERT INTO blog_posts (id, title, slug, excerpt, content,
			category, tags, author_name, author_role, featured, read_time, status, published_at, image_url,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`),
			db.NewID(), p.Title, Slugify(p.Title), p.Excerpt, p.Content, p.Category, tagsJSON(p.Tags),
			DefaultAuthorName, DefaultAuthorRole, p.Featured, p.ReadTime, StatusPublished,
			d.TimeArg(at), d.TimeArg(at), d.TimeArg(at))
		if err != nil {
			return fmt.Errorf("seed blog post %q: %w", p.Title, err)
		}
	}
	return bumpRevision(ctx, d, tx)
}
