package httpx

import (
	"fmt"
	"net/http"
	"runtime/debug"
)

// Recover turns a panic in a handler into a logged error with its stack and
// a 500 JSON answer (if nothing was sent yet). http.ErrAbortHandler is
// re-raised so net/http can abort the connection as intended.
func Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &recorder{ResponseWriter: w}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			Logger(r.Context()).Error("panic serving request", "method", r.Method,
				"path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			if rec.status == 0 {
				w.Header().Del("Content-Encoding")
				Error(w, r, http.StatusInternalServerError, "internal server error", nil)
			}
		}()
		next.ServeHTTP(rec, r)
	})
}
