package search

import (
	"context"
	"fmt"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// PostCount is how many posts of one source the index holds and when the
// last one was added.
type PostCount struct {
	Source    string
	Posts     int
	LastAdded time.Time
}

// PostCounts counts the index's posts by source (a live source's name,
// "corpus" for the bundled posts, or what `signalpipe import` was given),
// for source health (docs/api.md "Source health").
func (s *Store) PostCounts(ctx context.Context) ([]PostCount, error) {
	rows, err := s.d.Reader.QueryContext(ctx, `SELECT source, COUNT(*), MAX(created_at) FROM posts GROUP BY source ORDER BY source`)
	if err != nil {
		return nil, fmt.Errorf("post counts: %w", err)
	}
	defer rows.Close()
	var out []PostCount
	for rows.Next() {
		var c PostCount
		var at db.Time
		if err := rows.Scan(&c.Source, &c.Posts, &at); err != nil {
			return nil, fmt.Errorf("post counts: %w", err)
		}
		c.LastAdded = at.Time
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("post counts: %w", err)
	}
	return out, nil
}
