package search

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/corpus"
)

var benchICP = engine.ICP{TargetTitles: []string{"VP Sales", "Head of RevOps", "CTO"}, CompanySize: "50-200",
	FundingStage: "Series A-B", Geographic: "North America", TechStack: []string{"Salesforce"},
	Competitors: []string{"HubSpot", "ZoomInfo"}, Industries: []string{"Fintech", "Software"},
	Exclusions: []string{"agency"}, PainPoints: []string{"pipeline"}, BudgetIndicators: []string{"recent funding"},
	SignalThreshold: "Medium 60%+ match"}

// BenchmarkResearchLeadsHandler measures research-leads up to its answer
// (decode, validate, count the queue, insert the search and its job in one
// transaction); the search itself runs later. No runner works the queue,
// so background searches do not share the CPU with the handler.
func BenchmarkResearchLeadsHandler(b *testing.B) {
	benchResearchLeads(b, dbtest.SQLite(b))
}

// BenchmarkResearchLeadsHandlerPostgres is the same on PostgreSQL.
func BenchmarkResearchLeadsHandlerPostgres(b *testing.B) {
	benchResearchLeads(b, dbtest.Postgres(b))
}

func benchResearchLeads(b *testing.B, d *db.DB) {
	handler := newIdleEnv(b, d, Options{Queue: 1 << 21}, 0).h
	body := strings.ReplaceAll(salesICP, "\n", "")
	lat := make([]time.Duration, 0, 1<<16)
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/api/research-leads", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(DemoKeyHeader, testKey)
		rec := httptest.NewRecorder()
		t0 := time.Now()
		handler.ServeHTTP(rec, req)
		lat = append(lat, time.Since(t0))
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}

// benchSearch runs whole searches (index + pipeline) synchronously.
func benchSearch(b *testing.B, d *db.DB) {
	svc := NewService(NewStore(d), Options{Logger: quiet()})
	leads := 0
	for b.Loop() {
		job, found := svc.Search(context.Background(), benchICP)
		if job.Status != StatusComplete {
			b.Fatalf("job %+v", job)
		}
		leads = len(found)
	}
	b.ReportMetric(float64(leads), "leads")
}

func BenchmarkSearchEmbeddedCorpus(b *testing.B) {
	d := dbtest.SQLite(b)
	if _, err := SeedCorpus(context.Background(), d, quiet()); err != nil {
		b.Fatal(err)
	}
	benchSearch(b, d)
}

// BenchmarkSearchSQLite searches synthetic corpora of growing size in
// SQLite, to show how cost grows (loading is not timed).
func BenchmarkSearchSQLite(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) { benchLoaded(b, dbtest.SQLite(b), n) })
	}
}

// BenchmarkSearchPostgres100k is the same on PostgreSQL (TEST_DATABASE_URL).
func BenchmarkSearchPostgres100k(b *testing.B) {
	benchLoaded(b, dbtest.Postgres(b), 100_000)
}

func benchLoaded(b *testing.B, d *db.DB, n int) {
	posts, err := corpus.Synthetic(n)
	if err != nil {
		b.Fatal(err)
	}
	t0 := time.Now()
	if _, err := NewStore(d).AddPosts(context.Background(), posts); err != nil {
		b.Fatal(err)
	}
	b.Logf("loaded %d posts in %s", len(posts), time.Since(t0).Round(time.Millisecond))
	benchSearch(b, d)
}
