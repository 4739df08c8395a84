package reddit

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
)

// The token answer of application-only OAuth as Reddit's OAuth2 wiki
// documents it (github.com/reddit-archive/reddit/wiki/OAuth2, "Retrieving
// the access token" and "Application Only OAuth": access_token,
// token_type "bearer", expires_in, scope).
func tokenAnswer(tok string, expires int) string {
	return fmt.Sprintf(`{"access_token": %q, "token_type": "bearer", "expires_in": %d, "scope": "*"}`, tok, expires)
}

// A search Listing of t3 links as reddit.com/dev/api#GET_search answers
// (kind "Listing", data.after, data.children[].kind "t3" and .data with
// id, name, title, selftext, author, subreddit, permalink, url,
// created_utc, is_self, over_18).
func listingAnswer(after string, links ...string) string {
	a := "null"
	if after != "" {
		a = fmt.Sprintf("%q", after)
	}
	return fmt.Sprintf(`{"kind": "Listing", "data": {"after": %s, "dist": %d, "modhash": "", "before": null, "children": [%s]}}`,
		a, len(links), strings.Join(links, ","))
}

func linkJSON(id, title, selftext string, created int64) string {
	return fmt.Sprintf(`{"kind": "t3", "data": {"id": %q, "name": "t3_%s", "title": %q, "selftext": %q, "author": "dana_ops",
		"subreddit": "sales", "permalink": "/r/sales/comments/%s/slug/", "url": "https://www.reddit.com/r/sales/comments/%s/slug/",
		"created_utc": %d.0, "is_self": true, "over_18": false}}`, id, id, title, selftext, id, id, created)
}

type fake struct {
	mu       sync.Mutex
	tokens   int
	searches []*http.Request
	token    func(w http.ResponseWriter, r *http.Request)
	search   func(w http.ResponseWriter, r *http.Request)
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	switch r.URL.Path {
	case "/api/v1/access_token":
		f.tokens++
		h := f.token
		f.mu.Unlock()
		h(w, r)
	case "/search":
		f.searches = append(f.searches, r)
		h := f.search
		f.mu.Unlock()
		h(w, r)
	default:
		f.mu.Unlock()
		http.NotFound(w, r)
	}
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newClient(t *testing.T, f *fake) (*Client, *clock) {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c := New("app-id", "app-secret", "linux:signalpipe-test:1.0 (by /u/owner)")
	c.AuthURL, c.BaseURL = srv.URL, srv.URL
	clk := &clock{t: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}
	c.now = clk.now
	return c, clk
}

var q = search.TermsQuery("evaluating crm", "switching from hubspot")

func goodToken(t *testing.T) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		id, secret, ok := r.BasicAuth()
		if r.Method != http.MethodPost || !ok || id != "app-id" || secret != "app-secret" || r.FormValue("grant_type") != "client_credentials" ||
			r.UserAgent() != "linux:signalpipe-test:1.0 (by /u/owner)" {
			t.Errorf("token request %s %v %q %q %q", r.Method, ok, id, r.FormValue("grant_type"), r.UserAgent())
			w.WriteHeader(401)
			return
		}
		fmt.Fprint(w, tokenAnswer("tok-1", 86400))
	}
}

// Success with paging by after; the token is fetched once and sent as a
// bearer; the query is the terms quoted and ORed, newest first.
func TestFindPagesAndCachesTheToken(t *testing.T) {
	f := &fake{}
	f.token = goodToken(t)
	created := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC).Unix()
	f.search = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "bearer tok-1" || r.URL.Query().Get("sort") != "new" ||
			r.URL.Query().Get("q") != `"evaluating crm" OR "switching from hubspot"` {
			t.Errorf("search %v %v", r.Header, r.URL.Query())
		}
		if r.URL.Query().Get("after") == "" {
			fmt.Fprint(w, listingAnswer("t3_bbb", linkJSON("aaa", "Evaluating CRM for a 10 person team", "We are evaluating CRM tools.", created),
				linkJSON("bbb", "Switching from HubSpot?", "", created-60)))
			return
		}
		fmt.Fprint(w, listingAnswer("", linkJSON("ccc", "CRM advice", "[removed]", created-120)))
	}
	c, _ := newClient(t, f)
	posts, err := c.Find(context.Background(), q, 10)
	if err != nil || len(posts) != 3 {
		t.Fatalf("posts %+v, err %v", posts, err)
	}
	p := posts[0]
	if p.ID != "aaa" || p.Source != "reddit" || p.URL != "https://www.reddit.com/r/sales/comments/aaa/slug/" || p.Author != "dana_ops" ||
		p.Text != "We are evaluating CRM tools." || !p.PublishedAt.Equal(time.Unix(created, 0)) || p.Profile["subreddit"] != "r/sales" ||
		p.Profile["handle"] != "u/dana_ops" {
		t.Fatalf("post %+v", p)
	}
	if posts[1].Text != "Switching from HubSpot?" || posts[2].Text != "CRM advice" {
		t.Fatalf("title as text without selftext: %+v", posts[1:])
	}
	if _, err := c.Find(context.Background(), q, 10); err != nil || f.tokens != 1 || len(f.searches) != 4 {
		t.Fatalf("token fetched %d times, %d searches, err %v", f.tokens, len(f.searches), err)
	}
}

// A 401 on a search renews the token once; refused twice is an error. The
// token is renewed before it expires.
func TestUnauthorizedRefreshesOnce(t *testing.T) {
	f := &fake{}
	n := 0
	f.token = func(w http.ResponseWriter, _ *http.Request) {
		n++
		fmt.Fprint(w, tokenAnswer(fmt.Sprintf("tok-%d", n), 3600))
	}
	f.search = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "bearer tok-1" {
			w.WriteHeader(401)
			fmt.Fprint(w, `{"message": "Unauthorized", "error": 401}`)
			return
		}
		fmt.Fprint(w, listingAnswer("", linkJSON("aaa", "Evaluating CRM", "x", 1764230400)))
	}
	c, clk := newClient(t, f)
	if posts, err := c.Find(context.Background(), q, 5); err != nil || len(posts) != 1 || f.tokens != 2 {
		t.Fatalf("posts %d, tokens %d, err %v", len(posts), f.tokens, err)
	}
	clk.add(59*time.Minute + time.Second) // within a minute of expiry: renewed first
	if _, err := c.Find(context.Background(), q, 5); err != nil || f.tokens != 3 {
		t.Fatalf("tokens %d, err %v", f.tokens, err)
	}
	f.search = func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(401) }
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "refused twice") || f.tokens != 4 {
		t.Fatalf("refused twice: tokens %d, err %v", f.tokens, err)
	}
}

func TestRefusedCredentialsAndForbidden(t *testing.T) {
	f := &fake{}
	f.token = func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(401)
		fmt.Fprint(w, `{"message": "Unauthorized", "error": 401}`)
	}
	c, clk := newClient(t, f)
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "REDDIT_CLIENT_SECRET") ||
		strings.Contains(err.Error(), "app-secret") {
		t.Fatalf("refused credentials: %v", err)
	}
	// Not tried again for RefusedFor: every query of a run would ask.
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "not tried again before") || f.tokens != 1 {
		t.Fatalf("refused again: %d token requests, %v", f.tokens, err)
	}
	clk.add(RefusedFor)
	f.token = func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, `{"error": "unsupported_grant_type"}`) }
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "unsupported_grant_type") {
		t.Fatalf("grant refused: %v", err)
	}
	f.token = goodToken(t)
	f.search = func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(403)
		fmt.Fprint(w, `{"message": "Forbidden", "error": 403}`)
	}
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "forbidden (status 403): Forbidden") {
		t.Fatalf("403: %v", err)
	}
}

// A 429 pauses the client for Retry-After (or X-Ratelimit-Reset); an
// answer leaving X-Ratelimit-Remaining under 1 pauses it until the reset;
// at most PerMinute requests a minute are sent.
func TestRateLimits(t *testing.T) {
	f := &fake{}
	f.token = goodToken(t)
	f.search = func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("X-Ratelimit-Reset", "30")
		w.Header().Set("Retry-After", "90")
		w.WriteHeader(429)
	}
	c, clk := newClient(t, f)
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "rate limited for 1m30s") {
		t.Fatalf("429: %v", err)
	}
	before := len(f.searches)
	clk.add(80 * time.Second)
	if _, err := c.Find(context.Background(), q, 5); !errors.Is(err, ErrBudget) || len(f.searches) != before {
		t.Fatalf("paused: %v, %d requests", err, len(f.searches)-before)
	}
	clk.add(11 * time.Second)
	f.search = func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("X-Ratelimit-Remaining", "0.0")
		w.Header().Set("X-Ratelimit-Reset", "45")
		fmt.Fprint(w, listingAnswer("", linkJSON("aaa", "Evaluating CRM", "x", 1764230400)))
	}
	if posts, err := c.Find(context.Background(), q, 5); err != nil || len(posts) != 1 {
		t.Fatalf("after the pause: %v", err)
	}
	clk.add(44 * time.Second)
	if _, err := c.Find(context.Background(), q, 5); !errors.Is(err, ErrBudget) {
		t.Fatalf("remaining 0: %v", err)
	}
	clk.add(2 * time.Second)
	f.search = func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, listingAnswer("", linkJSON("aaa", "Evaluating CRM", "x", 1764230400)))
	}
	c.PerMinute = 3
	clk.add(time.Minute) // the earlier requests leave the window
	for i := range 3 {
		if _, err := c.Find(context.Background(), q, 5); err != nil {
			t.Fatalf("request %d within the budget: %v", i, err)
		}
	}
	if _, err := c.Find(context.Background(), q, 5); !errors.Is(err, ErrBudget) {
		t.Fatalf("fourth request in a minute: %v", err)
	}
}

func TestServerErrorsAndMalformed(t *testing.T) {
	f := &fake{}
	f.token = goodToken(t)
	c, _ := newClient(t, f)
	for _, tc := range []struct {
		name, want string
		h          func(w http.ResponseWriter, r *http.Request)
	}{
		{"5xx", "server error 502", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(502) }},
		{"malformed", "malformed answer", func(w http.ResponseWriter, _ *http.Request) {
			fmt.Fprint(w, `{"kind": "Listing", "data": {"children": [`)
		}},
		{"html", "malformed answer", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, `<html>blocked</html>`) }},
	} {
		f.search = tc.h
		if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	f.search = func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, `{"kind": "t1", "data": {}}`) }
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), `kind "t1", want Listing`) {
		t.Errorf("not a listing: %v", err)
	}
	if posts, err := c.Find(context.Background(), search.Query{}, 5); err != nil || posts != nil {
		t.Errorf("empty query: %v %v", posts, err)
	}
}
