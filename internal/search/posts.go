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

// rankWindow bounds the matches a search ranks to the newest 20,000 by
// publication date. Ranking (bm25, ts_rank) costs per match, and a broad
// ICP matches a fifth of the corpus: ranking every match made a search
// over 1,000,000 posts take 2–5 s, growing with the corpus. Taking the
// newest matches first keeps the cost flat, and a buying signal is worth
// most while it is recent. Below 20,000 matches nothing changes.
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
	return s.SearchPostsSince(ctx, q, time.Time{}, limit)
}

// SearchPostsSince is SearchPosts over the posts published at or after
// since; a zero since bounds nothing, and a post without a date is outside
// any bound. Of the matches it ranks the newest rankWindow by published_at
// (id breaking ties), so the cost of a search depends on the window, not
// on how many posts match or how many are stored (see "Search cost against
// corpus size" in docs/performance.md).
func (s *Store) SearchPostsSince(ctx context.Context, q Query, since time.Time, limit int) ([]engine.Post, error) {
	if limit <= 0 {
		return nil, nil
	}
	var sqlText string
	var args []any
	bound, boundArg := "", []any{}
	if !since.IsZero() {
		bound, boundArg = ` AND published_at >= ?`, []any{s.d.TimeArg(since)}
	}
	switch {
	case q.Empty() && s.d.Dialect == db.Postgres:
		sqlText = `SELECT data FROM posts WHERE true` + bound + ` ORDER BY published_at DESC NULLS LAST, id DESC LIMIT ?`
		args = append(boundArg, limit)
	case q.Empty(): // SQLite sorts NULLs last in DESC already
		sqlText = `SELECT data FROM posts WHERE true` + bound + ` ORDER BY published_at DESC, id DESC LIMIT ?`
		args = append(boundArg, limit)
	case s.d.Dialect == db.Postgres:
		sqlText, args = s.postgresSearch(q, bound, boundArg, limit)
	default:
		sqlText = fmt.Sprintf(sqliteSearch, bound)
		args = append(append([]any{q.FTS5()}, boundArg...), s.rankWindow, q.FTS5(), limit)
	}
	return s.readPosts(ctx, sqlText, args...)
}

// readPosts runs a query whose only column is a post's JSON.
func (s *Store) readPosts(ctx context.Context, sqlText string, args ...any) ([]engine.Post, error) {
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

// postgresSearch is the PostgreSQL search: the window walks
// posts_published_id from the newest post and stops at rankWindow matches
// (or, for rare words, sorts the GIN index's few matches by date); only
// the window is ranked, and only the limit best are read whole, by primary
// key. The since bound filters the window rather than the walk: the
// result is the same (the window is the newest matches), and inside the
// walk the planner chose a BitmapAnd whose GIN half reads every match
// (545 against 411 ms of CPU on 1M posts, docs/performance.md). Exec mode
// plans each search with its own words: a cached generic plan cannot tell
// a word in a fifth of the posts from a rare one.
func (s *Store) postgresSearch(q Query, bound string, boundArg []any, limit int) (string, []any) {
	sqlText := `SELECT p.data FROM (
		SELECT id, published_at, ts_rank(search, websearch_to_tsquery('english', ?)) AS rank FROM (
			SELECT id, published_at, search FROM posts
			WHERE search @@ websearch_to_tsquery('english', ?)
			ORDER BY published_at DESC NULLS LAST, id DESC LIMIT ?) w
		WHERE true` + bound + `
		ORDER BY rank DESC, published_at DESC NULLS LAST, id DESC LIMIT ?) c
		JOIN posts p ON p.id = c.id
		ORDER BY c.rank DESC, c.published_at DESC NULLS LAST, c.id DESC`
	args := append([]any{pgx.QueryExecModeExec, q.Websearch(), q.Websearch(), s.rankWindow}, boundArg...)
	return sqlText, append(args, limit)
}

// sqliteSearch is SQLite's search, %s being the since bound. FTS5 ranks
// (bm25) only inside its own query, and must not be probed once per post
// (a rowid IN list it is offered runs one full-text query per value: 480 s
// on 100,000 posts), so the window w is built aside and only checked: the
// newest rankWindow matches, walking the (published_at, id) index newest
// first against the set of matching ids without reading a post. Then one
// full-text pass ranks only the matches in w (the unary + keeps the check
// away from FTS5), starting at w's lowest id (a rowid range FTS5 seeks to:
// posts are stored after they are published, so the newest by date are
// among the last stored), and the limit best are read whole by primary key.
const sqliteSearch = `WITH w(id) AS MATERIALIZED (
		SELECT id FROM posts INDEXED BY posts_published_id
		WHERE id IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?)%s
		ORDER BY published_at DESC, id DESC LIMIT ?)
	SELECT p.data FROM (
		SELECT f.rowid AS id, f.rank AS rank FROM posts_fts f
		WHERE posts_fts MATCH ? AND f.rowid >= (SELECT min(id) FROM w) AND +f.rowid IN w
		ORDER BY f.rank, f.rowid DESC LIMIT ?) c
	JOIN posts p ON p.id = c.id ORDER BY c.rank, c.id DESC`
