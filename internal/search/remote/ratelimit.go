package remote

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// ResetFormat is how a service writes the time its rate-limit window resets.
type ResetFormat int

const (
	// ResetUnixSeconds is a Unix time in seconds (GitHub's
	// X-RateLimit-Reset, Bluesky's RateLimit-Reset).
	ResetUnixSeconds ResetFormat = iota
	// ResetSecondsFromNow is a number of seconds from now, possibly
	// fractional (Reddit's X-Ratelimit-Reset).
	ResetSecondsFromNow
	// ResetRFC3339 is an ISO 8601 timestamp (Mastodon's X-RateLimit-Reset).
	ResetRFC3339
)

// Limits names one service's rate-limit headers and the waits it allows:
// every connector reads its answers' status, Retry-After and rate-limit
// headers through it, so a 429 and an exhausted window mean the same thing
// for every source.
type Limits struct {
	// Remaining is the header whose "0" says no request is left before
	// the reset (empty: the service sends none).
	Remaining string
	// Reset is the header holding the reset time, written as Format.
	Reset  string
	Format ResetFormat
	// Default is the wait when neither Retry-After nor a reset says.
	Default time.Duration
	// Max is the longest wait honoured; every wait is at least a second.
	Max time.Duration
}

// Answer is what one response says about the caller's budget.
type Answer struct {
	// RateLimited is a 429: the request was refused for the rate.
	RateLimited bool
	// Exhausted says the response (whatever its status) leaves no request
	// before the reset.
	Exhausted bool
	// Wait is how long to pause: for a rate-limited answer its
	// Retry-After, else the time to the reset, else Default; for an
	// exhausted one the time to the reset, else Default. Zero otherwise.
	Wait time.Duration
}

// Pause reports whether the answer asks the caller to stop for Wait.
func (a Answer) Pause() bool { return a.RateLimited || a.Exhausted }

// Read reads a response's status and headers at now.
func (l Limits) Read(status int, h http.Header, now time.Time) Answer {
	a := Answer{
		RateLimited: status == http.StatusTooManyRequests,
		Exhausted:   l.exhausted(h),
	}
	switch {
	case a.RateLimited && h.Get("Retry-After") != "":
		a.Wait = l.clamp(RetryAfter(h.Get("Retry-After"), now))
	case a.RateLimited || a.Exhausted:
		a.Wait = l.UntilReset(h, now)
	}
	return a
}

// exhausted says the Remaining header counts less than one request left
// (Reddit writes it as a decimal, "0.0").
func (l Limits) exhausted(h http.Header) bool {
	if l.Remaining == "" {
		return false
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(h.Get(l.Remaining)), 64)
	return err == nil && n < 1
}

// UntilReset is the time from now to the reset header, within a second and
// Max, or Default when the header is missing or unreadable.
func (l Limits) UntilReset(h http.Header, now time.Time) time.Duration {
	v := strings.TrimSpace(h.Get(l.Reset))
	if l.Reset == "" || v == "" {
		return l.clamp(l.Default)
	}
	switch l.Format {
	case ResetUnixSeconds:
		if s, err := strconv.ParseInt(v, 10, 64); err == nil && s > 0 {
			return l.clamp(time.Unix(s, 0).Sub(now))
		}
	case ResetSecondsFromNow:
		if s, err := strconv.ParseFloat(v, 64); err == nil && !math.IsNaN(s) && !math.IsInf(s, 0) && s >= 0 {
			return l.clamp(time.Duration(min(s, l.Max.Seconds()+1) * float64(time.Second)))
		}
	case ResetRFC3339:
		if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
			return l.clamp(t.Sub(now))
		}
	}
	return l.clamp(l.Default)
}

func (l Limits) clamp(d time.Duration) time.Duration {
	d = max(d, time.Second)
	if l.Max > 0 {
		d = min(d, l.Max)
	}
	return d
}

// StatusError is the error of an answer that is neither 200 nor rate
// limited: "NAME: server error N" for a 5xx, else "NAME: status N" with the
// service's own message (already clipped, with its leading ": ").
func StatusError(name string, status int, msg string) error {
	if status >= 500 {
		return fmt.Errorf("%s: server error %d", name, status)
	}
	return fmt.Errorf("%s: status %d%s", name, status, msg)
}

// Clip cuts a service's message to n bytes of valid UTF-8.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}
