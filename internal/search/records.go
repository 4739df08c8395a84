package search

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// Job statuses, as search_jobs.status holds them.
const (
	StatusRunning  = "running"
	StatusComplete = "complete"
	StatusFailed   = "failed"
)

// OwnerAnonymous marks a job started with the demo key alone.
const OwnerAnonymous = "anonymous"

// Job is one live search (a "webset" in the spec's words).
type Job struct {
	ID        string            `json:"id"`
	Status    string            `json:"status"` // running, complete, failed
	Owner     string            `json:"owner"`  // "anonymous" or the admin's email
	ICP       engine.ICP        `json:"icp"`
	Queries   []string          `json:"queries"`
	Sources   map[string]string `json:"sources"` // source -> running, complete, failed
	LeadCount int               `json:"leadCount"`
	Error     string            `json:"error,omitempty"`
	Notes     []string          `json:"notes,omitempty"` // how it ran, e.g. the model's queries were unavailable
	// ClientID is the client an admin search was filed under ("" : ad hoc).
	ClientID   string     `json:"clientId,omitempty"`
	CreatedAt  time.Time  `json:"createdAt"`
	FinishedAt *time.Time `json:"finishedAt,omitempty"`
}

// Signal is a stored buying signal (docs/product.md §13.7, plus its evidence).
type Signal struct {
	ID          string            `json:"id"`
	Type        engine.SignalType `json:"type"`
	Title       string            `json:"title"`
	Company     string            `json:"company"`
	Timestamp   time.Time         `json:"timestamp"`
	Strength    int               `json:"strength"` // 0-100
	Description string            `json:"description"`
	URL         string            `json:"url,omitempty"`
	Source      string            `json:"source,omitempty"`
	Author      string            `json:"author,omitempty"`
	LeadID      string            `json:"leadId,omitempty"`
	JobID       string            `json:"jobId,omitempty"`
}

// SignalOf is the signal record behind a lead.
func SignalOf(l engine.Lead, jobID string, at time.Time) Signal {
	ts := l.PublishedAt
	if ts.IsZero() {
		ts = at
	}
	return Signal{ID: "sig_" + strings.TrimPrefix(l.ID, "lead_"), Type: l.Detection.SignalType, Title: l.Signal,
		Company: l.Company, Timestamp: ts.UTC(), Strength: int(math.Round(l.Detection.Strength * 100)),
		Description: truncate(l.FullContext, 500), URL: l.PostURL, Source: l.Source, Author: l.Name,
		LeadID: l.ID, JobID: jobID}
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// insertJob records a running admin job inside tx (with its River job).
func (s *Store) insertJob(ctx context.Context, tx jobs.Tx, j *Job) error {
	icp, _ := json.Marshal(j.ICP)
	queries, _ := json.Marshal(j.Queries)
	sources, _ := json.Marshal(j.Sources)
	notes, _ := json.Marshal(orEmpty(j.Notes))
	_, err := tx.Exec(ctx, `INSERT INTO search_jobs (id, status, owner, icp, queries, sources, notes, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		j.ID, j.Status, j.Owner, string(icp), string(queries), string(sources), string(notes), s.d.TimeArg(j.CreatedAt))
	if err != nil {
		return fmt.Errorf("create search job %s: %w", j.ID, err)
	}
	return nil
}

func orEmpty(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}

// FinishJob records a job's end and, in the same transaction, its leads
// and their signals.
func (s *Store) FinishJob(ctx context.Context, j *Job, leads []engine.Lead) error {
	tx, err := s.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("finish search job %s: %w", j.ID, err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if err := s.saveLeads(ctx, tx, j.ID, leads); err != nil {
		return err
	}
	if err := s.keepLeads(ctx, tx, j.ID, leads); err != nil {
		return err
	}
	sources, _ := json.Marshal(j.Sources)
	queries, _ := json.Marshal(orEmpty(j.Queries))
	notes, _ := json.Marshal(orEmpty(j.Notes))
	var finished any
	if j.FinishedAt != nil {
		finished = s.d.TimeArg(*j.FinishedAt)
	}
	_, err = tx.ExecContext(ctx, s.d.Rebind(`UPDATE search_jobs SET status = ?, sources = ?, queries = ?, notes = ?,
		lead_count = ?, error = ?, finished_at = ? WHERE id = ?`),
		j.Status, string(sources), string(queries), string(notes), j.LeadCount, j.Error, finished, j.ID)
	if err != nil {
		return fmt.Errorf("finish search job %s: %w", j.ID, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("finish search job %s: %w", j.ID, err)
	}
	return nil
}

// keepLeads stores every lead of an admin search with the search, in rank
// order, so the search can be reopened whole however later searches
// update the shared leads table (docs/clients.md "Admin searches").
// Storing them again (a retried job) replaces them.
func (s *Store) keepLeads(ctx context.Context, tx *sql.Tx, jobID string, leads []engine.Lead) error {
	if _, err := tx.ExecContext(ctx, s.d.Rebind(`DELETE FROM search_job_leads WHERE job_id = ?`), jobID); err != nil {
		return fmt.Errorf("keep leads of %s: %w", jobID, err)
	}
	seen := map[string]bool{}
	for i, l := range leads {
		if seen[l.ID] {
			continue
		}
		seen[l.ID] = true
		data, _ := json.Marshal(l)
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO search_job_leads (job_id, lead_id, rank, data)
			VALUES (?, ?, ?, ?)`), jobID, l.ID, i, string(data)); err != nil {
			return fmt.Errorf("keep lead %s of %s: %w", l.ID, jobID, err)
		}
	}
	return nil
}

// SaveLeads stores leads and their signals outside any job.
func (s *Store) SaveLeads(ctx context.Context, leads []engine.Lead) error {
	tx, err := s.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("save leads: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if err := s.saveLeads(ctx, tx, "", leads); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save leads: %w", err)
	}
	return nil
}

func (s *Store) saveLeads(ctx context.Context, tx *sql.Tx, jobID string, leads []engine.Lead) error {
	now := s.now().UTC()
	var job any
	if jobID != "" {
		job = jobID
	}
	for _, l := range leads {
		data, _ := json.Marshal(l)
		var postURL any
		if l.PostURL != "" {
			postURL = l.PostURL
		}
		_, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO leads
			(id, job_id, intent_tier, intent_score, data, post_url, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET job_id = excluded.job_id, intent_tier = excluded.intent_tier,
			intent_score = excluded.intent_score, data = excluded.data, post_url = excluded.post_url,
			updated_at = excluded.updated_at`),
			l.ID, job, string(l.IntentTier), l.IntentScore, string(data), postURL, s.d.TimeArg(now), s.d.TimeArg(now))
		if err != nil {
			return fmt.Errorf("save lead %s: %w", l.ID, err)
		}
		sig := SignalOf(l, jobID, now)
		sdata, _ := json.Marshal(sig)
		_, err = tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO signals (id, job_id, type, strength, data, created_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET job_id = excluded.job_id,
			strength = excluded.strength, data = excluded.data, created_at = excluded.created_at`),
			sig.ID, job, string(sig.Type), float64(sig.Strength), string(sdata), s.d.TimeArg(now))
		if err != nil {
			return fmt.Errorf("save signal %s: %w", sig.ID, err)
		}
	}
	return nil
}

// StoredPostURLs reports which of urls already belong to a stored lead.
func (s *Store) StoredPostURLs(ctx context.Context, urls []string) (map[string]bool, error) {
	found := map[string]bool{}
	if len(urls) == 0 {
		return found, nil
	}
	args := make([]any, len(urls))
	for i, u := range urls {
		args[i] = u
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(urls)), ", ")
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT DISTINCT post_url FROM leads WHERE post_url IN (`+marks+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("stored post urls: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return nil, fmt.Errorf("stored post urls: %w", err)
		}
		found[u] = true
	}
	return found, rows.Err()
}

// LeadsByTier returns up to limit stored leads of a tier, best first.
func (s *Store) LeadsByTier(ctx context.Context, tier engine.Tier, limit int) ([]engine.Lead, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT data FROM leads WHERE intent_tier = ?
		ORDER BY intent_score DESC, updated_at DESC, id LIMIT ?`), string(tier), limit)
	if err != nil {
		return nil, fmt.Errorf("leads by tier: %w", err)
	}
	return scanJSON[engine.Lead](rows)
}

// RecentSignals returns the newest stored signals.
func (s *Store) RecentSignals(ctx context.Context, limit int) ([]Signal, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT data FROM signals
		ORDER BY created_at DESC, strength DESC, id LIMIT ?`), limit)
	if err != nil {
		return nil, fmt.Errorf("recent signals: %w", err)
	}
	return scanJSON[Signal](rows)
}

func scanJSON[T any](rows *sql.Rows) ([]T, error) {
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		var data string
		if err := rows.Scan(&data); err != nil {
			return nil, err
		}
		var v T
		if err := json.Unmarshal([]byte(data), &v); err != nil {
			return nil, fmt.Errorf("decode stored row: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

const jobColumns = `id, status, owner, icp, queries, sources, notes, lead_count, error, created_at, finished_at, client_id`

// Jobs returns stored jobs, newest first: only running ones when
// activeOnly, else all; at most limit.
func (s *Store) Jobs(ctx context.Context, activeOnly bool, limit int) ([]Job, error) {
	q := `SELECT ` + jobColumns + ` FROM search_jobs ORDER BY created_at DESC, id DESC LIMIT ?`
	if activeOnly {
		q = `SELECT ` + jobColumns + ` FROM search_jobs WHERE status = 'running' ORDER BY created_at DESC, id DESC LIMIT ?`
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(q), limit)
	if err != nil {
		return nil, fmt.Errorf("search jobs: %w", err)
	}
	defer rows.Close()
	out := []Job{}
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, fmt.Errorf("search jobs: %w", err)
		}
		out = append(out, *j)
	}
	return out, rows.Err()
}

// Job returns one stored job, or db.ErrNotFound.
func (s *Store) Job(ctx context.Context, id string) (*Job, error) {
	row := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT `+jobColumns+` FROM search_jobs WHERE id = ?`), id)
	j, err := scanJob(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, db.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("search job %s: %w", id, err)
	}
	return j, nil
}

// JobLeads returns every lead a job found, best first: those kept with
// the search (keepLeads); for a search finished before they were kept,
// the leads table's rows that still name it.
func (s *Store) JobLeads(ctx context.Context, id string) ([]engine.Lead, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT data FROM search_job_leads WHERE job_id = ?
		ORDER BY rank, lead_id`), id)
	if err != nil {
		return nil, fmt.Errorf("job leads %s: %w", id, err)
	}
	kept, err := scanJSON[engine.Lead](rows)
	if err != nil || len(kept) > 0 {
		return kept, err
	}
	rows, err = s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT data FROM leads WHERE job_id = ?
		ORDER BY intent_score DESC, id`), id)
	if err != nil {
		return nil, fmt.Errorf("job leads %s: %w", id, err)
	}
	return scanJSON[engine.Lead](rows)
}

// JobPage returns up to limit stored admin searches older than the cursor
// (created_at and id of the last one of the previous page; zero: from the
// newest), newest first.
func (s *Store) JobPage(ctx context.Context, before time.Time, beforeID string, limit int) ([]Job, error) {
	q := `SELECT ` + jobColumns + ` FROM search_jobs ORDER BY created_at DESC, id DESC LIMIT ?`
	args := []any{limit}
	if !before.IsZero() {
		q = `SELECT ` + jobColumns + ` FROM search_jobs WHERE created_at < ? OR (created_at = ? AND id < ?)
			ORDER BY created_at DESC, id DESC LIMIT ?`
		args = []any{s.d.TimeArg(before), s.d.TimeArg(before), beforeID, limit}
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("search jobs page: %w", err)
	}
	defer rows.Close()
	out := []Job{}
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, fmt.Errorf("search jobs page: %w", err)
		}
		out = append(out, *j)
	}
	return out, rows.Err()
}

// FailStaleJobs marks jobs still running from before since as failed:
// River retries an interrupted search, so only one whose every attempt was
// lost (its process died each time) is still running long after it began.
func (s *Store) FailStaleJobs(ctx context.Context, since time.Time) (int64, error) {
	res, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE search_jobs SET status = 'failed',
		error = 'interrupted', finished_at = ? WHERE status = 'running' AND created_at < ?`),
		s.d.TimeArg(s.now()), s.d.TimeArg(since))
	if err != nil {
		return 0, fmt.Errorf("fail stale jobs: %w", err)
	}
	return res.RowsAffected()
}

type scanner interface{ Scan(dest ...any) error }

func scanJob(r scanner) (*Job, error) {
	var j Job
	var icp, queries, sources, notes string
	var created, finished db.Time
	var client sql.NullString
	if err := r.Scan(&j.ID, &j.Status, &j.Owner, &icp, &queries, &sources, &notes, &j.LeadCount, &j.Error, &created, &finished, &client); err != nil {
		return nil, err
	}
	j.ClientID = client.String
	if err := errors.Join(json.Unmarshal([]byte(icp), &j.ICP), json.Unmarshal([]byte(queries), &j.Queries),
		json.Unmarshal([]byte(sources), &j.Sources), json.Unmarshal([]byte(notes), &j.Notes)); err != nil {
		return nil, fmt.Errorf("decode job %s: %w", j.ID, err)
	}
	j.CreatedAt = created.Time
	if finished.Valid {
		t := finished.Time
		j.FinishedAt = &t
	}
	return &j, nil
}
