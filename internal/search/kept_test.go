package search

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// finishedJob stores an admin search as finished with leads.
func finishedJob(t *testing.T, e *env, id string, at time.Time, leads []engine.Lead) {
	t.Helper()
	if _, err := e.d.Writer.Exec(e.d.Rebind(`INSERT INTO search_jobs (id, status, owner, icp, created_at)
		VALUES (?, 'running', 'a@b.c', '{"targetTitles":["VP Sales"]}', ?)`), id, e.d.TimeArg(at)); err != nil {
		t.Fatal(err)
	}
	done := at.Add(time.Second)
	j := &Job{ID: id, Status: StatusComplete, Owner: "a@b.c", Queries: []string{"q " + id},
		Sources: map[string]string{"corpus": "complete"}, LeadCount: len(leads), FinishedAt: &done}
	if err := e.store.FinishJob(t.Context(), j, leads); err != nil {
		t.Fatal(err)
	}
}

func testLeads(prefix string, n, score int) []engine.Lead {
	out := make([]engine.Lead, n)
	for i := range out {
		out[i] = engine.Lead{ID: fmt.Sprintf("lead_%s%d", prefix, i), Name: "P", IntentScore: score - i,
			IntentTier: engine.TierWarm, PostURL: fmt.Sprintf("https://ex.com/%s/%d", prefix, i)}
	}
	return out
}

func (e *env) get(t *testing.T, path string, out any) int {
	t.Helper()
	rec := httpxtest.Do(e.h, http.MethodGet, path, map[string]string{testAdminHeader: "a@b.c"}, "")
	if out != nil && rec.Code == http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatal(err)
		}
	}
	return rec.Code
}

// TestSearchesKeptWhole: an admin search keeps every lead it found, in
// rank order, even when a later search finds some of the same posts (the
// shared leads table then names the later search), and GET
// /api/admin/searches/{id} reopens it whole.
func TestSearchesKeptWhole(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, Options{})
		t0 := time.Now().UTC().Add(-time.Hour)
		first := testLeads("a", 30, 90)
		finishedJob(t, e, "job_1", t0, first)
		// The second search finds the first one's 10 best posts again.
		finishedJob(t, e, "job_2", t0.Add(time.Minute), append(testLeads("b", 5, 99), first[:10]...))

		var got struct {
			Search Job           `json:"search"`
			Leads  []engine.Lead `json:"leads"`
		}
		if code := e.get(t, "/api/admin/searches/job_1", &got); code != 200 {
			t.Fatalf("reopen: %d", code)
		}
		if len(got.Leads) != 30 || got.Leads[0].ID != "lead_a0" || got.Leads[29].ID != "lead_a29" {
			t.Fatalf("reopened job_1 has %d leads, want all 30 in rank order", len(got.Leads))
		}
		if got.Search.ICP.TargetTitles[0] != "VP Sales" || got.Search.Queries[0] != "q job_1" {
			t.Fatalf("reopened search lost its ICP or queries: %+v", got.Search)
		}
		if code := e.get(t, "/api/admin/searches/job_2", &got); code != 200 || len(got.Leads) != 15 {
			t.Fatalf("job_2: %d, %d leads", code, len(got.Leads))
		}
		if code := e.get(t, "/api/admin/searches/nope", nil); code != 404 {
			t.Fatalf("unknown search: %d", code)
		}
		// Finishing again (a retried job) replaces, never doubles.
		finishedAgain := time.Now()
		j := &Job{ID: "job_1", Status: StatusComplete, Owner: "a@b.c", FinishedAt: &finishedAgain}
		if err := e.store.FinishJob(t.Context(), j, first); err != nil {
			t.Fatal(err)
		}
		if l, _ := e.store.JobLeads(t.Context(), "job_1"); len(l) != 30 {
			t.Fatalf("after a retried finish: %d leads", len(l))
		}
	})
}

// TestPastSearchesPaged: the list pages newest first on a cursor, and a
// bad cursor or limit is a 400.
func TestPastSearchesPaged(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, Options{})
		t0 := time.Now().UTC().Add(-time.Hour)
		for i := range 5 {
			finishedJob(t, e, fmt.Sprintf("job_%d", i), t0.Add(time.Duration(i)*time.Minute), testLeads(fmt.Sprint(i), 1, 50))
		}
		var ids []string
		cursor := ""
		for pages := 0; ; pages++ {
			var page searchesPage
			path := "/api/admin/searches?limit=2"
			if cursor != "" {
				path += "&cursor=" + cursor
			}
			if code := e.get(t, path, &page); code != 200 || pages > 3 {
				t.Fatalf("page %d: %d", pages, code)
			}
			for _, j := range page.Searches {
				ids = append(ids, j.ID)
			}
			if cursor = page.NextCursor; cursor == "" {
				break
			}
		}
		if fmt.Sprint(ids) != "[job_4 job_3 job_2 job_1 job_0]" {
			t.Fatalf("paged ids: %v", ids)
		}
		if code := e.get(t, "/api/admin/searches?cursor=zz!", nil); code != 400 {
			t.Fatalf("bad cursor: %d", code)
		}
		if code := e.get(t, "/api/admin/searches?limit=0", nil); code != 400 {
			t.Fatalf("bad limit: %d", code)
		}
	})
}
