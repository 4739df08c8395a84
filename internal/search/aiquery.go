package search

import (
	"context"
	"errors"

	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/search/llm"
)

// query picks a search's query and records it in the job. With useAIQueries
// and a model, the model's queries lead and the rule-based terms follow
// (they keep the index's recall when the model's phrases are too narrow);
// a model that fails, or none configured, leaves the rule-based terms and a
// note in the job, never a failed search.
func (s *Service) query(ctx context.Context, job *Job, m *icp.Matcher) Query {
	rules := QueryForMatcher(m)
	q := rules
	if job.ICP.UseAIQueries {
		if s.opt.Model == nil {
			job.Notes = append(job.Notes, "useAIQueries: no model is configured (LLM_BASE_URL); rule-based queries used")
		} else if ai, err := s.opt.Model.Queries(ctx, job.ICP); err != nil {
			s.opt.Logger.Warn("model queries failed; using rule-based queries", "job", job.ID, "err", err)
			job.Notes = append(job.Notes, "useAIQueries: the model's queries were unavailable ("+reason(err)+"); rule-based queries used")
		} else {
			q = Query{Terms: terms(ai, rules.Terms)}
			job.Notes = append(job.Notes, "useAIQueries: queries written by the model")
		}
	}
	job.Queries = q.Terms
	if job.Queries == nil {
		job.Queries = []string{}
	}
	return q
}

// reason is a short, safe account of a model failure for the job's notes
// (the full error, which may name the model's host, goes to the log only).
func reason(err error) string {
	var e *llm.Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return "error"
}
