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
	handler := newIdleEnv(b, d, Options{Workers: 1, Queue: 8}, 0).h
	body := strings.ReplaceAll(salesICP, "\n", "")
	lat := make([]time.Duration, 0, 1<<16)
	for b.Loop() {
		// A worker would take waiting searches off the queue; here the
		// benchmark does, untimed, so the queue stays as full as a busy one.
		if len(lat)%8 == 0 {
			b.StopTimer()
			if _, err := d.Writer.Exec(`DELETE FROM river_job`); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
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

// BenchmarkSearchEndToEnd measures what the demo waits for: from
// research-leads to check-webset-status answering complete (polled every
// 10 ms), with the search running as a River job on the search queue.
func BenchmarkSearchEndToEnd(b *testing.B) { benchEndToEnd(b, dbtest.SQLite(b)) }

// BenchmarkSearchEndToEndPostgres is the same on PostgreSQL.
func BenchmarkSearchEndToEndPostgres(b *testing.B) { benchEndToEnd(b, dbtest.Postgres(b)) }

func benchEndToEnd(b *testing.B, d *db.DB) {
	e := newEnv(b, d, Options{})
	var lat []time.Duration
	leads := 0
	for b.Loop() {
		t0 := time.Now()
		code, out := e.post("/api/research-leads", salesICP, nil)
		if code != http.StatusOK {
			b.Fatalf("research-leads: %d %v", code, out)
		}
		done := e.waitComplete(b, out["websets"].([]any)[0].(string))
		lat = append(lat, time.Since(t0))
		leads = len(done["leads"].([]any))
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Milliseconds()), "p50-ms")
	b.ReportMetric(float64(lat[len(lat)-1].Milliseconds()), "max-ms")
	b.ReportMetric(float64(leads), "leads")
}
