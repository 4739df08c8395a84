package server

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
)

func benchmarkGet(b *testing.B, path string, headers map[string]string) {
	s, _ := newTestServer(b, nil)
	s.log = slog.New(slog.DiscardHandler)
	s.handler = s.rebuild()
	h := s.Handler()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}

// BenchmarkServeIndex measures the home page through the full chain, as a
// browser asks for it.
func BenchmarkServeIndex(b *testing.B) {
	benchmarkGet(b, "/", map[string]string{"Accept-Encoding": "gzip, deflate, br"})
}

// BenchmarkAPIConfig measures a small JSON API answer through the full chain.
func BenchmarkAPIConfig(b *testing.B) {
	benchmarkGet(b, "/api/config", map[string]string{"Accept-Encoding": "gzip"})
}
