package ingest

import (
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/search"
)

func runner(t *testing.T, d *db.DB, src search.Source, periodic ...*river.PeriodicJob) *jobs.Runner {
	t.Helper()
	workers := river.NewWorkers()
	river.AddWorker(workers, NewWorker(search.NewStore(d), Options{Sources: []search.Source{src},
		Queries: []string{"hiring SDRs"}, Limit: 10, Logger: quiet}))
	r, err := jobs.New(d, jobs.Options{Workers: workers, PeriodicJobs: periodic, Logger: quiet,
		TestOnly: true, PollInterval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func scalar(t *testing.T, d *db.DB, q string) string {
	t.Helper()
	var v string
	if err := d.Reader.QueryRow(q).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// The periodic job runs on start, ingests, completes and records each
// source's result as its output.
func TestPeriodicJobRunsOnceAndRecordsItsOutput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		src := &fakeSource{name: "hackernews", posts: posts("hackernews", "We are hiring SDRs")}
		r := runner(t, d, src, PeriodicJob(time.Hour))
		ctx := context.Background()
		if err := r.Start(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = r.Stop(ctx) })
		deadline := time.Now().Add(20 * time.Second)
		for scalar(t, d, `SELECT COUNT(*) FROM river_job WHERE kind = 'search_ingest' AND state = 'completed'`) != "1" {
			if time.Now().After(deadline) {
				t.Fatalf("no completed ingest job; jobs: %s", scalar(t, d, `SELECT COUNT(*) FROM river_job`))
			}
			time.Sleep(50 * time.Millisecond)
		}
		if n, _ := search.NewStore(d).CountPosts(ctx); n != 1 {
			t.Fatalf("%d posts stored, want 1", n)
		}
		meta := "json(metadata)" // riversqlite stores JSONB
		if d.Dialect == db.Postgres {
			meta = "metadata::text"
		}
		out := scalar(t, d, `SELECT `+meta+` FROM river_job WHERE kind = 'search_ingest'`)
		if want := `"source": "hackernews"`; !containsJSON(out, want) {
			t.Fatalf("output not recorded: %s", out)
		}
		if n := scalar(t, d, `SELECT COUNT(*) FROM river_job WHERE kind = 'search_ingest'`); n != "1" {
			t.Fatalf("%s ingest jobs, want 1", n)
		}
	})
}

// Two inserts in one period (two instances, or a leader change) make one job.
func TestIngestJobsAreUniquePerPeriod(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := runner(t, d, &fakeSource{name: "x"})
		ctx := context.Background()
		var got []jobs.Inserted
		for range 2 {
			if err := r.InTx(ctx, func(tx jobs.Tx) error {
				ins, err := tx.Enqueue(ctx, Args{}, InsertOpts(time.Hour))
				got = append(got, ins)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		if got[0].Duplicate || !got[1].Duplicate || got[0].JobID != got[1].JobID {
			t.Fatalf("inserts %+v: want the second to be the first's duplicate", got)
		}
	})
}

// A run where every source fails is an error, so River records and
// retries it; the worker does not panic.
func TestWorkerFailsOnlyWhenEverySourceFails(t *testing.T) {
	d := dbtest.SQLite(t)
	down := &fakeSource{name: "down", fail: map[string]bool{"hiring sdrs": true}}
	w := NewWorker(search.NewStore(d), Options{Sources: []search.Source{down}, Queries: []string{"hiring SDRs"}, Limit: 5, Logger: quiet})
	if err := w.Work(context.Background(), &river.Job[Args]{JobRow: jobRow()}); err == nil {
		t.Fatal("want an error when every source failed")
	}
	up := &fakeSource{name: "up"}
	w = NewWorker(search.NewStore(d), Options{Sources: []search.Source{down, up}, Queries: []string{"hiring SDRs"}, Limit: 5, Logger: quiet})
	if err := w.Work(context.Background(), &river.Job[Args]{JobRow: jobRow()}); err != nil {
		t.Fatalf("one source up: %v", err)
	}
}
