package webapp

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

var bigJS = "console.log('" + strings.Repeat("signalpipe ", 400) + "');"

// testDist is a small web build following the dist contract.
func testDist() fstest.MapFS {
	return fstest.MapFS{
		"routes.json":                         {Data: []byte(`{"routes":["/","/resources","/reports/conversion-index","/blog/:slug","/docs/*","/admin","/*","*"]}`)},
		"index.html":                          {Data: []byte(`<html><link rel="canonical" href="__SIGNALPIPE_BASE_URL__/">HOME ` + strings.Repeat("x", 2000) + `</html>`)},
		"resources/index.html":                {Data: []byte(`<html>RESOURCES __SIGNALPIPE_BASE_URL__/resources</html>`)},
		"reports/conversion-index/index.html": {Data: []byte(`<html>CONVERSION INDEX</html>`)},
		"spa.html":                            {Data: []byte(`<html>SPA SHELL</html>`)},
		"404.html":                            {Data: []byte(`<html>NOT FOUND PAGE</html>`)},
		"assets/index-B1c2D3.js":              {Data: []byte(bigJS)},
		"assets/index-X9.css":                 {Data: []byte(`body{}`)},
		"assets/font-A1.woff2":                {Data: []byte("wOF2")},
		"favicon.svg":                         {Data: []byte(`<svg/>`)},
		"site.webmanifest":                    {Data: []byte(`{}`)},
		"templates/post.html":                 {Data: []byte(`<h1>[[sp:title]]</h1>`)},
	}
}

func newTestHandler(t testing.TB) (*Handler, *bytes.Buffer) {
	t.Helper()
	var logs bytes.Buffer
	h, err := New(testDist(), Options{BaseURL: "https://sp.example", Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return h, &logs
}

func TestPages(t *testing.T) {
	h, _ := newTestHandler(t)
	html := map[string]string{"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"}
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Path: "/", WantStatus: 200, WantHeaders: html, WantBody: []string{"HOME", `href="https://sp.example/"`}, NotBody: []string{BaseURLToken}},
		{Path: "/resources", WantStatus: 200, WantHeaders: html, WantBody: []string{"RESOURCES https://sp.example/resources"}},
		{Path: "/reports/conversion-index", WantStatus: 200, WantBody: []string{"CONVERSION INDEX"}},
		{Path: "/blog/some-post", WantStatus: 200, WantHeaders: html, WantBody: []string{"SPA SHELL"}},
		{Path: "/docs", WantStatus: 200, WantBody: []string{"SPA SHELL"}},
		{Path: "/docs/a/b/c", WantStatus: 200, WantBody: []string{"SPA SHELL"}},
		{Path: "/admin", WantStatus: 200, WantBody: []string{"SPA SHELL"}},
		{Path: "/resources/", WantStatus: 301, WantHeaders: map[string]string{"Location": "/resources"}},
		{Path: "/blog/x/?utm=1", WantStatus: 301, WantHeaders: map[string]string{"Location": "/blog/x?utm=1"}},
		{Method: "HEAD", Path: "/resources", WantStatus: 200, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
			if rec.Body.Len() != 0 {
				t.Errorf("HEAD has a body")
			}
		}},
		{Method: "POST", Path: "/resources", WantStatus: 405, WantHeaders: map[string]string{"Allow": "GET, HEAD"}},
	})
}

func TestNotFound(t *testing.T) {
	h, logs := newTestHandler(t)
	notFound := func(path string) httpxtest.Scenario {
		return httpxtest.Scenario{Path: path, WantStatus: 404, WantBody: []string{"NOT FOUND PAGE"},
			WantHeaders: map[string]string{"Cache-Control": "no-cache", "Content-Type": "text/html; charset=utf-8"}}
	}
	httpxtest.Run(t, h, []httpxtest.Scenario{
		notFound("/nope"),
		notFound("/blog"),            // only /blog/:slug exists
		notFound("/blog/a/b"),        // :slug is one segment
		notFound("/reports/unknown"), // no pattern
		notFound("/index.html"),      // routing pages are not files
		notFound("/spa.html"),
		notFound("/404.html"),
		notFound("/routes.json"),
		notFound("/templates/post.html"), // the server's, filled per request
		notFound("/resources/index.html"),
		notFound("/assets"),
		notFound("/assets/missing.js"),
	})
	if !strings.Contains(logs.String(), `msg="page not found" path=/nope`) {
		t.Fatalf("404 not logged: %s", logs)
	}
}

func TestTraversalIsNotFound(t *testing.T) {
	h, _ := newTestHandler(t)
	for _, target := range []string{
		"/..%2f..%2fetc/passwd", "/assets/../../go.mod", "/assets/..%2f..%2fgo.mod", "/%2e%2e/go.mod",
		"/assets%2findex-B1c2D3.js", "/assets\\..\\go.mod", "/a%00b", "/assets/./index-B1c2D3.js",
		"//evil.example/", "/assets/%5c..%5cgo.mod",
	} {
		t.Run(target, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/", nil)
			if err := setTarget(req, target); err != nil {
				t.Skipf("unparseable target: %v", err)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "NOT FOUND PAGE") {
				t.Fatalf("status %d, Location %q, body %.80q", rec.Code, rec.Header().Get("Location"), rec.Body)
			}
		})
	}
}
