package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

type otherArgs struct{ N int }

func (otherArgs) Kind() string { return "other" }

type slowArgs struct{ N int }

func (slowArgs) Kind() string { return "quick_rescued" }

type nopWorker[T river.JobArgs] struct{ river.WorkerDefaults[T] }

func (nopWorker[T]) Work(context.Context, *river.Job[T]) error { return nil }

// runningSince makes job look like what a dead process leaves: running,
// attempted ago, at attempt.
func runningSince(t *testing.T, d *db.DB, id int64, ago time.Duration, attempt int) {
	t.Helper()
	q := `UPDATE river_job SET state = 'running', attempt = ?, attempted_by = '["dead"]',
		attempted_at = datetime('now', 'subsec', ?) WHERE id = ?`
	arg := any(fmt.Sprintf("-%.3f seconds", ago.Seconds()))
	if d.Dialect == db.Postgres {
		q = `UPDATE river_job SET state = 'running', attempt = $1, attempted_by = ARRAY['dead'],
			attempted_at = now() - make_interval(secs => $2) WHERE id = $3`
		arg = ago.Seconds()
	}
	if _, err := d.Writer.Exec(q, attempt, arg, id); err != nil {
		t.Fatal(err)
	}
}

func stateOf(t *testing.T, d *db.DB, id int64) string {
	t.Helper()
	var s string
	if err := d.Reader.QueryRow(d.Rebind(`SELECT state FROM river_job WHERE id = ?`), id).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestQuickRescue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		workers := river.NewWorkers()
		river.AddWorker(workers, nopWorker[slowArgs]{})
		river.AddWorker(workers, nopWorker[otherArgs]{})
		r, err := New(d, Options{Workers: workers, Logger: slog.New(slog.DiscardHandler), TestOnly: true,
			QuickRescue: []QuickRescue{{Kind: slowArgs{}.Kind(), After: 10 * time.Second}}})
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]int64{}
		err = r.InTx(t.Context(), func(tx Tx) error {
			for i, name := range []string{"abandoned", "still-running", "last-attempt"} {
				in, err := tx.Enqueue(t.Context(), slowArgs{N: i}, &river.InsertOpts{MaxAttempts: 5})
				if err != nil {
					return err
				}
				ids[name] = in.JobID
			}
			in, err := tx.Enqueue(t.Context(), otherArgs{}, nil)
			ids["other-kind"] = in.JobID
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		runningSince(t, d, ids["abandoned"], 20*time.Second, 1)
		runningSince(t, d, ids["still-running"], 5*time.Second, 1)
		runningSince(t, d, ids["last-attempt"], 20*time.Second, 5)
		runningSince(t, d, ids["other-kind"], 20*time.Second, 1)

		n, err := r.rescueOnce(t.Context(), time.Now())
		if err != nil || n != 2 {
			t.Fatalf("rescueOnce = %d, %v; want 2 jobs", n, err)
		}
		for name, want := range map[string]string{"abandoned": "available", "still-running": "running",
			"last-attempt": "discarded", "other-kind": "running"} {
			if got := stateOf(t, d, ids[name]); got != want {
				t.Errorf("%s job is %s, want %s", name, got, want)
			}
		}
		// Another instance sweeping at the same time finds nothing left.
		if n, err := r.rescueOnce(t.Context(), time.Now()); err != nil || n != 0 {
			t.Errorf("second sweep = %d, %v; want 0", n, err)
		}
	})
}

// TestHandBack: the running jobs a caller picks by their arguments (their
// work stopped heartbeating) are handed back at once, however recently
// they started; others stay running; a last attempt is discarded.
func TestHandBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		workers := river.NewWorkers()
		river.AddWorker(workers, nopWorker[slowArgs]{})
		r, err := New(d, Options{Workers: workers, Logger: slog.New(slog.DiscardHandler), TestOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		ids := map[int]int64{}
		err = r.InTx(t.Context(), func(tx Tx) error {
			for i := range 3 {
				in, err := tx.Enqueue(t.Context(), slowArgs{N: i}, &river.InsertOpts{MaxAttempts: 3})
				if err != nil {
					return err
				}
				ids[i] = in.JobID
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		runningSince(t, d, ids[0], time.Second, 1)
		runningSince(t, d, ids[1], time.Second, 1)
		runningSince(t, d, ids[2], time.Second, 3)
		pick := func(args []byte) bool {
			var a slowArgs
			return json.Unmarshal(args, &a) == nil && a.N != 1
		}
		n, err := r.HandBack(t.Context(), slowArgs{}.Kind(), pick, "its work stopped heartbeating")
		if err != nil || n != 2 {
			t.Fatalf("HandBack = %d, %v; want 2", n, err)
		}
		for i, want := range map[int]string{0: "available", 1: "running", 2: "discarded"} {
			if got := stateOf(t, d, ids[i]); got != want {
				t.Errorf("job %d is %s, want %s", i, got, want)
			}
		}
		if n, err := r.HandBack(t.Context(), slowArgs{}.Kind(), pick, "again"); err != nil || n != 0 {
			t.Errorf("second hand-back = %d, %v; want 0", n, err)
		}
	})
}
