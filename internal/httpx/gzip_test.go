package httpx_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("gzip reader: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	return string(out)
}

func TestGzip(t *testing.T) {
	big := strings.Repeat(`{"k":"value"},`, 200)
	h := httpx.Gzip(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/json":
			w.Header().Set("Content-Type", "application/json")
			for i := 0; i < len(big); i += 100 { // many small writes
				_, _ = w.Write([]byte(big[i:min(i+100, len(big))]))
			}
		case "/small":
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"ok":true}`))
		case "/png":
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write([]byte(big))
		case "/encoded":
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Content-Encoding", "gzip")
			_, _ = w.Write([]byte("already-compressed-bytes"))
		case "/sniff":
			_, _ = w.Write([]byte("<html>" + big))
		case "/empty":
			w.WriteHeader(http.StatusNoContent)
		}
	}))
	gz := map[string]string{"Accept-Encoding": "gzip, deflate, br"}
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Name: "large json compressed", Path: "/json", Headers: gz, WantStatus: 200,
			WantHeaders: map[string]string{"Content-Encoding": "gzip", "Vary": "Accept-Encoding", "Content-Length": ""},
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if got := gunzip(t, rec.Body.Bytes()); got != big {
					t.Fatalf("round trip mismatch: %d bytes", len(got))
				}
			}},
		{Name: "client without gzip", Path: "/json", WantStatus: 200,
			WantHeaders: map[string]string{"Content-Encoding": "", "Vary": "Accept-Encoding"}},
		{Name: "gzip q=0 refused", Path: "/json", Headers: map[string]string{"Accept-Encoding": "gzip;q=0"}, WantStatus: 200,
			WantHeaders: map[string]string{"Content-Encoding": ""}},
		{Name: "tiny body skipped", Path: "/small", Headers: gz, WantStatus: 200,
			WantHeaders: map[string]string{"Content-Encoding": ""}, WantJSON: `{"ok":true}`},
		{Name: "incompressible type skipped", Path: "/png", Headers: gz, WantStatus: 200,
			WantHeaders: map[string]string{"Content-Encoding": ""}},
		{Name: "already encoded passes through", Path: "/encoded", Headers: gz, WantStatus: 200,
			WantHeaders: map[string]string{"Content-Encoding": "gzip"}, WantBody: []string{"already-compressed-bytes"}},
		{Name: "sniffed html compressed", Path: "/sniff", Headers: gz, WantStatus: 200,
			WantHeaders: map[string]string{"Content-Encoding": "gzip", "Content-Type": "text/html; charset=utf-8"}},
		{Name: "no content", Path: "/empty", Headers: gz, WantStatus: 204,
			WantHeaders: map[string]string{"Content-Encoding": ""}},
	})
}
