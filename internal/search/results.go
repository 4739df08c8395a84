package search

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
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
