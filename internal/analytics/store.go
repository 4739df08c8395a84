package analytics

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// View is one recorded page view.
type View struct {
	// At is when the beacon arrived.
	At time.Time
	// Path is the page's path, cleaned and checked.
	Path string
	// Referrer is the external referring host, or "".
	Referrer string
	// Visitor is the day's visitor hash.
	Visitor string
}

// Store keeps page views and answers the report's queries. Timestamps are
// epoch milliseconds so that bucketing and session gaps are the same
// integer arithmetic on SQLite and PostgreSQL.
type Store struct {
	d *db.DB
}

// NewStore reads and writes page views in d.
func NewStore(d *db.DB) *Store { return &Store{d: d} }

// insertChunk bounds the rows of one INSERT (4 arguments each) well under
// SQLite's and PostgreSQL's parameter limits.
const insertChunk = 200

// Insert stores views in one transaction, a multi-row INSERT per chunk.
func (s *Store) Insert(ctx context.Context, views []View) error {
	if len(views) == 0 {
		return nil
	}
	tx, err := s.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("insert views: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	for start := 0; start < len(views); start += insertChunk {
		chunk := views[start:min(start+insertChunk, len(views))]
		var q strings.Builder
		q.WriteString("INSERT INTO analytics_pageviews (ts, path, referrer, visitor) VALUES ")
		args := make([]any, 0, 4*len(chunk))
		for i, v := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?)")
			args = append(args, v.At.UnixMilli(), v.Path, v.Referrer, v.Visitor)
		}
		if _, err := tx.ExecContext(ctx, s.d.Rebind(q.String()), args...); err != nil {
			return fmt.Errorf("insert %d views: %w", len(chunk), err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("insert views: %w", err)
	}
	return nil
}

// Retention is how long views are kept: the longest period and a day.
const Retention = 91 * 24 * time.Hour

// Prune deletes the views older than before.
func (s *Store) Prune(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`DELETE FROM analytics_pageviews WHERE ts < ?`), before.UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("prune views: %w", err)
	}
	return res.RowsAffected()
}

// Any reports whether any view has ever been recorded.
func (s *Store) Any(ctx context.Context) (bool, error) {
	var n int
	err := s.d.Reader.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM analytics_pageviews LIMIT 1) AS one`).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("any views: %w", err)
	}
	return n > 0, nil
}

// totals counts views and distinct visitor hashes since from (ms).
func (s *Store) totals(ctx context.Context, from int64) (views, visitors int64, err error) {
	err = s.d.Reader.QueryRowContext(ctx, s.d.Rebind(
		`SELECT COUNT(*), COUNT(DISTINCT visitor) FROM analytics_pageviews WHERE ts >= ?`), from).
		Scan(&views, &visitors)
	if err != nil {
		err = fmt.Errorf("count views: %w", err)
	}
	return views, visitors, err
}

// sessionsSQL splits each visitor's views since ? into sessions (a gap of
// more than ? ms starts a new one) and sums them up: the number of
// sessions, their total duration in ms, and how many had a single view.
const sessionsSQL = `
WITH marked AS (
    SELECT visitor, ts,
           CASE WHEN ts - LAG(ts) OVER (PARTITION BY visitor ORDER BY ts, id) <= ? THEN 0 ELSE 1 END AS starts
    FROM analytics_pageviews WHERE ts >= ?
), numbered AS (
    SELECT visitor, ts,
           SUM(starts) OVER (PARTITION BY visitor ORDER BY ts ROWS UNBOUNDED PRECEDING) AS session
    FROM marked
), sessions AS (
    SELECT COUNT(*) AS views, MAX(ts) - MIN(ts) AS duration FROM numbered GROUP BY visitor, session
)
SELECT COUNT(*), COALESCE(SUM(duration), 0), COALESCE(SUM(CASE WHEN views = 1 THEN 1 ELSE 0 END), 0)
FROM sessions`

// sessions sums the sessions that start since from.
func (s *Store) sessions(ctx context.Context, from int64, gap time.Duration) (count, durationMS, bounces int64, err error) {
	err = s.d.Reader.QueryRowContext(ctx, s.d.Rebind(sessionsSQL), gap.Milliseconds(), from).
		Scan(&count, &durationMS, &bounces)
	if err != nil {
		err = fmt.Errorf("sessions: %w", err)
	}
	return count, durationMS, bounces, err
}

// PageCount is a path with its number of views.
type PageCount struct {
	Path  string
	Views int64
}

// topPages lists the most viewed paths since from, most first.
func (s *Store) topPages(ctx context.Context, from int64, limit int) ([]PageCount, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(
		`SELECT path, COUNT(*) AS views FROM analytics_pageviews WHERE ts >= ?
		 GROUP BY path ORDER BY views DESC, path LIMIT ?`), from, limit)
	if err != nil {
		return nil, fmt.Errorf("top pages: %w", err)
	}
	defer rows.Close()
	var out []PageCount
	for rows.Next() {
		var p PageCount
		if err := rows.Scan(&p.Path, &p.Views); err != nil {
			return nil, fmt.Errorf("top pages: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// buckets counts views since from per bucket of size ms, keyed by the
// bucket's index (ts / size).
func (s *Store) buckets(ctx context.Context, from int64, size time.Duration) (map[int64]int64, error) {
	ms := size.Milliseconds()
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(
		`SELECT ts / ? AS bucket, COUNT(*) FROM analytics_pageviews WHERE ts >= ? GROUP BY 1`), ms, from)
	if err != nil {
		return nil, fmt.Errorf("view buckets: %w", err)
	}
	defer rows.Close()
	out := map[int64]int64{}
	for rows.Next() {
		var b, n int64
		if err := rows.Scan(&b, &n); err != nil {
			return nil, fmt.Errorf("view buckets: %w", err)
		}
		out[b] = n
	}
	return out, rows.Err()
}
