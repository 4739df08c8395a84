package stackexchange

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

// Answers in the shapes of the API's documentation: the common wrapper
// (api.stackexchange.com/docs/wrapper: items, has_more, quota_max,
// quota_remaining, backoff; error_id, error_name, error_message on errors,
// see /docs/error-handling) around questions of /docs/types/question with
// the "withbody" filter, as /docs/search-advanced returns them.
const question1 = `{"tags":["crm","salesforce"],"owner":{"account_id":1,"reputation":101,"user_id":11,"user_type":"registered",
 "display_name":"Dana &amp; Co","link":"https://stackoverflow.com/users/11/dana"},"is_answered":false,"view_count":12,"answer_count":0,
 "score":0,"last_activity_date":1764223200,"creation_date":1764223200,"question_id":79800001,"content_license":"CC BY-SA 4.0",
 "link":"https://stackoverflow.com/questions/79800001/migrating-off-salesforce","title":"Migrating off Salesforce: which CRM API is simplest?",
 "body":"<p>We are evaluating CRM tools &amp; need an API.</p>"}`

const question2 = `{"tags":["crm"],"owner":{"user_type":"does_not_exist","display_name":"anon"},"is_answered":true,"creation_date":1764136800,
 "question_id":79800002,"link":"https://stackoverflow.com/questions/79800002/crm-webhooks","title":"CRM webhooks retry","body":"<p>How do CRM webhooks retry?</p>"}`

func page(items []string, more bool, remaining, backoff int) string {
	b := ""
	if backoff > 0 {
		b = fmt.Sprintf(`,"backoff":%d`, backoff)
	}
	return fmt.Sprintf(`{"items":[%s],"has_more":%v,"quota_max":300,"quota_remaining":%d%s}`, strings.Join(items, ","), more, remaining, b)
}

type fake struct {
	mu      sync.Mutex
	queries []string
	answer  func(n int, w http.ResponseWriter, r *http.Request)
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.queries = append(f.queries, r.URL.RawQuery)
	n := len(f.queries)
	f.mu.Unlock()
	if r.URL.Path != "/2.3/search/advanced" {
		http.NotFound(w, r)
		return
	}
	f.answer(n, w, r)
}

func newClient(t *testing.T, f *fake, key string) (*Client, *time.Time) {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c := New(srv.URL, key, "")
	now := time.Date(2026, 11, 27, 7, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	return c, &now
}

func TestFindPagesAndMaps(t *testing.T) {
	f := &fake{answer: func(n int, w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("page") == "1" {
			fmt.Fprint(w, page([]string{question1}, true, 298, 0))
			return
		}
		fmt.Fprint(w, page([]string{question2}, false, 297, 0))
	}}
	c, _ := newClient(t, f, "app-key")
	posts, err := c.Find(context.Background(), search.TermsQuery("crm"), 10)
	if err != nil || len(posts) != 2 {
		t.Fatalf("posts %+v, err %v", posts, err)
	}
	q := f.queries[0]
	for _, want := range []string{"site=stackoverflow", "q=crm", "filter=withbody", "key=app-key", "sort=creation", "pagesize=10"} {
		if !strings.Contains(q, want) {
			t.Errorf("query %q lacks %s", q, want)
		}
	}
	if !strings.Contains(f.queries[1], "page=2") {
		t.Errorf("second page: %q", f.queries[1])
	}
	p := posts[0]
	if p.ID != "stackoverflow:79800001" || p.Source != "stackexchange" || p.Platform != "stackoverflow" || p.Author != "Dana & Co" ||
		p.Text != "We are evaluating CRM tools & need an API.\n\nTags: crm, salesforce" || p.Profile["profile"] != "https://stackoverflow.com/users/11/dana" ||
		!p.PublishedAt.Equal(time.Unix(1764223200, 0)) || p.URL != "https://stackoverflow.com/questions/79800001/migrating-off-salesforce" {
		t.Errorf("post %+v", p)
	}
	// Without a key, no key parameter.
	c2, _ := newClient(t, f, "")
	_, _ = c2.Find(context.Background(), search.TermsQuery("crm"), 1)
	if strings.Contains(f.queries[len(f.queries)-1], "key=") {
		t.Error("an empty key is not sent")
	}
}

// backoff: no request to the method for that many seconds (this client,
// and through the observation, the health recorder's pause).
func TestBackoffIsHonoured(t *testing.T) {
	f := &fake{answer: func(_ int, w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, page([]string{question1}, false, 250, 10))
	}}
	c, now := newClient(t, f, "")
	obs := &remote.Observation{}
	ctx := remote.WithObservation(context.Background(), obs)
	posts, err := c.Find(ctx, search.TermsQuery("crm", "salesforce"), 10)
	// The first term's answer asked for 10 s: the second term is not asked.
	if err != nil || len(posts) != 1 || len(f.queries) != 1 || obs.Wait(false) != 10*time.Second {
		t.Fatalf("posts %d, err %v, %d requests, wait %s", len(posts), err, len(f.queries), obs.Wait(false))
	}
	if _, err := c.Find(context.Background(), search.TermsQuery("crm"), 10); !errors.Is(err, ErrBackoff) || len(f.queries) != 1 {
		t.Fatalf("within the backoff: err %v, %d requests", err, len(f.queries))
	}
	*now = now.Add(11 * time.Second)
	if _, err := c.Find(context.Background(), search.TermsQuery("crm"), 10); err != nil || len(f.queries) != 2 {
		t.Fatalf("after the backoff: err %v, %d requests", err, len(f.queries))
	}
}

func TestQuotaSpentWaitsForTheReset(t *testing.T) {
	f := &fake{answer: func(_ int, w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, page([]string{question1}, false, 0, 0))
	}}
	c, now := newClient(t, f, "")
	obs := &remote.Observation{}
	if _, err := c.Find(remote.WithObservation(context.Background(), obs), search.TermsQuery("crm"), 5); err != nil {
		t.Fatal(err)
	}
	if obs.Wait(false) != 17*time.Hour { // 07:00 UTC to midnight
		t.Fatalf("wait %s", obs.Wait(false))
	}
	*now = now.Add(16 * time.Hour)
	if _, err := c.Find(context.Background(), search.TermsQuery("crm"), 5); !errors.Is(err, ErrBackoff) || len(f.queries) != 1 {
		t.Fatalf("quota spent: err %v, %d requests", err, len(f.queries))
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		status     int
		body       string
		wait       time.Duration
	}{
		// /docs/throttle: a throttle_violation names the seconds to wait.
		{"throttle violation", "throttle_violation (502): too many requests from this IP, more requests available in 3600 seconds", 400,
			`{"error_id":502,"error_message":"too many requests from this IP, more requests available in 3600 seconds","error_name":"throttle_violation"}`, time.Hour},
		{"bad key", "key_required (405)", 400, `{"error_id":405,"error_message":"key is required","error_name":"key_required"}`, 0},
		{"access denied", "access_denied (403)", 403, `{"error_id":403,"error_message":"access denied","error_name":"access_denied"}`, 0},
		{"server error", "server error 503", 503, `<html>unavailable</html>`, 0},
		{"malformed JSON", "malformed answer", 200, `{"items":[`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &fake{answer: func(_ int, w http.ResponseWriter, _ *http.Request) {
				w.WriteHeader(tc.status)
				fmt.Fprint(w, tc.body)
			}}
			c, _ := newClient(t, f, "")
			obs := &remote.Observation{}
			_, err := c.Find(remote.WithObservation(context.Background(), obs), search.TermsQuery("crm"), 5)
			if err == nil || !strings.Contains(err.Error(), tc.want) || obs.Wait(true) != tc.wait {
				t.Fatalf("err %v, wait %s", err, obs.Wait(true))
			}
		})
	}
	// A 429 with Retry-After pauses the client too, and counts as a rate limit.
	f := &fake{answer: func(_ int, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusTooManyRequests)
	}}
	c, _ := newClient(t, f, "")
	obs := &remote.Observation{}
	if _, err := c.Find(remote.WithObservation(context.Background(), obs), search.TermsQuery("crm"), 5); err == nil ||
		obs.RateLimits() != 1 || obs.Wait(true) != 30*time.Second {
		t.Fatalf("429: err %v, %d rate limits, wait %s", err, obs.RateLimits(), obs.Wait(true))
	}
	if _, err := c.Find(context.Background(), search.TermsQuery("crm"), 5); !errors.Is(err, ErrBackoff) || len(f.queries) != 1 {
		t.Fatalf("after a 429: err %v, %d requests", err, len(f.queries))
	}
}
