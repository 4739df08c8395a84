package server

import (
	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/hackernews"
	"github.com/signalpipe/signalpipe/internal/search/llm"
)

// buildSearch wires the live lead search: searches as River jobs on the
// search queue (any instance runs them and answers their status), its
// public calls (demo key, anonymous searches rate limited) and the admin
// data calls.
func (s *Server) buildSearch(workers *river.Workers) {
	c := s.cfg
	store := search.NewStore(s.db)
	var sources []search.Source
	if c.HNEnabled {
		sources = append(sources, hackernews.New(""))
	}
	var model search.QueryModel
	if c.LLMBaseURL != "" {
		model = llm.New(llm.Options{BaseURL: c.LLMBaseURL, APIKey: c.LLMAPIKey, Model: c.LLMModel, Timeout: c.LLMTimeout})
	}
	s.searchSvc = search.NewService(store, search.Options{Runner: s.jobs, Sources: sources, Model: model,
		Workers: search.DefaultWorkers(), Logger: s.log})
	river.AddWorker(workers, search.NewWorker(s.searchSvc))
	river.AddWorker(workers, search.NewPurgeWorker(store, s.log))
	s.search = search.NewHandler(s.searchSvc, store, search.HandlerOptions{
		DemoKey: c.DemoKey,
		Limit:   httpx.RateLimit(httpx.NewRateLimiter(c.SearchRateLimit), c.TrustProxyHeaders),
		Admin:   search.AdminProbe(s.auth.RequireAdmin),
	})
}
