package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
)

func (s *Service) work() {
	for {
		select {
		case <-s.ctx.Done():
			return
		case e := <-s.queue:
			s.run(e)
		}
	}
}

// run performs one search: the index and every live source side by side,
// then the pipeline over what they found.
func (s *Service) run(e *entry) {
	ctx, cancel := context.WithTimeout(s.ctx, s.opt.JobTimeout)
	defer cancel()
	job := e.job // the worker's copy; published with finish
	job.Sources = map[string]string{}
	q := QueryFor(job.ICP)
	posts, err := s.gather(ctx, &job, q)
	if err != nil {
		job.Status, job.Error = StatusFailed, "search failed"
		s.opt.Logger.Error("search job", "job", job.ID, "err", err)
		s.finish(e, job, nil)
		return
	}
	leads := pipeline.Run(ctx, posts, job.ICP, pipeline.Options{Verifier: s.opt.Verifier, Limit: s.opt.MaxLeads})
	job.Status, job.LeadCount = StatusComplete, len(leads)
	s.finish(e, job, leads)
}

// gather collects candidate posts. The index failing fails the search (it
// is ours); a live source failing only marks that source failed.
func (s *Service) gather(ctx context.Context, job *Job, q Query) ([]engine.Post, error) {
	var mu sync.Mutex
	var all []engine.Post
	var wg sync.WaitGroup
	for _, src := range s.opt.Sources {
		wg.Go(func() {
			posts, err := src.Find(ctx, q, s.opt.SourceLimit)
			status := StatusComplete
			if err != nil {
				status = StatusFailed
				s.opt.Logger.Warn("search source failed", "job", job.ID, "source", src.Name(), "err", err)
			} else if job.Owner != OwnerAnonymous && len(posts) > 0 {
				if _, err := s.store.AddPosts(ctx, posts); err != nil {
					s.opt.Logger.Warn("store source posts", "job", job.ID, "source", src.Name(), "err", err)
				}
			}
			mu.Lock()
			job.Sources[src.Name()] = status
			all = append(all, posts...)
			mu.Unlock()
		})
	}
	indexed, err := s.candidates(ctx, q)
	wg.Wait()
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

// finish publishes the job's end: stored first for admin jobs, so a status
// check that sees "complete" can also find the stored leads.
func (s *Service) finish(e *entry, job Job, leads []engine.Lead) {
	at := s.now().UTC()
	job.FinishedAt = &at
	if leads == nil {
		leads = []engine.Lead{}
	}
	if job.Owner != OwnerAnonymous {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(s.ctx), s.opt.JobTimeout)
		err := s.store.FinishJob(ctx, &job, leads)
		cancel()
		if err != nil {
			s.opt.Logger.Error("store search job", "job", job.ID, "err", err)
		}
	}
	s.mu.Lock()
	e.job, e.leads, e.expires = job, leads, at.Add(s.opt.CacheTTL)
	s.mu.Unlock()
}

// fail ends a job that never ran.
func (s *Service) fail(e *entry, reason string) {
	job := e.job
	job.Status, job.Error = StatusFailed, reason
	s.finish(e, job, nil)
}

// Status reports on searches: "complete" when every one has finished
// (complete or failed), else "running"; and the leads found so far, best
// first, de-duplicated across searches. Unknown ids count as complete with
// no leads. Searches no longer in memory are read from the database (only
// admin searches are there).
func (s *Service) Status(ctx context.Context, ids []string) (string, []engine.Lead, error) {
	status := StatusComplete
	var leads []engine.Lead
	for _, id := range ids {
		job, found, ok := s.lookup(id)
		if !ok {
			var err error
			job, found, ok, err = s.stored(ctx, id)
			if err != nil {
				return "", nil, err
			}
			if !ok {
				continue
			}
		}
		if job.Status == StatusRunning {
			status = StatusRunning
		}
		leads = append(leads, found...)
	}
	slices.SortStableFunc(leads, func(a, b engine.Lead) int { return cmp.Compare(b.IntentScore, a.IntentScore) })
	leads = engine.Dedup(leads)
	if leads == nil {
		leads = []engine.Lead{}
	}
	return status, leads, nil
}

func (s *Service) stored(ctx context.Context, id string) (Job, []engine.Lead, bool, error) {
	job, err := s.store.Job(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return Job{}, nil, false, nil
	}
	if err != nil {
		return Job{}, nil, false, err
	}
	leads, err := s.store.JobLeads(ctx, id)
	if err != nil {
		return Job{}, nil, false, fmt.Errorf("status %s: %w", id, err)
	}
	return *job, leads, true, nil
}

// Search runs one search now, in the caller's goroutine, and stores
// nothing (the CLI's `signalpipe search`).
func (s *Service) Search(p engine.ICP) (Job, []engine.Lead) {
	e := &entry{job: Job{ID: newJobID(), Status: StatusRunning, Owner: OwnerAnonymous, ICP: p,
		Queries: QueryFor(p).Terms, Sources: s.sourceStatus(), CreatedAt: s.now().UTC()}}
	s.run(e)
	return e.job, e.leads
}
