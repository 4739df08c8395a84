package server

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/search"
)

func TestEveryEngineAdminCallNeedsASession(t *testing.T) {
	s, _ := newTestServer(t, nil)
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/admin/engine/leads?tier=hot"},
		{"GET", "/api/admin/engine/signals"},
		{"GET", "/api/admin/engine/jobs/active"},
		{"GET", "/api/admin/engine/jobs/recent"},
		{"POST", "/api/admin/engine/score"},
		{"POST", "/api/admin/engine/process-search-results"},
	} {
		rec := httpxtest.Do(s.Handler(), r.method, r.path, map[string]string{"Sec-Fetch-Site": "same-origin"}, "")
		if rec.Code != 401 {
			t.Errorf("%s %s: %d, want 401", r.method, r.path, rec.Code)
		}
	}
}

// TestLiveSearchThroughFullChain: a search with the admin's session and
// CSRF token is stored; the same session without the token counts as an
// anonymous search and stores nothing.
func TestLiveSearchThroughFullChain(t *testing.T) {
	s, _ := newTestServer(t, nil)
	ctx := context.Background()
	if _, err := search.SeedCorpus(ctx, s.db, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	// Searches are River jobs: the runner Serve would start works them.
	if err := s.jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.stopJobs)
	if _, err := auth.CreateAdmin(ctx, auth.NewStore(s.db), "op@sp.example", "a long password", false); err != nil {
		t.Fatal(err)
	}
	rec := httpxtest.Do(s.Handler(), "POST", "/api/admin/login",
		map[string]string{"Content-Type": "application/json", "Origin": "https://sp.example"}, `{"email":"op@sp.example","password":"a long password"}`)
	var login struct{ CSRFToken string }
	_ = json.Unmarshal(rec.Body.Bytes(), &login)
	cookie := rec.Result().Cookies()[0].Name + "=" + rec.Result().Cookies()[0].Value
	icp := `{"targetTitles":["VP Sales"],"industries":["SaaS"],"signalThreshold":"All signals 40%+ match"}`

	start := func(h map[string]string) string {
		h["Content-Type"], h[search.DemoKeyHeader] = "application/json", "signalpipe-demo"
		rec := httpxtest.Do(s.Handler(), "POST", "/api/research-leads", h, icp)
		var out struct{ Websets []string }
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &out) != nil || len(out.Websets) != 1 {
			t.Fatalf("research-leads: %d %s", rec.Code, rec.Body)
		}
		return out.Websets[0]
	}
	// The status check is a read: the admin's session cookie alone shows an
	// admin search's leads, as the demo polls without a CSRF token.
	wait := func(id string) int {
		for range 500 {
			rec := httpxtest.Do(s.Handler(), "POST", "/api/check-webset-status",
				map[string]string{"Content-Type": "application/json", search.DemoKeyHeader: "signalpipe-demo", "Cookie": cookie}, `{"websetIds":["`+id+`"]}`)
			var out struct {
				Status string
				Leads  []json.RawMessage
			}
			_ = json.Unmarshal(rec.Body.Bytes(), &out)
			if out.Status == "complete" {
				return len(out.Leads)
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatal("search did not complete")
		return 0
	}
	stored := func() int {
		var n int
		_ = s.db.Reader.QueryRow(`SELECT count(*) FROM leads`).Scan(&n)
		return n
	}

	if n := wait(start(map[string]string{"Cookie": cookie})); n == 0 || stored() != 0 {
		t.Fatalf("session without CSRF: %d leads, %d stored; want leads, none stored", n, stored())
	}
	n := wait(start(map[string]string{"Cookie": cookie, auth.CSRFHeader: login.CSRFToken, "Sec-Fetch-Site": "same-origin"}))
	if n == 0 || stored() != n {
		t.Fatalf("admin search: %d leads, %d stored", n, stored())
	}
	rec = httpxtest.Do(s.Handler(), "GET", "/api/admin/engine/jobs/recent", map[string]string{"Cookie": cookie}, "")
	if rec.Code != 200 || !json.Valid(rec.Body.Bytes()) {
		t.Fatalf("recent jobs: %d %s", rec.Code, rec.Body)
	}
}
