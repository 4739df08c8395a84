package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// storageChecks are what every "storage unavailable" test asserts: a
// submission is answered 503 with Retry-After, not 500, nothing is stored,
// and /readyz says the database does not accept writes.
func assertStorageUnavailable(t *testing.T, s *Server, d *db.DB, storedBefore int) {
	t.Helper()
	rec := httpxtest.Do(s.Handler(), "POST", "/api/booking-leads", jsonHeaders, bookingJSON)
	if rec.Code != 503 || rec.Header().Get("Retry-After") != "30" || !strings.Contains(rec.Body.String(), "storage temporarily unavailable") {
		t.Errorf("booking on unwritable storage: %d Retry-After %q %s; want 503 with Retry-After 30",
			rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	if n := countSubmissions(t, d); n != storedBefore {
		t.Errorf("%d submissions stored, want %d", n, storedBefore)
	}
	rec = readyz(s)
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), "does not accept writes") || rec.Header().Get("Retry-After") == "" {
		t.Errorf("/readyz on unwritable storage: %d %s", rec.Code, rec.Body)
	}
}

func readyz(s *Server) *httptest.ResponseRecorder {
	return httpxtest.Do(s.Handler(), "GET", "/readyz", nil, "")
}

func countSubmissions(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.Reader.QueryRow(`SELECT count(*) FROM submissions`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func book(t *testing.T, s *Server) {
	t.Helper()
	if rec := httpxtest.Do(s.Handler(), "POST", "/api/booking-leads", jsonHeaders, bookingJSON); rec.Code != 201 {
		t.Fatalf("booking: %d %s", rec.Code, rec.Body)
	}
}

// noProbeCache makes every /readyz probe again.
func noProbeCache(s *Server) { s.writes.ok, s.writes.failed = time.Nanosecond, time.Nanosecond }

// TestFullDiskAnswers503 fills a small tmpfs holding the SQLite database
// for real (needs root to mount; skipped otherwise), then frees it.
func TestFullDiskAnswers503(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=16m"); err != nil {
		t.Skipf("cannot mount a tmpfs (needs root): %v", err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(dir, 0); err != nil {
			t.Errorf("unmount %s: %v", dir, err)
		}
	})
	ctx := context.Background()
	d, err := db.OpenSQLite(ctx, filepath.Join(dir, "signalpipe.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() }) // before the unmount
	if err := d.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	s := newServerOn(t, d, nil)
	noProbeCache(s)
	book(t, s)
	if rec := readyz(s); rec.Code != 200 {
		t.Fatalf("/readyz with room: %d %s", rec.Code, rec.Body)
	}

	filler := filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	_, err = io.Copy(f, zeros{})
	f.Close()
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("filling the tmpfs: %v, want ENOSPC", err)
	}
	assertStorageUnavailable(t, s, d, 1)

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if rec := readyz(s); rec.Code != 200 {
		t.Errorf("/readyz after space was freed: %d %s", rec.Code, rec.Body)
	}
	book(t, s)
	if n := countSubmissions(t, d); n != 2 {
		t.Errorf("%d submissions after recovery, want 2", n)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestReadOnlyDatabaseAnswers503: SQLite refusing writes (query_only on
// the writer connection: SQLITE_READONLY, what a read-only file gives) and
// PostgreSQL refusing them (default_transaction_read_only, what a standby
// after a failover gives: SQLSTATE 25006).
func TestReadOnlyDatabaseAnswers503(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		d := dbtest.SQLite(t)
		s := newServerOn(t, d, nil)
		noProbeCache(s)
		book(t, s)
		if _, err := d.Writer.Exec(`PRAGMA query_only = 1`); err != nil {
			t.Fatal(err)
		}
		assertStorageUnavailable(t, s, d, 1)
		if _, err := d.Writer.Exec(`PRAGMA query_only = 0`); err != nil {
			t.Fatal(err)
		}
		if rec := readyz(s); rec.Code != 200 {
			t.Errorf("/readyz writable again: %d %s", rec.Code, rec.Body)
		}
		book(t, s)
	})
	t.Run("postgres", func(t *testing.T) {
		migrated := dbtest.Postgres(t)
		u, err := url.Parse(migrated.Pool.Config().ConnString())
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		q.Set("default_transaction_read_only", "on")
		u.RawQuery = q.Encode()
		d, err := db.OpenPostgres(context.Background(), u.String())
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		s := newServerOn(t, d, nil)
		noProbeCache(s)
		assertStorageUnavailable(t, s, d, 0)
		// The same request on the writable database is stored.
		book(t, newServerOn(t, migrated, nil))
	})
}

// TestReadyzWriteProbeIsCached: /readyz polled often, in parallel, writes
// once per writeProbeOK, and a failure is seen again after writeProbeFailed.
func TestReadyzWriteProbeIsCached(t *testing.T) {
	var p writeProbe
	p.ok, p.failed = 200*time.Millisecond, 50*time.Millisecond
	var clock atomic.Int64 // the probe's clock, moved by the test instead of sleeping
	p.now = func() time.Time { return time.Unix(0, clock.Load()) }
	advance := func(d time.Duration) { clock.Add(int64(d)) }
	var writes atomic.Int32
	fail := atomic.Bool{}
	probe := func(context.Context) error {
		writes.Add(1)
		if fail.Load() {
			return errors.New("disk full")
		}
		return nil
	}
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			if err := p.check(t.Context(), probe); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := writes.Load(); n != 1 {
		t.Fatalf("50 parallel checks wrote %d times, want 1", n)
	}
	fail.Store(true)
	if err := p.check(t.Context(), probe); err != nil {
		t.Fatal("a fresh success was not reused")
	}
	advance(250 * time.Millisecond)
	if err := p.check(t.Context(), probe); err == nil {
		t.Fatal("an expired success was reused")
	}
	fail.Store(false)
	advance(60 * time.Millisecond)
	if err := p.check(t.Context(), probe); err != nil || writes.Load() != 3 {
		t.Fatalf("recovery not seen: %v after %d writes", err, writes.Load())
	}
	// A probe that only ran out of time (waiting behind other writes) does
	// not fail readiness, and is not cached: the next check probes again.
	advance(250 * time.Millisecond)
	ctx, cancel := context.WithCancel(t.Context())
	slow := func(ctx context.Context) error { writes.Add(1); cancel(); <-ctx.Done(); return ctx.Err() }
	if err := p.check(ctx, slow); err != nil {
		t.Fatalf("a busy writer failed readiness: %v", err)
	}
	if err := p.check(t.Context(), probe); err != nil || writes.Load() != 5 {
		t.Fatalf("after a timed-out probe: %v, %d writes; want a new probe", err, writes.Load())
	}
}
