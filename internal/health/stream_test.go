package health

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

// A streaming source's row shows in its status; an enabled stream whose
// lease has run out (no instance consumes it) is degraded, with its lag
// and counts in the detail; a disabled one keeps its state and detail.
func TestStreamInReport(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		t0 := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
		at(s, t0)
		if _, err := d.Writer.ExecContext(ctx, d.Rebind(`INSERT INTO stream_state (source, holder, lease_until, cursor_us, events,
			posts, prefiltered, matched, stored, skipped, dropped_malformed, dropped_invalid, counting_since, flushed_at)
			VALUES (?, 'host:1', ?, ?, 100, 60, 9, 4, 3, 38, 1, 1, ?, ?)`), "jetstream", d.TimeArg(t0.Add(20*time.Second)),
			t0.Add(-90*time.Second).UnixMicro(), d.TimeArg(t0.Add(-time.Hour)), d.TimeArg(t0)); err != nil {
			t.Fatal(err)
		}
		r, err := s.Report(ctx, []Configured{{Name: "jetstream"}, {Name: "hackernews"}})
		if err != nil {
			t.Fatal(err)
		}
		js := r[0]
		if js.Stream == nil || !js.Stream.Consuming || *js.Stream.LagSeconds != 90 || js.Stream.Matched != 4 ||
			js.Stream.Dropped["malformed"] != 1 || r[1].Stream != nil {
			t.Fatalf("stream %+v, hackernews %+v", js.Stream, r[1].Stream)
		}
		if js.State != OK || js.Detail != "not fetched yet; lag 1m30s; 100 events, 60 posts, 4 matched, 3 stored, 2 dropped (1 malformed, 1 invalid)" {
			t.Fatalf("consuming: %s %q", js.State, js.Detail)
		}
		at(s, t0.Add(21*time.Second)) // the lease ran out
		r, _ = s.Report(ctx, []Configured{{Name: "jetstream"}})
		if r[0].State != Degraded || !strings.HasPrefix(r[0].Detail, "no instance holds the consumer lease; lag 1m51s") || r[0].Stream.Consuming {
			t.Fatalf("lease out: %s %q", r[0].State, r[0].Detail)
		}
		r, _ = s.Report(ctx, []Configured{{Name: "jetstream", State: Disabled, Detail: "JETSTREAM_ENABLED=false"}})
		if r[0].State != Disabled || r[0].Detail != "JETSTREAM_ENABLED=false" || r[0].Stream == nil {
			t.Fatalf("disabled: %s %q", r[0].State, r[0].Detail)
		}
	})
}
