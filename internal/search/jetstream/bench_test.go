package jetstream

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/querylang"
)

// recorded is the generated stream (go generate; streamgen), one message a
// line.
func recorded(tb testing.TB) [][]byte {
	tb.Helper()
	f, err := os.Open("testdata/stream.jsonl.gz")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	var lines [][]byte
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 0, 64<<10), maxMessage)
	for sc.Scan() {
		lines = append(lines, bytes.Clone(sc.Bytes()))
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines
}

// benchQueries are what a busy instance filters with: 300 agents with
// four queries each in the query language (words, phrases, OR,
// exclusions) over a B2B vocabulary, and the default ingest queries.
func benchQueries(tb testing.TB) []querylang.Query {
	words := []string{"crm", "salesforce", "hubspot", "pipedrive", "datadog", "observability", "zendesk", "intercom",
		"gong", "outreach", "snowflake", "warehouse", "vanta", "drata", "soc2", "compliance", "payroll", "hris", "sdr",
		"ae", "hiring", "recruiter", "series", "seed", "raised", "vp", "cro", "revops", "billing", "invoicing", "erp",
		"netsuite", "quickbooks", "kubernetes", "terraform", "pentest", "siem", "okta", "sso", "helpdesk", "ats",
		"greenhouse", "lever", "mixpanel", "amplitude", "segment", "cdp", "etl", "dbt", "looker", "tableau", "crm's"}
	r := rand.New(rand.NewPCG(7, 7))
	pick := func() string { return words[r.IntN(len(words))] }
	var list []string
	for range 300 * 4 {
		switch r.IntN(4) {
		case 0:
			list = append(list, pick()+" "+pick())
		case 1:
			list = append(list, fmt.Sprintf(`"%s alternative" OR "switching from %s"`, pick(), pick()))
		case 2:
			list = append(list, pick()+" OR "+pick()+" -job -jobs")
		default:
			list = append(list, fmt.Sprintf(`%s "%s tool"`, pick(), pick()))
		}
	}
	list = append(list, "hiring SDR", "hiring account executives", "raised seed round", "raised Series A",
		"alternative to Salesforce", "switching from HubSpot", "joined as VP", "started new role head of sales",
		"evaluating CRM", "sales engagement platform recommendations")
	var qs []querylang.Query
	for _, s := range list {
		q, err := querylang.ParseQuery(s)
		if err != nil {
			tb.Fatalf("%q: %v", s, err)
		}
		qs = append(qs, q)
	}
	return qs
}

func replayer(tb testing.TB) *Consumer {
	c := New(Options{})
	c.filter.Store(NewFilter(benchQueries(tb)))
	return c
}

// The recorded stream replayed through the read, filter and detect path:
// every message is accounted for, and the intent posts among the chatter
// are found.
func TestRecordedStream(t *testing.T) {
	lines := recorded(t)
	c := replayer(t)
	b := &batch{}
	for _, l := range lines {
		c.handle(l, b)
	}
	n := b.counts
	if n.events != int64(len(lines)) || n.posts+n.skipped+n.malformed+n.invalid != n.events {
		t.Fatalf("counts do not add up: %+v over %d lines", n, len(lines))
	}
	if n.malformed == 0 || n.posts < int64(len(lines))/3 || n.matched == 0 || n.prefiltered <= n.matched || len(b.posts) != int(n.matched) {
		t.Fatalf("counts %+v", n)
	}
	for _, p := range b.posts {
		if p.Source != Name || p.URL == "" || p.PublishedAt.IsZero() {
			t.Fatalf("post %+v", p)
		}
	}
	t.Logf("%d events: %d posts, %d prefiltered, %d matched, %d skipped, %d malformed", n.events, n.posts, n.prefiltered, n.matched, n.skipped, n.malformed)
}

// BenchmarkReplay measures posts read, filtered and detected a second
// (run it on one core: -cpu 1; docs/performance-log.md "Bluesky Jetstream").
func BenchmarkReplay(b *testing.B) {
	lines := recorded(b)
	c := replayer(b)
	var posts, events int64
	start := time.Now()
	for b.Loop() {
		bt := &batch{}
		for _, l := range lines {
			c.handle(l, bt)
		}
		posts += bt.counts.posts
		events += bt.counts.events
	}
	secs := time.Since(start).Seconds()
	b.ReportMetric(float64(posts)/secs, "posts/s")
	b.ReportMetric(float64(events)/secs, "events/s")
}

// BenchmarkWebsocketReplay is the whole path: the recorded stream sent by
// a local websocket server (in the same process, on the same core) to a
// consumer storing its matches in SQLite with its cursor and counts.
func BenchmarkWebsocketReplay(b *testing.B) {
	lines := recorded(b)
	msgs := make([]string, len(lines))
	for i, l := range lines {
		msgs[i] = string(l)
	}
	qs := benchQueries(b)
	var posts, events int64
	var elapsed time.Duration
	for b.Loop() {
		b.StopTimer()
		d := dbtest.SQLite(b)
		f := newFake(b, connection{msgs: msgs})
		c := New(Options{URL: f.url(), DB: d, Posts: search.NewStore(d), Holder: "bench",
			FlushEvery: 10 * time.Millisecond, Logger: slog.New(slog.DiscardHandler),
			Queries: func(context.Context) ([]querylang.Query, error) { return qs, nil }})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		b.StartTimer()
		start := time.Now()
		go func() { defer close(done); c.Run(ctx) }()
		var st *health.Stream
		for {
			time.Sleep(20 * time.Millisecond)
			if st = streamOf(b, d); st != nil && st.Events == int64(len(lines)) {
				break
			}
		}
		elapsed += time.Since(start)
		b.StopTimer()
		cancel()
		<-done
		posts += st.Posts
		events += st.Events
		b.StartTimer()
	}
	b.ReportMetric(float64(posts)/elapsed.Seconds(), "posts/s")
	b.ReportMetric(float64(events)/elapsed.Seconds(), "events/s")
}
