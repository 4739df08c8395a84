// Package remote holds what the live sources' HTTP clients share: reading a
// rate-limited service's Retry-After and waiting without outliving the
// search that asked.
package remote

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryAfter reads Retry-After in seconds or as an HTTP date (relative to
// now); a missing or odd value means one second.
func RetryAfter(v string, now time.Time) time.Duration {
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(0, t.Sub(now))
	}
	return time.Second
}

// Sleep waits d, or until ctx ends (its error is returned then).
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
