package search

import (
	"context"
	"fmt"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
)

// run performs one search: the queries (a model's, when asked for and
// available), the index and every live source side by side, then the
// pipeline over what they found. It returns the finished job, complete or
// failed; ctx ending early (shutdown) shows in ctx.Err, and the caller then
// discards the result so that the job runs again.
func (s *Service) run(ctx context.Context, job Job) (Job, []engine.Lead) {
	ctx, cancel := context.WithTimeout(ctx, s.opt.JobTimeout)
	defer cancel()
	// Keyed by the job, a source's remote work (an Exa webset) is reused
	// when River runs the same job again, never bought twice.
	ctx = WithJobKey(ctx, job.ID)
	job.Sources = map[string]string{}
	job.Notes = []string{}
	// The ICP is compiled once: for the index query and the pipeline.
	m := icp.CompileWith(job.ICP, s.opt.RelevanceModel)
	q := s.query(ctx, &job, m)
	posts, err := s.gather(ctx, &job, q)
	var leads []engine.Lead
	if err != nil {
		job.Status, job.Error = StatusFailed, "search failed"
		s.opt.Logger.Error("search job", "job", job.ID, "err", err)
	} else {
		var rev pipeline.ReviewReport
		leads, rev = pipeline.RunReviewed(ctx, posts, job.ICP, pipeline.Options{Verifier: s.opt.Verifier, Limit: s.opt.MaxLeads,
			Reviewer: s.opt.Reviewer, ReviewTop: s.opt.ReviewTop, MaxAge: s.opt.MaxAge, Now: s.now, Matcher: m, Writer: s.opt.Writer, Speaker: s.opt.Speaker, ReadLive: s.opt.ReadLive})
		if rev.Err != nil {
			s.opt.Logger.Warn("lead review failed", "job", job.ID, "reviewed", rev.Reviewed, "asked", rev.Asked, "err", rev.Err)
		}
		if rev.DraftErr != nil {
			s.opt.Logger.Warn("model drafts failed; the templates' kept", "job", job.ID, "drafted", rev.Drafted, "err", rev.DraftErr)
		}
		if note := reviewNote(rev); note != "" {
			job.Notes = append(job.Notes, note)
		}
		if len(leads) == 0 {
			job.Notes = append(job.Notes, CountsNote(rev.Counts, len(leads)))
		}
		job.Status, job.LeadCount = StatusComplete, len(leads)
	}
	if leads == nil {
		leads = []engine.Lead{}
	}
	at := s.now().UTC()
	job.FinishedAt = &at
	return job, leads
}

// CountsNote says what became of the posts a search read, so a search with
// few or no leads says why: e.g. "read 295 posts: 120 with no live buying
// signal, 150 not about the ICP's topic, 0 too old (LEAD_MAX_AGE), 2
// excluded, 3 below the signal threshold; 20 leads".
func CountsNote(c pipeline.Counts, leads int) string {
	return fmt.Sprintf("read %d posts: %d with no live buying signal, %d not about the ICP's topic, %d too old (LEAD_MAX_AGE), %d excluded, %d below the signal threshold; %d leads",
		c.Read, c.NoIntent, c.NotRelevant, c.TooOld, c.Excluded, c.BelowThreshold, leads)
}

// reviewNote tells in the job what the model's review of its leads did,
// or "" when there was none.
func reviewNote(r pipeline.ReviewReport) string {
	if r.Asked == 0 {
		return ""
	}
	if r.Reviewed == 0 {
		return fmt.Sprintf("model review: unavailable (%s); leads as the detector found them", reason(r.Err))
	}
	what := fmt.Sprintf("%d dropped (no live signal), %d retyped", r.Dropped, r.Retyped)
	if r.Unfit > 0 {
		what += fmt.Sprintf(" (%d of them dropped: no longer a fit for the ICP)", r.Unfit)
	}
	if r.Reviewed < r.Asked {
		return fmt.Sprintf("model review: the model re-read %d of the best %d leads (the rest unavailable: %s); %s", r.Reviewed, r.Asked, reason(r.Err), what)
	}
	return fmt.Sprintf("model review: the model re-read the best %d leads; %s", r.Asked, what)
}

// gather collects candidate posts. The index failing fails the search (it
// is ours); a live source failing only marks that source failed.
func (s *Service) gather(ctx context.Context, job *Job, q Query) ([]engine.Post, error) {
	wait := Ask(ctx, s.sources(ctx), q, s.opt.SourceLimit, s.opt.SourceTimeout)
	indexed, err := s.candidates(ctx, q)
	var all []engine.Post
	for _, a := range wait() {
		status := StatusComplete
		if a.Err != nil {
			status = StatusFailed
			s.opt.Logger.Warn("search source failed", "job", job.ID, "source", a.Source, "err", a.Err)
		} else if job.Owner != OwnerAnonymous && len(a.Posts) > 0 {
			if _, err := s.store.AddPosts(ctx, a.Posts); err != nil {
				s.opt.Logger.Warn("store source posts", "job", job.ID, "source", a.Source, "err", err)
			}
		}
		job.Sources[a.Source] = status
		all = append(all, a.Posts...)
	}
	if err != nil {
		job.Sources[IndexSource] = StatusFailed
		return nil, err
	}
	job.Sources[IndexSource] = StatusComplete
	return uniquePosts(append(indexed, all...)), nil
}

// candidates reads the index: the best matches for q, topped up with the
// newest posts while there is room, because the index matches words while
// the detector and the fit also read meaning (a "VP of Sales" posting about
// hiring matches an ICP asking for sales leaders without sharing a phrase).
// On a small corpus that reads everything; on a large one the matches fill
// the budget.
func (s *Service) candidates(ctx context.Context, q Query) ([]engine.Post, error) {
	posts, err := s.store.SearchPosts(ctx, q, s.opt.Candidates)
	if err != nil || q.Empty() || len(posts) >= s.opt.Candidates {
		return posts, err
	}
	recent, err := s.store.SearchPosts(ctx, Query{}, s.opt.Candidates)
	if err != nil {
		return nil, err
	}
	posts = uniquePosts(append(posts, recent...))
	return posts[:min(len(posts), s.opt.Candidates)], nil
}

// uniquePosts drops a post seen twice (a live source's post already in the
// index), keeping the first.
func uniquePosts(posts []engine.Post) []engine.Post {
	seen := make(map[string]bool, len(posts))
	out := posts[:0]
	for _, p := range posts {
		k := p.Source + "\x00" + p.ID
		if !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	return out
}
