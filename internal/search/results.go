package search

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// Anonymous searches live in search_results: the job and, once finished,
// its leads, until expires_at. They never reach search_jobs, leads or
// signals, so the admin data calls never show them.

// insertResult records a running anonymous search inside tx (with its
// River job); it expires at expires unless it finishes first.
func (s *Store) insertResult(ctx context.Context, tx jobs.Tx, j *Job, expires time.Time) error {
	data, _ := json.Marshal(j)
	_, err := tx.Exec(ctx, `INSERT INTO search_results (id, status, job, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		j.ID, j.Status, string(data), s.d.TimeArg(j.CreatedAt), s.d.TimeArg(expires))
	if err != nil {
		return fmt.Errorf("create search result %s: %w", j.ID, err)
	}
	return nil
}

// FinishResult records an anonymous search's end and its leads, kept for
// ttl from now.
func (s *Store) FinishResult(ctx context.Context, j *Job, leads []engine.Lead, ttl time.Duration) error {
	data, _ := json.Marshal(j)
	found, _ := json.Marshal(leads)
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE search_results SET status = ?, job = ?, leads = ?,
		expires_at = ? WHERE id = ?`), j.Status, string(data), string(found), s.d.TimeArg(s.now().Add(ttl)), j.ID)
	if err != nil {
		return fmt.Errorf("finish search result %s: %w", j.ID, err)
	}
	return nil
}

// Result returns an anonymous search and its leads, or db.ErrNotFound when
// there is none or it has expired (whether or not it was purged yet).
func (s *Store) Result(ctx context.Context, id string) (Job, []engine.Lead, error) {
	var data, found string
	err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT job, leads FROM search_results
		WHERE id = ? AND expires_at > ?`), id, s.d.TimeArg(s.now())).Scan(&data, &found)
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, nil, db.ErrNotFound
	}
	if err != nil {
		return Job{}, nil, fmt.Errorf("search result %s: %w", id, err)
	}
	var j Job
	var leads []engine.Lead
	if err := errors.Join(json.Unmarshal([]byte(data), &j), json.Unmarshal([]byte(found), &leads)); err != nil {
		return Job{}, nil, fmt.Errorf("decode search result %s: %w", id, err)
	}
	return j, leads, nil
}

// PurgeResults deletes expired anonymous searches and reports how many.
func (s *Store) PurgeResults(ctx context.Context) (int64, error) {
	res, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`DELETE FROM search_results WHERE expires_at <= ?`),
		s.d.TimeArg(s.now()))
	if err != nil {
		return 0, fmt.Errorf("purge search results: %w", err)
	}
	return res.RowsAffected()
}

// job loads a search by id from the table its kind lives in.
func (s *Store) job(ctx context.Context, id string, anonymous bool) (Job, error) {
	if anonymous {
		j, _, err := s.Result(ctx, id)
		return j, err
	}
	j, err := s.Job(ctx, id)
	if err != nil {
		return Job{}, err
	}
	return *j, nil
}

// finish stores a finished search where its kind lives: an anonymous one's
// leads in its search_results row, an admin one's job, leads and signals.
func (s *Store) finish(ctx context.Context, j *Job, leads []engine.Lead, ttl time.Duration) error {
	if j.Owner == OwnerAnonymous {
		return s.FinishResult(ctx, j, leads, ttl)
	}
	return s.FinishJob(ctx, j, leads)
}

// admissionLock keys the PostgreSQL advisory lock that serialises search
// admissions across instances (any fixed number; no other lock uses it).
const admissionLock = 0x5e_a7c4_ad41

// lockAdmission is the first statement of a search's admission: on
// PostgreSQL a transaction-scoped advisory lock, held until commit, so that
// one admission at a time counts the queue, on every instance. SQLite
// needs none: the admission's first statement is a write, which takes the
// database's single write lock (waiting for busy_timeout) until commit.
func (s *Store) lockAdmission(ctx context.Context, tx jobs.Tx) error {
	if s.d.Dialect != db.Postgres {
		return nil
	}
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(`+strconv.FormatInt(admissionLock, 10)+`)`); err != nil {
		return fmt.Errorf("lock search admission: %w", err)
	}
	return nil
}

// admit decides, inside the admission's transaction and after j's row and
// River job were written, whether j fits: the searches not finished yet,
// on j's queue (visitors' and signed-in searches have one each), counted
// across instances with j, must be at most bound. Counting and
// deciding are one statement, and the write lock (lockAdmission) keeps
// another admission from counting until this one commits or rolls back.
// ErrBusy rolls j back.
func (s *Store) admit(ctx context.Context, tx jobs.Tx, j *Job, queue string, bound int) error {
	table := "search_jobs"
	if j.Owner == OwnerAnonymous {
		table = "search_results"
	}
	n, err := tx.Exec(ctx, `UPDATE `+table+` SET status = status WHERE id = ? AND (SELECT count(*) FROM river_job
		WHERE queue = ? AND state IN ('available', 'pending', 'retryable', 'running', 'scheduled')) <= ?`,
		j.ID, queue, bound)
	if err != nil {
		return fmt.Errorf("admit search %s: %w", j.ID, err)
	}
	if n == 0 {
		return ErrBusy
	}
	return nil
}
