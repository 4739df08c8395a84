package delivery

import (
	"net/http"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/clientstest"
	"github.com/signalpipe/signalpipe/internal/clients/clientstest/fixture"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/search"
)

// The shared test support is internal/clients/clientstest; these are its
// names in this package's tests, and the env over this package's Store.

var quiet = fixture.Quiet

var jsonHeader = fixture.JSONHeader

type env struct {
	base     *clientstest.Env
	d        *db.DB
	store    *Store
	svc      *clients.Service
	posts    *search.Store
	runner   *jobs.Runner
	delivery *Delivery
	h        http.Handler
}

// newEnv is one instance: store, run service with sources, handler with
// every route open (the admin guard is tested in internal/server), and a
// job runner that start starts.
func newEnv(t testing.TB, d *db.DB, sources ...search.Source) *env {
	t.Helper()
	return newEnvWith(t, d, nil, sources...)
}

// newEnvWith is newEnv whose runner also inserts periodic jobs.
func newEnvWith(t testing.TB, d *db.DB, periodic []*river.PeriodicJob, sources ...search.Source) *env {
	t.Helper()
	return newEnvDelivery(t, d, periodic, DeliveryOptions{}, sources...)
}

// newEnvDelivery is newEnvWith whose delivery has options o (test
// receivers on loopback are always allowed; the timeout is 2 s unless set).
func newEnvDelivery(t testing.TB, d *db.DB, periodic []*river.PeriodicJob, o DeliveryOptions, sources ...search.Source) *env {
	t.Helper()
	b := clientstest.NewEnv(t, d, periodic, sources...)
	e := &env{base: b, d: d, runner: b.Runner, store: NewStore(b.Store), svc: b.Svc, posts: b.Posts, h: b.Mux}
	// Test receivers listen on loopback.
	o.AllowPrivate, o.Logger = true, quiet()
	if o.BaseURL == "" {
		o.BaseURL = "https://app.example"
	}
	if o.Timeout == 0 {
		o.Timeout = 2 * time.Second
	}
	e.delivery = NewDelivery(e.store, o)
	river.AddWorker(b.Workers, e.delivery)
	river.AddWorker(b.Workers, NewDigestWorker(e.delivery))
	river.AddWorker(b.Workers, NewCRMStateWorker(e.delivery))
	river.AddWorker(b.Workers, NewAccountHeatedWorker(e.delivery))
	river.AddWorker(b.Workers, NewDigestScheduleWorker(e.store, quiet()))
	b.Mount(e.delivery.Routes()...)
	b.Mount(e.delivery.LinkRoutes()...)
	b.Mount(e.delivery.SlackRoutes()...)
	b.Mount(e.delivery.FeedRoutes()...)
	return e
}

func (e *env) start(t testing.TB) { t.Helper(); e.base.Start(t) }

// do sends a JSON request and decodes the answer into out (when not nil),
// failing unless the status is want.
func (e *env) do(t testing.TB, method, path, body string, want int, out any) {
	t.Helper()
	fixture.Do(t, e.h, method, path, body, want, out)
}

var intentPost = fixture.IntentPost
var personPost = fixture.PersonPost
var testICP = fixture.TestICP

func newClient(t testing.TB, s *Store, cap int) *clients.Client {
	t.Helper()
	return clientstest.NewClient(t, s.Store, cap)
}

func newAgent(t testing.TB, s *Store, clientID string, edit func(a *clients.Agent)) *clients.Agent {
	t.Helper()
	return clientstest.NewAgent(t, s.Store, clientID, edit)
}

func (e *env) runNow(t testing.TB, agentID string) *clients.Run {
	t.Helper()
	return e.base.RunNow(t, agentID)
}
func (e *env) waitRun(t testing.TB, id string) *clients.Run { t.Helper(); return e.base.WaitRun(t, id) }
func (e *env) drained(t *testing.T)                         { t.Helper(); e.base.Drained(t) }

var insertSubmission = fixture.InsertSubmission
