package intake

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// tickArgs stands for the jobs of River's default queue that no visitor
// starts: the agents' and digests' schedulers, ingest, the purges.
type tickArgs struct{}

func (tickArgs) Kind() string { return "test_tick" }

type tickWorker struct {
	river.WorkerDefaults[tickArgs]
	ran chan struct{}
}

func (w *tickWorker) Work(context.Context, *river.Job[tickArgs]) error {
	close(w.ran)
	return nil
}

// TestVisitorsFormsCannotFillTheDefaultQueue: forwarding a visitor's
// submission runs on a queue of its own (jobs.PublicQueue), so a flood of
// submissions to a slow target, more than the runner has workers, leaves
// the default queue's jobs (the schedulers) running at once (issue 29,
// "every shared queue an anonymous caller can fill").
func TestVisitorsFormsCannotFillTheDefaultQueue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		release := make(chan struct{})
		slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
			w.WriteHeader(http.StatusOK)
		}))
		defer slow.Close()
		defer close(release)
		workers := river.NewWorkers()
		tick := &tickWorker{ran: make(chan struct{})}
		river.AddWorker(workers, tick)
		runner, err := jobs.New(d, jobs.Options{Workers: workers, Logger: quiet(), MaxWorkers: 4,
			PollInterval: 20 * time.Millisecond, TestOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		store := NewStore(d, runner)
		fwd, err := NewForwarder(store, Targets{WebhookURL: slow.URL, Timeout: 20 * time.Second}, quiet())
		if err != nil {
			t.Fatal(err)
		}
		river.AddWorker(workers, fwd)
		e := &env{d: d, runner: runner, store: store, fwd: fwd}
		mux := http.NewServeMux()
		httpx.MountMux(mux, httpx.Guards{Admin: func(next http.Handler) http.Handler { return next }}, NewHandler(store, true, nil).Routes()...)
		e.handler = mux
		for range 8 { // twice the runner's workers
			post(t, e, "/api/booking-leads", validBooking())
		}
		e.start(t)
		if err := runner.InTx(t.Context(), func(tx jobs.Tx) error {
			_, err := tx.Enqueue(t.Context(), tickArgs{}, nil)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		select {
		case <-tick.ran:
		case <-time.After(10 * time.Second):
			t.Fatal("a default-queue job waited 10 s behind visitors' forwards: they share its workers")
		}
	})
}
