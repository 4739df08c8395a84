package search

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// leadKeys are the Lead fields of docs/product.md §4.10 the demo reads.
var leadKeys = []string{"id", "name", "title", "company", "email", "phone", "signal", "source", "linkedin",
	"fullContext", "intentScore", "status", "intentTier", "industry", "employees"}

func TestSearchAnonymousStoresNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, Options{})
		code, out := e.post("/api/research-leads", salesICP, nil)
		ids, _ := out["websets"].([]any)
		if code != http.StatusOK || len(ids) != 1 {
			t.Fatalf("research-leads: %d %v", code, out)
		}
		done := e.waitComplete(t, ids[0].(string))
		leads := done["leads"].([]any)
		if len(leads) == 0 {
			t.Fatal("no leads from the bundled corpus")
		}
		prev := 101.0
		for _, l := range leads {
			m := l.(map[string]any)
			for _, k := range leadKeys {
				if _, ok := m[k]; !ok {
					t.Fatalf("lead lacks %q: %v", k, m)
				}
			}
			sc := m["intentScore"].(float64)
			if sc > prev || sc < 40 {
				t.Fatalf("scores out of order or under the threshold: %v after %v", sc, prev)
			}
			prev = sc
		}
		for _, table := range []string{"search_jobs", "leads", "signals"} {
			if n := count(t, d, table); n != 0 {
				t.Errorf("anonymous search stored %d rows in %s", n, table)
			}
		}
		if n := count(t, d, "search_results"); n != 1 {
			t.Errorf("anonymous search: %d search_results rows, want 1", n)
		}
	})
}

func TestSearchAdminStoresLeadsAndSignals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, Options{})
		admin := map[string]string{testAdminHeader: "ops@signalpipe.example"}
		_, out := e.post("/api/research-leads", salesICP, admin)
		id := out["websets"].([]any)[0].(string)
		done := e.waitCompleteAs(t, id, admin)
		n := len(done["leads"].([]any))
		if n == 0 || count(t, d, "leads") != n || count(t, d, "signals") != n {
			t.Fatalf("stored %d leads, %d signals; search found %d", count(t, d, "leads"), count(t, d, "signals"), n)
		}
		job, err := e.store.Job(t.Context(), id)
		if err != nil || job.Status != StatusComplete || job.Owner != "ops@signalpipe.example" ||
			job.LeadCount != n || job.Sources[IndexSource] != StatusComplete || job.FinishedAt == nil || len(job.Queries) == 0 {
			t.Fatalf("stored job %+v, %v", job, err)
		}
		if n := count(t, d, "search_results"); n != 0 {
			t.Errorf("admin search left %d search_results rows", n)
		}
		_, again := e.post("/api/check-webset-status", `{"websetIds":["`+id+`"]}`, admin)
		if again["status"] != StatusComplete || len(again["leads"].([]any)) != n {
			t.Fatalf("stored status: %v leads %d", again["status"], len(again["leads"].([]any)))
		}
		// The bundled corpus is dated into the days before its loading:
		// the newest post is about an hour old.
		newest, _ := again["newestPostAt"].(string)
		if at, err := time.Parse(time.RFC3339, newest); err != nil || time.Since(at) > 2*time.Hour || time.Since(at) < 0 {
			t.Fatalf("newestPostAt %q: %v", newest, err)
		}
		// Without the admin's session the id is no key: the answer is the
		// one for an unknown id, complete with no leads, also when the
		// search is asked about with an anonymous one.
		_, unknown := e.post("/api/check-webset-status", `{"websetIds":["ws_00000000000000000000000000000000"]}`, nil)
		_, anon := e.post("/api/research-leads", salesICP, nil)
		anonID := anon["websets"].([]any)[0].(string)
		anonLeads := len(e.waitComplete(t, anonID)["leads"].([]any))
		for _, ids := range [][]string{{id}, {anonID, id}} {
			code, out := e.post("/api/check-webset-status", jsonString(map[string]any{"websetIds": ids}), nil)
			want := 0
			if len(ids) == 2 {
				want = anonLeads
			}
			if code != http.StatusOK || out["status"] != unknown["status"] || len(out["leads"].([]any)) != want {
				t.Fatalf("anonymous status of %v: %d %v, want %v with %d leads", ids, code, out["status"], unknown["status"], want)
			}
		}

		get := func(path string) string {
			rec := httpxtest.Do(e.h, http.MethodGet, path, admin, "")
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
			}
			return rec.Body.String()
		}
		if body := get("/api/admin/engine/jobs/recent"); !strings.Contains(body, id) {
			t.Errorf("recent jobs: %.200s", body)
		}
		if body := get("/api/admin/engine/jobs/active"); body != `{"jobs":[]}`+"\n" {
			t.Errorf("active jobs: %s", body)
		}
		if body := get("/api/admin/engine/signals?limit=2"); strings.Count(body, `"type":`) != min(2, n) {
			t.Errorf("signals: %.300s", body)
		}
		hot := get("/api/admin/engine/leads?tier=hot")
		if strings.Count(hot, `"intentTier":"hot"`) > HotLeadsLimit || strings.Contains(hot, `"intentTier":"warm"`) {
			t.Errorf("hot leads: %.300s", hot)
		}
	})
}

func TestResearchLeadsRejects(t *testing.T) {
	e := newEnv(t, dbtest.SQLite(t), Options{})
	json := map[string]string{"Content-Type": "application/json"}
	withKey := map[string]string{"Content-Type": "application/json", DemoKeyHeader: testKey}
	long := strings.Repeat("x", MaxItemLen+1)
	many := `["` + strings.Repeat(`a","`, MaxListItems) + `a"]`
	httpxtest.Run(t, e.h, []httpxtest.Scenario{
		{Name: "no key", Method: "POST", Path: "/api/research-leads", Headers: json, Body: `{}`,
			WantStatus: 401, WantJSON: `{"error":"missing or invalid demo key"}`},
		{Name: "wrong key", Method: "POST", Path: "/api/research-leads", Body: `{}`,
			Headers: map[string]string{"Content-Type": "application/json", DemoKeyHeader: "nope"}, WantStatus: 401},
		{Name: "status without key", Method: "POST", Path: "/api/check-webset-status", Headers: json,
			Body: `{"websetIds":[]}`, WantStatus: 401},
		{Name: "not an object", Method: "POST", Path: "/api/research-leads", Headers: withKey, Body: `[1]`, WantStatus: 400},
		{Name: "wrong types", Method: "POST", Path: "/api/research-leads", Headers: withKey,
			Body: `{"targetTitles":[1],"companySize":5,"useAIQueries":"yes"}`, WantStatus: 400,
			WantJSON: `{"error":"invalid ICP","fields":{"targetTitles":"must be a list of strings","companySize":"must be a string","useAIQueries":"must be true or false"}}`},
		{Name: "unknown keys", Method: "POST", Path: "/api/research-leads", Headers: withKey,
			Body: `{"titles":["CFO"],"colour":"red","competitors":["Tipalti"]}`, WantStatus: 400,
			WantJSON: `{"error":"invalid ICP","fields":{"titles":"unknown field; did you mean targetTitles?","colour":"unknown field"}}`},
		{Name: "oversize entry", Method: "POST", Path: "/api/research-leads", Headers: withKey,
			Body: `{"painPoints":["` + long + `"],"geographic":"` + long + `"}`, WantStatus: 400,
			WantJSON: `{"error":"invalid ICP","fields":{"painPoints":"entries must be at most 100 characters","geographic":"must be at most 100 characters"}}`},
		{Name: "unknown category", Method: "POST", Path: "/api/research-leads", Headers: withKey,
			Body: `{"categories":["ci-cd","helpdeks"]}`, WantStatus: 400,
			WantJSON: `{"error":"invalid ICP","fields":{"categories":"unknown category \"helpdeks\" (the ids are taxonomy.All's, docs/icp-fit.md \"Software categories\"); did you mean helpdesk?"}}`},
		{Name: "categories not a list", Method: "POST", Path: "/api/research-leads", Headers: withKey,
			Body: `{"categories":"ci-cd"}`, WantStatus: 400, WantBody: []string{`"categories":"must be a list of category ids"`}},
		{Name: "too many entries", Method: "POST", Path: "/api/research-leads", Headers: withKey,
			Body: `{"competitors":` + many + `}`, WantStatus: 400, WantBody: []string{`"competitors":"must have at most 25 entries"`}},
		{Name: "unknown ids", Method: "POST", Path: "/api/check-webset-status", Headers: withKey,
			Body: `{"websetIds":["ws_nope"]}`, WantStatus: 200, WantJSON: `{"status":"complete","leads":[]}`},
		{Name: "no ids", Method: "POST", Path: "/api/check-webset-status", Headers: withKey,
			Body: `{}`, WantStatus: 200, WantJSON: `{"status":"complete","leads":[]}`},
		{Name: "admin call without session", Path: "/api/admin/engine/leads?tier=hot", WantStatus: 401},
		{Name: "bad tier", Path: "/api/admin/engine/leads?tier=lukewarm", Headers: map[string]string{testAdminHeader: "a@b.c"},
			WantStatus: 400, WantBody: []string{`"tier"`}},
		{Name: "bad limit", Path: "/api/admin/engine/signals?limit=0", Headers: map[string]string{testAdminHeader: "a@b.c"},
			WantStatus: 400},
	})
}

func TestAnonymousSearchRateLimited(t *testing.T) {
	e := newLimitedEnv(t, dbtest.SQLite(t), Options{}, 3)
	for i := range 3 {
		if code, out := e.post("/api/research-leads", `{}`, nil); code != 200 {
			t.Fatalf("search %d: %d %v", i, code, out)
		}
	}
	if code, _ := e.post("/api/research-leads", `{}`, nil); code != http.StatusTooManyRequests {
		t.Fatalf("4th anonymous search: %d, want 429", code)
	}
	if code, _ := e.post("/api/research-leads", `{}`, map[string]string{testAdminHeader: "a@b.c"}); code != 200 {
		t.Fatalf("admin search: %d, want 200 (admins are not limited)", code)
	}
}

func TestScoreAndProcessResults(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, Options{})
		admin := map[string]string{testAdminHeader: "a@b.c"}
		code, out := e.post("/api/admin/engine/score", `{"fit":90,"strength":80}`, admin)
		if code != 200 || jsonString(out) != `{"formula":"0.6 × fit + 0.4 × strength","intentTier":"hot","score":86,"status":"Ready to Buy"}` {
			t.Fatalf("score: %d %s", code, jsonString(out))
		}
		if code, out := e.post("/api/admin/engine/score", `{"fit":190}`, admin); code != 400 || len(out["fields"].(map[string]any)) != 2 {
			t.Fatalf("bad score input: %d %v", code, out)
		}
		body := `{"searchQuery":"Live lead search","icpDescription":"B2B SaaS, VP Sales","websetResults":[
			{"title":"We just closed our $12M Series A","url":"https://example.com/a","text":"Excited to share we raised a $12M Series A led by Northwind. We are hiring 4 account executives next quarter.","publishedDate":"` + time.Now().Add(-48*time.Hour).UTC().Format(time.RFC3339) + `","score":0.9,"author":"Jamie Lee"},
			{"title":"Weekend","url":"https://example.com/b","text":"Went hiking with the dog.","author":"Sam"},
			{"url":"https://example.com/c"}]}`
		code, out = e.post("/api/admin/engine/process-search-results", body, admin)
		if code != 200 || out["processed"] != 2.0 || out["leads"] != 1.0 {
			t.Fatalf("process: %d %v", code, out)
		}
		if count(t, d, "leads") != 1 || count(t, d, "signals") != 1 {
			t.Fatalf("stored %d leads, %d signals", count(t, d, "leads"), count(t, d, "signals"))
		}
		// The same results again (the demo hands back what a stored search
		// found): recognised by post URL, nothing stored twice.
		code, out = e.post("/api/admin/engine/process-search-results", body, admin)
		if code != 200 || out["leads"] != 0.0 || out["skipped"] != 1.0 {
			t.Fatalf("process again: %d %v", code, out)
		}
		if count(t, d, "leads") != 1 || count(t, d, "signals") != 1 {
			t.Fatalf("after a repeat: %d leads, %d signals", count(t, d, "leads"), count(t, d, "signals"))
		}
		if code, _ := e.post("/api/admin/engine/process-search-results", `{"websetResults":[]}`, nil); code != 401 {
			t.Fatalf("process without session: %d", code)
		}
	})
}

// TestStatusWaitsForARunningSearch: a status check of a search still
// running waits (DefaultStatusWait) before answering "running", and answers
// "complete" as soon as the search has finished.
func TestStatusWaitsForARunningSearch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newIdleEnv(t, d, Options{}, 100) // the runner is not started: the search stays queued
		code, out := e.post("/api/research-leads", `{"targetTitles":["VP of Sales"]}`, nil)
		if code != 200 {
			t.Fatalf("research-leads: %d %v", code, out)
		}
		id := out["websets"].([]any)[0].(string)
		started := time.Now()
		_, out = e.post("/api/check-webset-status", `{"websetIds":["`+id+`"]}`, nil)
		if took := time.Since(started); out["status"] != "running" || took < DefaultStatusWait {
			t.Fatalf("queued search: %v after %v, want running after at least %v", out["status"], took, DefaultStatusWait)
		}
		e.start(t)
		if out := e.waitComplete(t, id); len(out["leads"].([]any)) == 0 {
			t.Fatalf("no leads: %v", out)
		}
	})
}

// A search that finds nothing relevant answers no lead (no padding to the
// cap), and check-webset-status carries its note saying why.
func TestSearchWithNothingRelevantSaysWhy(t *testing.T) {
	e := newEnv(t, dbtest.SQLite(t), Options{})
	_, out := e.post("/api/research-leads", `{"competitors":["Tipalti","Bill.com"],"signalThreshold":"All signals 40%+ match",
		"knowledgeBase":"The vendor sells accounts-payable automation software for finance teams."}`, nil)
	id := out["websets"].([]any)[0].(string)
	done := e.waitComplete(t, id)
	notes, _ := done["notes"].([]any)
	if len(done["leads"].([]any)) != 0 || len(notes) != 1 || !strings.HasPrefix(notes[0].(string), "read 1200 posts:") ||
		!strings.Contains(notes[0].(string), "not about the ICP's topic") || !strings.HasSuffix(notes[0].(string), "; 0 leads") {
		t.Fatalf("answer %v", done)
	}
}
