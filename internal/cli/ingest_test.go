package cli

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/search"
)

// fakeServices answers as Algolia's HN search (one fresh hit per query),
// Exa Websets (an idle webset with one item, or 401 for a wrong key) and an
// RSS feed, all on one local server.
func fakeServices(t *testing.T) string {
	t.Helper()
	now := time.Now().Unix()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/search_by_date", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query().Get("query")
		fmt.Fprintf(w, `{"hits":[{"objectID":"hn-%s","title":"Ask HN: %s?","story_text":"We are %s this quarter.","author":"a","created_at_i":%d}]}`,
			strings.ReplaceAll(q, " ", "-"), q, q, now)
	})
	mux.HandleFunc("POST /websets/v0/websets", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("x-api-key") != "good" {
			http.Error(w, `{"error":"invalid key"}`, http.StatusUnauthorized)
			return
		}
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write([]byte(`{"id":"webset_1","object":"webset","status":"idle","enrichments":[]}`))
	})
	mux.HandleFunc("GET /websets/v0/websets/webset_1/items", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(`{"data":[{"id":"witem_1","properties":{"type":"company","url":"https://lumora.example",
			"description":"Lumora raised a Series A and is hiring SDRs.","company":{"name":"Lumora"}},"enrichments":[],
			"createdAt":"2026-11-20T10:00:00Z"}],"hasMore":false,"nextCursor":null}`))
	})
	mux.HandleFunc("GET /feed.xml", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(`<rss version="2.0"><channel><item><guid>p1</guid><title>We raised our Series A</title>
			<link>https://blog.example/a</link><description>And we are hiring SDRs.</description></item></channel></rss>`))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestIngestCommand(t *testing.T) {
	base, dir := fakeServices(t), t.TempDir()
	env := map[string]string{"DATA_DIR": dir, "HN_ENABLED": "true", "HN_BASE_URL": base, "HN_API_URL": base, "EXA_BASE_URL": base,
		"EXA_API_KEY": "good", "INGEST_FEEDS": base + "/feed.xml", "INGEST_QUERIES": "hiring SDRs,raised Series A"}
	ctx := context.Background()

	code, out, errOut := runWith(t, ctx, env, "ingest")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, row := range []string{"hackernews  2        2    0/2", "exa         1        1    0/2", "rss         1        1    0/2"} {
		if !strings.Contains(out, row) {
			t.Errorf("summary lacks %q:\n%s", row, out)
		}
	}
	code, out, _ = runWith(t, ctx, env, "ingest", "--source", "hackernews,rss", "--limit=5")
	if code != 0 || !strings.Contains(out, "hackernews  2        0    0/2") || strings.Contains(out, "exa") {
		t.Fatalf("second run: exit %d\n%s", code, out)
	}
	d, err := db.OpenSQLite(ctx, filepath.Join(dir, "signalpipe.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if n, err := search.NewStore(d).CountPosts(ctx); err != nil || n != 4 {
		t.Fatalf("%d posts stored, want 4 (each once): %v", n, err)
	}
	// Every fetch was recorded: `signalpipe sources` shows each source's
	// health (hackernews and rss fetched twice per run's two queries).
	code, out, errOut = runWith(t, ctx, env, "sources")
	if code != 0 {
		t.Fatalf("sources: exit %d: %s", code, errOut)
	}
	for _, row := range []string{`hackernews\s+ok\s`, `exa\s+ok\s`, `rss\s+ok\s`, `lobsters\s+disabled\s.*LOBSTERS_ENABLED=false`, "RATE LIMITS 24H"} {
		if !regexp.MustCompile(row).MatchString(out) {
			t.Errorf("sources lacks %q:\n%s", row, out)
		}
	}
	env["EXA_API_KEY"] = ""
	if _, out, _ := runWith(t, ctx, env, "sources"); !strings.Contains(out, "unconfigured") || !strings.Contains(out, "needs EXA_API_KEY") {
		t.Errorf("exa without a key:\n%s", out)
	}
}

func TestIngestCommandFailures(t *testing.T) {
	base := fakeServices(t)
	env := map[string]string{"DATA_DIR": t.TempDir(), "HN_ENABLED": "true", "HN_BASE_URL": base, "EXA_BASE_URL": base, "EXA_API_KEY": "wrong"}
	ctx := context.Background()
	// One source failing is reported, not fatal.
	code, out, _ := runWith(t, ctx, env, "ingest", "--query", "hiring SDRs")
	if code != 0 || !strings.Contains(out, "exa         0        0    1/1") || !strings.Contains(out, "EXA_API_KEY") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	// Every source failing is.
	if code, _, errOut := runWith(t, ctx, env, "ingest", "--source", "exa", "--query", "hiring SDRs"); code != 1 || !strings.Contains(errOut, "every source failed") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{{"--limit", "0"}, {"--limit"}, {"--query", ""}, {"stray"}} {
		if code, _, _ := runWith(t, ctx, env, append([]string{"ingest"}, args...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	delete(env, "EXA_API_KEY")
	if code, _, errOut := runWith(t, ctx, env, "ingest", "--source", "exa"); code != 1 || !strings.Contains(errOut, "EXA_API_KEY") {
		t.Fatalf("exa without a key: exit %d: %s", code, errOut)
	}
}

// closedPort is a loopback address nothing listens on: connecting is refused.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// silentListener accepts connections and never answers.
func silentListener(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return l.Addr().String()
}

// Offline, ingest gives up on each unreachable source within seconds, with
// one short line per source, whatever the number of queries.
func TestIngestOfflineFailsFast(t *testing.T) {
	closed, silent := "http://"+closedPort(t), "http://"+silentListener(t)
	env := map[string]string{"DATA_DIR": t.TempDir(), "HN_ENABLED": "true", "HN_BASE_URL": closed, "HN_API_URL": closed,
		"EXA_API_KEY": "k", "EXA_BASE_URL": silent, "INGEST_FEEDS": closed + "/feed.xml," + silent + "/atom.xml"}
	start := time.Now()
	code, out, errOut := runWith(t, context.Background(), env, "ingest") // the ten default queries
	took := time.Since(start)
	if took > 5*time.Second {
		t.Errorf("offline ingest took %s, want under 5 s", took)
	}
	if code != 1 || !strings.Contains(errOut, "every source failed") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("want a header and one line per source, got:\n%s", out)
	}
	for i, want := range []string{"hackernews", "exa", "rss"} {
		l := lines[i+1]
		if !strings.HasPrefix(l, want) || !strings.Contains(l, "10/10") || !strings.Contains(l, "unreachable") || len(l) > 200 {
			t.Errorf("line for %s: %q", want, l)
		}
	}
	if !strings.Contains(lines[2], "no answer within") || !strings.Contains(lines[1], "cannot connect") {
		t.Errorf("the reasons say what happened:\n%s", out)
	}
	for _, l := range strings.Split(strings.TrimSpace(errOut), "\n") {
		if len(l) > 300 {
			t.Errorf("log line of %d characters: %s", len(l), l)
		}
	}
	if n := strings.Count(errOut, "ingest source failed"); n != 3 {
		t.Errorf("%d source warnings, want one per source:\n%s", n, errOut)
	}
}

// A disabled source is never asked: HN_ENABLED=false means no request to
// Hacker News, even when ingest runs the other sources.
func TestIngestSkipsDisabledSources(t *testing.T) {
	var hnCalls atomic.Int32
	hn := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { hnCalls.Add(1) }))
	t.Cleanup(hn.Close)
	base := fakeServices(t)
	env := map[string]string{"DATA_DIR": t.TempDir(), "HN_ENABLED": "false", "HN_BASE_URL": hn.URL, "HN_API_URL": hn.URL,
		"INGEST_FEEDS": base + "/feed.xml", "INGEST_QUERIES": "hiring SDRs"}
	code, out, errOut := runWith(t, context.Background(), env, "ingest")
	if code != 0 || strings.Contains(out, "hackernews") || !strings.Contains(out, "rss") || hnCalls.Load() != 0 {
		t.Fatalf("exit %d, %d HN calls\n%s%s", code, hnCalls.Load(), out, errOut)
	}
	code, _, errOut = runWith(t, context.Background(), env, "ingest", "--source", "hackernews")
	if code != 1 || !strings.Contains(errOut, "HN_ENABLED") || hnCalls.Load() != 0 {
		t.Fatalf("--source hackernews while disabled: exit %d: %s", code, errOut)
	}
	delete(env, "INGEST_FEEDS")
	if code, _, errOut := runWith(t, context.Background(), env, "ingest"); code != 1 || !strings.Contains(errOut, "no source is enabled") {
		t.Fatalf("nothing enabled: exit %d: %s", code, errOut)
	}
	// Every source name is in --help.
	_, help, _ := runWith(t, context.Background(), nil, "--help")
	for _, name := range []string{"hackernews", "exa", "rss", "lobsters", "stackexchange", "github", "mastodon"} {
		if !strings.Contains(help, name) {
			t.Errorf("--help lacks source %q", name)
		}
	}
}
