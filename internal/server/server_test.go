package server

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/buildinfo"
	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

func TestOperationalEndpoints(t *testing.T) {
	s, _ := newTestServer(t, nil)
	httpxtest.Run(t, s.Handler(), []httpxtest.Scenario{
		{Path: "/healthz", WantStatus: 200, WantJSON: `{"status":"ok"}`},
		{Path: "/readyz", WantStatus: 200, WantJSON: `{"status":"ready"}`},
		{Method: "POST", Path: "/healthz", WantStatus: 405, WantJSON: `{"error":"method not allowed"}`,
			WantHeaders: map[string]string{"Allow": "GET, HEAD"}},
	})
}

func TestReadyzWithClosedDatabase(t *testing.T) {
	s, logs := newTestServer(t, nil)
	s.db.Close()
	httpxtest.Run(t, s.Handler(), []httpxtest.Scenario{
		{Path: "/readyz", WantStatus: 503, WantJSON: `{"error":"database unavailable"}`},
		{Path: "/healthz", WantStatus: 200},
	})
	if !strings.Contains(logs.String(), "readiness check failed") {
		t.Errorf("readiness failure not logged: %s", logs)
	}
}

func TestAPIConfig(t *testing.T) {
	noCache := map[string]string{"Cache-Control": "no-cache"}
	s, _ := newTestServer(t, nil)
	httpxtest.Run(t, s.Handler(), []httpxtest.Scenario{
		{Name: "calendar unset", Path: "/api/config", WantStatus: 200, WantHeaders: noCache,
			WantJSON: `{"bookingCalendarUrl":null,"baseUrl":"https://sp.example","version":"` + buildinfo.Version + `"}`},
		{Name: "wrong method", Method: "DELETE", Path: "/api/config", WantStatus: 405,
			WantJSON: `{"error":"method not allowed"}`, WantHeaders: map[string]string{"Allow": "GET, HEAD"}},
		{Name: "unknown api path", Path: "/api/nope", WantStatus: 404, WantJSON: `{"error":"not found"}`},
		{Name: "unknown api path POST", Method: "POST", Path: "/api/nope/deeper", WantStatus: 404, WantJSON: `{"error":"not found"}`},
		{Name: "api root", Path: "/api/", WantStatus: 404, WantJSON: `{"error":"not found"}`},
		{Name: "api traversal", Path: "/api/..%2fconfig", WantStatus: 404, WantJSON: `{"error":"not found"}`},
	})
	s, _ = newTestServer(t, func(c *config.Config) { c.BookingCalendarURL = "https://cal.example/sp/demo" })
	httpxtest.Run(t, s.Handler(), []httpxtest.Scenario{
		{Name: "calendar set", Path: "/api/config", WantStatus: 200,
			WantJSON: `{"bookingCalendarUrl":"https://cal.example/sp/demo","baseUrl":"https://sp.example","version":"` + buildinfo.Version + `"}`,
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-src https://cal.example;") {
					t.Errorf("CSP frame-src does not allow the calendar: %s", csp)
				}
			}},
	})
}

func TestMiddlewareChain(t *testing.T) {
	s, logs := newTestServer(t, nil)
	httpxtest.Run(t, s.Handler(), []httpxtest.Scenario{
		{Name: "security headers and request id", Path: "/", Headers: map[string]string{"X-Request-ID": "abc-1"}, WantStatus: 200,
			WantHeaders: map[string]string{"X-Request-ID": "abc-1", "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff",
				"Referrer-Policy": "strict-origin-when-cross-origin", "Strict-Transport-Security": "max-age=63072000; includeSubDomains"},
			WantBody: []string{`href="https://sp.example/"`}},
		{Name: "precompressed page not double compressed", Path: "/", Headers: map[string]string{"Accept-Encoding": "gzip"}, WantStatus: 200,
			WantHeaders: map[string]string{"Content-Encoding": "gzip", "Vary": "Accept-Encoding"},
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if b := rec.Body.Bytes(); len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
					t.Fatal("body is not gzip")
				}
				if rec.Body.Len() > 1000 || len(rec.Header().Values("Vary")) != 1 {
					t.Fatalf("body %d bytes, Vary %v", rec.Body.Len(), rec.Header().Values("Vary"))
				}
			}},
		{Name: "global body limit", Method: "POST", Path: "/api/config", Body: strings.Repeat("x", 1<<20+1),
			WantStatus: 413, WantJSON: `{"error":"request body too large"}`},
		{Name: "app route prerendered", Path: "/resources", WantStatus: 200, WantBody: []string{"RESOURCES"}},
		{Name: "app route shell (unknown post: 404)", Path: "/blog/hello-world", WantStatus: 404, WantBody: []string{"SPA SHELL"}},
		{Name: "unknown page 404", Path: "/no/such/page", WantStatus: 404, WantBody: []string{"NOT FOUND PAGE"},
			WantHeaders: map[string]string{"Cache-Control": "no-cache"}},
		{Name: "encoded traversal", Path: "/..%2f..%2fetc/passwd", WantStatus: 404, WantBody: []string{"NOT FOUND PAGE"}},
		{Name: "dot traversal not redirected", Path: "/assets/../../go.mod", WantStatus: 404, WantBody: []string{"NOT FOUND PAGE"}},
		{Name: "page POST", Method: "POST", Path: "/resources", WantStatus: 405, WantJSON: `{"error":"method not allowed"}`},
		{Name: "asset", Path: "/assets/app-H4sh.js", WantStatus: 200,
			WantHeaders: map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}},
	})
	for _, s := range []string{`msg="page not found"`, "path=/no/such/page", "status=404", "request_id=abc-1"} {
		if !strings.Contains(logs.String(), s) {
			t.Errorf("logs lack %q", s)
		}
	}
}

func TestRobotsAndSitemap(t *testing.T) {
	s, _ := newTestServer(t, nil)
	httpxtest.Run(t, s.Handler(), []httpxtest.Scenario{
		{Path: "/robots.txt", WantStatus: 200, WantBody: []string{"Disallow: /admin\n", "Sitemap: https://sp.example/sitemap.xml"}},
		{Path: "/sitemap.xml", WantStatus: 200,
			WantBody: []string{"<loc>https://sp.example/</loc>", "<loc>https://sp.example/resources</loc>", "<loc>https://sp.example/blog</loc>"},
			NotBody:  []string{"admin", "analytics", "test-click", ":slug"}},
	})
}

func TestRecoverThroughChain(t *testing.T) {
	s, logs := newTestServer(t, nil)
	s.web = nil // any page request now panics inside the chain
	s.handler = s.rebuild()
	rec := httpxtest.Do(s.Handler(), "GET", "/resources", map[string]string{"Accept-Encoding": "gzip"}, "")
	if rec.Code != 500 || rec.Header().Get("X-Frame-Options") != "DENY" {
		t.Fatalf("status %d headers %v", rec.Code, rec.Header())
	}
	httpxtest.AssertJSON(t, rec.Body.String(), `{"error":"internal server error"}`)
	if !strings.Contains(logs.String(), "panic serving request") {
		t.Fatalf("panic not logged")
	}
}
