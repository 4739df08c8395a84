package clientstest

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/clientstest/fixture"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/intake"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/search"
)

// Env is one instance over a test database: the clients store, the run
// service with sources, a job runner (with the agents' and deliveries'
// queues, the run and schedule workers) and a mux with the clients' admin
// routes open (the admin guard is tested in internal/server). A package's
// tests add their workers to Workers and their routes with Mount.
type Env struct {
	D       *db.DB
	Store   *clients.Store
	Svc     *clients.Service
	Posts   *search.Store
	Runner  *jobs.Runner
	Workers *river.Workers
	Mux     *http.ServeMux
}

// Open lets every request through the admin guard.
var Open = httpx.Guards{Admin: func(h http.Handler) http.Handler { return h }}

// NewEnv is an Env whose runner also inserts periodic jobs.
func NewEnv(t testing.TB, d *db.DB, periodic []*river.PeriodicJob, sources ...search.Source) *Env {
	t.Helper()
	workers := river.NewWorkers()
	runner, err := jobs.New(d, jobs.Options{Workers: workers, Logger: fixture.Quiet(), TestOnly: true, PollInterval: 50 * time.Millisecond,
		Queues: map[string]river.QueueConfig{clients.Queue: clients.QueueConfig(), clients.DeliveryQueue: clients.DeliveryQueueConfig()}, PeriodicJobs: periodic})
	if err != nil {
		t.Fatal(err)
	}
	e := &Env{D: d, Runner: runner, Workers: workers, Store: clients.NewStore(d, runner), Posts: search.NewStore(d), Mux: http.NewServeMux()}
	e.Svc = clients.NewService(e.Store, clients.RunOptions{Posts: e.Posts, Sources: sources, Logger: fixture.Quiet()})
	river.AddWorker(workers, clients.NewRunWorker(e.Svc))
	river.AddWorker(workers, clients.NewScheduleWorker(e.Store, fixture.Quiet()))
	e.Mount(clients.NewHandler(e.Store, intake.NewStore(d, runner), e.Svc.SourceNames).WithPreview(e.Posts, nil).Routes()...)
	return e
}

// Mount adds routes to the mux, every one open.
func (e *Env) Mount(routes ...httpx.Route) { httpx.MountMux(e.Mux, Open, routes...) }

// Start starts the job runner, stopped when the test ends.
func (e *Env) Start(t testing.TB) {
	t.Helper()
	if err := e.Runner.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = e.Runner.Stop(ctx)
	})
}

// RunNow records a manual run of agent and performs it in place.
func (e *Env) RunNow(t testing.TB, agentID string) *clients.Run {
	t.Helper()
	ctx := context.Background()
	id, err := e.Store.StartRun(ctx, agentID)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Svc.Execute(ctx, id); err != nil {
		t.Fatal(err)
	}
	run, err := e.Store.Run(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// WaitRun polls a run until it is no longer running.
func (e *Env) WaitRun(t testing.TB, id string) *clients.Run {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		run, err := e.Store.Run(context.Background(), id)
		if err != nil && !errors.Is(err, clients.ErrNotFound) {
			t.Fatal(err)
		}
		if run != nil && run.Status != clients.RunRunning {
			return run
		}
		if time.Now().After(deadline) {
			t.Fatalf("run %s still running", id)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Drained waits (up to 30 s) until no job of the agents' or the
// deliveries' queue is left to run (waiting, scheduled, retrying or
// running; jobs.Runner.Pending): the system is quiescent, so a duplicate
// delivery would have been sent by now and what the test counts next is
// final. It replaces fixed sleeps that gave a duplicate "room to show".
func (e *Env) Drained(t *testing.T) {
	t.Helper()
	fixture.WaitFor(t, "the job queues to drain", func() bool {
		for _, q := range []string{clients.Queue, clients.DeliveryQueue} {
			n, err := e.Runner.Pending(context.Background(), q)
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

// AddPosts stores posts as the search store does.
func (e *Env) AddPosts(t testing.TB, posts ...engine.Post) {
	t.Helper()
	if _, err := e.Posts.AddPosts(context.Background(), posts); err != nil {
		t.Fatal(err)
	}
}
