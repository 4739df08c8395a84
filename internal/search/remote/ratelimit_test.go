package remote

import (
	"net/http"
	"strconv"
	"testing"
	"time"
)

func TestLimitsRead(t *testing.T) {
	now := time.Date(2026, 12, 6, 8, 0, 0, 0, time.UTC)
	unix := Limits{Remaining: "X-RateLimit-Remaining", Reset: "X-RateLimit-Reset", Format: ResetUnixSeconds, Default: time.Minute, Max: time.Hour}
	fromNow := Limits{Remaining: "X-Ratelimit-Remaining", Reset: "X-Ratelimit-Reset", Format: ResetSecondsFromNow, Default: time.Minute, Max: time.Hour}
	iso := Limits{Remaining: "X-RateLimit-Remaining", Reset: "X-RateLimit-Reset", Format: ResetRFC3339, Default: 30 * time.Second, Max: time.Hour}
	h := func(kv ...string) http.Header {
		x := http.Header{}
		for i := 0; i < len(kv); i += 2 {
			x.Set(kv[i], kv[i+1])
		}
		return x
	}
	tests := []struct {
		name   string
		l      Limits
		status int
		h      http.Header
		want   Answer
	}{
		{"200 with budget left", unix, 200, h("X-RateLimit-Remaining", "4"), Answer{}},
		{"429 Retry-After seconds", unix, 429, h("Retry-After", "7"), Answer{RateLimited: true, Wait: 7 * time.Second}},
		{"429 Retry-After date", unix, 429, h("Retry-After", now.Add(90*time.Second).Format(http.TimeFormat)), Answer{RateLimited: true, Wait: 90 * time.Second}},
		{"429 Retry-After 0 waits a second", unix, 429, h("Retry-After", "0"), Answer{RateLimited: true, Wait: time.Second}},
		{"429 Retry-After over the max", unix, 429, h("Retry-After", "99999"), Answer{RateLimited: true, Wait: time.Hour}},
		{"429 reset as unix", unix, 429, h("X-RateLimit-Reset", strconv.FormatInt(now.Add(5*time.Minute).Unix(), 10)), Answer{RateLimited: true, Wait: 5 * time.Minute}},
		{"429 without headers", unix, 429, h(), Answer{RateLimited: true, Wait: time.Minute}},
		{"200 exhausted, reset from now", fromNow, 200, h("X-Ratelimit-Remaining", "0", "X-Ratelimit-Reset", "42.5"), Answer{Exhausted: true, Wait: 42500 * time.Millisecond}},
		{"decimal remaining below one", fromNow, 200, h("X-Ratelimit-Remaining", "0.0", "X-Ratelimit-Reset", "3"), Answer{Exhausted: true, Wait: 3 * time.Second}},
		{"200 exhausted, odd reset", fromNow, 200, h("X-Ratelimit-Remaining", "0", "X-Ratelimit-Reset", "NaN"), Answer{Exhausted: true, Wait: time.Minute}},
		{"429 reset ISO", iso, 429, h("X-RateLimit-Reset", now.Add(2*time.Minute).Format(time.RFC3339Nano)), Answer{RateLimited: true, Wait: 2 * time.Minute}},
		{"reset in the past waits a second", iso, 200, h("X-RateLimit-Remaining", "0", "X-RateLimit-Reset", now.Add(-time.Minute).Format(time.RFC3339)), Answer{Exhausted: true, Wait: time.Second}},
		{"no Remaining header configured", Limits{Default: time.Second, Max: time.Minute}, 200, h("X-RateLimit-Remaining", "0"), Answer{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.l.Read(tt.status, tt.h, now); got != tt.want {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestStatusError(t *testing.T) {
	if got := StatusError("x", 503, ": busy").Error(); got != "x: server error 503" {
		t.Fatal(got)
	}
	if got := StatusError("x", 404, ": not found").Error(); got != "x: status 404: not found" {
		t.Fatal(got)
	}
}
