package mastodon

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// Statuses in the shape of the example answer of "View hashtag timeline"
// (docs.joinmastodon.org/methods/timelines/#tag, GET
// /api/v1/timelines/tag/:hashtag) and the Status entity
// (docs.joinmastodon.org/entities/Status/), trimmed; the rate-limit headers
// and the error body are those of docs.joinmastodon.org/api/rate-limits/ and
// docs.joinmastodon.org/entities/Error/.
func statusJSON(id, created, content string) string {
	return fmt.Sprintf(`{"id":"%[1]s","created_at":"%[2]s","in_reply_to_id":null,"in_reply_to_account_id":null,"sensitive":false,
 "spoiler_text":"","visibility":"public","language":"en","uri":"https://mastodon.social/users/Gargron/statuses/%[1]s",
 "url":"https://mastodon.social/@Gargron/%[1]s","replies_count":0,"reblogs_count":0,"favourites_count":0,"content":%[3]q,
 "reblog":null,"account":{"id":"1","username":"Gargron","acct":"Gargron","display_name":"Eugen Rochko","locked":false,"bot":false,
 "url":"https://mastodon.social/@Gargron","avatar":"https://files.mastodon.social/accounts/avatars/000/000/001/original/d96d39a0abb45b92.jpg"},
 "media_attachments":[],"mentions":[],"tags":[{"name":"crm","url":"https://mastodon.social/tags/crm"}],"emojis":[],"card":null,"poll":null}`, id, created, content)
}

const content1 = `<p>We are evaluating a new <a href="https://mastodon.social/tags/crm" class="mention hashtag" rel="tag">#<span>CRM</span></a> &amp; need advice.</p><p>Salesforce is too much<br />for a team of five.</p>`

type fake struct {
	mu     sync.Mutex
	reqs   []*http.Request
	answer func(n int, w http.ResponseWriter, r *http.Request)
	url    string
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.reqs = append(f.reqs, r)
	n := len(f.reqs)
	f.mu.Unlock()
	if !strings.HasPrefix(r.URL.Path, "/api/v1/timelines/tag/") {
		http.NotFound(w, r)
		return
	}
	f.answer(n, w, r)
}

func (f *fake) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.reqs)
}

func serve(t *testing.T, f *fake) string {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	f.url = srv.URL
	return srv.URL
}

func newClient(instances ...string) (*Client, *time.Time) {
	c := New(instances)
	now := time.Date(2026, 11, 27, 7, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	return c, &now
}

func TestFindPagesThroughLinkAndMaps(t *testing.T) {
	f := &fake{}
	f.answer = func(_ int, w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("max_id") == "" {
			w.Header().Set("Link", fmt.Sprintf(`<%[1]s/api/v1/timelines/tag/crm?limit=2&max_id=103206185588894565>; rel="next", <%[1]s/api/v1/timelines/tag/crm?min_id=103206804533200177>; rel="prev"`, f.url))
			fmt.Fprint(w, "["+statusJSON("103206804533200177", "2026-11-27T06:00:00.000Z", content1)+","+
				statusJSON("103206185588894565", "2026-11-26T06:00:00.000Z", "<p>#crm migration notes</p>")+"]")
			return
		}
		fmt.Fprint(w, "["+statusJSON("103206000000000001", "2026-11-25T06:00:00.000Z", "<p>Which <span>#crm</span> for a clinic?</p>")+"]")
	}
	c, _ := newClient(serve(t, f))
	posts, err := c.Find(context.Background(), search.TermsQuery("crm", "lead generation"), 2)
	if err != nil || len(posts) != 2 || f.count() != 1 {
		t.Fatalf("limit 2: posts %d, err %v, %d requests", len(posts), err, f.count())
	}
	r := f.reqs[0]
	if r.URL.Path != "/api/v1/timelines/tag/crm" || r.URL.Query()["any[]"][0] != "leadgeneration" || r.URL.Query().Get("limit") != "2" {
		t.Errorf("request %s", r.URL)
	}
	p := posts[0]
	host := strings.TrimPrefix(f.url, "http://")
	if p.ID != host+":103206804533200177" || p.Source != "mastodon" || p.Platform != "mastodon" || p.Author != "Eugen Rochko" ||
		p.URL != "https://mastodon.social/@Gargron/103206804533200177" ||
		p.Text != "We are evaluating a new #CRM & need advice.\n\nSalesforce is too much\nfor a team of five." ||
		!p.PublishedAt.Equal(time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC)) || p.Profile["profile"] != "https://mastodon.social/@Gargron" ||
		p.Profile["handle"] != "@Gargron" {
		t.Errorf("post %+v", p)
	}
	// A larger limit follows the Link header's next page.
	c2, _ := newClient(f.url)
	posts, err = c2.Find(context.Background(), search.TermsQuery("crm"), 3)
	if err != nil || len(posts) != 3 || f.count() != 3 || f.reqs[2].URL.Query().Get("max_id") != "103206185588894565" {
		t.Fatalf("paging: posts %d, err %v, %d requests", len(posts), err, f.count())
	}
}

// Without a Link header, a full page asks for the next with max_id.
func TestPagesWithMaxIDWithoutLink(t *testing.T) {
	f := &fake{answer: func(_ int, w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("max_id") == "" {
			fmt.Fprint(w, "["+statusJSON("20", "2026-11-27T06:00:00Z", "<p>#crm a</p>")+"]")
			return
		}
		fmt.Fprint(w, "["+statusJSON("10", "2026-11-26T06:00:00Z", "<p>#crm b</p>")+"]")
	}}
	c, _ := newClient(serve(t, f))
	posts, err := c.Find(context.Background(), search.TermsQuery("crm"), 1)
	if err != nil || len(posts) != 1 || f.count() != 1 {
		t.Fatalf("posts %d, err %v, %d requests", len(posts), err, f.count())
	}
	// limit 2 but a page of 2 holds only one: no second page is asked.
	if posts, err := c.Find(context.Background(), search.TermsQuery("crm"), 2); err != nil || len(posts) != 1 || f.count() != 2 {
		t.Fatalf("short page: posts %d, err %v, %d requests", len(posts), err, f.count())
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		status     int
		body       string
	}{
		{"404", "status 404: Record not found", 404, `{"error":"Record not found"}`},
		{"401", "status 401: This API requires an authenticated user", 401, `{"error":"This API requires an authenticated user"}`},
		{"server error", "server error 503", 503, `<html>down</html>`},
		{"malformed JSON", "malformed answer", 200, `[{"id":`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &fake{answer: func(_ int, w http.ResponseWriter, _ *http.Request) {
				w.WriteHeader(tc.status)
				fmt.Fprint(w, tc.body)
			}}
			c, _ := newClient(serve(t, f))
			if _, err := c.Find(context.Background(), search.TermsQuery("crm"), 5); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v", err)
			}
		})
	}
}

// A 429 pauses that instance for its Retry-After (or until
// X-RateLimit-Reset); the other instance still answers; the rate limit is
// counted in the source's health.
func TestRateLimitPausesOneInstance(t *testing.T) {
	limited := &fake{}
	limited.answer = func(n int, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("X-RateLimit-Limit", "300")
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset", "2026-11-27T07:05:00.000Z")
		if n == 1 {
			w.Header().Set("Retry-After", "30")
		}
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprint(w, `{"error":"Too many requests"}`)
	}
	ok := &fake{answer: func(_ int, w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "["+statusJSON("1", "2026-11-27T06:00:00Z", "<p>#crm</p>")+"]")
	}}
	c, now := newClient(serve(t, limited), serve(t, ok))
	obs := &remote.Observation{}
	posts, err := c.Find(remote.WithObservation(context.Background(), obs), search.TermsQuery("crm"), 5)
	if err != nil || len(posts) != 1 || obs.RateLimits() != 1 {
		t.Fatalf("posts %d, err %v, %d rate limits", len(posts), err, obs.RateLimits())
	}
	// Within the 30 s, the limited instance is not asked.
	*now = now.Add(20 * time.Second)
	_, _ = c.Find(context.Background(), search.TermsQuery("crm"), 5)
	if limited.count() != 1 || ok.count() != 2 {
		t.Fatalf("within Retry-After: %d and %d requests", limited.count(), ok.count())
	}
	// After it, the second 429 names no Retry-After: paused until X-RateLimit-Reset (07:05).
	*now = now.Add(15 * time.Second)
	_, _ = c.Find(context.Background(), search.TermsQuery("crm"), 5)
	*now = now.Add(4 * time.Minute)
	_, _ = c.Find(context.Background(), search.TermsQuery("crm"), 5)
	if limited.count() != 2 {
		t.Fatalf("until the reset: %d requests", limited.count())
	}
	// An instance answering with no status is an answer: the other one's
	// failure does not fail the fetch (ingest would stop asking the source).
	empty := &fake{answer: func(_ int, w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "[]") }}
	c3, _ := newClient(serve(t, empty), "http://127.0.0.1:1")
	if posts, err := c3.Find(context.Background(), search.TermsQuery("crm"), 5); err != nil || len(posts) != 0 {
		t.Fatalf("one empty, one unreachable: posts %d, err %v", len(posts), err)
	}
	// Only the limited instance: the fetch fails, naming it.
	c2, _ := newClient(limited.url)
	c2.now = c.now
	if _, err := c2.Find(context.Background(), search.TermsQuery("crm"), 5); err == nil || !strings.Contains(err.Error(), "rate limited") {
		t.Fatalf("err %v", err)
	}
}

// A success leaving X-RateLimit-Remaining at 0 pauses the instance until
// the reset; each instance keeps at most PerMinute requests a minute, even
// under parallel searches.
func TestBudgets(t *testing.T) {
	f := &fake{}
	f.answer = func(n int, w http.ResponseWriter, _ *http.Request) {
		if n == 1 {
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Header().Set("X-RateLimit-Reset", "2026-11-27T07:00:10Z")
		}
		fmt.Fprint(w, "["+statusJSON("1", "2026-11-27T06:00:00Z", "<p>#crm</p>")+"]")
	}
	c, now := newClient(serve(t, f))
	_, _ = c.Find(context.Background(), search.TermsQuery("crm"), 5)
	if _, err := c.Find(context.Background(), search.TermsQuery("crm"), 5); !errors.Is(err, ErrBudget) || f.count() != 1 {
		t.Fatalf("remaining 0: err %v, %d requests", err, f.count())
	}
	*now = now.Add(11 * time.Second)
	c.PerMinute = 5
	var wg sync.WaitGroup
	for range 12 {
		wg.Go(func() { _, _ = c.Find(context.Background(), search.TermsQuery("crm"), 5) })
	}
	wg.Wait()
	if f.count() != 5 { // the first minute's request was at 07:00:00; 07:00:11 is within it: 1 + 4
		t.Fatalf("%d requests, want 5", f.count())
	}
}

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		content1:              "We are evaluating a new #CRM & need advice.\n\nSalesforce is too much\nfor a team of five.",
		`<p>a&#39;b<br>c</p>`: "a'b\nc",
		``:                    "",
		`<p><span class="invisible">https://</span><span>example.com</span></p>`: "https://example.com",
	} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}
