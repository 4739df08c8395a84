package server

import (
	"context"
	"testing"

	"github.com/signalpipe/signalpipe/internal/auth"
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

// The admin's own page views stay out of the report (docs/product.md §11):
// a beacon carrying a live admin session is not counted; a visitor's, or one
// with a cookie that is no session, is.
func TestAdminViewsNotCounted(t *testing.T) {
	s, _ := newTestServer(t, nil)
	s.views.Start()
	t.Cleanup(func() { s.views.Stop(context.Background()) })
	h := s.Handler()
	if _, err := auth.CreateAdmin(context.Background(), auth.NewStore(s.db), "op@sp.example", "a long password", false); err != nil {
		t.Fatal(err)
	}
	rec := httpxtest.Do(h, "POST", "/api/admin/login",
		map[string]string{"Content-Type": "application/json", "Origin": "https://sp.example"}, `{"email":"op@sp.example","password":"a long password"}`)
	if rec.Code != 200 {
		t.Fatalf("login: %d %s", rec.Code, rec.Body)
	}
	// The session cookie's real name: __Host- prefixed, as BASE_URL is https.
	name := rec.Result().Cookies()[0].Name
	session := name + "=" + rec.Result().Cookies()[0].Value
	ua := "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	count := func() int {
		s.views.Flush()
		var n int
		if err := s.db.Reader.QueryRow(`SELECT COUNT(*) FROM analytics_pageviews`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, tc := range []struct {
		name, cookie string
		counted      bool
	}{
		{"admin", session, false},
		{"admin with the hint cookie too", session + "; " + auth.HintCookieName + "=1", false},
		{"visitor", "", true},
		{"forged session", name + "=not-a-session", true},
		{"the session under the http cookie name", auth.CookieName + "=" + rec.Result().Cookies()[0].Value, true},
	} {
		before := count()
		headers := map[string]string{"Content-Type": "text/plain;charset=UTF-8", "User-Agent": ua}
		if tc.cookie != "" {
			headers["Cookie"] = tc.cookie
		}
		if rec := httpxtest.Do(h, "POST", "/api/analytics/pageview", headers, `{"path":"/resources","referrer":""}`); rec.Code != 204 {
			t.Fatalf("%s: beacon %d", tc.name, rec.Code)
		}
		if got := count() - before; got != map[bool]int{true: 1, false: 0}[tc.counted] {
			t.Errorf("%s: %d views recorded, counted=%v wanted", tc.name, got, tc.counted)
		}
	}
}
