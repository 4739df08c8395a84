package httpx

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// RateLimiter is an in-memory token bucket per key (per instance, which
// docs/product.md §1.2 allows for rate limits): each key may make burst requests at
// once and regains perMinute tokens a minute.
type RateLimiter struct {
	rate  float64 // tokens per second
	burst float64
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	sweepAt time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

// NewRateLimiter allows perMinute requests a minute per key, with bursts of
// the same size. perMinute <= 0 returns nil, a limiter that allows everything.
func NewRateLimiter(perMinute int) *RateLimiter {
	if perMinute <= 0 {
		return nil
	}
	return &RateLimiter{rate: float64(perMinute) / 60, burst: float64(perMinute),
		now: time.Now, buckets: map[string]*bucket{}}
}

// Allow takes a token for key. When none is left it reports how long until
// one is.
func (l *RateLimiter) Allow(key string) (ok bool, retryAfter time.Duration) {
	if l == nil {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[key] = b
	}
	b.tokens = math.Min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
	return false, wait
}

// sweep forgets buckets that have refilled, once a minute, so memory stays
// bounded by the clients seen recently.
func (l *RateLimiter) sweep(now time.Time) {
	if now.Before(l.sweepAt) {
		return
	}
	l.sweepAt = now.Add(time.Minute)
	full := time.Duration(l.burst / l.rate * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.at) >= full {
			delete(l.buckets, k)
		}
	}
}

// RateLimit answers 429 with Retry-After (whole seconds, at least 1) when the
// client IP has no token left.
func RateLimit(l *RateLimiter, trustProxy bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if l == nil {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if ok, wait := l.Allow(ClientIP(r, trustProxy)); !ok {
				TooManyRequests(w, r, wait)
				return
			}
			next.ServeHTTP(w, withRefund(r, l, ClientIP(r, trustProxy)))
		})
	}
}

// TooManyRequests answers 429 with a Retry-After of wait rounded up to whole
// seconds.
func TooManyRequests(w http.ResponseWriter, r *http.Request, wait time.Duration) {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	Error(w, r, http.StatusTooManyRequests, "too many requests, try again later", nil)
}

// Refund gives key back one token, up to the burst: for a request that
// took a token and was then refused for a reason of the server's (a full
// queue), which must not count against the client.
func (l *RateLimiter) Refund(key string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.buckets[key]; b != nil {
		b.tokens = math.Min(l.burst, b.tokens+1)
	}
}

type refundKey struct{}

// withRefund lets the handler behind RateLimit give back the token r took.
func withRefund(r *http.Request, l *RateLimiter, key string) *http.Request {
	var once sync.Once
	refund := func() { once.Do(func() { l.Refund(key) }) }
	return r.WithContext(context.WithValue(r.Context(), refundKey{}, refund))
}

// RefundRateLimit gives back the token RateLimit took for r (at most once;
// nothing when r passed no limiter).
func RefundRateLimit(r *http.Request) {
	if refund, ok := r.Context().Value(refundKey{}).(func()); ok {
		refund()
	}
}
