package server

import (
	"net/http"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/engine/enrich"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/ingest"
	"github.com/signalpipe/signalpipe/internal/search/sources"
)

// buildSearch wires the live lead search: searches as River jobs on the
// search queue (any instance runs them and answers their status), its
// public calls (demo key, anonymous searches rate limited) and the admin
// data calls.
func (s *Server) buildSearch(workers *river.Workers) {
	c := s.cfg
	store := search.NewStore(s.db)
	// The live sources are the registry's at each search's start: the
	// console's changes apply without a restart, every fetch is recorded.
	s.sources = sources.NewHandler(s.sourceReg, store, func(r *http.Request) string { who, _ := s.auth.AdminActing(r); return who })
	s.searchSvc = search.NewService(store, search.Options{Runner: s.jobs, Live: s.sourceReg.Live, Model: sources.Model(c), MaxAge: c.LeadMaxAge,
		Reviewer: sources.Reviewer(c), ReviewTop: c.LLMReview, Writer: sources.Writer(c),
		Verifier: enrich.NewVerifier(c.EmailVerify, c.EmailVerifyTimeout),
		Workers:  search.DefaultWorkers(), Logger: s.log})
	river.AddWorker(workers, search.NewWorker(s.searchSvc))
	river.AddWorker(workers, search.NewPurgeWorker(store, s.log))
	s.search = search.NewHandler(s.searchSvc, store, search.HandlerOptions{
		DemoKey: c.DemoKey,
		Limit:   httpx.RateLimit(httpx.NewRateLimiter(c.SearchRateLimit), c.TrustProxyHeaders),
		Admin:   func(r *http.Request) string { who, _ := s.auth.AdminActing(r); return who },
	})
}

// ingestWorker is the periodic ingest's worker. It is registered even when
// INGEST_INTERVAL is 0 here, so a job another instance scheduled is still
// worked instead of failing as an unknown kind.
func (s *Server) ingestWorker() *ingest.Worker {
	// The job boards of the clients' target accounts are read with
	// JOB_BOARDS's at each ingest (docs/clients.md §1); the sources are
	// the registry's at each run's start.
	return ingest.NewWorker(search.NewStore(s.db), ingest.Options{Live: s.sourceReg.Ingest,
		Queries: s.cfg.IngestQueries, Limit: s.cfg.IngestLimit, Logger: s.log})
}
