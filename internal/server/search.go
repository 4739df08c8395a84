package server

import (
	"context"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/hackernews"
)

// buildSearch wires the live lead search: the background search service,
// its public calls (demo key, anonymous searches rate limited) and the
// admin data calls.
func (s *Server) buildSearch() {
	c := s.cfg
	store := search.NewStore(s.db)
	var sources []search.Source
	if c.HNEnabled {
		sources = append(sources, hackernews.New(""))
	}
	s.searchSvc = search.NewService(store, search.Options{Sources: sources, Logger: s.log,
		Verifier: pipeline.NewVerifier(c.EmailVerify, c.EmailVerifyTimeout)})
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
