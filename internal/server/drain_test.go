package server

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
)

// TestSIGTERMDrainsBeforeStopping: on shutdown (what SIGTERM does through
// signal.NotifyContext) /readyz fails at once, requests in flight finish,
// and new requests arriving during DRAIN_DELAY are still served; only then
// does the listener close.
func TestSIGTERMDrainsBeforeStopping(t *testing.T) {
	const drain = 800 * time.Millisecond
	s, _ := newTestServer(t, func(c *config.Config) {
		c.DrainDelay = drain
		c.ShutdownTimeout = 5 * time.Second
	})
	app := s.handler
	inFlight := make(chan struct{}, 8)
	s.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			inFlight <- struct{}{}
			time.Sleep(time.Second)
			_, _ = io.WriteString(w, "finished")
			return
		}
		app.ServeHTTP(w, r)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()

	// A keep-alive client, as a load balancer's backend connections are.
	client := &http.Client{Timeout: 5 * time.Second}
	var closed atomic.Bool // the last answer asked the client to close the connection
	get := func(path string) (int, string, error) {
		resp, err := client.Get(base + path)
		if err != nil {
			return 0, "", err
		}
		defer resp.Body.Close()
		closed.Store(resp.Close)
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), err
	}
	if code, body, err := get("/readyz"); err != nil || code != 200 || closed.Load() {
		t.Fatalf("/readyz before shutdown: %d %s %v, Connection: close %v", code, body, err, closed.Load())
	}

	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for range 3 {
		wg.Go(func() {
			if code, body, err := get("/slow"); err != nil || code != 200 || body != "finished" {
				errs <- fmt.Errorf("in-flight /slow: %d %q %v", code, body, err)
			}
		})
	}
	for range 3 {
		<-inFlight
	}
	begin := time.Now()
	cancel()

	// /readyz turns 503 as soon as the server has seen the signal: poll for
	// it (well inside the drain) rather than guess how long that takes.
	for {
		code, body, err := get("/readyz")
		if err == nil && code == 503 {
			if !closed.Load() {
				t.Errorf("/readyz 503 after SIGTERM without Connection: close")
			}
			break
		}
		if err != nil || code != 200 || time.Since(begin) > drain/2 {
			t.Fatalf("/readyz after SIGTERM: %d %s %v, want 503 within %s", code, body, err, drain/2)
		}
		time.Sleep(5 * time.Millisecond)
	}
	// New requests keep arriving during the drain, on old and new
	// connections; none may be refused.
	served, kept := 0, 0
	for time.Since(begin) < drain-150*time.Millisecond {
		code, _, err := get("/api/config")
		if !closed.Load() {
			kept++
		}
		if err != nil || code != 200 {
			errs <- fmt.Errorf("request %s into the drain: %d %v", time.Since(begin).Round(time.Millisecond), code, err)
			break
		}
		served++
		time.Sleep(20 * time.Millisecond)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if served < 10 {
		t.Errorf("only %d requests served during the drain", served)
	}
	// Every answer during the drain says "Connection: close", so keep-alive
	// clients (a proxy's pooled connections) move to other instances.
	if kept != 0 {
		t.Errorf("%d of %d answers during the drain kept the connection open", kept, served)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after the drain")
	}
	if took := time.Since(begin); took < drain {
		t.Errorf("stopped %s after SIGTERM, before DRAIN_DELAY %s", took, drain)
	}
	if _, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second); err == nil {
		t.Error("still accepting connections after shutdown")
	}
}
