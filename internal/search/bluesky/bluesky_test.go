package bluesky

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/search"
)

// The session answer of com.atproto.server.createSession and
// refreshSession as docs.bsky.app documents them
// (docs/api/com-atproto-server-create-session: accessJwt, refreshJwt,
// handle, did, and optional fields).
func sessionAnswer(access, refresh string) string {
	return fmt.Sprintf(`{"accessJwt": %q, "refreshJwt": %q, "handle": "owner.bsky.social", "did": "did:plc:owner", "active": true}`, access, refresh)
}

// A searchPosts answer (lexicons/app/bsky/feed/searchPosts.json in
// bluesky-social/atproto: cursor, hitsTotal, posts of
// app.bsky.feed.defs#postView with uri, cid, author {did, handle,
// displayName}, record {$type, text, createdAt}, indexedAt).
func searchAnswer(cursor string, posts ...string) string {
	c := ""
	if cursor != "" {
		c = fmt.Sprintf(`"cursor": %q, `, cursor)
	}
	return fmt.Sprintf(`{%s"hitsTotal": %d, "posts": [%s]}`, c, len(posts), strings.Join(posts, ","))
}

func postJSON(did, rkey, handle, text, created string) string {
	return fmt.Sprintf(`{"uri": "at://%s/app.bsky.feed.post/%s", "cid": "bafyrei%s", "author": {"did": %q, "handle": %q, "displayName": ""},
		"record": {"$type": "app.bsky.feed.post", "text": %q, "createdAt": %q, "langs": ["en"]},
		"replyCount": 0, "repostCount": 0, "likeCount": 1, "indexedAt": %q, "labels": []}`, did, rkey, rkey, did, handle, text, created, created)
}

type fake struct {
	mu       sync.Mutex
	creates  int
	refreshs int
	searches []*http.Request
	create   func(w http.ResponseWriter, r *http.Request)
	refresh  func(w http.ResponseWriter, r *http.Request)
	search   func(w http.ResponseWriter, r *http.Request)
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	var h func(w http.ResponseWriter, r *http.Request)
	switch r.URL.Path {
	case "/xrpc/com.atproto.server.createSession":
		f.creates++
		h = f.create
	case "/xrpc/com.atproto.server.refreshSession":
		f.refreshs++
		h = f.refresh
	case "/xrpc/app.bsky.feed.searchPosts":
		f.searches = append(f.searches, r)
		h = f.search
	}
	f.mu.Unlock()
	if h == nil {
		http.NotFound(w, r)
		return
	}
	h(w, r)
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

func goodCreate(t *testing.T) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		var in map[string]string
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || r.Method != http.MethodPost || in["identifier"] != "owner.bsky.social" ||
			in["password"] != "abcd-efgh-ijkl-mnop" {
			t.Errorf("createSession %s %v %v", r.Method, in, err)
		}
		fmt.Fprint(w, sessionAnswer("access-1", "refresh-1"))
	}
}

func newClient(t *testing.T, f *fake) (*Client, *clock) {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c := New("owner.bsky.social", "abcd-efgh-ijkl-mnop")
	c.BaseURL = srv.URL
	clk := &clock{t: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}
	c.now = clk.now
	return c, clk
}

var q = search.TermsQuery("evaluating crm", "switching from hubspot")

// Success with cursor paging: one session for every search, the access
// token as a bearer, the terms quoted and ORed, newest first; the URL names
// the author by DID.
func TestFindPagesWithOneSession(t *testing.T) {
	f := &fake{create: goodCreate(t)}
	f.search = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer access-1" || r.URL.Query().Get("sort") != "latest" ||
			r.URL.Query().Get("q") != `"evaluating crm" OR "switching from hubspot"` {
			t.Errorf("search %v %v", r.Header, r.URL.Query())
		}
		if r.URL.Query().Get("cursor") == "" {
			fmt.Fprint(w, searchAnswer("25", postJSON("did:plc:aaa", "3k1", "dana.bsky.social", "We are evaluating CRM tools for a team of 12", "2026-11-26T10:00:00.000Z"),
				postJSON("did:plc:bbb", "3k2", "lee.example", "Switching from HubSpot, any advice?", "2026-11-26T09:00:00.000Z")))
			return
		}
		fmt.Fprint(w, searchAnswer("", postJSON("did:plc:ccc", "3k3", "sam.bsky.social", "CRM recs?", "2026-11-26T08:00:00.000Z")))
	}
	c, _ := newClient(t, f)
	posts, err := c.Find(context.Background(), q, 10)
	if err != nil || len(posts) != 3 {
		t.Fatalf("posts %+v, err %v", posts, err)
	}
	p := posts[0]
	if p.URL != "https://bsky.app/profile/did:plc:aaa/post/3k1" || p.Author != "dana.bsky.social" || p.Source != "bluesky" ||
		p.Profile["handle"] != "@dana.bsky.social" || !p.PublishedAt.Equal(time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)) {
		t.Fatalf("post %+v", p)
	}
	if _, err := c.Find(context.Background(), q, 10); err != nil || f.creates != 1 || len(f.searches) != 4 {
		t.Fatalf("sessions %d, searches %d, err %v", f.creates, len(f.searches), err)
	}
}

// An expired access token (400 ExpiredToken) is refreshed with the
// refresh token and the search retried; a refused refresh signs in again;
// refused twice is an error.
func TestExpiredTokenRefreshes(t *testing.T) {
	f := &fake{create: goodCreate(t)}
	f.refresh = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer refresh-1" {
			w.WriteHeader(400)
			fmt.Fprint(w, `{"error": "ExpiredToken", "message": "Token has been revoked"}`)
			return
		}
		fmt.Fprint(w, sessionAnswer("access-2", "refresh-2"))
	}
	valid := "access-1"
	f.search = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+valid {
			w.WriteHeader(400)
			fmt.Fprint(w, `{"error": "ExpiredToken", "message": "Token has expired"}`)
			return
		}
		fmt.Fprint(w, searchAnswer("", postJSON("did:plc:aaa", "3k1", "dana.bsky.social", "evaluating CRM", "2026-11-26T10:00:00.000Z")))
	}
	c, _ := newClient(t, f)
	if _, err := c.Find(context.Background(), q, 5); err != nil {
		t.Fatal(err)
	}
	valid = "access-2"
	if posts, err := c.Find(context.Background(), q, 5); err != nil || len(posts) != 1 || f.refreshs != 1 || f.creates != 1 {
		t.Fatalf("refresh: %d refreshes, %d sessions, err %v", f.refreshs, f.creates, err)
	}
	// The refresh token is revoked too: a new session (access-1 again).
	valid = "access-1"
	if _, err := c.Find(context.Background(), q, 5); err != nil || f.refreshs != 2 || f.creates != 2 {
		t.Fatalf("sign in again: %d refreshes, %d sessions, err %v", f.refreshs, f.creates, err)
	}
	valid = "none"
	f.search = func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(401)
		fmt.Fprint(w, `{"error": "AuthenticationRequired", "message": "Invalid token"}`)
	}
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "refused twice") {
		t.Fatalf("refused twice: %v", err)
	}
}

func TestSignInRefused(t *testing.T) {
	f := &fake{create: func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(401)
		fmt.Fprint(w, `{"error": "AuthenticationRequired", "message": "Invalid identifier or password"}`)
	}}
	c, clk := newClient(t, f)
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "BLUESKY_APP_PASSWORD") ||
		strings.Contains(err.Error(), "abcd-efgh") {
		t.Fatalf("refused: %v", err)
	}
	// Not tried again for RefusedFor: every query of a run would ask.
	f.create = goodCreate(t)
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "not tried again before") || f.creates != 1 {
		t.Fatalf("refused again: %d sign-ins, %v", f.creates, err)
	}
	clk.add(RefusedFor)
	f.search = func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(403)
		fmt.Fprint(w, `{"error": "Forbidden", "message": "no access"}`)
	}
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "forbidden (status 403): Forbidden no access") {
		t.Fatalf("403: %v", err)
	}
}

// A 429 pauses the client until RateLimit-Reset; a success leaving
// RateLimit-Remaining at 0 too; at most PerMinute requests a minute.
func TestRateLimits(t *testing.T) {
	f := &fake{create: goodCreate(t)}
	c, clk := newClient(t, f)
	reset := clk.now().Add(2 * time.Minute).Unix()
	f.search = func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("RateLimit-Limit", "3000")
		w.Header().Set("RateLimit-Remaining", "0")
		w.Header().Set("RateLimit-Reset", strconv.FormatInt(reset, 10))
		w.Header().Set("RateLimit-Policy", "3000;w=300")
		w.WriteHeader(429)
		fmt.Fprint(w, `{"error": "RateLimitExceeded", "message": "Rate Limit Exceeded"}`)
	}
	if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "rate limited for 2m0s: RateLimitExceeded") {
		t.Fatalf("429: %v", err)
	}
	before := len(f.searches)
	clk.add(time.Minute)
	if _, err := c.Find(context.Background(), q, 5); !errors.Is(err, ErrBudget) || len(f.searches) != before {
		t.Fatalf("paused: %v", err)
	}
	clk.add(time.Minute + time.Second)
	f.search = func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, searchAnswer("", postJSON("did:plc:aaa", "3k1", "dana.bsky.social", "evaluating CRM", "2026-11-26T10:00:00.000Z")))
	}
	c.PerMinute = 2
	for i := range 2 {
		if _, err := c.Find(context.Background(), q, 5); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	if _, err := c.Find(context.Background(), q, 5); !errors.Is(err, ErrBudget) {
		t.Fatalf("third request in a minute: %v", err)
	}
}

func TestServerErrorsAndMalformed(t *testing.T) {
	f := &fake{create: goodCreate(t)}
	c, _ := newClient(t, f)
	for _, tc := range []struct {
		name, want string
		h          func(w http.ResponseWriter, r *http.Request)
	}{
		{"5xx", "server error 502", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(502) }},
		{"malformed", "malformed answer", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, `{"posts": [{"uri": `) }},
		{"bad query", "status 400: BadQueryString", func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(400)
			fmt.Fprint(w, `{"error": "BadQueryString", "message": "bad query"}`)
		}},
	} {
		f.search = tc.h
		if _, err := c.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	f.create = func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, `{"did": "x"}`) }
	c2, _ := newClient(t, f)
	if _, err := c2.Find(context.Background(), q, 5); err == nil || !strings.Contains(err.Error(), "malformed session answer") {
		t.Errorf("session without tokens: %v", err)
	}
}
