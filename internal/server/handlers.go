package server

import (
	"context"
	"net/http"
	"time"

	"github.com/signalpipe/signalpipe/internal/buildinfo"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// readyTimeout bounds the readiness probe's database ping.
const readyTimeout = 2 * time.Second

// handleHealthz reports that the process is alive; it touches nothing else
// so a slow database never gets a healthy instance restarted.
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// handleReadyz reports whether the instance can serve traffic: it is not
// shutting down and the database must answer.
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
