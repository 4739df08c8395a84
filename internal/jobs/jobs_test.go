package jobs

import (
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

type noopArgs struct{}

func (noopArgs) Kind() string { return "noop" }

type noopWorker struct{ river.WorkerDefaults[noopArgs] }

func (noopWorker) Work(context.Context, *river.Job[noopArgs]) error { return nil }

func newRunner(t *testing.T, d *db.DB) *Runner {
	workers := river.NewWorkers()
	river.AddWorker(workers, noopWorker{})
	r, err := New(d, Options{Workers: workers, Logger: slog.New(slog.DiscardHandler), TestOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func count(t *testing.T, d *db.DB, q string) int {
	var n int
	if err := d.Reader.QueryRow(q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestInTxIsAtomic(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := newRunner(t, d)
		ctx := context.Background()
		write := func(key string, fail error) error {
			return r.InTx(ctx, func(tx Tx) error {
				if _, err := tx.Exec(ctx, `INSERT INTO app_meta (key, value) VALUES (?, 'v')`, key); err != nil {
					return err
				}
				if _, err := tx.Enqueue(ctx, noopArgs{}, nil); err != nil {
					return err
				}
				return fail
			})
		}
		boom := errors.New("boom")
		if err := write("rolled-back", boom); !errors.Is(err, boom) {
			t.Fatalf("InTx error = %v", err)
		}
		if n, j := count(t, d, `SELECT COUNT(*) FROM app_meta WHERE key = 'rolled-back'`), count(t, d, `SELECT COUNT(*) FROM river_job`); n != 0 || j != 0 {
			t.Fatalf("after rollback: %d rows, %d jobs", n, j)
		}
		if err := write("committed", nil); err != nil {
			t.Fatal(err)
		}
		if n, j := count(t, d, `SELECT COUNT(*) FROM app_meta WHERE key = 'committed'`), count(t, d, `SELECT COUNT(*) FROM river_job`); n != 1 || j != 1 {
			t.Fatalf("after commit: %d rows, %d jobs", n, j)
		}
		// A failing statement also leaves nothing behind.
		if err := write("committed", nil); err == nil {
			t.Fatal("duplicate key accepted")
		}
		if j := count(t, d, `SELECT COUNT(*) FROM river_job`); j != 1 {
			t.Fatalf("jobs after failed statement: %d", j)
		}
	})
}

// TestPendingCountsUnfinishedJobsOfAQueue: Pending sees jobs waiting on its
// queue only, and stops counting them once they are finished.
func TestPendingCountsUnfinishedJobsOfAQueue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := newRunner(t, d)
		ctx := context.Background()
		for _, q := range []string{"other", "other", river.QueueDefault} {
			if err := r.InTx(ctx, func(tx Tx) error {
				_, err := tx.Enqueue(ctx, noopArgs{}, &river.InsertOpts{Queue: q})
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := r.Pending(ctx, "other"); err != nil || n != 2 {
			t.Fatalf("pending on other: %d %v, want 2", n, err)
		}
		if _, err := d.Writer.Exec(`UPDATE river_job SET state = 'completed', finalized_at = created_at WHERE queue = 'other'`); err != nil {
			t.Fatal(err)
		}
		if n, err := r.Pending(ctx, "other"); err != nil || n != 0 {
			t.Fatalf("pending after completion: %d %v, want 0", n, err)
		}
	})
}
