package search

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

const testKey = "test-demo-key"

// testAdminHeader stands in for an admin session in these tests.
const testAdminHeader = "X-Test-Admin"

type env struct {
	d     *db.DB
	store *Store
	svc   *Service
	h     http.Handler
}

func newEnv(t *testing.T, d *db.DB, o Options) *env {
	t.Helper()
	return newLimitedEnv(t, d, o, 100)
}

// newLimitedEnv allows perMinute anonymous searches a minute.
func newLimitedEnv(t *testing.T, d *db.DB, o Options, perMinute int) *env {
	t.Helper()
	if _, err := SeedCorpus(context.Background(), d, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	o.Logger = slog.New(slog.DiscardHandler)
	store := NewStore(d)
	svc := NewService(store, o)
	t.Cleanup(svc.Close)
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
	h.Routes(mux)
	h.AdminRoutes(mux, requireAdmin)
	return &env{d: d, store: store, svc: svc, h: httpx.JSONErrors(mux)}
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

// waitComplete polls check-webset-status as the demo does, and returns
// the final answer.
func (e *env) waitComplete(t *testing.T, id string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		code, out := e.post("/api/check-webset-status", `{"websetIds":["`+id+`"]}`, nil)
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

func count(t *testing.T, d *db.DB, table string) int {
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
