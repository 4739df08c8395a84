package httpx

import "net/http"

// DefaultMaxBody is the global request-body limit; DecodeJSON callers pass
// smaller per-route limits.
const DefaultMaxBody int64 = 1 << 20

// LimitBody caps every request body at n bytes. A declared Content-Length
// over the limit is refused at once with 413; a body that grows past it fails
// the handler's read with *http.MaxBytesError.
func LimitBody(n int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength > n {
				Error(w, r, http.StatusRequestEntityTooLarge, ErrBodyTooLarge.Error(), nil)
				return
			}
			if r.Body != nil && r.Body != http.NoBody {
				r.Body = http.MaxBytesReader(w, r.Body, n)
			}
			next.ServeHTTP(w, r)
		})
	}
}
