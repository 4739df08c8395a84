package httpx

import (
	"log/slog"
	"net/http"
	"time"
)

// quietPaths are probed constantly by load balancers; their access lines are
// logged at debug so they do not drown the rest.
var quietPaths = map[string]bool{"/healthz": true, "/readyz": true}

// AccessLog logs one structured line per request: method, path, status,
// bytes, duration and request id (through the request-scoped logger). It
// must run inside RequestID.
func AccessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w}
		defer func() {
			status := rec.status
			if status == 0 {
				status = http.StatusOK
			}
			level := slog.LevelInfo
			if quietPaths[r.URL.Path] && status < 400 {
				level = slog.LevelDebug
			}
			Logger(r.Context()).Log(r.Context(), level, "http request",
				"method", r.Method, "path", r.URL.Path, "status", status,
				"bytes", rec.bytes, "duration", time.Since(start))
		}()
		next.ServeHTTP(rec, r)
	})
}
