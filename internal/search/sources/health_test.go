package sources

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/hackernews"
	"github.com/signalpipe/signalpipe/internal/search/jobboards"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// Every fetch is recorded (the failed one degrades the source; its four
// 429s, Algolia and the three lists of the fallback, count); a 429 whose Retry-After the client will not wait
// for pauses the source, and it is not asked again until the pause ends.
func TestTrackedRecordsAndHonoursRetryAfter(t *testing.T) {
	var calls atomic.Int32
	var limited atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if limited.Load() {
			w.Header().Set("Retry-After", "600")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		_, _ = w.Write([]byte(`{"hits":[{"objectID":"1","title":"Ask HN: which CRM?","author":"a","created_at_i":1764230400}]}`))
	}))
	defer srv.Close()
	d := dbtest.SQLite(t)
	store := health.NewStore(d)
	hn := hackernews.New(srv.URL)
	hn.APIURL = srv.URL
	src := Tracked(store, nil, []search.Source{hn})[0]
	ctx := context.Background()

	if posts, err := src.Find(ctx, search.TermsQuery("crm"), 5); err != nil || len(posts) != 1 || src.Name() != "hackernews" {
		t.Fatalf("posts %d, err %v", len(posts), err)
	}
	limited.Store(true)
	if _, err := src.Find(ctx, search.TermsQuery("crm"), 5); err == nil {
		t.Fatal("a rate-limited fetch fails")
	}
	before := calls.Load()
	if _, err := src.Find(ctx, search.TermsQuery("crm"), 5); !errors.Is(err, ErrPaused) || calls.Load() != before {
		t.Fatalf("paused source asked again: err %v, %d calls", err, calls.Load()-before)
	}
	c := config.Default()
	c.HNEnabled = true
	r, err := store.Report(ctx, Catalog(c))
	if err != nil {
		t.Fatal(err)
	}
	st := r[0]
	if st.Source != "hackernews" || st.State != health.Degraded || st.Fetches24h != 2 || st.Posts24h != 1 || st.Errors24h != 1 ||
		st.RateLimits24h != 4 || st.PausedUntil == nil {
		t.Fatalf("hackernews health %+v", st)
	}
	if r[1].State != health.Unconfigured || r[2].State != health.Unconfigured {
		t.Fatalf("exa and rss without configuration: %+v", r[1:])
	}
}

func TestCatalogDisabled(t *testing.T) {
	r := Catalog(config.Default())
	if r[0].Name != "hackernews" || r[0].State != health.Disabled || r[0].Detail != "HN_ENABLED=false" {
		t.Fatalf("%+v", r[0])
	}
	c := config.Default()
	c.MastodonEnabled, c.MastodonInstances = true, nil
	if m := entry(t, Catalog(c), "mastodon"); m.State != health.Unconfigured || m.Detail != "needs MASTODON_INSTANCES" {
		t.Fatalf("%+v", m)
	}
	if m := entry(t, r, "mastodon"); m.State != health.Disabled || m.Detail != "MASTODON_ENABLED=false" {
		t.Fatalf("%+v", m)
	}
	if g := entry(t, r, "github"); g.State != health.Disabled || g.Detail != "GITHUB_ENABLED=false" {
		t.Fatalf("%+v", g)
	}
	if rd := entry(t, r, "reddit"); rd.State != health.Unconfigured || rd.Detail != "needs REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET" {
		t.Fatalf("%+v", rd)
	}
	if b := entry(t, r, "bluesky"); b.State != health.Unconfigured || b.Detail != "needs BLUESKY_HANDLE and BLUESKY_APP_PASSWORD" {
		t.Fatalf("%+v", b)
	}
	if j := entry(t, r, "jobboards"); j.State != health.Unconfigured || j.Detail != "needs JOB_BOARDS" || len(r) != len(Names)+1 { // + jetstream, streamed by serve, not an ingest name
		t.Fatalf("%+v", j)
	}
	if j := entry(t, r, "jetstream"); j.State != health.Disabled || j.Detail != "JETSTREAM_ENABLED=false" {
		t.Fatalf("%+v", j)
	}
	c.JetstreamEnabled = true
	if j := entry(t, Catalog(c), "jetstream"); j.State != "" {
		t.Fatalf("enabled: %+v", j)
	}
}

func entry(t *testing.T, cat []health.Configured, name string) health.Configured {
	t.Helper()
	for _, e := range cat {
		if e.Name == name {
			return e
		}
	}
	t.Fatalf("no %s in %+v", name, cat)
	return health.Configured{}
}

// Each job board has its own line in source health: a board that does not
// exist is failing, the other and the source itself are fine.
func TestJobBoardsHealthPerBoard(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/boards/good/jobs" {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write([]byte(`{"jobs":[{"id":1,"title":"Engineer","location":{"name":"NYC"},"absolute_url":"https://x.example/1"}],"meta":{"total":1}}`))
	}))
	defer srv.Close()
	d := dbtest.SQLite(t)
	c := config.Default()
	c.JobBoards = []config.JobBoard{{Kind: "greenhouse", Token: "good", Company: "Good"}, {Kind: "greenhouse", Token: "wrong", Company: "Wrong"}}
	srcs, err := Ingest(c, d, []string{"jobboards"})
	if err != nil || len(srcs) != 1 {
		t.Fatalf("%v %v", srcs, err)
	}
	srcs[0].(*jobboards.Client).GreenhouseURL = srv.URL
	srcs[0].(*jobboards.Client).HTTP = remote.NewHTTPClient(20 * time.Second) // the stand-in is on loopback
	store := health.NewStore(d)
	if _, err := Tracked(store, nil, srcs)[0].Find(context.Background(), search.TermsQuery("x"), 5); err != nil {
		t.Fatal(err)
	}
	r, err := store.Report(context.Background(), Catalog(c))
	if err != nil {
		t.Fatal(err)
	}
	st := map[string]health.Status{}
	for _, s := range r {
		st[s.Source] = s
	}
	if s := st["jobboards"]; s.State != health.OK || s.Fetches24h != 1 {
		t.Errorf("jobboards %+v", s)
	}
	if s := st["jobboards:greenhouse:good"]; s.State != health.OK || s.Fetches24h != 1 {
		t.Errorf("good board %+v", s)
	}
	if s := st["jobboards:greenhouse:wrong"]; s.State != health.Failing || !strings.Contains(s.LastError, "no such board (404)") {
		t.Errorf("wrong board %+v", s)
	}
}

// A source failing for an hour is told to the store's OnFailing once per
// episode.
func TestOnFailingOncePerEpisode(t *testing.T) {
	d := dbtest.SQLite(t)
	store := health.NewStore(d)
	type told struct {
		name    string
		since   time.Time
		lastErr string
	}
	var got []told
	store.OnFailing = func(_ context.Context, name string, since time.Time, lastErr string) {
		got = append(got, told{name, since, lastErr})
	}
	src := Tracked(store, nil, []search.Source{failing{}})[0]
	ctx := context.Background()
	_, _ = src.Find(ctx, search.TermsQuery("x"), 5)
	if len(got) != 0 {
		t.Fatalf("told after one failure: %+v", got)
	}
	// The episode began two hours ago (as another instance recorded it).
	since := time.Now().Add(-2 * time.Hour).UTC()
	if _, err := d.Writer.ExecContext(ctx, d.Rebind(`UPDATE source_health SET failing_since = ? WHERE source = ?`), d.TimeArg(since), "broken"); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		_, _ = src.Find(ctx, search.TermsQuery("x"), 5)
	}
	if len(got) != 1 || got[0].name != "broken" || !got[0].since.Equal(since.Truncate(time.Microsecond)) && !got[0].since.Equal(since) ||
		got[0].lastErr != "broken: down" {
		t.Fatalf("told %+v", got)
	}
}

type failing struct{}

func (failing) Name() string { return "broken" }
func (failing) Find(context.Context, search.Query, int) ([]engine.Post, error) {
	return nil, errors.New("broken: down")
}

type notified struct {
	failing
	told []engine.Post
}

func (n *notified) Stored(_ context.Context, posts []engine.Post) error {
	n.told = append(n.told, posts...)
	return nil
}

// The wrapper passes ingest's word that posts are stored on to a source
// that needs it (the job boards announce openings only then), and is
// silent for the others.
func TestTrackedPassesStoredOn(t *testing.T) {
	store := health.NewStore(dbtest.SQLite(t))
	n := &notified{}
	srcs := Tracked(store, nil, []search.Source{n, failing{}})
	posts := []engine.Post{{ID: "p1", Source: "broken"}}
	for _, s := range srcs {
		sn, ok := s.(search.StoredNotifier)
		if !ok {
			t.Fatalf("%T does not pass Stored on", s)
		}
		if err := sn.Stored(context.Background(), posts); err != nil {
			t.Fatal(err)
		}
	}
	if len(n.told) != 1 || n.told[0].ID != "p1" {
		t.Fatalf("told %+v", n.told)
	}
}
