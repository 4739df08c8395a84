package remote

import (
	"testing"
	"time"
)

func TestBudget(t *testing.T) {
	var b Budget
	t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	for i := range 3 {
		if _, ok := b.Take(t0.Add(time.Duration(i)*time.Second), 3); !ok {
			t.Fatalf("request %d refused within the budget", i)
		}
	}
	// The fourth in the same minute waits for the first to leave the window.
	if at, ok := b.Take(t0.Add(10*time.Second), 3); ok || !at.Equal(t0.Add(time.Minute)) {
		t.Fatalf("over budget: %v %v, want refused until %v", at, ok, t0.Add(time.Minute))
	}
	if _, ok := b.Take(t0.Add(time.Minute), 3); !ok {
		t.Fatal("a slot freed by the sliding minute was refused")
	}
	// A pause holds whatever the budget; a shorter one never shortens it.
	b.Pause(t0.Add(5 * time.Minute))
	b.Pause(t0.Add(2 * time.Minute))
	if at, ok := b.Take(t0.Add(3*time.Minute), 3); ok || !at.Equal(t0.Add(5*time.Minute)) {
		t.Fatalf("paused: %v %v", at, ok)
	}
	if _, ok := b.Take(t0.Add(5*time.Minute), 3); !ok {
		t.Fatal("refused after the pause ended")
	}
	// A budget of 0 still lets one request a minute through.
	var z Budget
	if _, ok := z.Take(t0, 0); !ok {
		t.Fatal("zero budget refused its one request")
	}
}
