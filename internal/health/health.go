package health

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// States a source can be in.
const (
	// OK: the last fetch succeeded and the last 24 hours saw no error or
	// rate limit (or it has not been fetched yet).
	OK = "ok"
	// Degraded: it works, but the last 24 hours saw errors or rate limits,
	// it is paused by a rate limit, or it has failed for less than FailingAfter.
	Degraded = "degraded"
	// Failing: every fetch for FailingAfter or longer failed, or it never
	// succeeded.
	Failing = "failing"
	// Disabled: switched off in the configuration (HN_ENABLED=false).
	Disabled = "disabled"
	// Unconfigured: it needs a key or URLs that are not set.
	Unconfigured = "unconfigured"
)

// FailingAfter is how long a source must have failed without a success in
// between to count as failing rather than degraded.
const FailingAfter = time.Hour

// keepHours is how long hourly counts are kept.
const keepHours = 48 * time.Hour

// maxError bounds the stored last error.
const maxError = 300

// Outcome is one fetch of a source.
type Outcome struct {
	Source string
	// Posts is how many posts the fetch returned.
	Posts int
	// Err is the fetch's error, nil on success.
	Err error
	// RateLimits counts the rate-limit answers (429) the fetch met, retried
	// or not.
	RateLimits int
	// PauseUntil, when set, is when the source may be asked again
	// (Retry-After the client would not wait for, or a backoff).
	PauseUntil time.Time
}

// Store reads and writes the source_health tables.
type Store struct {
	d   *db.DB
	now func() time.Time
	// OnFailing, when set, is told when a source has been failing for
	// FailingAfter (an hour) with no success in between: once per such
	// episode across every instance (ClaimFailing records who was told).
	// The server hands it to the owner's notices (README.md "Source
	// health"); unset, sources.Tracked logs it at WARN.
	OnFailing func(ctx context.Context, source string, since time.Time, lastErr string)
}

// NewStore returns a store over d.
func NewStore(d *db.DB) *Store { return &Store{d: d, now: time.Now} }

// Record writes one fetch's outcome: the source's last success or error
// and its hour's counts. Upserts, so instances recording at once add up.
func (s *Store) Record(ctx context.Context, o Outcome) error {
	now := s.now().UTC()
	var pause any
	if !o.PauseUntil.IsZero() {
		pause = s.d.TimeArg(o.PauseUntil)
	}
	tx, err := s.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("record %s health: %w", o.Source, err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	failed := 0
	if o.Err == nil {
		_, err = tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO source_health (source, last_success_at, paused_until, updated_at)
			VALUES (?, ?, ?, ?) ON CONFLICT (source) DO UPDATE SET last_success_at = excluded.last_success_at,
			failing_since = NULL, paused_until = COALESCE(excluded.paused_until, source_health.paused_until),
			updated_at = excluded.updated_at`), o.Source, s.d.TimeArg(now), pause, s.d.TimeArg(now))
	} else {
		failed = 1
		msg := strings.Join(strings.Fields(o.Err.Error()), " ")
		if r := []rune(msg); len(r) > maxError {
			msg = string(r[:maxError-1]) + "…"
		}
		_, err = tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO source_health (source, last_error_at, last_error, failing_since, paused_until, updated_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (source) DO UPDATE SET last_error_at = excluded.last_error_at,
			last_error = excluded.last_error, failing_since = COALESCE(source_health.failing_since, excluded.failing_since),
			paused_until = COALESCE(excluded.paused_until, source_health.paused_until), updated_at = excluded.updated_at`),
			o.Source, s.d.TimeArg(now), msg, s.d.TimeArg(now), pause, s.d.TimeArg(now))
	}
	if err != nil {
		return fmt.Errorf("record %s health: %w", o.Source, err)
	}
	hour := now.Truncate(time.Hour)
	if _, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO source_health_hours (source, hour, fetches, posts, errors, rate_limits)
		VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT (source, hour) DO UPDATE SET fetches = source_health_hours.fetches + 1,
		posts = source_health_hours.posts + excluded.posts, errors = source_health_hours.errors + excluded.errors,
		rate_limits = source_health_hours.rate_limits + excluded.rate_limits`),
		o.Source, s.d.TimeArg(hour), o.Posts, failed, o.RateLimits); err != nil {
		return fmt.Errorf("record %s health: %w", o.Source, err)
	}
	if _, err := tx.ExecContext(ctx, s.d.Rebind(`DELETE FROM source_health_hours WHERE source = ? AND hour < ?`),
		o.Source, s.d.TimeArg(hour.Add(-keepHours))); err != nil {
		return fmt.Errorf("record %s health: %w", o.Source, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("record %s health: %w", o.Source, err)
	}
	return nil
}

// PausedUntil is when a rate-limited source may be asked again; the zero
// time when it is not paused.
func (s *Store) PausedUntil(ctx context.Context, source string) (time.Time, error) {
	var t db.Time
	err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT paused_until FROM source_health WHERE source = ?`), source).Scan(&t)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (!t.Valid || !t.Time.After(s.now()))) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("source %s pause: %w", source, err)
	}
	return t.Time, nil
}

// Configured is what the configuration says about a source.
type Configured struct {
	Name string
	// State is "" for an enabled source, else Disabled or Unconfigured.
	State string
	// Detail says why (the option that enables it).
	Detail string
}

// Status is one source's line of the report (GET /api/admin/sources).
type Status struct {
	Source        string     `json:"source"`
	State         string     `json:"state"`
	Detail        string     `json:"detail"`
	LastSuccessAt *time.Time `json:"lastSuccessAt"`
	LastErrorAt   *time.Time `json:"lastErrorAt"`
	LastError     string     `json:"lastError"`
	FailingSince  *time.Time `json:"failingSince"`
	PausedUntil   *time.Time `json:"pausedUntil"`
	// OwnerTold is true once the owner was told that this failing episode
	// has lasted an hour (ClaimFailing).
	OwnerTold     bool `json:"ownerTold"`
	Fetches24h    int  `json:"fetches24h"`
	Posts24h      int  `json:"posts24h"`
	Errors24h     int  `json:"errors24h"`
	RateLimits24h int  `json:"rateLimits24h"`
	// Stream is a streaming source's consumer state and counts (Jetstream);
	// null for the others.
	Stream *Stream `json:"stream,omitempty"`
}

// Report is every configured source's status, in the order given.
func (s *Store) Report(ctx context.Context, sources []Configured) ([]Status, error) {
	now := s.now().UTC()
	out := make([]Status, 0, len(sources))
	for _, c := range sources {
		st := Status{Source: c.Name, State: c.State, Detail: c.Detail}
		var success, errAt, failing, paused, told db.Time
		err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT last_success_at, last_error_at, last_error, failing_since, paused_until,
			failing_told_at FROM source_health WHERE source = ?`), c.Name).Scan(&success, &errAt, &st.LastError, &failing, &paused, &told)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("source report: %w", err)
		}
		st.LastSuccessAt, st.LastErrorAt, st.FailingSince = success.Ptr(), errAt.Ptr(), failing.Ptr()
		st.OwnerTold = failing.Valid && told.Valid && told.Time.Equal(failing.Time)
		if paused.Valid && paused.Time.After(now) {
			st.PausedUntil = paused.Ptr()
		}
		if err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT COALESCE(SUM(fetches), 0), COALESCE(SUM(posts), 0),
			COALESCE(SUM(errors), 0), COALESCE(SUM(rate_limits), 0) FROM source_health_hours WHERE source = ? AND hour > ?`),
			c.Name, s.d.TimeArg(now.Add(-24*time.Hour))).Scan(&st.Fetches24h, &st.Posts24h, &st.Errors24h, &st.RateLimits24h); err != nil {
			return nil, fmt.Errorf("source report: %w", err)
		}
		enabled := st.State == ""
		if enabled {
			st.State, st.Detail = state(st, now)
		}
		if st.Stream, err = s.stream(ctx, c.Name, now); err != nil {
			return nil, err
		}
		if st.Stream != nil && enabled {
			streamState(&st)
		}
		out = append(out, st)
	}
	return out, nil
}

// state decides an enabled source's state from its record.
func state(st Status, now time.Time) (string, string) {
	switch {
	case st.FailingSince != nil && (st.LastSuccessAt == nil || now.Sub(*st.FailingSince) >= FailingAfter):
		return Failing, "failing since " + st.FailingSince.Format(time.RFC3339)
	case st.FailingSince != nil:
		return Degraded, "the last fetch failed"
	case st.PausedUntil != nil:
		return Degraded, "rate limited until " + st.PausedUntil.Format(time.RFC3339)
	case st.Errors24h > 0 || st.RateLimits24h > 0:
		return Degraded, fmt.Sprintf("%d errors and %d rate limits in 24 h", st.Errors24h, st.RateLimits24h)
	case st.LastSuccessAt == nil:
		return OK, "not fetched yet"
	}
	return OK, ""
}

// ClaimFailing reports whether source has been failing for FailingAfter
// or longer and nobody was told of this episode yet, and if so marks it
// told (failing_told_at = failing_since), so that across instances
// exactly one caller is told once per episode: a success ends the episode,
// the next failure starts a new one. since is when the episode began,
// lastErr the last fetch's error.
func (s *Store) ClaimFailing(ctx context.Context, source string) (since time.Time, lastErr string, ok bool, err error) {
	var t db.Time
	err = s.d.Writer.QueryRowContext(ctx, s.d.Rebind(`UPDATE source_health SET failing_told_at = failing_since
		WHERE source = ? AND failing_since IS NOT NULL AND failing_since <= ?
		AND (failing_told_at IS NULL OR failing_told_at <> failing_since) RETURNING failing_since, last_error`),
		source, s.d.TimeArg(s.now().Add(-FailingAfter))).Scan(&t, &lastErr)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, "", false, nil
	}
	if err != nil {
		return time.Time{}, "", false, fmt.Errorf("source %s failing notice: %w", source, err)
	}
	return t.Time, lastErr, true, nil
}
