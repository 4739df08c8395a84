package lobsters

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/search"
)

// Stories in the shape of Lobsters' Story#as_json (app/models/story.rb in
// github.com/lobsters/lobsters: short_id, short_id_url, created_at, title,
// url, score, flags, comment_count, description, description_plain,
// comments_url, submitter_user, user_is_author, tags). page2 uses the older
// shape (submitter_user an object, HTML description only).
const page1 = `[{"short_id":"ab12cd","short_id_url":"https://lobste.rs/s/ab12cd","created_at":"2026-11-27T06:10:00.000-06:00",
 "title":"Ask: which CRM do small teams use?","url":"","score":4,"flags":0,"comment_count":3,
 "description":"<p>We are evaluating CRM tools after outgrowing spreadsheets.</p>","description_plain":"We are evaluating CRM tools after outgrowing spreadsheets.",
 "comments_url":"https://lobste.rs/s/ab12cd/ask_which_crm_do_small_teams_use","submitter_user":"dana","user_is_author":false,"tags":["ask","practices"]},
 {"short_id":"zz99yy","short_id_url":"https://lobste.rs/s/zz99yy","created_at":"2026-11-27T05:00:00.000-06:00",
 "title":"A tour of the Zig compiler","url":"https://zig.example/tour","score":20,"flags":0,"comment_count":8,"description":"","description_plain":"",
 "comments_url":"https://lobste.rs/s/zz99yy/a_tour_of_zig_compiler","submitter_user":"lee","user_is_author":true,"tags":["zig"]}]`

const page2 = `[{"short_id":"old111","short_id_url":"https://lobste.rs/s/old111","created_at":"2026-11-26T10:00:00.000-06:00",
 "title":"Migrating off Salesforce to a smaller CRM","url":"https://blog.example/crm","score":9,"comment_count":1,
 "description":"<p>Notes from our &amp; their migration.</p>","comments_url":"https://lobste.rs/s/old111/migrating",
 "submitter_user":{"username":"sam","created_at":"2020-01-01T00:00:00.000-06:00","karma":100},"tags":["practices"]}]`

type fake struct {
	mu    sync.Mutex
	calls []time.Time
	pages map[string]func(w http.ResponseWriter)
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.calls = append(f.calls, time.Now())
	h, ok := f.pages[r.URL.Path]
	f.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	h(w)
}

func body(s string) func(w http.ResponseWriter) {
	return func(w http.ResponseWriter) { fmt.Fprint(w, s) }
}

func newClient(t *testing.T, f *fake) *Client {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c := New(srv.URL)
	c.Pages = 3
	return c
}

func TestFindPagesAndMatches(t *testing.T) {
	f := &fake{pages: map[string]func(http.ResponseWriter){"/newest.json": body(page1), "/newest/page/2.json": body(page2),
		"/newest/page/3.json": body(`[]`)}}
	c := newClient(t, f)
	c.Interval = 200 * time.Millisecond
	start := time.Now()
	posts, err := c.Find(context.Background(), search.TermsQuery("crm"), 10)
	if err != nil || len(posts) != 2 {
		t.Fatalf("posts %+v, err %v", posts, err)
	}
	p := posts[0]
	if p.ID != "ab12cd" || p.Source != "lobsters" || p.Author != "dana" || p.URL != "https://lobste.rs/s/ab12cd/ask_which_crm_do_small_teams_use" ||
		!strings.Contains(p.Text, "evaluating CRM tools") || !strings.Contains(p.Text, "Tags: ask, practices") ||
		!p.PublishedAt.Equal(time.Date(2026, 11, 27, 12, 10, 0, 0, time.UTC)) {
		t.Errorf("post %+v", p)
	}
	if old := posts[1]; old.Author != "sam" || old.Text != "Notes from our & their migration.\n\nTags: practices" || old.Profile["link"] != "https://blog.example/crm" {
		t.Errorf("older shape %+v", old)
	}
	// Three pages, at least Interval apart.
	if len(f.calls) != 3 || time.Since(start) < 2*c.Interval {
		t.Fatalf("%d calls in %s", len(f.calls), time.Since(start))
	}
	for i := 1; i < len(f.calls); i++ {
		if gap := f.calls[i].Sub(f.calls[i-1]); gap < c.Interval-10*time.Millisecond {
			t.Errorf("requests %d and %d only %s apart", i-1, i, gap)
		}
	}
	// Within the TTL another query reads nothing new.
	if _, err := c.Find(context.Background(), search.TermsQuery("zig"), 10); err != nil || len(f.calls) != 3 {
		t.Fatalf("cached: %d calls, %v", len(f.calls), err)
	}
}

// Parallel searches still send at most one request per Interval.
func TestOneRequestPerIntervalUnderParallelFinds(t *testing.T) {
	f := &fake{pages: map[string]func(http.ResponseWriter){"/newest.json": body(page1)}}
	c := newClient(t, f)
	c.Pages, c.TTL, c.Interval = 1, 0, 100*time.Millisecond
	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() { _, _ = c.Find(context.Background(), search.TermsQuery("crm"), 5) })
	}
	wg.Wait()
	if len(f.calls) != 5 {
		t.Fatalf("%d calls", len(f.calls))
	}
	if span := f.calls[4].Sub(f.calls[0]); span < 4*c.Interval-20*time.Millisecond {
		t.Fatalf("5 requests within %s", span)
	}
}

func TestFailures(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		answer     func(w http.ResponseWriter)
		calls      int
	}{
		{"429 with a long Retry-After", "rate limited for 1m0s", func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "60")
			w.WriteHeader(http.StatusTooManyRequests)
		}, 1},
		{"persistent 503", "server error 503", func(w http.ResponseWriter) { w.WriteHeader(503) }, 2},
		{"malformed JSON", "malformed answer", body(`[{"short_id":`), 1},
		{"403", "status 403", func(w http.ResponseWriter) { w.WriteHeader(403) }, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &fake{pages: map[string]func(http.ResponseWriter){"/newest.json": tc.answer}}
			c := newClient(t, f)
			c.sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
			_, err := c.Find(context.Background(), search.TermsQuery("crm"), 5)
			if err == nil || !strings.Contains(err.Error(), tc.want) || len(f.calls) != tc.calls {
				t.Fatalf("err %v after %d calls", err, len(f.calls))
			}
		})
	}
	// A 429 with a short Retry-After is waited out, then the page is read.
	n := 0
	f := &fake{pages: map[string]func(http.ResponseWriter){"/newest.json": func(w http.ResponseWriter) {
		if n++; n == 1 {
			w.Header().Set("Retry-After", "2")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		fmt.Fprint(w, page1)
	}}}
	c := newClient(t, f)
	c.Pages = 1
	var waited []time.Duration
	c.sleep = func(_ context.Context, d time.Duration) error { waited = append(waited, d); return nil }
	if posts, err := c.Find(context.Background(), search.TermsQuery("crm"), 5); err != nil || len(posts) != 1 || len(waited) == 0 || waited[0] != 2*time.Second {
		t.Fatalf("posts %d, err %v, waited %v", len(posts), err, waited)
	}
}
