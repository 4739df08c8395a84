package delivery

import (
	"context"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// The digest scheduler's steady cost and a feed request, for
// docs/performance.md "Digests and Atom feed". Run with
// go test ./internal/clients -run '^$' -bench 'Digest|Feed' (add
// scripts/with-postgres.sh for PostgreSQL).

func benchDBs(b *testing.B, fn func(b *testing.B, d *db.DB)) {
	b.Run("sqlite", func(b *testing.B) { fn(b, dbtest.SQLite(b)) })
	b.Run("postgres", func(b *testing.B) { fn(b, dbtest.Postgres(b)) })
}

// BenchmarkScheduleDigests: one scheduler pass over 100 clients of 2
// digest channels each (200), every digest of the period made already:
// what the leader pays every minute between boundaries.
func BenchmarkScheduleDigests(b *testing.B) {
	benchDBs(b, func(b *testing.B, d *db.DB) {
		e := newEnv(b, d)
		ctx := context.Background()
		for range 100 {
			c := newClient(b, e.store, 0)
			for _, cadence := range []string{clients.CadenceDaily, clients.CadenceWeekly} {
				if _, _, err := e.store.CreateChannel(ctx, c.ID, clients.ChannelWebhook, "https://hooks.example/x", cadence); err != nil {
					b.Fatal(err)
				}
			}
		}
		at := time.Now().Add(8 * 24 * time.Hour)
		if _, err := e.store.ScheduleDigests(ctx, at); err != nil { // every period's digest made (empty)
			b.Fatal(err)
		}
		b.ResetTimer()
		for b.Loop() {
			if n, err := e.store.ScheduleDigests(ctx, at); err != nil || n != 0 {
				b.Fatal(n, err)
			}
		}
	})
}

// BenchmarkServeFeed: one uncached GET of a feed of 50 leads.
func BenchmarkServeFeed(b *testing.B) {
	benchDBs(b, func(b *testing.B, d *db.DB) {
		e := newEnv(b, d)
		c := newClient(b, e.store, 0)
		var posts []engine.Post
		for i := range 50 {
			posts = append(posts, intentPost(i))
		}
		addPosts(b, e, posts...)
		if run := e.runNow(b, newAgent(b, e.store, c.ID, nil).ID); run.LeadsAdded != 50 {
			b.Fatalf("run %+v", run)
		}
		token, _, err := e.store.RotateFeed(context.Background(), c.ID)
		if err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for b.Loop() {
			if rec := getFeed(e, FeedPath+token+".atom", nil); rec.Code != 200 {
				b.Fatal(rec.Code)
			}
		}
	})
}
