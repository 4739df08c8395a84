package search

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestCacheIsBounded: anonymous results live in a bounded cache. Running
// searches are never dropped (a new one is refused instead); finished ones
// go first, and expire after CacheTTL.
func TestCacheIsBounded(t *testing.T) {
	svc := NewService(NewStore(dbtest.SQLite(t)), Options{CacheSize: 2, CacheTTL: time.Minute, Logger: quiet()})
	svc.Close() // no workers: searches stay queued, i.e. running
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	svc.now = func() time.Time { return now }
	ctx := context.Background()
	a, err1 := svc.Start(ctx, engine.ICP{}, OwnerAnonymous)
	b, err2 := svc.Start(ctx, engine.ICP{}, OwnerAnonymous)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if _, err := svc.Start(ctx, engine.ICP{}, OwnerAnonymous); !errors.Is(err, ErrBusy) {
		t.Fatalf("third search with two running in a cache of two: %v, want ErrBusy", err)
	}
	svc.mu.Lock()
	ea := svc.cache[a]
	svc.mu.Unlock()
	svc.finish(ea, ea.job, []engine.Lead{{ID: "lead_1", IntentScore: 90}})
	if status, leads, _ := svc.Status(ctx, []string{a, b}); status != StatusRunning || len(leads) != 1 {
		t.Fatalf("a done, b running: %s %d", status, len(leads))
	}
	c, err := svc.Start(ctx, engine.ICP{}, OwnerAnonymous)
	if err != nil {
		t.Fatalf("a finished search should make room: %v", err)
	}
	if status, leads, _ := svc.Status(ctx, []string{a}); status != StatusComplete || len(leads) != 0 {
		t.Fatalf("dropped search a: %s %d, want complete with no leads", status, len(leads))
	}
	svc.mu.Lock()
	ec := svc.cache[c]
	svc.mu.Unlock()
	svc.finish(ec, ec.job, []engine.Lead{{ID: "lead_2", IntentScore: 70}})
	if _, leads, _ := svc.Status(ctx, []string{c}); len(leads) != 1 {
		t.Fatal("finished search c should be readable")
	}
	now = now.Add(2 * time.Minute)
	if _, leads, _ := svc.Status(ctx, []string{c}); len(leads) != 0 {
		t.Fatal("search c should have expired")
	}
}
