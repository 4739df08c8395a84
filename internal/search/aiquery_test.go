package search

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search/llm"
)

// fakeLLM answers chat completions: ok with a strict JSON answer, else 500.
func fakeLLM(t *testing.T, ok *atomic.Bool) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !ok.Load() {
			http.Error(w, "upstream overloaded", http.StatusInternalServerError)
			return
		}
		_, _ = w.Write([]byte(`{"choices":[{"message":{"role":"assistant",` +
			`"content":"{\"queries\":[\"raised series a hiring sales\",\"evaluating ZoomInfo alternatives\"]}"}}]}`))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestAIQueriesThroughTheJob: an admin search with useAIQueries runs on the
// model's queries when the model answers, and on the rule-based ones with a
// note when it fails; either way it completes with leads.
func TestAIQueriesThroughTheJob(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var ok atomic.Bool
		model := llm.New(llm.Options{BaseURL: fakeLLM(t, &ok), Model: "m"})
		e := newEnv(t, d, Options{Model: model})
		admin := map[string]string{testAdminHeader: "ops@signalpipe.example"}
		icp := strings.Replace(salesICP, `"useAIQueries":false`, `"useAIQueries":true`, 1)
		run := func() *Job {
			_, out := e.post("/api/research-leads", icp, admin)
			id := out["websets"].([]any)[0].(string)
			if len(e.waitCompleteAs(t, id, admin)["leads"].([]any)) == 0 {
				t.Fatal("no leads")
			}
			job, err := e.store.Job(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			return job
		}
		ok.Store(true)
		job := run()
		if !slices.Equal(job.Queries[:2], []string{"raised series a hiring sales", "evaluating zoominfo alternatives"}) ||
			!slices.Contains(job.Queries, "vp sales") || !slices.Equal(job.Notes, []string{"useAIQueries: queries written by the model"}) {
			t.Fatalf("with the model: queries %q notes %q", job.Queries, job.Notes)
		}
		ok.Store(false)
		job = run()
		// Rule-based: the relevance terms (competitors) lead, titles follow.
		if job.Queries[0] != "zoominfo" || !slices.Contains(job.Queries, "vp sales") || len(job.Notes) != 1 || !strings.Contains(job.Notes[0], "unavailable (status 500); rule-based queries used") {
			t.Fatalf("model failing: queries %q notes %q", job.Queries, job.Notes)
		}
	})
}

// TestAIQueriesWithoutAModel: useAIQueries with no model configured falls
// back and says why; without useAIQueries the model is never asked.
func TestAIQueriesWithoutAModel(t *testing.T) {
	d := dbtest.SQLite(t)
	p := engine.ICP{TargetTitles: []string{"CTO"}, UseAIQueries: true}
	job, _ := NewService(NewStore(d), Options{Logger: quiet()}).Search(t.Context(), p)
	// The empty index yields no lead: the last note says why (counts).
	if job.Status != StatusComplete || !slices.Equal(job.Queries, []string{"cto"}) || len(job.Notes) != 2 ||
		!strings.Contains(job.Notes[0], "no model is configured") || !strings.HasPrefix(job.Notes[1], "read 0 posts") {
		t.Fatalf("job %+v", job)
	}
	var asked atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { asked.Store(true) }))
	defer srv.Close()
	p.UseAIQueries = false
	job, _ = NewService(NewStore(d), Options{Logger: quiet(), Model: llm.New(llm.Options{BaseURL: srv.URL})}).Search(t.Context(), p)
	if asked.Load() || len(job.Notes) != 1 || !strings.HasPrefix(job.Notes[0], "read 0 posts") {
		t.Fatalf("model asked without useAIQueries: notes %q", job.Notes)
	}
}
