package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// HTTP server limits. WriteTimeout is generous for later slow endpoints
// (PDF rendering); such handlers can extend it with http.ResponseController.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 60 * time.Second
	idleTimeout       = 120 * time.Second
	maxHeaderBytes    = 64 << 10
)

// ListenAndServe listens on the configured address and serves until ctx is
// cancelled, then shuts down gracefully (see Serve).
func (s *Server) ListenAndServe(ctx context.Context) error {
	ln, err := net.Listen("tcp", s.cfg.Addr())
	if err != nil {
		return fmt.Errorf("listen on %s: %w", s.cfg.Addr(), err)
	}
	return s.Serve(ctx, ln)
}

// Serve serves on ln until ctx is cancelled. It then drains: /readyz
// answers 503 at once while requests are still accepted and served for
// DRAIN_DELAY, so load balancers take the instance out before it goes;
// then it stops accepting connections and waits up to SHUTDOWN_TIMEOUT for
// in-flight requests to finish before closing the rest; that overrun is
// returned as an error.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s.closeWhenDraining(s.handler),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	// Jobs outlive the request context: they are stopped explicitly below,
	// after the HTTP server, so a submission acknowledged during shutdown
	// still has its job picked up (now or by the next start).
	if err := s.jobs.Start(context.WithoutCancel(ctx)); err != nil {
		ln.Close()
		return fmt.Errorf("start jobs: %w", err)
	}
	s.views.Start()
	defer s.stopViews()
	// The Jetstream consumer (when enabled) stops first on the way out,
	// storing what it read and releasing its lease for another instance.
	stopStream := s.startStream()
	defer stopStream()
	defer s.closePDF()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	s.log.Info("listening", "addr", ln.Addr().String(), "base_url", s.cfg.BaseURL)

	select {
	case err := <-errc:
		s.stopJobs()
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	s.drain()
	s.log.Info("shutting down", "timeout", s.cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	defer s.stopJobs()
	defer s.stopViews() // before the jobs, which may take all of SHUTDOWN_TIMEOUT
	err := srv.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		_ = srv.Close()
		return fmt.Errorf("shutdown: in-flight requests still running after %s", s.cfg.ShutdownTimeout)
	}
	if err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	s.log.Info("stopped")
	return nil
}

// drain marks the instance not ready (/readyz answers 503) and keeps
// serving for DRAIN_DELAY (see closeWhenDraining).
func (s *Server) drain() {
	s.draining.Store(true)
	if s.cfg.DrainDelay <= 0 {
		return
	}
	s.log.Info("draining: /readyz answers 503, still serving", "drain_delay", s.cfg.DrainDelay.String())
	time.Sleep(s.cfg.DrainDelay)
}

// closeWhenDraining answers with "Connection: close" while draining, so a
// client or proxy holding a keep-alive connection opens a new one, which the
// load balancer sends to another instance once it has seen /readyz fail.
// Idle connections are left alone until the end of the drain: closing one
// while a proxy is sending a request on it loses that request
// (scripts/rolling-restart.sh showed it; http.Server.SetKeepAlivesEnabled
// does that).
func (s *Server) closeWhenDraining(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.draining.Load() {
			w.Header().Set("Connection", "close")
		}
		next.ServeHTTP(w, r)
	})
}

// stopViews writes the page views still buffered, for up to
// SHUTDOWN_TIMEOUT; deferred, it runs after the HTTP server has stopped.
func (s *Server) stopViews() {
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	s.views.Stop(ctx)
}

// stopJobs lets running jobs finish for up to SHUTDOWN_TIMEOUT, then
// cancels them; River retries cancelled jobs (live searches included) on
// this or another instance.
func (s *Server) stopJobs() {
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	if err := s.jobs.Stop(ctx); err != nil {
		s.log.Warn("stop jobs", "err", err)
	}
}
