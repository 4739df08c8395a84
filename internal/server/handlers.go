package server

import (
	"cmp"
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/buildinfo"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// readyTimeout bounds the readiness probe's database ping and write.
const readyTimeout = 2 * time.Second

// How long a write probe's outcome is reused: a success for a few seconds,
// so /readyz stays cheap however often it is polled, a failure for one, so
// recovery is seen soon.
const (
	writeProbeOK     = 5 * time.Second
	writeProbeFailed = time.Second
)

// writeProbe caches whether the database accepted a write lately.
type writeProbe struct {
	mu  sync.Mutex
	at  time.Time
	err error
	// ok and failed override writeProbeOK and writeProbeFailed, and now
	// the clock (tests).
	ok, failed time.Duration
	now        func() time.Time
}

// check returns the last probe's outcome if still fresh, else probes again.
// Concurrent checks wait for one probe instead of each writing.
func (p *writeProbe) check(ctx context.Context, probe func(context.Context) error) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	ttl := cmp.Or(p.ok, writeProbeOK)
	if p.err != nil {
		ttl = cmp.Or(p.failed, writeProbeFailed)
	}
	now := time.Now
	if p.now != nil {
		now = p.now
	}
	if !p.at.IsZero() && now().Sub(p.at) < ttl {
		return p.err
	}
	err := probe(ctx)
	if err != nil && ctx.Err() != nil {
		// Out of time behind other writes (SQLite has one writer): busy is
		// not failing, and taking the only instance out under load would be
		// an outage. The last outcome stands; the next check probes again.
		return p.err
	}
	p.err, p.at = err, now()
	return p.err
}

// handleHealthz reports that the process is alive; it touches nothing else
// so a slow database never gets a healthy instance restarted.
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// handleReadyz reports whether the instance can serve traffic: it is not
// shutting down, the database answers and accepts writes (a tiny write,
// cached for a few seconds; see writeProbe).
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	if s.draining.Load() {
		httpx.Error(w, r, http.StatusServiceUnavailable, "shutting down", nil)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		httpx.Logger(r.Context()).Warn("readiness check failed", "err", err)
		httpx.Error(w, r, http.StatusServiceUnavailable, "database unavailable", nil)
		return
	}
	if err := s.writes.check(ctx, s.db.ProbeWrite); err != nil {
		httpx.Logger(r.Context()).Warn("readiness check failed: database does not accept writes", "err", err)
		w.Header().Set("Retry-After", httpx.StorageRetryAfter)
		httpx.Error(w, r, http.StatusServiceUnavailable, "database does not accept writes", nil)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

// publicConfig is what the web app needs to know about this deployment.
type publicConfig struct {
	BookingCalendarURL *string `json:"bookingCalendarUrl"`
	BaseURL            string  `json:"baseUrl"`
	Version            string  `json:"version"`
}

func (s *Server) handleConfig(w http.ResponseWriter, r *http.Request) {
	c := publicConfig{BaseURL: s.cfg.BaseURL, Version: buildinfo.Version}
	if s.cfg.BookingCalendarURL != "" {
		c.BookingCalendarURL = &s.cfg.BookingCalendarURL
	}
	w.Header().Set("Cache-Control", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, c)
}
