package clients

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
	"github.com/signalpipe/signalpipe/internal/engine/labelled"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
)

// TestLearn: a term in several noise leads and no good one is
// down-weighted, one in the good leads up-weighted; too few judged leads
// leave the tuning inactive; older feedback weighs less; the adjustment is
// bounded.
func TestLearn(t *testing.T) {
	now := time.Now()
	var judged []judgedLead
	for i := range 6 {
		judged = append(judged, judgedLead{text: fmt.Sprintf("I am open to work as a recruiter, ping me %d", i), at: now})
		judged = append(judged, judgedLead{text: fmt.Sprintf("We are switching from hubspot, any CRM advice %d", i), good: true, at: now})
	}
	tu := learn(judged[:TuneMinJudged-1], now)
	if tu.Active || tu.Adjust("open to work") != 0 {
		t.Errorf("active with %d judged leads: %+v", tu.Judged, tu)
	}
	tu = learn(judged, now)
	if !tu.Active || tu.Judged != 12 || tu.Good != 6 || tu.Noise != 6 {
		t.Fatalf("tuning %+v", tu)
	}
	if !slices.Contains(tu.Summary, "down-weights 'open to work' (6 noise, 0 good)") && !slices.Contains(tu.Summary, "down-weights 'open' (6 noise, 0 good)") {
		t.Errorf("summary %q", tu.Summary)
	}
	if !slices.ContainsFunc(tu.Summary, func(s string) bool { return strings.HasPrefix(s, "up-weights 'hubspot'") }) {
		t.Errorf("summary %q", tu.Summary)
	}
	down, up := tu.Adjust("Open to work, recruiter here"), tu.Adjust("Switching from HubSpot to a new CRM")
	if down >= 0 || up <= 0 || tu.Adjust("unrelated words entirely") != 0 {
		t.Errorf("adjust: noise-like %d, good-like %d", down, up)
	}
	if down < -TuneMaxAdjust || up > TuneMaxAdjust {
		t.Errorf("adjust out of bounds: %d, %d", down, up)
	}
	// The same noise given a year ago weighs less than today's good.
	for i := range judged {
		if !judged[i].good {
			judged[i].at = now.Add(-365 * 24 * time.Hour)
		}
	}
	old := learn(judged, now)
	if d := old.Adjust("Open to work, recruiter here"); d <= down {
		t.Errorf("year-old noise moves %d, today's %d", d, down)
	}
}

// replay is a labelled stream given to an agent: feedback on the leads of
// the first half (good when relevant says so), then the second half's
// leads without and with what the feedback taught.
type replay struct {
	judged                    int
	before, after             []engine.Lead
	relevantInSecond          int
	precBefore, precAfter     float64
	recallBefore, recallAfter float64
	summary                   []string
}

func replayStream(ex []evaluate.Example, threshold int, relevant func(evaluate.Example) bool) replay {
	now := time.Now()
	posts := make([]engine.Post, len(ex))
	rel := map[string]bool{}
	for i, e := range ex {
		posts[i] = engine.Post{ID: e.ID, Title: e.Title, Text: e.Text, Source: e.Source, Platform: e.Source,
			URL: "https://labelled.example/" + e.ID, PublishedAt: now.Add(-time.Hour)}
		rel[e.ID] = relevant(e)
	}
	half := len(posts) / 2
	p := engine.ICP{SignalThreshold: fmt.Sprint(threshold)}
	var judged []judgedLead
	for _, l := range pipeline.Run(context.Background(), posts[:half], p, pipeline.Options{}) {
		judged = append(judged, judgedLead{text: l.FullContext, good: rel[l.PostID], at: now})
	}
	tu := learn(judged, now)
	var r replay
	r.judged, r.summary = len(judged), tu.Summary
	for _, e := range ex[half:] {
		if rel[e.ID] {
			r.relevantInSecond++
		}
	}
	var raised, lowered atomic.Int64
	r.before = pipeline.Run(context.Background(), posts[half:], p, pipeline.Options{})
	r.after = pipeline.Run(context.Background(), posts[half:], p, pipeline.Options{Adjust: tu.adjuster(threshold, &raised, &lowered)})
	measure := func(leads []engine.Lead) (prec, recall float64) {
		good := 0
		for _, l := range leads {
			if rel[l.PostID] {
				good++
			}
		}
		return float64(good) / float64(max(1, len(leads))), float64(good) / float64(max(1, r.relevantInSecond))
	}
	r.precBefore, r.recallBefore = measure(r.before)
	r.precAfter, r.recallAfter = measure(r.after)
	return r
}

// TestFeedbackReplay replays the labelled test split (held out from the
// detector's training) in file order: feedback on the first half's leads,
// precision and recall on the second half's before and after. Two
// clients: one who wants every live buying signal (noise: the detector's
// false positives), one who sells a tool and wants only tool research and
// competitor talk (noise: also hiring, funding and job changes). The
// figures are in docs/performance.md "Feedback replay"; the test fails
// when feedback changes nothing.
func TestFeedbackReplay(t *testing.T) {
	ex := labelled.Split("test")
	for _, c := range []struct {
		name      string
		threshold int
		relevant  func(evaluate.Example) bool
		minGain   float64
	}{
		// 0: the detector trained with real headlines (issue 30) leaves
		// this client's noise (its own false positives, precision 0.892
		// before feedback) where feedback finds nothing to move; the
		// test still fails if feedback costs it precision or recall. The
		// tool buyers' client below must still gain.
		{"any intent", 60, func(e evaluate.Example) bool { return e.Intent }, 0},
		{"tool buyers", 60, func(e evaluate.Example) bool {
			return e.Intent && (e.SignalType == engine.CompetitorEngagement || e.SignalType == engine.TechResearch)
		}, 0.05},
	} {
		r := replayStream(ex, c.threshold, c.relevant)
		t.Logf("%s (threshold %d): %d judged; second half: %d leads, precision %.3f, recall %.3f -> %d leads, precision %.3f, recall %.3f",
			c.name, c.threshold, r.judged, len(r.before), r.precBefore, r.recallBefore, len(r.after), r.precAfter, r.recallAfter)
		if r.precAfter < r.precBefore+c.minGain {
			t.Errorf("%s: precision %.3f -> %.3f, want a gain of at least %.2f", c.name, r.precBefore, r.precAfter, c.minGain)
		}
		if r.recallAfter < r.recallBefore-0.05 {
			t.Errorf("%s: recall %.3f -> %.3f", c.name, r.recallBefore, r.recallAfter)
		}
	}
}

// judgePosts gives feedback on every lead of the client: noise for the
// posts noisy names, good otherwise.
func judgeAll(t *testing.T, e *env, clientID string, noisy func(postID string) bool) {
	t.Helper()
	var page struct{ Leads []ClientLead }
	e.do(t, "GET", "/api/admin/clients/"+clientID+"/leads?limit=100", "", 200, &page)
	for _, l := range page.Leads {
		if l.Feedback != nil && l.Feedback.Verdict != "" {
			continue
		}
		verdict := "good"
		if noisy(l.PostID) {
			verdict = "noise"
		}
		e.do(t, "POST", "/api/admin/client-leads/"+l.ID+"/feedback", `{"verdict":"`+verdict+`","reason":"job seeker, not a buyer"}`, 200, nil)
	}
}

// seekerPost is a post that scores as a lead but comes from someone
// looking for work, the noise this client marks.
func seekerPost(i int) engine.Post {
	p := intentPost(i)
	p.Text += " Also: I am open to work, my portfolio is linked, recruiters welcome."
	return p
}

// TestFeedbackTunesNextRun: the client's feedback on one run's leads is
// stored as the agent's tuning (shown to the admin in words), and the next
// run keeps new posts like the noise under the threshold while it
// delivers posts like the good leads; a reset forgets it.
func TestFeedbackTunesNextRun(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		var posts []engine.Post
		for i := range 12 {
			if i%2 == 0 {
				posts = append(posts, seekerPost(i))
			} else {
				posts = append(posts, intentPost(i))
			}
		}
		addPosts(t, e, posts...)
		if run := e.runNow(t, a.ID); run.LeadsAdded != 12 {
			t.Fatalf("first run %+v", run)
		}
		var tu Tuning
		e.do(t, "GET", "/api/admin/agents/"+a.ID+"/tuning", "", 200, &tu)
		if tu.Active || tu.Judged != 0 {
			t.Fatalf("tuning before feedback %+v", tu)
		}
		// The threshold sits just under these leads' score, as a client's
		// would sit under the leads it wants.
		var page struct{ Leads []ClientLead }
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?limit=100", "", 200, &page)
		threshold := page.Leads[0].Score - 5
		e.do(t, "PATCH", "/api/admin/agents/"+a.ID, fmt.Sprintf(`{"threshold":%d}`, threshold), 200, nil)

		isSeeker := func(id string) bool { n := 0; fmt.Sscanf(id, "p%d", &n); return n%2 == 0 }
		judgeAll(t, e, c.ID, isSeeker)
		e.do(t, "GET", "/api/admin/agents/"+a.ID+"/tuning", "", 200, &tu)
		if !tu.Active || tu.Judged != 12 || tu.Noise != 6 || tu.UpdatedAt == nil {
			t.Fatalf("tuning after feedback %+v", tu)
		}
		if !slices.ContainsFunc(tu.Summary, func(s string) bool {
			return strings.HasPrefix(s, "down-weights '") && strings.Contains(s, "(6 noise, 0 good)")
		}) {
			t.Errorf("summary %q", tu.Summary)
		}

		// New posts: two seekers, two buyers.
		addPosts(t, e, seekerPost(20), intentPost(21), seekerPost(22), intentPost(23))
		run := e.runNow(t, a.ID)
		if run.LeadsAdded != 2 {
			t.Fatalf("tuned run added %d leads, want the 2 buyers: %+v", run.LeadsAdded, run)
		}
		if !slices.ContainsFunc(run.Notes, func(n string) bool { return strings.Contains(n, "kept 2 under it") }) {
			t.Errorf("run notes %q", run.Notes)
		}
		var got []string
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?limit=2", "", 200, &page)
		for _, l := range page.Leads {
			got = append(got, l.PostID)
		}
		slices.Sort(got)
		if fmt.Sprint(got) != "[p21 p23]" {
			t.Errorf("tuned run delivered %v", got)
		}

		// Reset: the tuning forgets, and the next run delivers seekers again.
		e.do(t, "DELETE", "/api/admin/agents/"+a.ID+"/tuning", "", 200, &tu)
		if tu.Active || tu.Judged != 0 || len(tu.Terms) != 0 || tu.ResetAt == nil {
			t.Fatalf("tuning after reset %+v", tu)
		}
		addPosts(t, e, seekerPost(30), intentPost(31))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 2 {
			t.Fatalf("run after reset %+v", run)
		}
		e.do(t, "GET", "/api/admin/agents/nope/tuning", "", 404, nil)
		e.do(t, "DELETE", "/api/admin/agents/nope/tuning", "", 404, nil)
	})
}

// TestRetuneAcrossInstances: feedback given at once through two instances
// leaves a tuning that counts every verdict (the agent's row is held while
// it is recomputed, so an older tuning never overwrites a newer one).
func TestRetuneAcrossInstances(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e1, e2 := newEnv(t, d), newEnv(t, d)
		c := newClient(t, e1.store, 0)
		a := newAgent(t, e1.store, c.ID, nil)
		var posts []engine.Post
		for i := range 16 {
			posts = append(posts, seekerPost(i))
		}
		addPosts(t, e1, posts...)
		if run := e1.runNow(t, a.ID); run.LeadsAdded != 16 {
			t.Fatalf("run %+v", run)
		}
		leads, _, err := e1.store.Leads(context.Background(), c.ID, LeadFilter{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for i, l := range leads {
			s := []*Store{e1.store, e2.store}[i%2]
			verdict := []string{VerdictGood, VerdictNoise}[i/2%2]
			wg.Go(func() {
				if _, err := s.UpdateLead(context.Background(), "", l.ID, LeadEdit{Feedback: &Feedback{Verdict: verdict}}); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		tu, err := e2.store.Tuning(context.Background(), a.ID)
		if err != nil {
			t.Fatal(err)
		}
		if tu.Judged != 16 || tu.Good != 8 || tu.Noise != 8 || !tu.Active {
			t.Errorf("tuning after parallel feedback %+v", tu)
		}
	})
}

// BenchmarkLearn is the cost of a retune's computation over a full window
// of judged leads (docs/performance.md "Feedback replay").
func BenchmarkLearn(b *testing.B) {
	ex := labelled.All()
	now := time.Now()
	judged := make([]judgedLead, 0, tuneWindow)
	for i := range tuneWindow {
		e := ex[i%len(ex)]
		judged = append(judged, judgedLead{text: e.Title + "\n\n" + e.Text, good: e.Intent, at: now.Add(-time.Duration(i) * time.Hour)})
	}
	b.ResetTimer()
	for b.Loop() {
		learn(judged, now)
	}
}

// TestTuningFades: feedback given long ago counts less; a run finding its
// agent's tuning more than TuneRefresh old learns it again, so two-year-old
// noise no longer keeps posts under the threshold.
func TestTuningFades(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		var posts []engine.Post
		for i := range 12 {
			if i%2 == 0 {
				posts = append(posts, seekerPost(i))
			} else {
				posts = append(posts, intentPost(i))
			}
		}
		addPosts(t, e, posts...)
		if run := e.runNow(t, a.ID); run.LeadsAdded != 12 {
			t.Fatalf("first run %+v", run)
		}
		var page struct{ Leads []ClientLead }
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?limit=100", "", 200, &page)
		e.do(t, "PATCH", "/api/admin/agents/"+a.ID, fmt.Sprintf(`{"threshold":%d}`, page.Leads[0].Score-5), 200, nil)
		judgeAll(t, e, c.ID, func(id string) bool { n := 0; fmt.Sscanf(id, "p%d", &n); return n%2 == 0 })
		fresh, err := e.store.Tuning(context.Background(), a.ID)
		if err != nil || !fresh.Active {
			t.Fatalf("tuning %+v %v", fresh, err)
		}
		// Two years pass without feedback.
		old := time.Now().Add(-2 * 365 * 24 * time.Hour)
		if _, err := d.Writer.Exec(d.Rebind(`UPDATE client_leads SET feedback_at = ? WHERE client_id = ?`), d.TimeArg(old), c.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Writer.Exec(d.Rebind(`UPDATE agent_tuning SET updated_at = ? WHERE agent_id = ?`), d.TimeArg(old), a.ID); err != nil {
			t.Fatal(err)
		}
		addPosts(t, e, seekerPost(20), intentPost(21))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 2 {
			t.Errorf("run after two quiet years added %d leads, want both: %+v", run.LeadsAdded, run)
		}
		faded, err := e.store.Tuning(context.Background(), a.ID)
		if err != nil || faded.UpdatedAt == nil || time.Since(*faded.UpdatedAt) > time.Hour {
			t.Fatalf("tuning not learnt again: %+v %v", faded, err)
		}
		if faded.Adjust("I am open to work, recruiters welcome") <= fresh.Adjust("I am open to work, recruiters welcome") {
			t.Errorf("old noise moves as much as fresh: %d vs %d", faded.Adjust("I am open to work, recruiters welcome"),
				fresh.Adjust("I am open to work, recruiters welcome"))
		}
	})
}
