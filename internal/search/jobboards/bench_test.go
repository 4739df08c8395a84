package jobboards

import (
	"context"
	"strconv"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

// BenchmarkDiff is one fetch of a 1,000-opening board with 10 new ones,
// then their announcement once the post is stored
// (docs/performance-log.md, "Job boards"): go test -bench Diff -run '^$'.
func BenchmarkDiff(b *testing.B) {
	for _, engine := range []struct {
		name string
		open func(testing.TB) *db.DB
	}{{"sqlite", dbtest.SQLite}, {"postgres", dbtest.Postgres}} {
		b.Run(engine.name, func(b *testing.B) {
			d := engine.open(b)
			s := NewStore(d)
			ctx := context.Background()
			ids := make([]string, 1000)
			for i := range ids {
				ids[i] = strconv.Itoa(i)
			}
			if _, _, err := s.Diff(ctx, "greenhouse:bench", "f0", ids); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := range b.N {
				for j := range 10 {
					ids[j] = "new-" + strconv.Itoa(i) + "-" + strconv.Itoa(j)
				}
				batches, _, err := s.Diff(ctx, "greenhouse:bench", "f"+strconv.Itoa(i+1), ids)
				if err != nil || len(batches) != 1 || len(batches[0]) != 10 {
					b.Fatalf("%d batches, %v", len(batches), err)
				}
				// ingest stored the post: the openings are announced
				if err := s.Announced(ctx, "greenhouse:bench", batches[0]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
