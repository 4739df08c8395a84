package blog

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/signalpipe/signalpipe/internal/db"
)

// Errors of the store.
var (
	// ErrNotFound means no post (or no published post, for public lookups)
	// matches.
	ErrNotFound = db.ErrNotFound
	// ErrSlugTaken refuses a slug another post already has.
	ErrSlugTaken = errors.New("a post with this slug already exists")
	// ErrCategoryTaken refuses a category slug that exists.
	ErrCategoryTaken = errors.New("a category with this slug already exists")
)

// revisionKey is the app_meta key bumped by every write to posts and
// categories, so every
// instance can tell when its cached answers are stale.
const revisionKey = "blog_revision"

// Store keeps posts, categories and newsletter subscribers.
type Store struct {
	d   *db.DB
	now func() time.Time
}

// NewStore returns the blog store on d.
func NewStore(d *db.DB) *Store { return &Store{d: d, now: time.Now} }

const summaryColumns = `id, title, slug, excerpt, '', category, tags, author_name, author_role,
	featured, read_time, status, published_at, image_url, updated_at`

const fullColumns = `id, title, slug, excerpt, content, category, tags, author_name, author_role,
	featured, read_time, status, published_at, image_url, updated_at`

type rowScanner interface{ Scan(dest ...any) error }

func scanPost(r rowScanner) (*Post, error) {
	var (
		p                  Post
		tags               string
		published, updated db.Time
		image              sql.NullString
	)
	err := r.Scan(&p.ID, &p.Title, &p.Slug, &p.Excerpt, &p.Content, &p.Category, &tags, &p.AuthorName,
		&p.AuthorRole, &p.Featured, &p.ReadTime, &p.Status, &published, &image, &updated)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(tags), &p.Tags); err != nil || p.Tags == nil {
		p.Tags = []string{}
	}
	p.PublishedAt = Millis(published.Time)
	p.UpdatedAt = updated.Time
	if image.Valid {
		p.ImageURL = &image.String
	}
	return &p, nil
}

func (s *Store) list(ctx context.Context, q string, args ...any) ([]*Post, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("list posts: %w", err)
	}
	defer rows.Close()
	posts := []*Post{}
	for rows.Next() {
		p, err := scanPost(rows)
		if err != nil {
			return nil, fmt.Errorf("list posts: %w", err)
		}
		posts = append(posts, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list posts: %w", err)
	}
	return posts, nil
}

// Published returns every published post, newest first, without content.
func (s *Store) Published(ctx context.Context) ([]*Post, error) {
	return s.list(ctx, `SELECT `+summaryColumns+` FROM blog_posts
		WHERE status = 'published' ORDER BY published_at DESC, id DESC`)
}

// Featured returns up to limit featured published posts, newest first,
// without content.
func (s *Store) Featured(ctx context.Context, limit int) ([]*Post, error) {
	return s.list(ctx, `SELECT `+summaryColumns+` FROM blog_posts
		WHERE status = 'published' AND featured = ? ORDER BY published_at DESC, id DESC LIMIT ?`, true, limit)
}

// All returns every post, drafts included, newest first, with content (the
// admin's editor needs it).
func (s *Store) All(ctx context.Context) ([]*Post, error) {
	return s.list(ctx, `SELECT `+fullColumns+` FROM blog_posts ORDER BY published_at DESC, id DESC`)
}

// PublishedBySlug returns the published post with slug, or ErrNotFound
// (also for drafts).
func (s *Store) PublishedBySlug(ctx context.Context, slug string) (*Post, error) {
	return s.one(ctx, `SELECT `+fullColumns+` FROM blog_posts WHERE slug = ? AND status = 'published'`, slug)
}

// Get returns any post by id, or ErrNotFound.
func (s *Store) Get(ctx context.Context, id string) (*Post, error) {
	return s.one(ctx, `SELECT `+fullColumns+` FROM blog_posts WHERE id = ?`, id)
}

func (s *Store) one(ctx context.Context, q string, arg string) (*Post, error) {
	p, err := scanPost(s.d.Reader.QueryRowContext(ctx, s.d.Rebind(q), arg))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get post %q: %w", arg, err)
	}
	return p, nil
}

// Create stores a validated post as new: a fresh id, publishedAt now.
func (s *Store) Create(ctx context.Context, p *Post) (*Post, error) {
	now := s.now().UTC()
	out := *p
	out.ID, out.PublishedAt, out.UpdatedAt = db.NewID(), Millis(now), now
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO blog_posts (id, title, slug, excerpt, content,
			category, tags, author_name, author_role, featured, read_time, status, published_at, image_url,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			out.ID, out.Title, out.Slug, out.Excerpt, out.Content, out.Category, tagsJSON(out.Tags),
			out.AuthorName, out.AuthorRole, out.Featured, out.ReadTime, out.Status, s.d.TimeArg(now),
			out.ImageURL, s.d.TimeArg(now), s.d.TimeArg(now))
		return err
	})
	if err != nil {
		return nil, s.writeErr("create post", out.Slug, err)
	}
	return &out, nil
}

// Update replaces every editable field of post id. publishedAt is kept,
// except that a draft published for the first time is dated now.
func (s *Store) Update(ctx context.Context, id string, p *Post) (*Post, error) {
	old, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	out := *p
	out.ID, out.PublishedAt, out.UpdatedAt = id, old.PublishedAt, now
	if !old.Published() && out.Published() {
		out.PublishedAt = Millis(now)
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE blog_posts SET title = ?, slug = ?, excerpt = ?,
			content = ?, category = ?, tags = ?, author_name = ?, author_role = ?, featured = ?, read_time = ?,
			status = ?, published_at = ?, image_url = ?, updated_at = ? WHERE id = ?`),
			out.Title, out.Slug, out.Excerpt, out.Content, out.Category, tagsJSON(out.Tags), out.AuthorName,
			out.AuthorRole, out.Featured, out.ReadTime, out.Status, s.d.TimeArg(out.PublishedAt.Time()),
			out.ImageURL, s.d.TimeArg(now), id)
		return mustAffect(res, err)
	})
	if err != nil {
		return nil, s.writeErr("update post", out.Slug, err)
	}
	return &out, nil
}

// Delete removes post id, or returns ErrNotFound.
func (s *Store) Delete(ctx context.Context, id string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.Rebind(`DELETE FROM blog_posts WHERE id = ?`), id)
		return mustAffect(res, err)
	})
	if err != nil && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("delete post %q: %w", id, err)
	}
	return err
}

// write runs fn and bumps the blog revision in one transaction.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	if err := fn(tx); err != nil {
		return err
	}
	if err := bumpRevision(ctx, s.d, tx); err != nil {
		return err
	}
	return tx.Commit()
}

// bumpRevision stores a new random revision; readers only compare it.
func bumpRevision(ctx context.Context, d *db.DB, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, d.Rebind(`INSERT INTO app_meta (key, value) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`), revisionKey, db.NewID())
	if err != nil {
		return fmt.Errorf("bump blog revision: %w", err)
	}
	return nil
}

// Revision identifies the current state of the posts; it changes on every
// write, from any instance.
func (s *Store) Revision(ctx context.Context) (string, error) {
	v, err := s.d.GetMeta(ctx, revisionKey)
	if errors.Is(err, db.ErrNotFound) {
		return "0", nil
	}
	return v, err
}

func (s *Store) writeErr(op, slug string, err error) error {
	switch {
	case errors.Is(err, ErrNotFound):
		return err
	case isUniqueViolation(err):
		return ErrSlugTaken
	}
	return fmt.Errorf("%s %q: %w", op, slug, err)
}

func mustAffect(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// isUniqueViolation recognises a unique-constraint error of either engine.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}

func tagsJSON(tags []string) string {
	if tags == nil {
		tags = []string{}
	}
	b, _ := json.Marshal(tags)
	return string(b)
}

// Categories returns every category in creation order (the four specified
// ones first, in the spec's order).
func (s *Store) Categories(ctx context.Context) ([]*Category, error) {
	rows, err := s.d.Reader.QueryContext(ctx, `SELECT id, name, slug FROM blog_categories ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("list categories: %w", err)
	}
	defer rows.Close()
	out := []*Category{}
	for rows.Next() {
		var c Category
		if err := rows.Scan(&c.ID, &c.Name, &c.Slug); err != nil {
			return nil, fmt.Errorf("list categories: %w", err)
		}
		out = append(out, &c)
	}
	return out, rows.Err()
}

// categorySlugs is the set of valid category slugs.
func (s *Store) categorySlugs(ctx context.Context) (map[string]bool, error) {
	cats, err := s.Categories(ctx)
	if err != nil {
		return nil, err
	}
	set := make(map[string]bool, len(cats))
	for _, c := range cats {
		set[c.Slug] = true
	}
	return set, nil
}

// CreateCategory stores a category, or returns ErrCategoryTaken.
func (s *Store) CreateCategory(ctx context.Context, name, slug string) (*Category, error) {
	c := &Category{ID: db.NewID(), Name: name, Slug: slug}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO blog_categories (id, name, slug, created_at)
			VALUES (?, ?, ?, ?)`), c.ID, c.Name, c.Slug, s.d.TimeArg(s.now()))
		return err
	})
	if err != nil && isUniqueViolation(err) {
		return nil, ErrCategoryTaken
	}
	if err != nil {
		return nil, fmt.Errorf("create category %q: %w", slug, err)
	}
	return c, nil
}

// Subscribe stores a newsletter address (already normalised) and reports
// whether it is new.
func (s *Store) Subscribe(ctx context.Context, email string) (bool, error) {
	res, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`INSERT INTO newsletter_subscribers (email, created_at)
		VALUES (?, ?) ON CONFLICT (email) DO NOTHING`), email, s.d.TimeArg(s.now()))
	if err != nil {
		return false, fmt.Errorf("subscribe: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("subscribe: %w", err)
	}
	return n == 1, nil
}
