package search

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

const testKey = "test-demo-key"

// testAdminHeader stands in for an admin session in these tests.
const testAdminHeader = "X-Test-Admin"

type env struct {
	d      *db.DB
	store  *Store
	svc    *Service
	runner *jobs.Runner
	h      http.Handler
}

// newEnv is one instance of the service: its handler and a job runner that
// works the search queue.
func newEnv(t testing.TB, d *db.DB, o Options) *env {
	t.Helper()
	return newLimitedEnv(t, d, o, 100)
}

// newLimitedEnv allows perMinute anonymous searches a minute.
func newLimitedEnv(t testing.TB, d *db.DB, o Options, perMinute int) *env {
	t.Helper()
	e := newIdleEnv(t, d, o, perMinute)
	e.start(t)
	return e
}

// newIdleEnv is newLimitedEnv with its runner not started: searches stay
// queued until some runner works them.
func newIdleEnv(t testing.TB, d *db.DB, o Options, perMinute int) *env {
	t.Helper()
	if _, err := SeedCorpus(context.Background(), d, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	o.Logger = slog.New(slog.DiscardHandler)
	workers := river.NewWorkers()
	runner, err := jobs.New(d, jobs.Options{Workers: workers, Logger: quiet(), TestOnly: true,
		Queues: map[string]river.QueueConfig{AnonymousQueue: QueueConfig(o.Workers), Queue: QueueConfig(o.SignedInWorkers)}})
	if err != nil {
		t.Fatal(err)
	}
	o.Runner = runner
	store := NewStore(d)
	svc := NewService(store, o)
	river.AddWorker(workers, NewWorker(svc))
	river.AddWorker(workers, NewPurgeWorker(store, quiet()))
	requireAdmin := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get(testAdminHeader) == "" {
				httpx.Error(w, r, http.StatusUnauthorized, "authentication required", nil)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	h := NewHandler(svc, store, HandlerOptions{DemoKey: testKey,
		Limit: httpx.RateLimit(httpx.NewRateLimiter(perMinute), false),
		Admin: func(r *http.Request) string { return r.Header.Get(testAdminHeader) }})
	mux := http.NewServeMux()
	httpx.MountMux(mux, httpx.Guards{Admin: requireAdmin}, h.Routes()...)
	return &env{d: d, store: store, svc: svc, runner: runner, h: httpx.JSONErrors(mux)}
}

// start works the queue until the test ends (or stop).
func (e *env) start(t testing.TB) {
	t.Helper()
	if err := e.runner.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.stop(5 * time.Second) })
}

// stop stops the runner, cancelling searches still running after grace.
func (e *env) stop(grace time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	_ = e.runner.Stop(ctx)
}

// reopen opens a second handle on d's database, as another instance would.
func reopen(t testing.TB, d *db.DB) *db.DB {
	t.Helper()
	ctx := context.Background()
	var other *db.DB
	var err error
	if d.Pool != nil {
		other, err = db.OpenPostgres(ctx, d.Pool.Config().ConnString())
	} else {
		var path string
		if err := d.Reader.QueryRow(`SELECT file FROM pragma_database_list WHERE name = 'main'`).Scan(&path); err != nil {
			t.Fatal(err)
		}
		other, err = db.OpenSQLite(ctx, path)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	return other
}

func (e *env) post(path, body string, headers map[string]string) (int, map[string]any) {
	hs := map[string]string{"Content-Type": "application/json", DemoKeyHeader: testKey}
	for k, v := range headers {
		hs[k] = v
	}
	rec := httpxtest.Do(e.h, http.MethodPost, path, hs, body)
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out
}

// waitComplete polls check-webset-status as the demo does, anonymously,
// and returns the final answer.
func (e *env) waitComplete(t testing.TB, id string) map[string]any {
	t.Helper()
	return e.waitCompleteAs(t, id, nil)
}

// waitCompleteAs is waitComplete with headers (an admin's, for an admin
// search).
func (e *env) waitCompleteAs(t testing.TB, id string, headers map[string]string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		code, out := e.post("/api/check-webset-status", `{"websetIds":["`+id+`"]}`, headers)
		if code != http.StatusOK {
			t.Fatalf("status check: %d %v", code, out)
		}
		if out["status"] == StatusComplete {
			return out
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("search %s did not complete", id)
	return nil
}

const salesICP = `{"targetTitles":["VP Sales","Head of Sales","CTO","Founder"],"companySize":"50-200",
	"revenueRange":"$10M - $50M ARR","fundingStage":"Series A-B","geographic":"North America",
	"techStack":["Salesforce","HubSpot"],"painPoints":["pipeline","lead quality"],
	"competitors":["ZoomInfo","Apollo"],"industries":["SaaS","Fintech"],"exclusions":["agency"],
	"signalThreshold":"All signals 40%+ match","budgetIndicators":["recent funding"],
	"useAIQueries":false,"knowledgeBase":""}`

func count(t testing.TB, d *db.DB, table string) int {
	t.Helper()
	var n int
	if err := d.Reader.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return strings.TrimSpace(string(b))
}

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }
