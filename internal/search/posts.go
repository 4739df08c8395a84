package search

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// Store keeps posts, search jobs, leads and signals.
type Store struct {
	d   *db.DB
	now func() time.Time
	// rankWindow is how many of the newest matching posts a search ranks.
	rankWindow int
}

// NewStore returns the store on d.
func NewStore(d *db.DB) *Store { return &Store{d: d, now: time.Now, rankWindow: rankWindow} }

// rankWindow bounds the matches a search ranks to the newest 20,000.
// Ranking (bm25, ts_rank) costs per match, and a broad ICP matches a fifth
// of the corpus: ranking every match made a search over 1,000,000 posts
// take 2–5 s, growing with the corpus. Taking the newest matches first
// (ids grow as posts are stored) keeps the cost flat, and a buying signal
// is worth most while it is recent. Below 20,000 matches nothing changes.
const rankWindow = 20_000

// insertBatch is how many posts one transaction adds.
const insertBatch = 500

// AddPosts stores posts, skipping any whose (source, id) is already stored,
// and reports how many were new.
func (s *Store) AddPosts(ctx context.Context, posts []engine.Post) (int, error) {
	added := 0
	for lo := 0; lo < len(posts); lo += insertBatch {
		n, err := s.addBatch(ctx, posts[lo:min(lo+insertBatch, len(posts))])
		if err != nil {
			return added, err
		}
		added += n
	}
	return added, nil
}

// ImportPosts stores posts in one transaction (all or none), skipping
// those whose (source, id) is already stored, and reports how many were
// new: `signalpipe import`.
func (s *Store) ImportPosts(ctx context.Context, posts []engine.Post) (int, error) {
	return s.addBatch(ctx, posts)
}

func (s *Store) addBatch(ctx context.Context, posts []engine.Post) (int, error) {
	tx, err := s.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("add posts: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	// A post already stored by source and id, or by URL (URLKey, from any
	// source), is skipped: ON CONFLICT without a target covers both keys.
	stmt, err := tx.PrepareContext(ctx, s.d.Rebind(`INSERT INTO posts
		(source, external_id, url, title, body, published_at, data, created_at, url_key)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`))
	if err != nil {
		return 0, fmt.Errorf("add posts: %w", err)
	}
	defer stmt.Close()
	now, added := s.d.TimeArg(s.now()), 0
	for i := range posts {
		p := &posts[i]
		data, err := json.Marshal(p)
		if err != nil {
			return 0, fmt.Errorf("add post %s/%s: %w", p.Source, p.ID, err)
		}
		var published any
		if !p.PublishedAt.IsZero() {
			published = s.d.TimeArg(p.PublishedAt)
		}
		res, err := stmt.ExecContext(ctx, p.Source, p.ID, p.URL, p.Title, indexText(p), published, string(data), now, URLKey(p.URL))
		if err != nil {
			return 0, fmt.Errorf("add post %s/%s: %w", p.Source, p.ID, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			added++
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("add posts: %w", err)
	}
	return added, nil
}

// indexText is what the index searches besides the title: the text and
// what the source says about the author, so an ICP's titles, companies and
// industries find posts whose text does not repeat them.
func indexText(p *engine.Post) string {
	parts := []string{p.Text, p.Author, p.AuthorTitle, p.Company}
	keys := make([]string, 0, len(p.Profile))
	for k := range p.Profile {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		parts = append(parts, p.Profile[k])
	}
	return strings.Join(parts, "\n")
}

// CountPosts returns the number of stored posts.
func (s *Store) CountPosts(ctx context.Context) (int, error) {
	var n int
	if err := s.d.Reader.QueryRowContext(ctx, `SELECT count(*) FROM posts`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count posts: %w", err)
	}
	return n, nil
}

// NewestPostAt is the publication date of the newest dated post in the
// index (zero when none): what check-webset-status reports as
// newestPostAt, so the demo can say how fresh the posts it read are.
func (s *Store) NewestPostAt(ctx context.Context) (time.Time, error) {
	var data string
	err := s.d.Reader.QueryRowContext(ctx, `SELECT data FROM posts WHERE published_at IS NOT NULL
		ORDER BY published_at DESC LIMIT 1`).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("newest post: %w", err)
	}
	var p engine.Post
	if err := json.Unmarshal([]byte(data), &p); err != nil {
		return time.Time{}, fmt.Errorf("newest post: decode: %w", err)
	}
	return p.PublishedAt.UTC(), nil
}

// SearchPosts returns up to limit posts matching q, best match first. q is
// a list of terms and phrases, any of which may match (see Query). An empty
// q returns the newest posts.
func (s *Store) SearchPosts(ctx context.Context, q Query, limit int) ([]engine.Post, error) {
	var sqlText string
	var args []any
	switch {
	case q.Empty() && s.d.Dialect == db.Postgres:
		sqlText, args = `SELECT data FROM posts ORDER BY published_at DESC NULLS LAST LIMIT ?`, []any{limit}
	case q.Empty(): // SQLite sorts NULLs last in DESC already
		sqlText, args = `SELECT data FROM posts ORDER BY published_at DESC LIMIT ?`, []any{limit}
	case s.d.Dialect == db.Postgres:
		// Exec mode plans each search with its own words: a cached generic
		// plan cannot tell a word in a fifth of the posts from a rare one,
		// and its bitmap scan over every match took 40 s on 1M posts.
		sqlText = `SELECT p.data FROM posts p JOIN (SELECT id FROM posts
			WHERE search @@ websearch_to_tsquery('english', ?) ORDER BY id DESC LIMIT ?) w ON w.id = p.id
			ORDER BY ts_rank(p.search, websearch_to_tsquery('english', ?)) DESC, p.id DESC LIMIT ?`
		args = []any{pgx.QueryExecModeExec, q.Websearch(), s.rankWindow, q.Websearch(), limit}
	default:
		sqlText = `SELECT p.data FROM (SELECT rowid, rank FROM posts_fts
			WHERE posts_fts MATCH ? ORDER BY rowid DESC LIMIT ?) f
			JOIN posts p ON p.id = f.rowid ORDER BY f.rank LIMIT ?`
		args = []any{q.FTS5(), s.rankWindow, limit}
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(sqlText), args...)
	if err != nil {
		return nil, fmt.Errorf("search posts: %w", err)
	}
	defer rows.Close()
	var out []engine.Post
	for rows.Next() {
		var data string
		if err := rows.Scan(&data); err != nil {
			return nil, fmt.Errorf("search posts: %w", err)
		}
		var p engine.Post
		if err := json.Unmarshal([]byte(data), &p); err != nil {
			return nil, fmt.Errorf("search posts: decode: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search posts: %w", err)
	}
	return out, nil
}
