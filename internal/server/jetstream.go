package server

import (
	"context"
	"github.com/signalpipe/signalpipe/internal/search/querylang"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/jetstream"
)

// buildJetstream prepares the Bluesky Jetstream consumer when
// JETSTREAM_ENABLED (README.md, "Bluesky Jetstream"): it filters posts with
// the active agents' queries and INGEST_QUERIES.
func (s *Server) buildJetstream() {
	c := s.cfg
	if !c.JetstreamEnabled {
		return
	}
	var ingestQueries []querylang.Query
	for _, q := range c.IngestQueries {
		if pq, err := querylang.ParseQuery(q); err == nil {
			ingestQueries = append(ingestQueries, pq)
		} else {
			s.log.Warn("jetstream: an ingest query is not in the query language; left out", "query", q, "err", err)
		}
	}
	agents := clients.NewStore(s.db, s.jobs)
	s.stream = jetstream.New(jetstream.Options{URL: c.JetstreamURL, DB: s.db, Posts: search.NewStore(s.db),
		Health: s.health, Logger: s.log,
		Queries: func(ctx context.Context) ([]querylang.Query, error) {
			qs, err := agents.ActiveQueries(ctx)
			return append(qs, ingestQueries...), err
		}})
}

// startStream runs the consumer until the returned stop is called, which
// waits for it to store what it read and release its lease.
func (s *Server) startStream() (stop func()) {
	if s.stream == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.stream.Run(ctx)
	}()
	return func() { cancel(); <-done }
}
