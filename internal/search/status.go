package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// Status reports on searches: "complete" when every one has finished
// (complete or failed), else "running"; and the leads found so far, best
// first, de-duplicated across searches. Unknown and expired ids count as
// complete with no leads, and so do admin searches unless admin is set:
// their leads are the admin's, and an id is no credential. Everything is
// read from the database, so any instance answers for a search that any
// other started or ran.
func (s *Service) Status(ctx context.Context, ids []string, admin bool) (string, []engine.Lead, error) {
	r, err := s.status(ctx, ids, admin)
	return r.status, r.leads, err
}

// statusReport is Status' answer with how many ids named a search and
// their finished searches' notes (each once, in order).
type statusReport struct {
	status string
	leads  []engine.Lead
	known  int
	notes  []string
}

// status is Status that also counts the ids that named a search and
// gathers the notes of those that finished.
func (s *Service) status(ctx context.Context, ids []string, admin bool) (statusReport, error) {
	known := 0
	status := StatusComplete
	notes := []string{}
	var leads []engine.Lead
	for _, id := range ids {
		job, found, err := s.lookup(ctx, id, admin)
		if errors.Is(err, db.ErrNotFound) {
			continue
		}
		if err != nil {
			return statusReport{}, err
		}
		known++
		if job.Status == StatusRunning {
			status = StatusRunning
		}
		for _, n := range job.Notes {
			if !slices.Contains(notes, n) {
				notes = append(notes, n)
			}
		}
		leads = append(leads, found...)
	}
	slices.SortStableFunc(leads, func(a, b engine.Lead) int { return cmp.Compare(b.IntentScore, a.IntentScore) })
	leads = engine.Dedup(leads)
	if leads == nil {
		leads = []engine.Lead{}
	}
	return statusReport{status: status, leads: leads, known: known, notes: notes}, nil
}

// lookup finds a search: an anonymous one in search_results, else, for an
// admin, an admin one in search_jobs with its stored leads; db.ErrNotFound
// if neither holds it.
func (s *Service) lookup(ctx context.Context, id string, admin bool) (Job, []engine.Lead, error) {
	job, leads, err := s.store.Result(ctx, id)
	if !errors.Is(err, db.ErrNotFound) || !admin {
		return job, leads, err
	}
	stored, err := s.store.Job(ctx, id)
	if err != nil {
		return Job{}, nil, err
	}
	leads, err = s.store.JobLeads(ctx, id)
	if err != nil {
		return Job{}, nil, fmt.Errorf("status %s: %w", id, err)
	}
	return *stored, leads, nil
}
