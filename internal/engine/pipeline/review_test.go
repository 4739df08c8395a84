package pipeline

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/corpus"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/draft"
)

// fakeReviewer answers from a table keyed by post id (agreeing with the
// detector for posts not in it) and fails the batches whose first post is
// in fail.
type fakeReviewer struct {
	mu      sync.Mutex
	batches [][]string
	verdict map[string]engine.Detection
	fail    map[string]bool
	short   bool // answer for one post fewer than sent
}

func (f *fakeReviewer) Review(_ context.Context, posts []engine.Post) ([]engine.Detection, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var ids []string
	for _, p := range posts {
		ids = append(ids, p.ID)
	}
	f.batches = append(f.batches, ids)
	if f.fail[posts[0].ID] {
		return nil, errors.New("model: status 429")
	}
	var out []engine.Detection
	for _, p := range posts {
		v, ok := f.verdict[p.ID]
		if !ok {
			v = engine.Detection{SignalType: reviewDetector.DetectLive(p).SignalType, Intent: true, Cues: []string{"model review: agrees"}}
		}
		out = append(out, v)
	}
	if f.short {
		out = out[1:]
	}
	return out, nil
}

var reviewDetector = detect.Default()

func reviewSetup(t *testing.T) ([]engine.Post, engine.ICP, []engine.Lead) {
	t.Helper()
	posts, err := corpus.Fresh(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	p := engine.ICP{SignalThreshold: "All signals 40%+ match"}
	plain := Run(context.Background(), posts, p, Options{})
	if len(plain) < 40 {
		t.Fatalf("%d leads; the test wants at least 40", len(plain))
	}
	return posts, p, plain
}

func TestReviewDropsRetypesAndConfirms(t *testing.T) {
	posts, p, plain := reviewSetup(t)
	drop, retype, agree := plain[0], plain[1], plain[2]
	other := engine.JobChange
	if retype.Detection.SignalType == other {
		other = engine.HiringActivity
	}
	f := &fakeReviewer{verdict: map[string]engine.Detection{
		drop.PostID:   {SignalType: drop.Detection.SignalType, Intent: false, Cues: []string{"model review: long ago"}},
		retype.PostID: {SignalType: other, Intent: true, Cues: []string{"model review: a new role"}},
	}}
	leads, rep := RunReviewed(context.Background(), posts, p, Options{Limit: 10, Reviewer: f, ReviewTop: 25})
	if rep.Asked != 25 || rep.Reviewed != 25 || rep.Dropped != 1 || rep.Retyped != 1 || rep.Unfit != 0 || rep.Err != nil {
		t.Fatalf("report %+v", rep)
	}
	if len(leads) != 10 {
		t.Fatalf("%d leads: a dropped lead must make room for the next", len(leads))
	}
	for i, b := range f.batches {
		if len(b) == 0 || len(b) > ReviewBatch {
			t.Fatalf("batch %d has %d posts", i, len(b))
		}
	}
	byPost := map[string]engine.Lead{}
	for i, l := range leads {
		byPost[l.PostID] = l
		if i > 0 && leads[i-1].IntentScore < l.IntentScore {
			t.Fatalf("leads out of order at %d", i)
		}
	}
	if _, ok := byPost[drop.PostID]; ok {
		t.Errorf("lead %s kept though the reviewer found no live signal", drop.PostID)
	}
	if l, ok := byPost[agree.PostID]; !ok || !reflect.DeepEqual(l.Detection.Cues, append(slices.Clone(agree.Detection.Cues), "model review: agrees")) ||
		l.Detection.SignalType != agree.Detection.SignalType || l.IntentScore != agree.IntentScore {
		t.Errorf("agreed lead %+v, want %+v plus the reviewer's reason", l.Detection, agree.Detection)
	}
	all, _ := RunReviewed(context.Background(), posts, p, Options{Reviewer: &fakeReviewer{verdict: f.verdict}, ReviewTop: 25})
	i := slices.IndexFunc(all, func(l engine.Lead) bool { return l.PostID == retype.PostID })
	if i < 0 {
		t.Fatalf("the retyped lead is gone (score below the threshold?): the test wants one that stays")
	}
	l := all[i]
	post := posts[slices.IndexFunc(posts, func(q engine.Post) bool { return q.ID == retype.PostID })]
	if l.Detection.SignalType != other || !reflect.DeepEqual(l.Detection.Cues, []string{"model review: a new role"}) ||
		l.Detection.Strength != retype.Detection.Strength ||
		l.Draft.TemplateID != draft.Select(l.Detection, post.Title+" "+post.Text).ID {
		t.Errorf("retyped lead: %+v fit %+v draft %s", l.Detection, l.Fit, l.Draft.TemplateID)
	}
}

func TestReviewFailureKeepsTheDetectorsWord(t *testing.T) {
	posts, p, plain := reviewSetup(t)
	f := &fakeReviewer{verdict: map[string]engine.Detection{}, fail: map[string]bool{plain[10].PostID: true}}
	for _, l := range plain[10:20] {
		f.verdict[l.PostID] = engine.Detection{SignalType: engine.None, Cues: []string{"model review: nothing"}}
	}
	leads, rep := RunReviewed(context.Background(), posts, p, Options{Reviewer: f, ReviewTop: 25})
	if rep.Asked != 25 || rep.Reviewed != 15 || rep.Dropped != 0 || rep.Err == nil || len(f.batches) != 3 {
		t.Fatalf("report %+v after %d batches", rep, len(f.batches))
	}
	for _, l := range plain[10:20] {
		if !slices.ContainsFunc(leads, func(k engine.Lead) bool { return k.PostID == l.PostID }) {
			t.Fatalf("lead %s of the failed batch was dropped", l.PostID)
		}
	}
	// A reviewer answering for the wrong number of posts is a failure too.
	_, rep = RunReviewed(context.Background(), posts, p, Options{Reviewer: &fakeReviewer{short: true}, ReviewTop: 5})
	if rep.Reviewed != 0 || !errors.Is(rep.Err, errWrongCount) {
		t.Fatalf("short answer: report %+v", rep)
	}
	// No reviewer: Run's leads.
	same, rep := RunReviewed(context.Background(), posts, p, Options{})
	rep.Counts = Counts{}
	if !reflect.DeepEqual(same, plain) || rep != (ReviewReport{}) {
		t.Fatalf("without a reviewer the leads differ, or report %+v", rep)
	}
}

// A lead retyped by the reviewer is fitted again as its new type: one that
// fitted only through its type's budget indicator ("recent funding") no
// longer does, and goes.
func TestReviewRetypedLeadMustStillFit(t *testing.T) {
	posts, err := corpus.Fresh(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	p := engine.ICP{BudgetIndicators: []string{"recent funding"}, SignalThreshold: "High 80%+ match"}
	plain := Run(context.Background(), posts, p, Options{})
	i := slices.IndexFunc(plain, func(l engine.Lead) bool { return l.Detection.SignalType == engine.FundingEvent })
	if i < 0 || i >= 10 {
		t.Fatalf("no funding lead among the first ten of %d", len(plain))
	}
	f := &fakeReviewer{verdict: map[string]engine.Detection{plain[i].PostID: {SignalType: engine.JobChange, Intent: true, Cues: []string{"model review: a new CFO"}}}}
	leads, rep := RunReviewed(context.Background(), posts, p, Options{Reviewer: f, ReviewTop: 10})
	if rep.Retyped != 1 || rep.Unfit != 1 || rep.Dropped != 0 || slices.ContainsFunc(leads, func(l engine.Lead) bool { return l.PostID == plain[i].PostID }) {
		t.Fatalf("report %+v; the retyped lead must go", rep)
	}
}
