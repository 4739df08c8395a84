package httpx

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestRateLimitRefund: a handler that refuses for its own reasons gives the
// client's token back (once, however often it asks), so refused requests
// do not use up the client's limit.
func TestRateLimitRefund(t *testing.T) {
	refuse := true
	h := RateLimit(NewRateLimiter(2), false)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if refuse {
			RefundRateLimit(r)
			RefundRateLimit(r) // a second refund of the same request gives nothing more
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	do := func() int {
		rec := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "/", nil)
		r.RemoteAddr = "192.0.2.1:1234"
		h.ServeHTTP(rec, r)
		return rec.Code
	}
	for range 5 {
		if code := do(); code != http.StatusServiceUnavailable {
			t.Fatalf("refused and refunded: %d, want 503 every time", code)
		}
	}
	refuse = false
	for i, want := range []int{200, 200, 429} {
		if code := do(); code != want {
			t.Fatalf("request %d after the refunds: %d, want %d (burst of 2, not more)", i, code, want)
		}
	}
	RefundRateLimit(httptest.NewRequest("GET", "/", nil)) // no limiter: nothing happens
}
