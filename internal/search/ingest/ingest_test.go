package ingest

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
)

// fakeSource answers every query with the posts whose text holds it, or
// fails queries listed in fail.
type fakeSource struct {
	name  string
	posts []engine.Post
	fail  map[string]bool

	mu   sync.Mutex
	keys []string
}

func (f *fakeSource) Name() string { return f.name }

func (f *fakeSource) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	f.mu.Lock()
	f.keys = append(f.keys, search.JobKey(ctx))
	f.mu.Unlock()
	if f.fail[q.Terms[0]] {
		return nil, errors.New("boom: " + q.Terms[0])
	}
	var out []engine.Post
	for _, p := range f.posts {
		if q.Matches(p.Text) && len(out) < limit {
			out = append(out, p)
		}
	}
	return out, nil
}

var quiet = slog.New(slog.DiscardHandler)

func posts(source string, texts ...string) []engine.Post {
	var out []engine.Post
	for i, t := range texts {
		out = append(out, engine.Post{ID: source + "-" + string(rune('a'+i)), Source: source, Text: t})
	}
	return out
}

func TestRunStoresOnceAndReports(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		store := search.NewStore(d)
		hn := &fakeSource{name: "hackernews", posts: posts("hackernews", "We are hiring SDRs", "Hiring SDRs and AEs, raised Series A", "cooking")}
		exa := &fakeSource{name: "exa", posts: posts("exa", "Lumora raised Series A"), fail: map[string]bool{"hiring sdrs": true}}
		down := &fakeSource{name: "down", fail: map[string]bool{"hiring sdrs": true, "raised series a": true}}
		o := Options{Sources: []search.Source{hn, exa, down}, Queries: []string{"Hiring SDRs", "raised Series A"}, Limit: 10,
			RunKey: "ingest:7", Logger: quiet}

		report := Run(ctx, store, o)
		want := Report{
			{Source: "hackernews", Queries: 2, Fetched: 2, New: 2},
			{Source: "exa", Queries: 2, Failed: 1, Fetched: 1, New: 1, Error: "boom: hiring sdrs"},
			{Source: "down", Queries: 2, Failed: 2, Error: "boom: hiring sdrs", SourceFailed: true},
		}
		for i := range want {
			if report[i] != want[i] {
				t.Errorf("result %d = %+v, want %+v", i, report[i], want[i])
			}
		}
		if report.AllFailed() {
			t.Error("AllFailed with two working sources")
		}
		if hn.keys[0] != "ingest:7" {
			t.Errorf("run key %q not passed to the sources", hn.keys[0])
		}

		again := Run(ctx, store, o)
		if again[0].Fetched != 2 || again[0].New != 0 || again[1].New != 0 {
			t.Fatalf("second run %+v: want nothing new", again)
		}
		if n, err := store.CountPosts(ctx); err != nil || n != 3 {
			t.Fatalf("%d posts stored, want 3 (each once): %v", n, err)
		}
		found, err := store.SearchPosts(ctx, search.TermsQuery("series a"), 10)
		if err != nil || len(found) != 2 {
			t.Fatalf("ingested posts not searchable: %d, %v", len(found), err)
		}
	})
}

func TestAllFailed(t *testing.T) {
	d := dbtest.SQLite(t)
	down := &fakeSource{name: "down", fail: map[string]bool{"x": true}}
	r := Run(context.Background(), search.NewStore(d), Options{Sources: []search.Source{down, down}, Queries: []string{"x"}, Limit: 5, Logger: quiet})
	if !r.AllFailed() || !strings.Contains(r[0].Error, "boom") {
		t.Fatalf("report %+v", r)
	}
	if (Report{}).AllFailed() {
		t.Fatal("no sources is not a failure of every source")
	}
}

// notifiedSource records what ingest says it stored; cancel, when set,
// ends the run's context as Find returns, so storing fails.
type notifiedSource struct {
	fakeSource
	cancel context.CancelFunc
	stored []string
}

func (n *notifiedSource) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	posts, err := n.fakeSource.Find(ctx, q, limit)
	if n.cancel != nil {
		n.cancel()
	}
	return posts, err
}

func (n *notifiedSource) Stored(_ context.Context, posts []engine.Post) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, p := range posts {
		n.stored = append(n.stored, p.ID)
	}
	return nil
}

// A source that must know what was stored (search.StoredNotifier) is told
// after a successful store, and not when storing failed.
func TestStoredNotifierToldOnlyAfterTheStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		store := search.NewStore(d)
		ctx, cancel := context.WithCancel(context.Background())
		src := &notifiedSource{fakeSource: fakeSource{name: "boards", posts: posts("boards", "hiring SDRs", "hiring AEs")}, cancel: cancel}
		o := Options{Sources: []search.Source{src}, Queries: []string{"hiring"}, Limit: 10, Logger: quiet}
		if r := Run(ctx, store, o); !r[0].SourceFailed || len(src.stored) != 0 {
			t.Fatalf("failed store: %+v, told %v", r[0], src.stored)
		}
		src.cancel = nil
		if r := Run(context.Background(), store, o); r[0].New != 2 || strings.Join(src.stored, ",") != "boards-a,boards-b" {
			t.Fatalf("stored: %+v, told %v", r[0], src.stored)
		}
	})
}
