package server

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
)

// serveSlow runs s with a handler that takes d to answer, returning the
// address, a channel closed once a request is in flight, and Serve's result.
func serveSlow(t *testing.T, s *Server, d time.Duration) (string, context.CancelFunc, <-chan struct{}, <-chan error) {
	t.Helper()
	started := make(chan struct{})
	s.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		time.Sleep(d)
		_, _ = io.WriteString(w, "finished")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	return ln.Addr().String(), cancel, started, done
}

func TestGracefulShutdownFinishesInFlight(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) { c.ShutdownTimeout = 5 * time.Second })
	addr, cancel, started, done := serveSlow(t, s, 300*time.Millisecond)

	type result struct {
		body string
		err  error
	}
	res := make(chan result, 1)
	go func() {
		resp, err := http.Get("http://" + addr + "/slow")
		if err != nil {
			res <- result{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		res <- result{string(b), err}
	}()
	<-started
	cancel() // what SIGINT/SIGTERM does through signal.NotifyContext

	r := <-res
	if r.err != nil || r.body != "finished" {
		t.Fatalf("in-flight request: body %q, err %v", r.body, r.err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve returned %v, want nil", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after shutdown")
	}
	if _, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		t.Fatal("still accepting connections after shutdown")
	}
}

func TestShutdownTimeoutCutsOffSlowRequests(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) { c.ShutdownTimeout = 100 * time.Millisecond })
	addr, cancel, started, done := serveSlow(t, s, 3*time.Second)
	go func() {
		resp, err := http.Get("http://" + addr + "/slow")
		if err == nil {
			resp.Body.Close()
		}
	}()
	<-started
	begin := time.Now()
	cancel()
	err := <-done
	if err == nil || !strings.Contains(err.Error(), "still running") {
		t.Fatalf("Serve error = %v, want a shutdown timeout", err)
	}
	if took := time.Since(begin); took > 2*time.Second {
		t.Fatalf("shutdown took %s, want about SHUTDOWN_TIMEOUT", took)
	}
}

func TestListenAndServeBadAddress(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) { c.Host = "256.0.0.1" })
	if err := s.ListenAndServe(context.Background()); err == nil || !strings.Contains(err.Error(), "listen") {
		t.Fatalf("error = %v", err)
	}
}
