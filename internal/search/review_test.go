package search

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/search/llm"
)

// reviewingLLM answers review requests the way the detector reads each
// post, except that it finds no live signal in the first post of every
// request; with ok false it answers 500.
func reviewingLLM(t *testing.T, ok *atomic.Bool) string {
	t.Helper()
	det := detect.Default()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !ok.Load() {
			http.Error(w, "upstream overloaded", http.StatusInternalServerError)
			return
		}
		var req struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		var in struct {
			Posts []struct {
				N           int
				Title, Text string
			}
		}
		if json.NewDecoder(r.Body).Decode(&req) != nil || len(req.Messages) != 2 || json.Unmarshal([]byte(req.Messages[1].Content), &in) != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		type verdict struct {
			N          int               `json:"n"`
			SignalType engine.SignalType `json:"signal_type"`
			Intent     bool              `json:"intent"`
			Why        string            `json:"why"`
		}
		var out struct {
			Posts []verdict `json:"posts"`
		}
		for _, p := range in.Posts {
			d := det.DetectLive(engine.Post{Title: p.Title, Text: p.Text})
			v := verdict{N: p.N, SignalType: d.SignalType, Intent: d.Intent, Why: "as the detector reads it"}
			if p.N == 1 {
				v = verdict{N: 1, SignalType: engine.None, Why: "no particular buyer"}
			}
			out.Posts = append(out.Posts, v)
		}
		content, _ := json.Marshal(out)
		body, _ := json.Marshal(map[string]any{"choices": []any{map[string]any{"message": map[string]any{"role": "assistant", "content": string(content)}}}})
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestLeadReviewThroughTheJob: with a reviewer, a search's best leads are
// re-read; the job's notes say what the review did, or that it was
// unavailable, in which case the leads are the detector's.
func TestLeadReviewThroughTheJob(t *testing.T) {
	d := dbtest.SQLite(t)
	if _, err := SeedCorpus(t.Context(), d, quiet()); err != nil {
		t.Fatal(err)
	}
	p := engine.ICP{TargetTitles: []string{"VP Sales", "CTO"}, SignalThreshold: "All signals 40%+ match"}
	plainJob, plain := NewService(NewStore(d), Options{Logger: quiet()}).Search(t.Context(), p)
	if len(plain) < 15 || len(plainJob.Notes) != 0 {
		t.Fatalf("%d leads, notes %q; the test wants at least 15 and no notes", len(plain), plainJob.Notes)
	}
	var ok atomic.Bool
	ok.Store(true)
	svc := NewService(NewStore(d), Options{Logger: quiet(), Reviewer: llm.New(llm.Options{BaseURL: reviewingLLM(t, &ok), Model: "m"}), ReviewTop: 15})
	job, leads := svc.Search(t.Context(), p)
	want := "model review: the model re-read the best 15 leads; 2 dropped (no live signal), 0 retyped"
	if job.Status != StatusComplete || !slices.Equal(job.Notes, []string{want}) {
		t.Fatalf("job %s, notes %q; want %q", job.Status, job.Notes, want)
	}
	ids := func(ls []engine.Lead) []string {
		var out []string
		for _, l := range ls {
			out = append(out, l.PostID)
		}
		return out
	}
	// The first lead of each batch of ten is gone, the rest keep their
	// order, and the next leads fill the room (the limit is 50).
	wantIDs := slices.Delete(ids(plain), 10, 11)[1:]
	if got := ids(leads); len(plain) != 50 || len(got) != 50 || !slices.Equal(got[:48], wantIDs) {
		t.Fatalf("leads %v\nwant  %v and two more", got, wantIDs)
	}
	if cues := leads[0].Detection.Cues; cues[len(cues)-1] != "model review: as the detector reads it" {
		t.Fatalf("reviewed lead's cues %q", cues)
	}
	ok.Store(false)
	job, leads = svc.Search(t.Context(), p)
	want = fmt.Sprintf("model review: unavailable (%s); leads as the detector found them", "status 500")
	if job.Status != StatusComplete || !slices.Equal(job.Notes, []string{want}) || !slices.Equal(ids(leads), ids(plain)) {
		t.Fatalf("model failing: job %s, notes %q, %d leads", job.Status, job.Notes, len(leads))
	}
}

func TestReviewNote(t *testing.T) {
	fail := &llm.Error{Reason: "no answer within 8s", Err: fmt.Errorf("deadline")}
	for _, tc := range []struct {
		r    pipeline.ReviewReport
		want string
	}{
		{pipeline.ReviewReport{}, ""},
		{pipeline.ReviewReport{Asked: 20, Reviewed: 20, Dropped: 4, Retyped: 2, Unfit: 1},
			"model review: the model re-read the best 20 leads; 4 dropped (no live signal), 2 retyped (1 of them dropped: no longer a fit for the ICP)"},
		{pipeline.ReviewReport{Asked: 20, Reviewed: 10, Dropped: 1, Err: fail},
			"model review: the model re-read 10 of the best 20 leads (the rest unavailable: no answer within 8s); 1 dropped (no live signal), 0 retyped"},
		{pipeline.ReviewReport{Asked: 5, Err: fmt.Errorf("wrong count")}, "model review: unavailable (error); leads as the detector found them"},
	} {
		if got := reviewNote(tc.r); got != tc.want {
			t.Errorf("reviewNote(%+v)\n got %q\nwant %q", tc.r, got, tc.want)
		}
	}
}
