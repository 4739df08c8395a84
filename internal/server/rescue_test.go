package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/intake"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/search/ingest"
)

// newServerOn builds a server on d with the default configuration, edited.
func newServerOn(t testing.TB, d *db.DB, edit func(c *config.Config)) *Server {
	t.Helper()
	cfg := config.Default()
	cfg.BaseURL = "https://sp.example"
	cfg.EmailVerify = false
	cfg.DrainDelay = 0
	if edit != nil {
		edit(cfg)
	}
	s, err := New(Deps{Config: cfg, DB: d, Web: testDist(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatalf("server.New: %v", err)
	}
	return s
}

// serveInBackground runs s on a loopback port until the test ends.
func serveInBackground(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	return ln.Addr().String()
}

// markRunning makes job look like what a process killed mid-attempt leaves
// behind: running, attempted ago by an instance that no longer exists.
func markRunning(t *testing.T, d *db.DB, jobID int64, ago time.Duration) {
	t.Helper()
	q := `UPDATE river_job SET state = 'running', attempt = 1, attempted_by = '["dead-instance"]',
		attempted_at = datetime('now', 'subsec', ?) WHERE id = ?`
	arg := any(fmt.Sprintf("-%.3f seconds", ago.Seconds()))
	if d.Dialect == db.Postgres {
		q = `UPDATE river_job SET state = 'running', attempt = 1, attempted_by = ARRAY['dead-instance'],
			attempted_at = now() - make_interval(secs => $1) WHERE id = $2`
		arg = ago.Seconds()
	}
	if n, err := d.Writer.ExecContext(t.Context(), q, arg, jobID); err != nil {
		t.Fatal(err)
	} else if rows, _ := n.RowsAffected(); rows != 1 {
		t.Fatalf("job %d not found", jobID)
	}
}

func forwardJobOf(t *testing.T, d *db.DB, submissionID string) int64 {
	t.Helper()
	var id int64
	q := `SELECT id FROM river_job WHERE kind = 'forward_submission' AND json_extract(args, '$.submission_id') = ?`
	if d.Dialect == db.Postgres {
		q = `SELECT id FROM river_job WHERE kind = 'forward_submission' AND args->>'submission_id' = $1`
	}
	if err := d.Reader.QueryRowContext(t.Context(), q, submissionID).Scan(&id); err != nil {
		t.Fatalf("forwarding job of %s: %v", submissionID, err)
	}
	return id
}

// TestForwardingKilledMidFlightIsRetriedWithinAMinute simulates instances
// that died during deliveries: their forwarding jobs stay "running" in the
// shared database. A new instance must hand them back within a minute of
// the kill (forwardRescueAfter, then at most jobs.QuickRescueEvery), each
// delivered once; a job still inside its attempt's time limit must not be
// taken early (that would send it twice while its process may still be
// working), and a long kind (ingest, whose own limit is 4 minutes) keeps
// its longer rescue time. scripts/forward-kill.sh does the same with a
// real SIGKILL.
func TestForwardingKilledMidFlightIsRetriedWithinAMinute(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		t.Parallel()
		var calls atomic.Int32
		keys := make(chan string, 10)
		hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			keys <- r.Header.Get("Idempotency-Key")
			w.WriteHeader(http.StatusNoContent)
		}))
		t.Cleanup(hook.Close)
		s := newServerOn(t, d, func(c *config.Config) { c.WorkflowWebhookURL = hook.URL })
		// The attempt's limit is 23 s with the default FORWARD_TIMEOUT of
		// 10 s; a job is taken for abandoned 5 s after it.
		after := forwardRescueAfter(s.cfg)
		// Rescued by after + one sweep; then fetched within River's 1 s poll
		// (a few seconds more on a busy machine).
		bound := after + jobs.QuickRescueEvery + 7*time.Second

		submit := func() string {
			rec := httpxtest.Do(s.Handler(), "POST", "/api/booking-leads", jsonHeaders, bookingJSON)
			if rec.Code != 201 {
				t.Fatalf("booking: %d %s", rec.Code, rec.Body)
			}
			var created struct{ ID string }
			_ = json.Unmarshal(rec.Body.Bytes(), &created)
			return created.ID
		}
		// Killed after-2s ago: due 2 s after start. Killed 2s ago: its
		// attempt could still be running elsewhere for 21 s.
		overdue, recent := submit(), submit()
		overdueKill := time.Now().Add(-(after - 2*time.Second))
		recentKill := time.Now().Add(-2 * time.Second)
		markRunning(t, d, forwardJobOf(t, d, overdue), after-2*time.Second)
		markRunning(t, d, forwardJobOf(t, d, recent), 2*time.Second)
		var ingestJob int64
		err := s.jobs.InTx(t.Context(), func(tx jobs.Tx) error {
			in, err := tx.Enqueue(t.Context(), ingest.Args{}, nil)
			ingestJob = in.JobID
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		markRunning(t, d, ingestJob, 2*time.Minute)

		serveInBackground(t, s)
		store := intake.NewStore(d, s.jobs)
		waitDelivered := func(id string, killed time.Time) time.Time {
			t.Helper()
			for time.Since(killed) < 65*time.Second {
				sub, err := store.Get(t.Context(), id)
				if err != nil {
					t.Fatal(err)
				}
				if sub.Delivery.State == intake.StateDelivered {
					return *sub.Delivery.DeliveredAt
				}
				time.Sleep(50 * time.Millisecond)
			}
			t.Fatalf("submission %s not delivered %s after its process was killed", id, time.Since(killed).Round(time.Second))
			return time.Time{}
		}

		at := waitDelivered(overdue, overdueKill)
		t.Logf("overdue job (killed %s before start) delivered %s after the kill", after-2*time.Second, at.Sub(overdueKill).Round(10*time.Millisecond))
		if took := at.Sub(overdueKill); took < after || took > bound {
			t.Errorf("overdue delivery came %s after the kill, want between %s and %s", took, after, bound)
		}
		if n := calls.Load(); n != 1 {
			t.Errorf("webhook called %d times by the time the overdue job was delivered, want 1 (the recent job is not due yet)", n)
		}
		at = waitDelivered(recent, recentKill)
		t.Logf("recent job (killed 2s before start) delivered %s after the kill", at.Sub(recentKill).Round(10*time.Millisecond))
		if took := at.Sub(recentKill); took < after || took > bound {
			t.Errorf("recent job delivered %s after the kill, want between %s and %s", took, after, bound)
		}
		if n := calls.Load(); n != 2 {
			t.Errorf("webhook called %d times, want 2", n)
		}
		close(keys)
		seen := map[string]bool{}
		for k := range keys {
			if seen[k] {
				t.Errorf("Idempotency-Key %s sent twice", k)
			}
			seen[k] = true
		}
		var state string
		if err := d.Reader.QueryRowContext(t.Context(), d.Rebind(`SELECT state FROM river_job WHERE id = ?`), ingestJob).Scan(&state); err != nil {
			t.Fatal(err)
		}
		if state != "running" {
			t.Errorf("ingest job attempted 2m+ ago is %q: rescued before its own 4-minute limit", state)
		}
	})
}

// TestInstanceStaysWithinPoolMaxConns: a whole instance (HTTP handlers and
// River, which share one pool) asked for 4 connections by DATABASE_URL opens
// at most 4, counted by application_name in pg_stat_activity while 40
// bookings arrive at once and their forwarding jobs run.
func TestInstanceStaysWithinPoolMaxConns(t *testing.T) {
	base := dbtest.Postgres(t)
	u, err := url.Parse(base.Pool.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	app := fmt.Sprintf("signalpipe-instance-%d", time.Now().UnixNano())
	q := u.Query()
	q.Set("application_name", app)
	q.Set("pool_max_conns", "4")
	u.RawQuery = q.Encode()
	cfg := config.Default()
	cfg.DatabaseURL = u.String()
	d, err := db.Open(t.Context(), db.Options{DatabaseURL: cfg.DatabaseURL})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(20 * time.Millisecond)
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(hook.Close)
	s := newServerOn(t, d, func(c *config.Config) { c.FormRateLimit = 0; c.WorkflowWebhookURL = hook.URL })
	addr := serveInBackground(t, s)

	stop := make(chan struct{})
	peak := make(chan int)
	go func() {
		most := 0
		for {
			var n int
			if err := base.Reader.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, app).Scan(&n); err == nil {
				most = max(most, n)
			}
			select {
			case <-stop:
				peak <- most
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	var wg sync.WaitGroup
	for range 40 {
		wg.Go(func() {
			resp, err := http.Post("http://"+addr+"/api/booking-leads", "application/json", strings.NewReader(bookingJSON))
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
			if resp.StatusCode != 201 {
				t.Errorf("booking: %d", resp.StatusCode)
			}
		})
	}
	wg.Wait()
	var delivered int
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline) && delivered < 40; time.Sleep(50 * time.Millisecond) {
		if err := base.Reader.QueryRow(`SELECT count(*) FROM submissions WHERE delivery_state = 'delivered'`).Scan(&delivered); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	most := <-peak
	t.Logf("40 bookings, %d delivered: at most %d connections open", delivered, most)
	if delivered != 40 {
		t.Errorf("%d of 40 submissions delivered", delivered)
	}
	if most > 4 || most < 2 {
		t.Errorf("instance opened up to %d connections, want at most 4 (and the load to use more than 1)", most)
	}
}
