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

// Stream is what a streaming source (the Bluesky Jetstream consumer,
// README.md "Bluesky Jetstream") says of itself in the stream_state table:
// who consumes it, how far behind it is, and its counts since
// CountingSince. Nothing it reads goes uncounted: every event is a post,
// skipped (another kind of event, another language, no text) or dropped
// with a reason.
type Stream struct {
	// Holder is the instance holding the consumer lease; Consuming is true
	// while that lease runs.
	Holder     string     `json:"holder"`
	LeaseUntil *time.Time `json:"leaseUntil"`
	Consuming  bool       `json:"consuming"`
	// CursorAt is the time of the last event whose posts are stored (the
	// resume point); LagSeconds is now minus it, nil before the first.
	CursorAt   *time.Time `json:"cursorAt"`
	LagSeconds *float64   `json:"lagSeconds"`
	// Events read; Posts among them (new posts); Prefiltered passed the
	// queries; Matched the detector; Stored were new to the index.
	Events      int64 `json:"events"`
	Posts       int64 `json:"posts"`
	Prefiltered int64 `json:"prefiltered"`
	Matched     int64 `json:"matched"`
	Stored      int64 `json:"stored"`
	Skipped     int64 `json:"skipped"`
	// Dropped counts events lost by reason: malformed (not JSON, or not a
	// Jetstream event), invalid (a post without its author, key or record,
	// or with a text longer than the lexicon allows).
	Dropped       map[string]int64 `json:"dropped"`
	CountingSince time.Time        `json:"countingSince"`
	FlushedAt     *time.Time       `json:"flushedAt"`
}

// stream reads source's stream state; nil when it has none (not a
// streaming source, or never started).
func (s *Store) stream(ctx context.Context, source string, now time.Time) (*Stream, error) {
	var (
		st                   Stream
		lease, since, flush  db.Time
		cursor, bad, invalid int64
	)
	err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT holder, lease_until, cursor_us, events, posts, prefiltered,
		matched, stored, skipped, dropped_malformed, dropped_invalid, counting_since, flushed_at
		FROM stream_state WHERE source = ?`), source).Scan(&st.Holder, &lease, &cursor, &st.Events, &st.Posts,
		&st.Prefiltered, &st.Matched, &st.Stored, &st.Skipped, &bad, &invalid, &since, &flush)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("source %s stream: %w", source, err)
	}
	st.LeaseUntil, st.FlushedAt, st.CountingSince = lease.Ptr(), flush.Ptr(), since.Time
	st.Consuming = st.Holder != "" && lease.Valid && lease.Time.After(now)
	if cursor > 0 {
		at := time.UnixMicro(cursor).UTC()
		lag := now.Sub(at).Seconds()
		st.CursorAt, st.LagSeconds = &at, &lag
	}
	st.Dropped = map[string]int64{"malformed": bad, "invalid": invalid}
	return &st, nil
}

// streamState adjusts an enabled streaming source's state: one no instance
// consumes is degraded (failing once its errors say so), and the detail
// says how far behind it is and what it counted.
func streamState(st *Status) {
	s := st.Stream
	if st.State == OK && !s.Consuming {
		st.State, st.Detail = Degraded, "no instance holds the consumer lease"
	}
	var parts []string
	if st.Detail != "" {
		parts = append(parts, st.Detail)
	}
	if s.LagSeconds != nil {
		parts = append(parts, "lag "+(time.Duration(*s.LagSeconds)*time.Second).String())
	}
	dropped := s.Dropped["malformed"] + s.Dropped["invalid"]
	parts = append(parts, fmt.Sprintf("%d events, %d posts, %d matched, %d stored, %d dropped (%d malformed, %d invalid)",
		s.Events, s.Posts, s.Matched, s.Stored, dropped, s.Dropped["malformed"], s.Dropped["invalid"]))
	st.Detail = strings.Join(parts, "; ")
}
