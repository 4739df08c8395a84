package remote

import (
	"context"
	"testing"
	"time"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		in   string
		want time.Duration
	}{
		{"7", 7 * time.Second},
		{" 0 ", 0},
		{"Sun, 22 Nov 2026 12:00:30 GMT", 30 * time.Second},
		{"Sun, 22 Nov 2026 11:00:00 GMT", 0}, // in the past
		{"", time.Second},
		{"-3", time.Second},
		{"soon", time.Second},
	} {
		if got := RetryAfter(c.in, now); got != c.want {
			t.Errorf("RetryAfter(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestSleepEndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Sleep(ctx, time.Hour); err != context.Canceled {
		t.Fatalf("Sleep on a cancelled context: %v", err)
	}
	if err := Sleep(context.Background(), time.Millisecond); err != nil {
		t.Fatal(err)
	}
}
