package server

import (
	"context"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/ingest"
	"github.com/signalpipe/signalpipe/internal/search/sources"
)

// buildSearch wires the live lead search: the background search service,
// its public calls (demo key, anonymous searches rate limited) and the
// admin data calls.
func (s *Server) buildSearch() {
	c := s.cfg
	store := search.NewStore(s.db)
	s.searchSvc = search.NewService(store, search.Options{Sources: sources.Live(c), Logger: s.log})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Jobs left running by a stopped process can never finish; any instance
	// may fail them once they are older than a search's time limit.
	if n, err := store.FailStaleJobs(ctx, time.Now().Add(-2*time.Minute)); err != nil {
		s.log.Warn("fail stale search jobs", "err", err)
	} else if n > 0 {
		s.log.Info("marked interrupted search jobs failed", "jobs", n)
	}
	s.search = search.NewHandler(s.searchSvc, store, search.HandlerOptions{
		DemoKey: c.DemoKey,
		Limit:   httpx.RateLimit(httpx.NewRateLimiter(c.SearchRateLimit), c.TrustProxyHeaders),
		Admin:   search.AdminProbe(s.auth.RequireAdmin),
	})
}

// ingestWorker is the periodic ingest's worker. It is registered even when
// INGEST_INTERVAL is 0 here, so a job another instance scheduled is still
// worked instead of failing as an unknown kind.
func (s *Server) ingestWorker() *ingest.Worker {
	all, _ := sources.Ingest(s.cfg, nil) // no filter: cannot fail
	return ingest.NewWorker(search.NewStore(s.db), ingest.Options{Sources: all,
		Queries: s.cfg.IngestQueries, Limit: s.cfg.IngestLimit, Logger: s.log})
}
