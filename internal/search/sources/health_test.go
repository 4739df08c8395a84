package sources

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/hackernews"
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
	named := func(list []health.Configured, name string) health.Configured {
		i := slices.IndexFunc(list, func(e health.Configured) bool { return e.Name == name })
		if i < 0 {
			t.Fatalf("no %s in the catalog", name)
		}
		return list[i]
	}
	if m := named(Catalog(c), "mastodon"); m.Name != "mastodon" || m.State != health.Unconfigured || m.Detail != "needs MASTODON_INSTANCES" {
		t.Fatalf("%+v", m)
	}
	if m := named(r, "mastodon"); m.Name != "mastodon" || m.State != health.Disabled || m.Detail != "MASTODON_ENABLED=false" {
		t.Fatalf("%+v", m)
	}
	if g := named(r, "github"); g.Name != "github" || g.State != health.Disabled || g.Detail != "GITHUB_ENABLED=false" {
		t.Fatalf("%+v", g)
	}
	if j := named(r, "jetstream"); j.State != health.Disabled || j.Detail != "JETSTREAM_ENABLED=false" {
		t.Fatalf("%+v", j)
	}
	c.JetstreamEnabled = true
	if j := named(Catalog(c), "jetstream"); j.State != "" {
		t.Fatalf("enabled: %+v", j)
	}
}
