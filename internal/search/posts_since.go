package search

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// PostsSince reads what an always-on agent has not seen yet (docs/clients.md
// "Runs"): the posts stored after cursor (a posts.id) that match q (all of
// them when q is empty), newest first, at most limit. It returns the new
// cursor, the highest id stored when it read, so the next call starts
// there; when more than limit posts matched, the older ones are skipped
// (more reports it), as a buying signal is worth most while it is recent.
// Stored ids grow as posts are stored, so a post ingested late, whatever
// its publication date, is still read once.
func (s *Store) PostsSince(ctx context.Context, cursor int64, q Query, limit int) (posts []engine.Post, next int64, more bool, err error) {
	if err := s.d.Reader.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM posts`).Scan(&next); err != nil {
		return nil, cursor, false, fmt.Errorf("posts since: %w", err)
	}
	if next <= cursor {
		return nil, cursor, false, nil
	}
	var sqlText string
	args := []any{cursor, next}
	switch {
	case q.Empty():
		sqlText = `SELECT data FROM posts WHERE id > ? AND id <= ? ORDER BY id DESC LIMIT ?`
	case s.d.Dialect == db.Postgres:
		sqlText = `SELECT data FROM posts WHERE id > ? AND id <= ?
			AND search @@ websearch_to_tsquery('english', ?) ORDER BY id DESC LIMIT ?`
		args = append(args, q.Websearch())
	default:
		sqlText = `SELECT p.data FROM posts p WHERE p.id IN (SELECT rowid FROM posts_fts
			WHERE posts_fts MATCH ? AND rowid > ? AND rowid <= ?) ORDER BY p.id DESC LIMIT ?`
		args = []any{q.FTS5(), cursor, next}
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(sqlText), append(args, limit+1)...)
	if err != nil {
		return nil, cursor, false, fmt.Errorf("posts since: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var data string
		if err := rows.Scan(&data); err != nil {
			return nil, cursor, false, fmt.Errorf("posts since: %w", err)
		}
		var p engine.Post
		if err := json.Unmarshal([]byte(data), &p); err != nil {
			return nil, cursor, false, fmt.Errorf("posts since: decode: %w", err)
		}
		posts = append(posts, p)
	}
	if err := rows.Err(); err != nil {
		return nil, cursor, false, fmt.Errorf("posts since: %w", err)
	}
	if len(posts) > limit {
		posts, more = posts[:limit], true
	}
	return posts, next, more, nil
}
