package db_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

func TestMeta(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.GetMeta(ctx, "missing"); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("GetMeta(missing) error = %v, want ErrNotFound", err)
		}
		for _, v := range []string{"one", "two"} {
			if err := d.SetMeta(ctx, "k", v); err != nil {
				t.Fatalf("SetMeta: %v", err)
			}
			got, err := d.GetMeta(ctx, "k")
			if err != nil || got != v {
				t.Fatalf("GetMeta = %q, %v; want %q", got, err, v)
			}
		}
	})
}

func TestSetMetaOnceHasOneWinner(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		var wg sync.WaitGroup
		wins := make(chan string, 8)
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				v := string(rune('a' + i))
				ok, err := d.SetMetaOnce(ctx, db.MetaInstalledAt, v)
				if err != nil {
					t.Errorf("SetMetaOnce: %v", err)
				}
				if ok {
					wins <- v
				}
			}()
		}
		wg.Wait()
		close(wins)
		var winners []string
		for v := range wins {
			winners = append(winners, v)
		}
		if len(winners) != 1 {
			t.Fatalf("winners = %v, want exactly one", winners)
		}
		got, err := d.GetMeta(ctx, db.MetaInstalledAt)
		if err != nil || got != winners[0] {
			t.Fatalf("GetMeta = %q, %v; want %q", got, err, winners[0])
		}
	})
}

func TestMigrateIsIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, discard()); err != nil {
			t.Fatalf("second Migrate: %v", err)
		}
		v, err := d.SchemaVersion(ctx)
		if err != nil || v < 1 {
			t.Fatalf("SchemaVersion = %d, %v; want >= 1", v, err)
		}
		if err := d.Ping(ctx); err != nil {
			t.Fatalf("Ping: %v", err)
		}
	})
}

// TestSecretIsSharedAndKept: callers racing on one database get the same
// secret, and asking again returns it, not a new one.
func TestSecretIsSharedAndKept(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		var wg sync.WaitGroup
		got := make([][]byte, 6)
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s, err := d.Secret(ctx, "test_secret")
				if err != nil {
					t.Errorf("Secret: %v", err)
				}
				got[i] = s
			}()
		}
		wg.Wait()
		again, err := d.Secret(ctx, "test_secret")
		if err != nil || len(again) != 32 {
			t.Fatalf("Secret = %x, %v", again, err)
		}
		for i, s := range got {
			if string(s) != string(again) {
				t.Fatalf("caller %d got %x, later %x", i, s, again)
			}
		}
		if other, _ := d.Secret(ctx, "other_secret"); string(other) == string(again) {
			t.Fatal("two keys share a secret")
		}
	})
}
