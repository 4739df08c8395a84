package httpx

import (
	"net/http"
	"strings"
)

// JSONErrors serves mux, but answers the requests it has no route for in the
// standard JSON error shape: 404 {"error":"not found"} when no pattern matches
// the path, 405 {"error":"method not allowed"} with the mux's Allow header
// when one matches the path but not the method.
func JSONErrors(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, pattern := mux.Handler(r)
		if pattern != "" {
			mux.ServeHTTP(w, r)
			return
		}
		// The mux's own error handler sets Allow on 405; run it against a
		// writer that keeps the status and headers but drops its text body.
		probe := &statusProbe{header: http.Header{}}
		h.ServeHTTP(probe, r)
		if probe.status == http.StatusMethodNotAllowed {
			w.Header().Set("Allow", probe.header.Get("Allow"))
			Error(w, r, http.StatusMethodNotAllowed, "method not allowed", nil)
			return
		}
		NotFound(w, r)
	})
}

type statusProbe struct {
	header http.Header
	status int
}

func (p *statusProbe) Header() http.Header         { return p.header }
func (p *statusProbe) Write(b []byte) (int, error) { return len(b), nil }
func (p *statusProbe) WriteHeader(code int)        { p.status = code }

// IsAPIPath reports whether path belongs to the JSON API.
func IsAPIPath(path string) bool { return path == "/api" || strings.HasPrefix(path, "/api/") }
