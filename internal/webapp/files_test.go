package webapp

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"testing/fstest"

	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

func setTarget(r *http.Request, target string) error {
	u, err := url.ParseRequestURI(target)
	if err != nil {
		return err
	}
	r.URL = u
	r.RequestURI = target
	return nil
}

func TestAssets(t *testing.T) {
	h, _ := newTestHandler(t)
	gz := map[string]string{"Accept-Encoding": "gzip"}
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Name: "hashed asset immutable", Path: "/assets/index-B1c2D3.js", WantStatus: 200, WantBody: []string{"signalpipe"},
			WantHeaders: map[string]string{"Cache-Control": "public, max-age=31536000, immutable",
				"Content-Type": "text/javascript; charset=utf-8", "Content-Encoding": "", "Vary": "Accept-Encoding"}},
		{Name: "gzip variant", Path: "/assets/index-B1c2D3.js", Headers: gz, WantStatus: 200,
			WantHeaders: map[string]string{"Content-Encoding": "gzip", "Vary": "Accept-Encoding"},
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				zr, err := gzip.NewReader(rec.Body)
				if err != nil {
					t.Fatal(err)
				}
				if b, _ := io.ReadAll(zr); string(b) != bigJS {
					t.Fatal("gzip variant does not decode to the file")
				}
			}},
		{Name: "small css not precompressed", Path: "/assets/index-X9.css", Headers: gz, WantStatus: 200,
			WantHeaders: map[string]string{"Content-Encoding": "", "Content-Type": "text/css; charset=utf-8", "Content-Length": "6"}},
		{Name: "font", Path: "/assets/font-A1.woff2", WantStatus: 200, WantHeaders: map[string]string{"Content-Type": "font/woff2"}},
		{Name: "root file hour cache", Path: "/favicon.svg", WantStatus: 200,
			WantHeaders: map[string]string{"Cache-Control": "public, max-age=3600", "Content-Type": "image/svg+xml"}},
		{Name: "webmanifest", Path: "/site.webmanifest", WantStatus: 200, WantHeaders: map[string]string{"Content-Type": "application/manifest+json"}},
	})
}

func TestConditionalGet(t *testing.T) {
	h, _ := newTestHandler(t)
	for _, tc := range []struct{ path, enc string }{{"/assets/index-B1c2D3.js", ""}, {"/assets/index-B1c2D3.js", "gzip"}, {"/", "gzip"}, {"/resources", ""}} {
		first := httpxtest.Do(h, "GET", tc.path, map[string]string{"Accept-Encoding": tc.enc}, "")
		etag := first.Header().Get("ETag")
		if len(etag) < 10 || etag[0] != '"' {
			t.Fatalf("%s: ETag %q is not a strong tag", tc.path, etag)
		}
		for _, inm := range []string{etag, `"other", ` + etag, "W/" + etag, "*"} {
			rec := httpxtest.Do(h, "GET", tc.path, map[string]string{"Accept-Encoding": tc.enc, "If-None-Match": inm}, "")
			if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 || rec.Header().Get("ETag") != etag {
				t.Errorf("%s If-None-Match %s: status %d, body %d bytes", tc.path, inm, rec.Code, rec.Body.Len())
			}
		}
		rec := httpxtest.Do(h, "GET", tc.path, map[string]string{"If-None-Match": `"stale"`}, "")
		if rec.Code != http.StatusOK {
			t.Errorf("%s stale ETag: status %d", tc.path, rec.Code)
		}
	}
	// The 404 page is never answered 304: its status must reach the client.
	rec := httpxtest.Do(h, "GET", "/nope", map[string]string{"If-None-Match": "*"}, "")
	if rec.Code != http.StatusNotFound {
		t.Fatalf("404 with If-None-Match: status %d", rec.Code)
	}
}

func TestNewRequiresContract(t *testing.T) {
	for _, missing := range []string{"routes.json", "spa.html", "404.html"} {
		fsys := testDist()
		delete(fsys, missing)
		if _, err := New(fsys, Options{}); err == nil || !bytes.Contains([]byte(err.Error()), []byte(missing)) {
			t.Errorf("without %s: error = %v", missing, err)
		}
	}
	bad := testDist()
	bad["routes.json"] = &fstest.MapFile{Data: []byte(`{"routes":["nope"]}`)}
	if _, err := New(bad, Options{}); err == nil {
		t.Error("relative route pattern accepted")
	}
}

func TestStaticRoutes(t *testing.T) {
	h, _ := newTestHandler(t)
	got := h.StaticRoutes()
	want := []string{"/", "/resources", "/reports/conversion-index", "/admin"}
	if len(got) != len(want) {
		t.Fatalf("StaticRoutes = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("StaticRoutes = %v, want %v", got, want)
		}
	}
}
