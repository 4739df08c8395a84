package search

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

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

// demoICP is the demo form's starting ICP (web/src/features/demo/content/
// icp-options.ts), the search a visitor runs first.
var demoICP = engine.ICP{TargetTitles: []string{"VP of Sales", "Head of Growth", "Revenue Operations Lead"},
	CompanySize: "50-200", RevenueRange: "$1M - $10M ARR", FundingStage: "Series A-B",
	Geographic: "North America, Western Europe", TechStack: []string{"Salesforce", "HubSpot", "Outreach"},
	PainPoints: []string{"Low reply rates", "Stale contact data", "Slow pipeline"}, Competitors: []string{"ZoomInfo", "Apollo", "6sense"},
	Industries: []string{"SaaS", "Fintech", "Artificial Intelligence"}, Exclusions: []string{"Agencies", "Students"},
	SignalThreshold: "Medium 60%+ match", BudgetIndicators: []string{"Recent funding", "Hiring SDRs"}}

// benchICPs are the ICPs a scale run rotates through: the demo's default
// and, with SEARCH_SCALE_ICPS naming a JSON-lines file of {"icp": {...}}
// objects (the relevance set's icps.jsonl format), those ICPs; without it
// scaleICPs.
func benchICPs(b *testing.B) []engine.ICP {
	path := os.Getenv(envScaleICPs)
	if path == "" {
		return append([]engine.ICP{demoICP}, scaleICPs...)
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	out := []engine.ICP{demoICP}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<22)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var row struct {
			ICP *engine.ICP `json:"icp"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil || row.ICP == nil {
			b.Fatalf("%s:%d: not an {\"icp\": {...}} line (%v)", path, line, err)
		}
		out = append(out, *row.ICP)
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkSearchScale measures whole searches (index + pipeline, no DNS)
// over cached corpora of growing size on SQLite and, with
// SEARCH_SCALE_PG, PostgreSQL. It reports the p50 and p95 of a search, the
// p50 of its index read alone, and the p50 of the CPU a search used. Run it with scripts/perf/search-scale.sh.
func BenchmarkSearchScale(b *testing.B) {
	dir, sizes := scaleConfig(b)
	pg, only := os.Getenv(envScalePG), os.Getenv(envScaleOnly)
	for _, n := range sizes {
		if only != "postgres" {
			b.Run(fmt.Sprintf("sqlite/%s", sizeLabel(n)), func(b *testing.B) { benchScale(b, scaleSQLite(b, dir, n)) })
		}
		if pg != "" && only != "sqlite" {
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
	icps := benchICPs(b)
	svc := NewService(NewStore(d), Options{Logger: quiet()})
	var cpu []time.Duration
	search := func(i int) (time.Duration, []engine.Lead) {
		t0, c0 := time.Now(), cpuTime()+serverCPU()
		job, leads := svc.Search(context.Background(), icps[i%len(icps)])
		if job.Status != StatusComplete {
			b.Fatalf("job %+v", job)
		}
		cpu = append(cpu, cpuTime()+serverCPU()-c0)
		return time.Since(t0), leads
	}
	for i := range icps { // warm the page cache: measure searches, not the first disk read
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
	reads := indexReads(b, svc, icps, scaleNow(b, d).Add(-30*24*time.Hour))
	slices.Sort(lat)
	slices.Sort(cpu)
	b.ReportMetric(ms(pct(cpu, 50)), "cpu-p50-ms")
	b.ReportMetric(ms(pct(lat, 50)), "p50-ms")
	b.ReportMetric(ms(pct(lat, 95)), "p95-ms")
	for _, name := range []string{"index", "index30d", "oldindex"} {
		b.ReportMetric(ms(pct(reads[name].wall, 50)), name+"-p50-ms")
		b.ReportMetric(ms(pct(reads[name].cpu, 50)), name+"-cpu-p50-ms")
	}
	b.ReportMetric(float64(leads)/float64(len(lat)), "leads")
	b.ReportMetric(float64(scaleBytes(b, d))/(1<<20), "db-MB")
	if v, err := d.GetMeta(context.Background(), scaleLoadTime); err == nil {
		secs, _ := strconv.Atoi(v)
		b.ReportMetric(float64(secs), "load-s")
	}
}

// scaleBytes is the size of the posts and their indexes: the whole file on
// SQLite (posts are nearly all of it), posts with its indexes and TOAST on
// PostgreSQL.
func scaleBytes(b *testing.B, d *db.DB) int64 {
	q := `SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()`
	if d.Dialect == db.Postgres {
		q = `SELECT pg_total_relation_size('posts')`
	}
	var n int64
	if err := d.Reader.QueryRowContext(context.Background(), q).Scan(&n); err != nil {
		b.Fatal(err)
	}
	return n
}

type readTimes struct{ wall, cpu []time.Duration }

// indexReads times the index read (the candidates step) of each ICP alone,
// to tell the database's share from the pipeline's, three ways taken in
// turn so they meet the same load: "index" is SearchPosts, "index30d" is
// SearchPostsSince bounded to the 30 days before the load (a live search),
// "oldindex" is the query before issue 19 (legacySearch), for comparison.
// cpu counts this process and, on PostgreSQL, the server's processes.
func indexReads(b *testing.B, svc *Service, icps []engine.ICP, since time.Time) map[string]*readTimes {
	ctx := context.Background()
	st := svc.store
	variants := []struct {
		name string
		read func(Query) error
	}{
		{"index", func(q Query) error { _, err := st.SearchPosts(ctx, q, svc.opt.Candidates); return err }},
		{"index30d", func(q Query) error { _, err := st.SearchPostsSince(ctx, q, since, svc.opt.Candidates); return err }},
		{"oldindex", func(q Query) error { return legacySearch(ctx, st, q, svc.opt.Candidates) }},
	}
	out := map[string]*readTimes{}
	for _, v := range variants {
		out[v.name] = &readTimes{}
	}
	for range 3 {
		for _, p := range icps {
			for _, v := range variants {
				t0, c0 := time.Now(), cpuTime()+serverCPU()
				if err := v.read(QueryFor(p)); err != nil {
					b.Fatal(err)
				}
				out[v.name].wall = append(out[v.name].wall, time.Since(t0))
				out[v.name].cpu = append(out[v.name].cpu, cpuTime()+serverCPU()-c0)
			}
		}
	}
	for _, r := range out {
		slices.Sort(r.wall)
		slices.Sort(r.cpu)
	}
	return out
}

// legacySearch is the index read as it was before issue 19 (the newest
// 20,000 matches by id, joined back to posts), kept here only to measure
// against: on PostgreSQL its join read every post (Hash Join over a Seq
// Scan) and sorted the posts' JSON with the rank.
func legacySearch(ctx context.Context, st *Store, q Query, limit int) error {
	sqlText := `SELECT p.data FROM (SELECT rowid, rank FROM posts_fts
		WHERE posts_fts MATCH ? ORDER BY rowid DESC LIMIT ?) f
		JOIN posts p ON p.id = f.rowid ORDER BY f.rank LIMIT ?`
	args := []any{q.FTS5(), st.rankWindow, limit}
	if st.d.Dialect == db.Postgres {
		sqlText = `SELECT p.data FROM posts p JOIN (SELECT id FROM posts
			WHERE search @@ websearch_to_tsquery('english', ?) ORDER BY id DESC LIMIT ?) w ON w.id = p.id
			ORDER BY ts_rank(p.search, websearch_to_tsquery('english', ?)) DESC, p.id DESC LIMIT ?`
		args = []any{pgx.QueryExecModeExec, q.Websearch(), st.rankWindow, q.Websearch(), limit}
	}
	_, err := st.readPosts(ctx, sqlText, args...)
	return err
}

// serverCPU is the CPU the scale PostgreSQL server's processes have used
// (SEARCH_SCALE_PGDATA names its data directory; 0 without it): the
// postmaster and its children, from /proc, in clock ticks of 10 ms.
func serverCPU() time.Duration {
	dir := os.Getenv(envScalePGData)
	if dir == "" {
		return 0
	}
	pidFile, err := os.ReadFile(filepath.Join(dir, "postmaster.pid"))
	if err != nil {
		return 0
	}
	master := strings.SplitN(string(pidFile), "\n", 2)[0]
	procs, _ := filepath.Glob("/proc/[0-9]*/stat")
	var ticks int64
	for _, path := range procs {
		raw, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ... utime(14) stime(15); comm may hold spaces
		end := strings.LastIndexByte(string(raw), ')')
		if end < 0 {
			continue
		}
		f := strings.Fields(string(raw[end+1:]))
		pid := strings.Fields(string(raw))[0]
		if len(f) < 13 || (pid != master && f[1] != master) {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += u + s
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}

// pct is the nearest-rank percentile of sorted durations.
func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, (len(sorted)*p+99)/100-1)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
