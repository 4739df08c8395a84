package httpx

import (
	"compress/gzip"
	"mime"
	"net/http"
	"strings"
	"sync"
)

// GzipMinSize is the smallest body worth compressing; below it the gzip
// framing and CPU cost outweigh the saving.
const GzipMinSize = 1024

var gzipPool = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return w
}}

// Gzip compresses responses of compressible types (text, JSON, JavaScript,
// SVG, XML, ...) of at least GzipMinSize bytes for clients that accept gzip,
// and adds Vary: Accept-Encoding. Responses that already carry a
// Content-Encoding (such as precompressed static files) pass through as they
// are.
func Gzip(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Encoding")
		if r.Method == http.MethodHead || !AcceptsGzip(r) {
			next.ServeHTTP(w, r)
			return
		}
		gw := &gzipWriter{ResponseWriter: w, status: http.StatusOK}
		defer gw.close()
		next.ServeHTTP(gw, r)
	})
}

// AcceptsGzip reports whether the request's Accept-Encoding allows gzip.
func AcceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") || strings.TrimSpace(coding) == "*" {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// Compressible reports whether a Content-Type benefits from compression.
func Compressible(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	if strings.HasPrefix(mt, "text/") {
		return true
	}
	switch mt {
	case "application/json", "application/javascript", "application/xml", "image/svg+xml",
		"application/manifest+json", "application/ld+json", "application/rss+xml",
		"application/atom+xml", "application/wasm", "font/ttf", "font/otf":
		return true
	}
	return false
}
