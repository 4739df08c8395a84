package pipeline

import (
	"context"
	"slices"
	"sync"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/draft"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/score"
)

// Reviewer reads posts a second time: a language model briefed with the
// labelling rule book (package search/llm). Review takes 1 to ReviewBatch
// posts and returns one detection per post, in order.
type Reviewer interface {
	Review(ctx context.Context, posts []engine.Post) ([]engine.Detection, error)
}

const (
	// ReviewBatch is the most posts handed to a Reviewer at once.
	ReviewBatch = 10
	// reviewParallel is the most batches out at once.
	reviewParallel = 3
)

// ReviewReport says what a review did to a search's leads.
type ReviewReport struct {
	// Asked is the number of leads whose posts were sent for review;
	// Reviewed, those the reviewer answered for (a failed batch's leads
	// stay as the detector found them).
	Asked, Reviewed int
	// Dropped counts the reviewed leads removed because the reviewer found
	// no live signal in their posts.
	Dropped int
	// Retyped counts the reviewed leads whose signal type the reviewer
	// changed (re-fitted, re-scored and re-drafted); Unfit, those of them
	// removed because as that type they fell below the ICP's threshold or
	// hit an exclusion.
	Retyped, Unfit int
	// Err is the first failed batch's error, nil when every batch was
	// answered.
	Err error
	// Counts say what became of the posts the run read (before review).
	Counts Counts
	// Drafted is the number of drafts the Writer wrote and kept; DraftErr
	// the first model draft that failed or was refused (those leads keep
	// the template's draft).
	Drafted  int
	DraftErr error
}

// review has opt.Reviewer re-read the posts behind the first
// opt.ReviewTop leads. Where it finds no live signal the lead goes; where
// it finds another type the lead takes that type, and is fitted, scored
// and drafted again; where it agrees the lead keeps its detection and
// gains the reviewer's reason as a cue. The result is sorted again.
func review(ctx context.Context, leads []engine.Lead, scored []Scored, m *icp.Matcher, opt Options) ([]engine.Lead, ReviewReport) {
	byID := make(map[string]*Scored, len(scored))
	for i := range scored {
		byID[LeadID(scored[i].Post)] = &scored[i]
	}
	n := min(opt.ReviewTop, len(leads))
	rep := ReviewReport{Asked: n}
	verdicts := make([]*engine.Detection, n)
	var mu sync.Mutex
	var wg sync.WaitGroup
	slots := make(chan struct{}, reviewParallel)
	for lo := 0; lo < n; lo += ReviewBatch {
		hi := min(lo+ReviewBatch, n)
		posts := make([]engine.Post, 0, hi-lo)
		for _, l := range leads[lo:hi] {
			posts = append(posts, *byID[l.ID].Post)
		}
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			dets, err := opt.Reviewer.Review(ctx, posts)
			if err == nil && len(dets) != len(posts) {
				err = errWrongCount
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if rep.Err == nil {
					rep.Err = err
				}
				return
			}
			for i := range dets {
				verdicts[lo+i] = &dets[i]
			}
		})
	}
	wg.Wait()
	minScore := score.MinScore(m.ICP().SignalThreshold)
	now := opt.now()
	out := make([]engine.Lead, 0, len(leads))
	for i, l := range leads {
		if i >= n || verdicts[i] == nil {
			out = append(out, l)
			continue
		}
		rep.Reviewed++
		v := verdicts[i]
		if !v.Intent || v.SignalType == engine.None {
			rep.Dropped++
			continue
		}
		if v.SignalType == l.Detection.SignalType {
			l.Detection.Cues = append(slices.Clip(l.Detection.Cues), v.Cues...)
			out = append(out, l)
			continue
		}
		rep.Retyped++
		s := *byID[l.ID]
		s.Detection.SignalType, s.Detection.Cues = v.SignalType, v.Cues
		sub := s.Subject
		sub.Signal, sub.Live = string(v.SignalType), true
		rel, relevant, f := m.Judge(sub)
		s.Fit, s.Relevance = f, rel
		s.Score = leadScore(s.Fit, s.Detection, s.Post.PublishedAt, now)
		if opt.Adjust != nil {
			s.Score = opt.Adjust(s.Post, s.Score)
		}
		if !relevant || s.Fit.Excluded || s.Score < minScore {
			rep.Unfit++
			continue
		}
		out = append(out, drafter{book: opt.DraftBook, facts: opt.DraftFacts.Merge(draft.FactsOf(m.ICP()))}.toLead(s))
	}
	slices.SortStableFunc(out, func(a, b engine.Lead) int {
		return better(a.IntentScore, b.IntentScore, a.Relevance.Score, b.Relevance.Score, a.PublishedAt, b.PublishedAt)
	})
	return out, rep
}

type reviewError string

func (e reviewError) Error() string { return string(e) }

// errWrongCount is a reviewer answering for more or fewer posts than it
// was sent.
const errWrongCount = reviewError("the reviewer answered for a different number of posts")
