package jobboards

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// keepGone is how long an opening no longer on its board is remembered
// (so one taken down and put back within it is not new again).
const keepGone = 30 * 24 * time.Hour

// Lease is how long a fetch's claim on a board's unannounced openings
// holds: until then no other fetch announces them; after it, one whose post
// was never stored (a crash, a failed store) is announced again.
const Lease = 10 * time.Minute

// Store remembers the openings seen on each board and whether the post
// naming each was stored (the job_boards and job_board_jobs tables).
type Store struct {
	d   *db.DB
	now func() time.Time
}

// NewStore returns a store over d.
func NewStore(d *db.DB) *Store { return &Store{d: d, now: time.Now} }

// Diff records that the board lists ids now and claims, for this fetch,
// the listed openings still to be announced, grouped in batches: the
// openings first seen by this fetch are one batch, and openings an earlier
// fetch claimed but never announced (its claim older than Lease) come back
// in that fetch's batch, so re-announcing them makes the same post. A
// board's first fetch is its baseline: every id is recorded as announced
// and baseline is true (the caller posts nothing, so watching a board with
// 300 openings does not announce 300 "new" ones). Instances diffing one
// board at once each get a disjoint share (fetch names this call). The
// openings stay unannounced until Announced is told their post is stored.
func (s *Store) Diff(ctx context.Context, board, fetch string, ids []string) (batches [][]string, baseline bool, err error) {
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
	// A new opening is claimed by this fetch at once (or, in the baseline,
	// recorded as announced); a known one is claimed when unannounced and
	// its claim has lapsed. Both CASEs read the row as it was.
	stmt, err := tx.PrepareContext(ctx, s.d.Rebind(`INSERT INTO job_board_jobs
		(board, job_id, first_fetch, first_seen_at, last_seen_at, announced_at, claimed_at, claimed_by)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (board, job_id) DO UPDATE SET last_seen_at = excluded.last_seen_at,
			claimed_by = CASE WHEN job_board_jobs.announced_at IS NULL AND (job_board_jobs.claimed_at IS NULL OR job_board_jobs.claimed_at < ?)
				THEN excluded.claimed_by ELSE job_board_jobs.claimed_by END,
			claimed_at = CASE WHEN job_board_jobs.announced_at IS NULL AND (job_board_jobs.claimed_at IS NULL OR job_board_jobs.claimed_at < ?)
				THEN excluded.claimed_at ELSE job_board_jobs.claimed_at END
		RETURNING first_fetch, COALESCE(claimed_by, '')`))
	if err != nil {
		return nil, false, fmt.Errorf("job board %s: %w", board, err)
	}
	defer stmt.Close()
	var announced, claimedAt, claimedBy any
	if baseline {
		announced = s.d.TimeArg(now)
	} else {
		claimedAt, claimedBy = s.d.TimeArg(now), fetch
	}
	lapsed := s.d.TimeArg(now.Add(-Lease))
	// Rows are locked in id order, so instances upserting the same board's
	// openings at once wait for each other instead of deadlocking.
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	batchOf := make(map[string]string, len(sorted)) // claimed id -> its batch
	for _, id := range sorted {
		var first, by string
		if err := stmt.QueryRowContext(ctx, board, id, fetch, s.d.TimeArg(now), s.d.TimeArg(now), announced, claimedAt, claimedBy,
			lapsed, lapsed).Scan(&first, &by); err != nil {
			return nil, false, fmt.Errorf("job board %s: %w", board, err)
		}
		if by == fetch && !baseline {
			batchOf[id] = first
		}
	}
	if _, err := tx.ExecContext(ctx, s.d.Rebind(`DELETE FROM job_board_jobs WHERE board = ? AND last_seen_at < ?`),
		board, s.d.TimeArg(now.Add(-keepGone))); err != nil {
		return nil, false, fmt.Errorf("job board %s: %w", board, err)
	}
	if err := tx.Commit(); err != nil {
		return nil, false, fmt.Errorf("job board %s: %w", board, err)
	}
	// Batches in the order the board lists their first opening, each
	// opening in the board's order.
	at := map[string]int{}
	for _, id := range ids {
		b, ok := batchOf[id]
		if !ok {
			continue
		}
		delete(batchOf, id) // a duplicate id counts once
		i, ok := at[b]
		if !ok {
			i = len(batches)
			at[b] = i
			batches = append(batches, nil)
		}
		batches[i] = append(batches[i], id)
	}
	return batches, baseline, nil
}

// Announced records that the post naming the board's openings ids is
// stored: they are never claimed again.
func (s *Store) Announced(ctx context.Context, board string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	now := s.now().UTC()
	tx, err := s.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("job board %s: %w", board, err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	stmt, err := tx.PrepareContext(ctx, s.d.Rebind(`UPDATE job_board_jobs SET announced_at = ?, claimed_at = NULL, claimed_by = NULL
		WHERE board = ? AND job_id = ? AND announced_at IS NULL`))
	if err != nil {
		return fmt.Errorf("job board %s: %w", board, err)
	}
	defer stmt.Close()
	sorted := slices.Clone(ids)
	slices.Sort(sorted) // the same lock order as Diff
	for _, id := range slices.Compact(sorted) {
		if _, err := stmt.ExecContext(ctx, s.d.TimeArg(now), board, id); err != nil {
			return fmt.Errorf("job board %s: %w", board, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("job board %s: %w", board, err)
	}
	return nil
}
