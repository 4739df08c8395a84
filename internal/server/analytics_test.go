package server

import (
	"context"
	"testing"

	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

func TestAnalyticsThroughTheServer(t *testing.T) {
	s, _ := newTestServer(t, nil)
	s.views.Start()
	t.Cleanup(func() { s.views.Stop(context.Background()) })
	h := s.Handler()
	ua := "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	beacon := map[string]string{"Content-Type": "text/plain;charset=UTF-8", "User-Agent": ua}
	for _, path := range []string{"/", "/resources", "/test-click", "/blog/admin", "/blog/no-such-post", "/nope"} {
		rec := httpxtest.Do(h, "POST", "/api/analytics/pageview", beacon, `{"path":"`+path+`","referrer":""}`)
		if rec.Code != 204 || rec.Header().Get("Set-Cookie") != "" {
			t.Fatalf("beacon %s: %d, cookie %q", path, rec.Code, rec.Header().Get("Set-Cookie"))
		}
	}
	if rec := httpxtest.Do(h, "GET", "/api/admin/analytics", nil, ""); rec.Code != 401 {
		t.Fatalf("report without a session: %d, want 401", rec.Code)
	}
	s.views.Flush()
	var n int
	if err := s.db.Reader.QueryRow(`SELECT COUNT(*) FROM analytics_pageviews`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 4 { // "/", "/resources", "/test-click", "/blog/admin": unknown posts and paths are skipped
		t.Fatalf("%d views recorded, want 4", n)
	}
}
