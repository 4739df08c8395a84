package intake

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// fastRetry retries a failed job after 10 ms, keeping forwarding tests fast.
type fastRetry struct{}

func (fastRetry) NextRetry(*rivertype.JobRow) time.Time { return time.Now().Add(10 * time.Millisecond) }

type env struct {
	d       *db.DB
	store   *Store
	runner  *jobs.Runner
	fwd     *Forwarder
	handler http.Handler
}

// newEnv wires the store, a job runner with a fast retry policy and the
// forwarder for targets. The runner is started only by start.
func newEnv(t *testing.T, d *db.DB, targets Targets) *env {
	t.Helper()
	workers := river.NewWorkers()
	runner, err := jobs.New(d, jobs.Options{Workers: workers, Logger: quiet(), RetryPolicy: fastRetry{},
		PollInterval: 20 * time.Millisecond, TestOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{d: d, runner: runner, store: NewStore(d, runner)}
	if e.fwd, err = NewForwarder(e.store, targets, quiet()); err != nil {
		t.Fatal(err)
	}
	river.AddWorker(workers, e.fwd)
	mux := http.NewServeMux()
	h := NewHandler(e.store, targets.Any(), nil)
	httpx.MountMux(mux, httpx.Guards{Admin: func(next http.Handler) http.Handler { return next }}, h.Routes()...)
	e.handler = mux
	return e
}

func (e *env) start(t *testing.T) {
	t.Helper()
	if err := e.runner.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = e.runner.Stop(ctx)
	})
}

func sqliteEnv(t *testing.T, targets Targets) *env { return newEnv(t, dbtest.SQLite(t), targets) }

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

// counts returns the number of submissions and of River jobs.
func (e *env) counts(t *testing.T) (subs, jobCount int) {
	t.Helper()
	if err := e.d.Reader.QueryRow(`SELECT COUNT(*) FROM submissions`).Scan(&subs); err != nil {
		t.Fatal(err)
	}
	if err := e.d.Reader.QueryRow(`SELECT COUNT(*) FROM river_job WHERE kind = 'forward_submission'`).Scan(&jobCount); err != nil {
		t.Fatal(err)
	}
	return subs, jobCount
}

// waitFor polls the submission until cond holds or 10 s pass.
func (e *env) waitFor(t *testing.T, id string, cond func(*Submission) bool) *Submission {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		s, err := e.store.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if cond(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("submission %s never reached the expected state; last: %+v", id, s.Delivery)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func validBooking() map[string]any {
	return map[string]any{
		"email": "ana@acme.io", "company": "Acme", "primaryChallenge": "Need more qualified leads",
		"timestamp": 1763800000000, "source": BookingSource, "url": "https://sp.example/reports/x", "userAgent": "Mozilla/5.0",
	}
}

func validOnboarding() map[string]any {
	m := map[string]any{}
	for _, f := range onboardingFields {
		switch f.kind {
		case kindText:
			m[f.name] = "answer to " + f.name
		case kindEmail:
			m[f.name] = "ops@acme.io"
		case kindURL:
			m[f.name] = "https://acme.io"
		case kindEnum:
			m[f.name] = f.options[0]
		case kindList:
			m[f.name] = f.options
		case kindNumber:
			m[f.name] = 50
		}
	}
	m["phone"] = "+1 555 010 0000"
	m["submitted_at"] = "2026-11-22T17:00:00.000Z"
	m["source"] = OnboardingSource
	return m
}

func toJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func with(m map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		if kv[i+1] == nil {
			delete(out, kv[i].(string))
			continue
		}
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

var jsonCT = map[string]string{"Content-Type": "application/json"}

func repeat(s string, n int) string { return strings.Repeat(s, n) }

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func jobRow(attempt, maxAttempts int) *rivertype.JobRow {
	return &rivertype.JobRow{ID: 1, Attempt: attempt, MaxAttempts: maxAttempts}
}
