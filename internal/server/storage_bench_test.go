package server

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// BenchmarkSubmissionSQLite measures stored bookings per second (the row and
// its forwarding job, one committed transaction) through the full handler
// chain on a SQLite file in the temp directory, with synchronous FULL (the
// setting) and NORMAL (the previous one), from 8 goroutines. Figures:
// docs/performance-log.md, "Durability and a full disk". Run:
// go test ./internal/server -run '^$' -bench SubmissionSQLite
func BenchmarkSubmissionSQLite(b *testing.B) {
	for _, mode := range []string{"FULL", "NORMAL"} {
		b.Run(mode, func(b *testing.B) {
			ctx := context.Background()
			d, err := db.OpenSQLite(ctx, filepath.Join(b.TempDir(), "bench.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer d.Close()
			if err := d.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
				b.Fatal(err)
			}
			// The writer is one connection, so the pragma holds for every write.
			if _, err := d.Writer.Exec("PRAGMA synchronous = " + mode); err != nil {
				b.Fatal(err)
			}
			s := newServerOn(b, d, func(c *config.Config) {
				c.FormRateLimit = 0
				c.WorkflowWebhookURL = "http://127.0.0.1:9/never-called" // a job per submission; no worker runs
			})
			h := s.Handler()
			b.SetParallelism(4) // 8 goroutines on 2 cores
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					rec := httpxtest.Do(h, "POST", "/api/booking-leads", jsonHeaders, bookingJSON)
					if rec.Code != 201 {
						b.Errorf("booking: %d %s", rec.Code, rec.Body)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "submissions/s")
		})
	}
}
