package jobboards

import (
	"context"
	"fmt"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// keepGone is how long an opening no longer on its board is remembered
// (so one taken down and put back within it is not new again).
const keepGone = 30 * 24 * time.Hour

// Store remembers the openings seen on each board (the job_boards and
// job_board_jobs tables).
type Store struct {
	d   *db.DB
	now func() time.Time
}

// NewStore returns a store over d.
func NewStore(d *db.DB) *Store { return &Store{d: d, now: time.Now} }

// Diff records that the board lists ids now and returns those no fetch saw
// before. A board's first fetch is its baseline: every id is recorded and
// baseline is true (the caller posts nothing, so watching a board with 300
// openings does not announce 300 "new" ones). Instances diffing one board
// at once each get a disjoint share of the new ids (fetch names this call).
func (s *Store) Diff(ctx context.Context, board, fetch string, ids []string) (fresh []string, baseline bool, err error) {
	now := s.now().UTC()
	tx, err := s.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return nil, false, fmt.Errorf("job board %s: %w", board, err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	res, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO job_boards (board, baseline_at) VALUES (?, ?) ON CONFLICT (board) DO NOTHING`),
		board, s.d.TimeArg(now))
	if err != nil {
		return nil, false, fmt.Errorf("job board %s: %w", board, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return nil, false, fmt.Errorf("job board %s: %w", board, err)
	}
	baseline = n == 1
	stmt, err := tx.PrepareContext(ctx, s.d.Rebind(`INSERT INTO job_board_jobs (board, job_id, first_fetch, first_seen_at, last_seen_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (board, job_id) DO UPDATE SET last_seen_at = excluded.last_seen_at RETURNING first_fetch`))
	if err != nil {
		return nil, false, fmt.Errorf("job board %s: %w", board, err)
	}
	defer stmt.Close()
	for _, id := range ids {
		var first string
		if err := stmt.QueryRowContext(ctx, board, id, fetch, s.d.TimeArg(now), s.d.TimeArg(now)).Scan(&first); err != nil {
			return nil, false, fmt.Errorf("job board %s: %w", board, err)
		}
		if first == fetch && !baseline {
			fresh = append(fresh, id)
		}
	}
	if _, err := tx.ExecContext(ctx, s.d.Rebind(`DELETE FROM job_board_jobs WHERE board = ? AND last_seen_at < ?`),
		board, s.d.TimeArg(now.Add(-keepGone))); err != nil {
		return nil, false, fmt.Errorf("job board %s: %w", board, err)
	}
	if err := tx.Commit(); err != nil {
		return nil, false, fmt.Errorf("job board %s: %w", board, err)
	}
	return fresh, baseline, nil
}
