package server

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
)

// TestShutdownWritesBufferedViews: beacons acknowledged just before
// SIGTERM (the context Serve runs under ends) are in the database once
// Serve has returned, though the writer's interval has not come round.
func TestShutdownWritesBufferedViews(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) {
		c.ShutdownTimeout = 5 * time.Second
		c.AnalyticsRateLimit = 0 // 300 beacons from one address
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	const beacons = 300
	for i := range beacons {
		req, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+"/api/analytics/pageview",
			strings.NewReader(`{"path":"/resources","referrer":""}`))
		req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
		req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("beacon %d: %v", i, err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusNoContent {
			t.Fatalf("beacon %d: %d", i, res.StatusCode)
		}
	}
	cancel() // what SIGTERM does through signal.NotifyContext
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return")
	}
	var n int
	if err := s.db.Reader.QueryRow(`SELECT COUNT(*) FROM analytics_pageviews`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != beacons {
		t.Fatalf("%d of %d acknowledged views stored after shutdown", n, beacons)
	}
}
