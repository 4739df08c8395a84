package clients

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/clients/clientstest/fixture"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/intake"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/search"
)

var quiet = fixture.Quiet

// fakeSource is a live source answering posts, or failing.
type fakeSource struct {
	name  string
	posts []engine.Post
	err   error
}

func (f *fakeSource) Name() string { return f.name }
func (f *fakeSource) Find(context.Context, search.Query, int) ([]engine.Post, error) {
	return f.posts, f.err
}

type env struct {
	d      *db.DB
	store  *Store
	svc    *Service
	posts  *search.Store
	runner *jobs.Runner
	h      http.Handler
}

// newEnv is one instance: store, run service with sources, handler with
// every route open (the admin guard is tested in internal/server), and a
// job runner that start starts.
func newEnv(t testing.TB, d *db.DB, sources ...search.Source) *env {
	t.Helper()
	return newEnvWith(t, d, nil, sources...)
}

// newEnvWith is newEnv whose runner also inserts periodic jobs. The
// delivery is the package internal/clients/delivery, above this one: the
// jobs a run or an approval enqueues for it are taken by workers that
// send nothing (its tests deliver them).
func newEnvWith(t testing.TB, d *db.DB, periodic []*river.PeriodicJob, sources ...search.Source) *env {
	t.Helper()
	workers := river.NewWorkers()
	runner, err := jobs.New(d, jobs.Options{Workers: workers, Logger: quiet(), TestOnly: true, PollInterval: 50 * time.Millisecond,
		Queues: map[string]river.QueueConfig{Queue: QueueConfig(), DeliveryQueue: DeliveryQueueConfig()}, PeriodicJobs: periodic})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{d: d, runner: runner, store: NewStore(d, runner), posts: search.NewStore(d)}
	e.svc = NewService(e.store, RunOptions{Posts: e.posts, Sources: sources, Logger: quiet()})
	river.AddWorker(workers, NewRunWorker(e.svc))
	river.AddWorker(workers, NewScheduleWorker(e.store, quiet()))
	river.AddWorker(workers, &unsent[DeliveryArgs]{})
	river.AddWorker(workers, &unsent[CRMStateArgs]{})
	river.AddWorker(workers, &unsent[AccountHeatedArgs]{})
	mux := http.NewServeMux()
	open := httpx.Guards{Admin: func(h http.Handler) http.Handler { return h }}
	httpx.MountMux(mux, open, NewHandler(e.store, intake.NewStore(d, runner), e.svc.SourceNames).WithPreview(e.posts, nil).Routes()...)
	e.h = mux
	return e
}

// unsent takes a delivery job and sends nothing.
type unsent[T river.JobArgs] struct{ river.WorkerDefaults[T] }

func (*unsent[T]) Work(context.Context, *river.Job[T]) error { return nil }

func (e *env) start(t testing.TB) {
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

var jsonHeader = fixture.JSONHeader

// do sends a JSON request and decodes the answer into out (when not nil),
// failing unless the status is want.
func (e *env) do(t testing.TB, method, path, body string, want int, out any) {
	t.Helper()
	fixture.Do(t, e.h, method, path, body, want, out)
}

var intentPost = fixture.IntentPost

var personPost = fixture.PersonPost

var testICP = fixture.TestICP

// newClient stores a client with the test ICP and returns it.
func newClient(t testing.TB, s *Store, cap int) *Client {
	t.Helper()
	c := &Client{Name: "Acme", Status: StatusActive, ICP: testICP(), Settings: Settings{MonthlyCap: cap}}
	if err := s.CreateClient(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	return c
}

func newAgent(t testing.TB, s *Store, clientID string, edit func(a *Agent)) *Agent {
	t.Helper()
	a := &Agent{ClientID: clientID, Name: "Watch", Threshold: 40, Schedule: Duration(time.Hour), Active: true}
	if edit != nil {
		edit(a)
	}
	if err := s.CreateAgent(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	return a
}

// runNow records a manual run of agent and performs it in place.
func (e *env) runNow(t testing.TB, agentID string) *Run {
	t.Helper()
	ctx := context.Background()
	id, err := e.store.StartRun(ctx, agentID)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.svc.Execute(ctx, id); err != nil {
		t.Fatal(err)
	}
	run, err := e.store.Run(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// waitRun polls a run until it is no longer running.
func (e *env) waitRun(t testing.TB, id string) *Run {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		run, err := e.store.Run(context.Background(), id)
		if err != nil && !errors.Is(err, ErrNotFound) {
			t.Fatal(err)
		}
		if run != nil && run.Status != RunRunning {
			return run
		}
		if time.Now().After(deadline) {
			t.Fatalf("run %s still running", id)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

var insertSubmission = fixture.InsertSubmission

// drained waits (up to 30 s) until no job of the agents' or the
// deliveries' queue is left to run (waiting, scheduled, retrying or
// running; jobs.Runner.Pending): the system is quiescent, so a duplicate
// delivery would have been sent by now and what the test counts next is
// final. It replaces fixed sleeps that gave a duplicate "room to show".
func (e *env) drained(t *testing.T) {
	t.Helper()
	waitFor(t, "the job queues to drain", func() bool {
		for _, q := range []string{Queue, DeliveryQueue} {
			n, err := e.runner.Pending(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			if n > 0 {
				return false
			}
		}
		return true
	})
}
