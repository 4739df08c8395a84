package search

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// scaleICPs are the searches the scale benchmark rotates through: narrow
// and broad ICPs, so the percentiles are not one query's luck.
var scaleICPs = []engine.ICP{
	benchICP,
	{TargetTitles: []string{"CTO", "VP Engineering"}, TechStack: []string{"Kubernetes", "Snowflake", "Datadog"},
		PainPoints: []string{"observability", "cloud costs"}, Industries: []string{"Software"}, SignalThreshold: "All signals 40%+ match"},
	{TargetTitles: []string{"Head of Marketing", "CMO"}, Competitors: []string{"Marketo", "HubSpot"},
		Industries: []string{"Ecommerce", "Retail"}, BudgetIndicators: []string{"hiring"}, SignalThreshold: "Medium 60%+ match"},
	{TargetTitles: []string{"Founder", "CEO"}, FundingStage: "Seed", PainPoints: []string{"lead generation", "outbound"},
		SignalThreshold: "High 80%+ match"},
	{TargetTitles: []string{"VP Sales", "Sales Director", "Head of Sales", "CRO", "Head of RevOps", "Sales Operations Manager"},
		Competitors: []string{"ZoomInfo", "Apollo", "Clearbit", "Lusha"}, TechStack: []string{"Salesforce", "Outreach", "Gong"},
		PainPoints: []string{"pipeline", "data quality", "quota"}, Industries: []string{"Fintech", "Software", "Healthcare"},
		SignalThreshold: "All signals 40%+ match"},
}

// BenchmarkSearchScale measures whole searches (index + pipeline, no DNS)
// over cached corpora of growing size on SQLite and, with
// SEARCH_SCALE_PG, PostgreSQL. It reports the p50 and p95 of a search, the
// p50 of its index read alone, and the p50 of the CPU a search used. Run it with scripts/perf/search-scale.sh.
func BenchmarkSearchScale(b *testing.B) {
	dir, sizes := scaleConfig(b)
	pg := os.Getenv(envScalePG)
	for _, n := range sizes {
		b.Run(fmt.Sprintf("sqlite/%s", sizeLabel(n)), func(b *testing.B) { benchScale(b, scaleSQLite(b, dir, n)) })
		if pg != "" {
			b.Run(fmt.Sprintf("postgres/%s", sizeLabel(n)), func(b *testing.B) { benchScale(b, scalePostgres(b, pg, dir, n)) })
		}
	}
}

func sizeLabel(n int) string {
	if n >= 1_000_000 && n%1_000_000 == 0 {
		return fmt.Sprintf("%dM", n/1_000_000)
	}
	return fmt.Sprintf("%dk", n/1000)
}

func benchScale(b *testing.B, d *db.DB) {
	svc := NewService(NewStore(d), Options{Logger: quiet()})
	var cpu []time.Duration
	search := func(i int) (time.Duration, []engine.Lead) {
		t0, c0 := time.Now(), cpuTime()
		job, leads := svc.Search(context.Background(), scaleICPs[i%len(scaleICPs)])
		if job.Status != StatusComplete {
			b.Fatalf("job %+v", job)
		}
		cpu = append(cpu, cpuTime()-c0)
		return time.Since(t0), leads
	}
	for i := range scaleICPs { // warm the page cache: measure searches, not the first disk read
		search(i)
	}
	cpu = cpu[:0]
	var lat []time.Duration
	leads := 0
	for i := 0; b.Loop(); i++ {
		took, found := search(i)
		lat = append(lat, took)
		leads += len(found)
	}
	b.StopTimer()
	index := indexLatencies(b, svc)
	slices.Sort(lat)
	slices.Sort(cpu)
	b.ReportMetric(ms(pct(cpu, 50)), "cpu-p50-ms")
	b.ReportMetric(ms(pct(lat, 50)), "p50-ms")
	b.ReportMetric(ms(pct(lat, 95)), "p95-ms")
	b.ReportMetric(ms(pct(index, 50)), "index-p50-ms")
	b.ReportMetric(float64(leads)/float64(len(lat)), "leads")
}

// indexLatencies times the index read (the candidates step) of each ICP
// alone, to tell the database's share from the pipeline's.
func indexLatencies(b *testing.B, svc *Service) []time.Duration {
	var out []time.Duration
	for _, p := range scaleICPs {
		t0 := time.Now()
		if _, err := svc.candidates(context.Background(), QueryFor(p)); err != nil {
			b.Fatal(err)
		}
		out = append(out, time.Since(t0))
	}
	slices.Sort(out)
	return out
}

// pct is the nearest-rank percentile of sorted durations.
func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, (len(sorted)*p+99)/100-1)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
