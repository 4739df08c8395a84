package clients

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

// killedMidRun leaves what an instance killed during run id leaves: the
// run 'running' with its last heartbeat ago, at attempt 1, and its River
// job running, attempted by a process that is gone.
func killedMidRun(t *testing.T, d *db.DB, id string, ago time.Duration) {
	t.Helper()
	at := time.Now().Add(-ago).UTC()
	if _, err := d.Writer.Exec(d.Rebind(`UPDATE agent_runs SET heartbeat_at = ?, attempt = 1 WHERE id = ?`), d.TimeArg(at), id); err != nil {
		t.Fatal(err)
	}
	// River's own time format (as internal/jobs' tests write it).
	q := `UPDATE river_job SET state = 'running', attempt = 1, attempted_by = '["killed"]',
		attempted_at = datetime('now', 'subsec', ?) WHERE kind = 'agent_run'`
	arg := any(fmt.Sprintf("-%.3f seconds", ago.Seconds()))
	if d.Dialect == db.Postgres {
		q = `UPDATE river_job SET state = 'running', attempt = 1, attempted_by = ARRAY['killed'],
			attempted_at = now() - make_interval(secs => $1) WHERE kind = 'agent_run'`
		arg = ago.Seconds()
	}
	if _, err := d.Writer.Exec(q, arg); err != nil {
		t.Fatal(err)
	}
}

// TestKilledRunRescuedWithin30s: a run whose instance was killed (no
// heartbeat since) is taken back within 30 s of its last heartbeat, not
// after the worker's 2.5-minute timeout: it shows as interrupted, its job
// is handed back and the run is retried to completion, noted as such
// (issue 29 item 8). Two instances sweeping at once rescue it once.
func TestKilledRunRescuedWithin30s(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		addPosts(t, e, intentPost(1))
		id, err := e.store.StartRun(context.Background(), a.ID)
		if err != nil {
			t.Fatal(err)
		}
		killed := time.Now().Add(-HeartbeatStale + time.Second) // its last beat, 14 s ago
		killedMidRun(t, d, id, time.Since(killed))
		// Not yet stale: nothing happens.
		if n, err := e.store.RescueInterrupted(context.Background()); err != nil || n != 0 {
			t.Fatalf("a sweep while the last beat is 14 s old rescued %d (%v), want 0", n, err)
		}
		e.store.now = func() time.Time { return time.Now().Add(2 * time.Second) } // the last beat is now stale
		var rescued [2]int
		done := make(chan int, 2)
		for i := range 2 { // two instances at once
			go func() {
				n, err := e.store.RescueInterrupted(context.Background())
				if err != nil {
					t.Error(err)
				}
				done <- n
				_ = i
			}()
		}
		rescued[0], rescued[1] = <-done, <-done
		if rescued[0]+rescued[1] != 1 {
			t.Fatalf("two sweeps rescued %v runs, want 1 in all", rescued)
		}
		var got map[string]any
		e.do(t, "GET", "/api/admin/runs/"+id, "", 200, &got)
		if got["status"] != "interrupted" || got["interruptedAt"] == nil {
			t.Fatalf("after the rescue the console shows %v, want status interrupted", got)
		}
		e.store.now = time.Now
		var st string
		if err := d.Reader.QueryRow(`SELECT state FROM river_job WHERE kind = 'agent_run'`).Scan(&st); err != nil || st != "available" {
			t.Fatalf("the job after the rescue: %q %v, want available (handed back)", st, err)
		}
		e.start(t) // the job was handed back: a worker retries it now
		run := e.waitRun(t, id)
		took := time.Since(killed)
		if run.Status != RunComplete || run.LeadsAdded != 1 || run.Attempt != 2 || run.InterruptedAt == nil {
			t.Fatalf("retried run: %+v", run)
		}
		if !strings.Contains(strings.Join(run.Notes, " "), "interrupted") {
			t.Errorf("notes %q do not say it was interrupted", run.Notes)
		}
		if took > 30*time.Second {
			t.Errorf("rescued and retried %s after the kill, want within 30 s", took)
		}
		b, _ := json.Marshal(run)
		if !strings.Contains(string(b), `"status":"complete"`) {
			t.Errorf("JSON %s", b)
		}
	})
}

// TestHeartbeatFencesAnInterruptedAttempt: an attempt that was only slow
// (its beats late) learns at its next beat that it was taken back, and
// stops; a live one keeps beating.
func TestHeartbeatFencesAnInterruptedAttempt(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		id, err := e.store.StartRun(context.Background(), newAgent(t, e.store, c.ID, nil).ID)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if err := e.store.beginAttempt(ctx, id, 1); err != nil {
			t.Fatal(err)
		}
		if ok, err := e.store.heartbeat(ctx, id, 1); !ok || err != nil {
			t.Fatalf("a live attempt's beat: %v %v", ok, err)
		}
		e.store.now = func() time.Time { return time.Now().Add(HeartbeatStale + time.Second) }
		if n, err := e.store.RescueInterrupted(ctx); n != 1 || err != nil {
			t.Fatalf("rescue = %d, %v", n, err)
		}
		if ok, err := e.store.heartbeat(ctx, id, 1); ok || err != nil {
			t.Fatalf("the interrupted attempt's beat: %v %v, want false: it must stop", ok, err)
		}
		if err := e.store.beginAttempt(ctx, id, 2); err != nil {
			t.Fatal(err)
		}
		if ok, _ := e.store.heartbeat(ctx, id, 2); !ok {
			t.Fatal("the retry's beat failed")
		}
		if ok, _ := e.store.heartbeat(ctx, id, 1); ok {
			t.Fatal("the old attempt's beat succeeded beside the retry")
		}
	})
}
