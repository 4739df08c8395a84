package hackernews

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/search"
)

// algoliaPage is an answer in the documented shape of
// hn.algolia.com/api/v1/search_by_date (trimmed to the fields we read, plus
// a few we ignore).
const algoliaPage = `{"hits":[
 {"objectID":"41000001","title":"Ask HN: Alternatives to Salesforce for a 60-person SaaS?","story_text":"We are &quot;evaluating&quot; options.<p>Budget approved for Q3.","comment_text":null,"author":"jdoe","created_at_i":1767225600,"url":null,"_tags":["story","author_jdoe","story_41000001"],"points":12},
 {"objectID":"41000002","title":null,"story_title":"Show HN: X","comment_text":"We just switched from <i>HubSpot</i> to Pipedrive, happy to share notes.","author":"asmith","created_at_i":1767229200,"parent_id":41000001},
 {"objectID":"41000003","title":null,"comment_text":"","author":"empty","created_at_i":1767229300}
],"nbHits":3,"page":0,"nbPages":1,"hitsPerPage":20,"processingTimeMS":1,"query":"salesforce"}`

// fake serves Algolia's search_by_date with answer (calls counts those
// requests) and the official API with official, which answers 503 unless
// a test sets it (officialFake). Its clock is a day after algoliaPage's
// hits, so they are fresh.
func fake(t *testing.T, answer func(n int32, w http.ResponseWriter, r *http.Request)) (*Client, *atomic.Int32) {
	c, calls, _ := fakeBoth(t, answer, nil)
	return c, calls
}

func fakeBoth(t *testing.T, answer func(n int32, w http.ResponseWriter, r *http.Request), official http.Handler) (*Client, *atomic.Int32, *atomic.Int32) {
	t.Helper()
	var calls, officialCalls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/v0/") {
			officialCalls.Add(1)
			if official == nil {
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			official.ServeHTTP(w, r)
			return
		}
		if r.URL.Path != "/api/v1/search_by_date" || r.URL.Query().Get("tags") != "(story,comment)" || r.URL.Query().Get("query") == "" {
			t.Errorf("unexpected request %s", r.URL)
		}
		answer(calls.Add(1), w, r)
	}))
	t.Cleanup(srv.Close)
	c := New(srv.URL)
	c.APIURL = srv.URL
	c.sleep = func(context.Context, time.Duration) error { return nil }
	c.now = func() time.Time { return time.Unix(1767229300, 0).Add(24 * time.Hour) }
	return c, &calls, &officialCalls
}

func q(terms ...string) search.Query { return search.Query{Terms: terms} }

func TestFindTurnsHitsIntoPosts(t *testing.T) {
	c, calls := fake(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(algoliaPage)) })
	posts, err := c.Find(context.Background(), q("salesforce", "hubspot", "crm", "ignored fourth"), 30)
	if err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 3 {
		t.Errorf("%d requests, want 3 (one per term, at most 3)", calls.Load())
	}
	if len(posts) != 2 { // de-duplicated across terms; the empty hit dropped
		t.Fatalf("got %d posts: %+v", len(posts), posts)
	}
	p := posts[0]
	if p.ID != "41000001" || p.Source != "hackernews" || p.URL != "https://news.ycombinator.com/item?id=41000001" ||
		p.Author != "jdoe" || !strings.Contains(p.Text, `"evaluating"`) || !strings.Contains(p.Text, "Budget approved") ||
		p.PublishedAt.Unix() != 1767225600 {
		t.Errorf("story post %+v", p)
	}
	if c := posts[1]; c.Text != "We just switched from  HubSpot  to Pipedrive, happy to share notes." || c.Title != "" {
		t.Errorf("comment post %+v", c)
	}
}

func TestRetries429AndServerErrorsOnce(t *testing.T) {
	for _, tc := range []struct {
		name   string
		first  func(w http.ResponseWriter)
		wantOK bool
	}{
		{"429 with Retry-After then ok", func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
		}, true},
		{"503 then ok", func(w http.ResponseWriter) { w.WriteHeader(http.StatusServiceUnavailable) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, calls := fake(t, func(n int32, w http.ResponseWriter, _ *http.Request) {
				if n == 1 {
					tc.first(w)
					return
				}
				_, _ = w.Write([]byte(algoliaPage))
			})
			var waited time.Duration
			c.sleep = func(_ context.Context, d time.Duration) error { waited += d; return nil }
			posts, err := c.Find(context.Background(), q("salesforce"), 10)
			if err != nil || len(posts) != 2 || calls.Load() != 2 || waited != time.Second {
				t.Fatalf("posts %d, err %v, calls %d, waited %s", len(posts), err, calls.Load(), waited)
			}
		})
	}
}

func TestFailures(t *testing.T) {
	for _, tc := range []struct {
		name      string
		answer    func(w http.ResponseWriter)
		wantCalls int32
	}{
		{"persistent 500", func(w http.ResponseWriter) { w.WriteHeader(500) }, 2},
		{"429 with a long Retry-After", func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusTooManyRequests)
		}, 1},
		{"malformed JSON", func(w http.ResponseWriter) { _, _ = w.Write([]byte(`{"hits":[{"objectID":`)) }, 1},
		{"hits of the wrong shape", func(w http.ResponseWriter) { _, _ = w.Write([]byte(`{"hits":{"a":1}}`)) }, 1},
		{"400", func(w http.ResponseWriter) { w.WriteHeader(400) }, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, calls := fake(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { tc.answer(w) })
			if _, err := c.Find(context.Background(), q("salesforce"), 10); err == nil {
				t.Fatal("want an error")
			}
			if calls.Load() != tc.wantCalls {
				t.Errorf("%d calls, want %d", calls.Load(), tc.wantCalls)
			}
		})
	}
}
