package health

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

func at(s *Store, t time.Time) { s.now = func() time.Time { return t } }

var catalog = []Configured{{Name: "hackernews"}, {Name: "exa", State: Unconfigured, Detail: "needs EXA_API_KEY"},
	{Name: "rss"}, {Name: "lobsters", State: Disabled, Detail: "LOBSTERS_ENABLED=false"}}

func byName(t *testing.T, r []Status, name string) Status {
	t.Helper()
	for _, s := range r {
		if s.Source == name {
			return s
		}
	}
	t.Fatalf("no %s in the report", name)
	return Status{}
}

func TestStatesAndCounts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		t0 := time.Date(2026, 11, 27, 8, 10, 0, 0, time.UTC)
		at(s, t0)
		r, err := s.Report(ctx, catalog)
		if err != nil || len(r) != 4 {
			t.Fatalf("report %v, %v", r, err)
		}
		if hn := byName(t, r, "hackernews"); hn.State != OK || hn.Detail != "not fetched yet" || hn.LastSuccessAt != nil {
			t.Errorf("never fetched: %+v", hn)
		}
		if e := byName(t, r, "exa"); e.State != Unconfigured || e.Detail != "needs EXA_API_KEY" {
			t.Errorf("exa %+v", e)
		}
		if l := byName(t, r, "lobsters"); l.State != Disabled {
			t.Errorf("lobsters %+v", l)
		}

		// hackernews: two good fetches; rss: good, then failing.
		must(t, s.Record(ctx, Outcome{Source: "hackernews", Posts: 7}))
		must(t, s.Record(ctx, Outcome{Source: "hackernews", Posts: 3}))
		must(t, s.Record(ctx, Outcome{Source: "rss", Posts: 2}))
		at(s, t0.Add(10*time.Minute))
		must(t, s.Record(ctx, Outcome{Source: "rss", Err: errors.New("feed https://x.example/feed: status 503"), RateLimits: 1}))
		r, _ = s.Report(ctx, catalog)
		hn, rss := byName(t, r, "hackernews"), byName(t, r, "rss")
		if hn.State != OK || hn.Posts24h != 10 || hn.Fetches24h != 2 || hn.LastSuccessAt == nil || !hn.LastSuccessAt.Equal(t0) {
			t.Errorf("hackernews %+v", hn)
		}
		if rss.State != Degraded || rss.Errors24h != 1 || rss.RateLimits24h != 1 || rss.Posts24h != 2 ||
			rss.LastError != "feed https://x.example/feed: status 503" || rss.FailingSince == nil {
			t.Errorf("rss after one failure %+v", rss)
		}
		// Failing for an hour (a second failure keeps the first's time).
		at(s, t0.Add(40*time.Minute))
		must(t, s.Record(ctx, Outcome{Source: "rss", Err: errors.New("timeout")}))
		at(s, t0.Add(71*time.Minute))
		r, _ = s.Report(ctx, catalog)
		if rss := byName(t, r, "rss"); rss.State != Failing || !rss.FailingSince.Equal(t0.Add(10*time.Minute)) || rss.LastError != "timeout" {
			t.Errorf("rss failing for an hour %+v", rss)
		}
		// A success clears it; the day's errors still show as degraded;
		// 25 hours later the counts have aged out.
		must(t, s.Record(ctx, Outcome{Source: "rss", Posts: 1}))
		r, _ = s.Report(ctx, catalog)
		if rss := byName(t, r, "rss"); rss.State != Degraded || rss.FailingSince != nil || rss.Errors24h != 2 {
			t.Errorf("rss recovered %+v", rss)
		}
		at(s, t0.Add(26*time.Hour))
		r, _ = s.Report(ctx, catalog)
		if rss := byName(t, r, "rss"); rss.State != OK || rss.Errors24h != 0 || rss.Posts24h != 0 {
			t.Errorf("rss a day later %+v", rss)
		}
		// Old hours are deleted as new ones are written.
		must(t, s.Record(ctx, Outcome{Source: "rss", Posts: 1}))
		at(s, t0.Add(60*time.Hour))
		must(t, s.Record(ctx, Outcome{Source: "rss", Posts: 1}))
		var n int
		must(t, d.Reader.QueryRowContext(ctx, d.Rebind(`SELECT COUNT(*) FROM source_health_hours WHERE source = ?`), "rss").Scan(&n))
		if n != 2 { // the hour at +26h and the one at +60h; +0h is gone
			t.Errorf("%d hourly rows kept", n)
		}
	})
}

// A source that never succeeded fails at once.
func TestNeverSucceededIsFailing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := NewStore(d)
		must(t, s.Record(context.Background(), Outcome{Source: "hackernews", Err: errors.New("unreachable")}))
		r, _ := s.Report(context.Background(), catalog)
		if hn := byName(t, r, "hackernews"); hn.State != Failing {
			t.Fatalf("%+v", hn)
		}
	})
}

func TestPause(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
		at(s, t0)
		if u, err := s.PausedUntil(ctx, "exa"); err != nil || !u.IsZero() {
			t.Fatalf("unknown source paused %v, %v", u, err)
		}
		must(t, s.Record(ctx, Outcome{Source: "exa", Err: errors.New("rate limited for 10m0s"), RateLimits: 1, PauseUntil: t0.Add(10 * time.Minute)}))
		// A later success without a pause of its own keeps the pause.
		must(t, s.Record(ctx, Outcome{Source: "exa", Posts: 1}))
		if u, _ := s.PausedUntil(ctx, "exa"); !u.Equal(t0.Add(10 * time.Minute)) {
			t.Fatalf("paused until %v", u)
		}
		r, _ := s.Report(ctx, []Configured{{Name: "exa"}})
		if r[0].State != Degraded || r[0].PausedUntil == nil {
			t.Fatalf("%+v", r[0])
		}
		at(s, t0.Add(11*time.Minute))
		if u, _ := s.PausedUntil(ctx, "exa"); !u.IsZero() {
			t.Fatalf("pause over, still %v", u)
		}
	})
}

// Instances recording at once all count.
func TestConcurrentRecords(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Go(func() {
				s := NewStore(d) // as another instance would
				var err error
				if i%4 == 0 {
					err = errors.New("boom")
				}
				if rerr := s.Record(ctx, Outcome{Source: "rss", Posts: 1, Err: err}); rerr != nil {
					t.Error(rerr)
				}
			})
		}
		wg.Wait()
		r, _ := NewStore(d).Report(ctx, []Configured{{Name: "rss"}})
		if r[0].Fetches24h != 20 || r[0].Posts24h != 20 || r[0].Errors24h != 5 {
			t.Fatalf("%+v", r[0])
		}
	})
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// A source failing for an hour is claimed once per episode, by one of many
// instances claiming at once; a success ends the episode and the next hour
// of failures is a new one.
func TestClaimFailingOncePerEpisode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
		at(s, t0)
		must(t, s.Record(ctx, Outcome{Source: "rss", Posts: 1}))
		must(t, s.Record(ctx, Outcome{Source: "rss", Err: errors.New("status 503")}))
		at(s, t0.Add(59*time.Minute))
		must(t, s.Record(ctx, Outcome{Source: "rss", Err: errors.New("status 502")}))
		if _, _, ok, err := s.ClaimFailing(ctx, "rss"); ok || err != nil {
			t.Fatalf("failing for 59 minutes: claimed %v, %v", ok, err)
		}
		if _, _, ok, err := s.ClaimFailing(ctx, "never-fetched"); ok || err != nil {
			t.Fatalf("unknown source: claimed %v, %v", ok, err)
		}
		at(s, t0.Add(61*time.Minute))
		must(t, s.Record(ctx, Outcome{Source: "rss", Err: errors.New("status 500")}))
		var mu sync.Mutex
		var wins []time.Time
		var wg sync.WaitGroup
		for range 6 {
			wg.Go(func() {
				other := NewStore(d)
				at(other, t0.Add(61*time.Minute))
				since, lastErr, ok, err := other.ClaimFailing(ctx, "rss")
				if err != nil {
					t.Error(err)
				}
				if ok {
					if lastErr != "status 500" {
						t.Errorf("last error %q", lastErr)
					}
					mu.Lock()
					wins = append(wins, since)
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(wins) != 1 || !wins[0].Equal(t0) {
			t.Fatalf("claims %v, want one since %v", wins, t0)
		}
		if r, err := s.Report(ctx, []Configured{{Name: "rss"}}); err != nil || !r[0].OwnerTold {
			t.Fatalf("report after the notice: %+v %v", r, err)
		}
		at(s, t0.Add(3*time.Hour))
		must(t, s.Record(ctx, Outcome{Source: "rss", Err: errors.New("still down")}))
		if _, _, ok, _ := s.ClaimFailing(ctx, "rss"); ok {
			t.Fatal("the same episode was claimed twice")
		}
		// A success ends the episode; failing for another hour is a new one.
		must(t, s.Record(ctx, Outcome{Source: "rss", Posts: 2}))
		at(s, t0.Add(4*time.Hour))
		must(t, s.Record(ctx, Outcome{Source: "rss", Err: errors.New("down again")}))
		if r, _ := s.Report(ctx, []Configured{{Name: "rss"}}); r[0].OwnerTold {
			t.Fatalf("a new episode is not told yet: %+v", r[0])
		}
		at(s, t0.Add(5*time.Hour))
		since, lastErr, ok, err := s.ClaimFailing(ctx, "rss")
		if !ok || err != nil || !since.Equal(t0.Add(4*time.Hour)) || lastErr != "down again" {
			t.Fatalf("second episode: %v %q %v %v", since, lastErr, ok, err)
		}
	})
}
