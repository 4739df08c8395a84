package github

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

// An item of the example answer of "Search issues and pull requests"
// (docs.github.com/en/rest/search/search#search-issues-and-pull-requests,
// API version 2022-11-28), trimmed to the fields a post uses plus a few
// around them; the error bodies are those of
// docs.github.com/en/rest/using-the-rest-api/troubleshooting-the-rest-api
// and .../rate-limits-for-the-rest-api.
const issue1 = `{"url":"https://api.github.com/repos/batterseapower/pinyin-toolkit/issues/132",
 "repository_url":"https://api.github.com/repos/batterseapower/pinyin-toolkit",
 "html_url":"https://github.com/batterseapower/pinyin-toolkit/issues/132","id":35802,"node_id":"MDU6SXNzdWUzNTgwMg==","number":132,
 "title":"Line Number Indexes Beyond 20 Not Displayed",
 "user":{"login":"Nick3C","id":90254,"node_id":"MDQ6VXNlcjE=","avatar_url":"https://secure.gravatar.com/avatar/934442aadfe3b2f4630510de416c5718",
  "url":"https://api.github.com/users/Nick3C","html_url":"https://github.com/Nick3C","type":"User","site_admin":true},
 "labels":[{"id":4,"node_id":"MDU6TGFiZWw0","url":"https://api.github.com/repos/batterseapower/pinyin-toolkit/labels/bug","name":"bug","color":"ff0000"}],
 "state":"open","assignee":null,"milestone":null,"comments":15,"created_at":"2009-07-12T20:10:41Z","updated_at":"2009-07-19T09:23:43Z",
 "closed_at":null,"body":"We are evaluating a new CRM; line numbers beyond 20 are not displayed.","score":1,"locked":true,"author_association":"COLLABORATOR","state_reason":"completed"}`

const issue2 = `{"html_url":"https://github.com/acme/crm/issues/7","id":35803,"number":7,"title":"Switching from Salesforce",
 "user":{"login":"dana","html_url":"https://github.com/dana"},"labels":[],"state":"open","created_at":"2009-07-11T08:00:00Z","body":null}`

// A pull request is in the same search's answers; it is not a post.
const pull = `{"html_url":"https://github.com/acme/crm/pull/8","id":35804,"number":8,"title":"CRM sync","user":{"login":"x"},
 "created_at":"2009-07-11T08:00:00Z","body":"crm","pull_request":{"url":"https://api.github.com/repos/acme/crm/pulls/8"}}`

func answer(items ...string) string {
	return fmt.Sprintf(`{"total_count":%d,"incomplete_results":false,"items":[%s]}`, len(items), strings.Join(items, ","))
}

type fake struct {
	mu      sync.Mutex
	reqs    []*http.Request
	answer  func(n int, w http.ResponseWriter, r *http.Request)
	baseURL string
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.reqs = append(f.reqs, r)
	n := len(f.reqs)
	f.mu.Unlock()
	if r.URL.Path != "/search/issues" {
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

func newClient(t *testing.T, f *fake, token string) (*Client, *time.Time) {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	f.baseURL = srv.URL
	c := New(srv.URL, token)
	now := time.Date(2026, 11, 27, 7, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	return c, &now
}

func TestFindPagesThroughLinkAndMaps(t *testing.T) {
	f := &fake{}
	f.answer = func(n int, w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("page") == "" {
			// The Link header of docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api.
			w.Header().Set("Link", fmt.Sprintf(`<%[1]s/search/issues?q=crm&page=2>; rel="next", <%[1]s/search/issues?q=crm&page=34>; rel="last"`, f.baseURL))
			fmt.Fprint(w, answer(issue1, pull))
			return
		}
		w.Header().Set("Link", fmt.Sprintf(`<%[1]s/search/issues?q=crm&page=1>; rel="prev", <%[1]s/search/issues?q=crm&page=1>; rel="first"`, f.baseURL))
		fmt.Fprint(w, answer(issue2))
	}
	c, _ := newClient(t, f, "ghp_token")
	posts, err := c.Find(context.Background(), search.TermsQuery("crm"), 10)
	if err != nil || len(posts) != 2 || f.count() != 2 {
		t.Fatalf("posts %+v, err %v, %d requests", posts, err, f.count())
	}
	r := f.reqs[0]
	if q := r.URL.Query(); q.Get("q") != `"crm" is:issue` || q.Get("sort") != "created" || q.Get("order") != "desc" || q.Get("per_page") != "10" {
		t.Errorf("query %q", r.URL.RawQuery)
	}
	if r.Header.Get("Authorization") != "Bearer ghp_token" || r.Header.Get("Accept") != "application/vnd.github+json" {
		t.Errorf("headers %v", r.Header)
	}
	if f.reqs[1].URL.Query().Get("page") != "2" {
		t.Errorf("second request %q", f.reqs[1].URL.RawQuery)
	}
	p := posts[0]
	if p.ID != "35802" || p.Source != "github" || p.Platform != "github" || p.Author != "Nick3C" ||
		p.URL != "https://github.com/batterseapower/pinyin-toolkit/issues/132" || p.Title != "Line Number Indexes Beyond 20 Not Displayed" ||
		p.Text != "We are evaluating a new CRM; line numbers beyond 20 are not displayed.\n\nLabels: bug" ||
		!p.PublishedAt.Equal(time.Date(2009, 7, 12, 20, 10, 41, 0, time.UTC)) || p.Profile["profile"] != "https://github.com/Nick3C" {
		t.Errorf("post %+v", p)
	}
	if posts[1].Text != "Switching from Salesforce" || posts[1].Author != "dana" {
		t.Errorf("an issue without a body: %+v", posts[1])
	}
	// Without a token, no Authorization header.
	c2, _ := newClient(t, f, "")
	_, _ = c2.Find(context.Background(), search.TermsQuery("crm"), 1)
	if h := f.reqs[len(f.reqs)-1].Header.Get("Authorization"); h != "" {
		t.Errorf("an empty token is not sent: %q", h)
	}
}

// A next link pointing off the API origin is not followed.
func TestForeignNextLinkIsNotFollowed(t *testing.T) {
	f := &fake{answer: func(_ int, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Link", `<http://169.254.169.254/search/issues?page=2>; rel="next"`)
		fmt.Fprint(w, answer(issue1))
	}}
	c, _ := newClient(t, f, "")
	if posts, err := c.Find(context.Background(), search.TermsQuery("crm"), 10); err != nil || len(posts) != 1 || f.count() != 1 {
		t.Fatalf("posts %d, err %v, %d requests", len(posts), err, f.count())
	}
}

// 10 requests a minute without a token, 30 with: the eleventh is not sent,
// even from parallel searches, and the budget frees up a minute later.
func TestRequestBudget(t *testing.T) {
	for _, tc := range []struct {
		token string
		per   int
	}{{"", 10}, {"ghp_x", 30}} {
		f := &fake{answer: func(_ int, w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, answer(issue1)) }}
		c, now := newClient(t, f, tc.token)
		var wg sync.WaitGroup
		var mu sync.Mutex
		budgetErrs := 0
		for range tc.per + 5 {
			wg.Go(func() {
				if _, err := c.Find(context.Background(), search.TermsQuery("crm"), 5); errors.Is(err, ErrBudget) {
					mu.Lock()
					budgetErrs++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if f.count() != tc.per || budgetErrs != 5 {
			t.Fatalf("token %q: %d requests sent, %d refused by the budget", tc.token, f.count(), budgetErrs)
		}
		// Over the budget, the source is paused (every instance) until the
		// oldest request is a minute old.
		obs := &remote.Observation{}
		if _, err := c.Find(remote.WithObservation(context.Background(), obs), search.TermsQuery("crm"), 5); !errors.Is(err, ErrBudget) || obs.Wait(true) != time.Minute {
			t.Fatalf("over the budget: err %v, wait %s", err, obs.Wait(true))
		}
		*now = now.Add(time.Minute)
		if _, err := c.Find(context.Background(), search.TermsQuery("crm"), 5); err != nil || f.count() != tc.per+1 {
			t.Fatalf("a minute later: err %v, %d requests", err, f.count())
		}
	}
}

func TestRateLimitsAndErrors(t *testing.T) {
	now := time.Date(2026, 11, 27, 7, 0, 0, 0, time.UTC)
	reset := fmt.Sprint(now.Add(90 * time.Second).Unix())
	for _, tc := range []struct {
		name, want string
		status     int
		headers    map[string]string
		body       string
		wait       time.Duration
		rateLimits int
	}{
		// Primary rate limit: 403 with x-ratelimit-remaining 0, wait until x-ratelimit-reset.
		{"403 primary", "rate limited for 1m30s: API rate limit exceeded for 203.0.113.7", 403,
			map[string]string{"X-Ratelimit-Limit": "10", "X-Ratelimit-Remaining": "0", "X-Ratelimit-Reset": reset},
			`{"message":"API rate limit exceeded for 203.0.113.7. (But here's the good news: Authenticated requests get a higher rate limit.)","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"}`,
			90 * time.Second, 1},
		// Secondary rate limit with Retry-After.
		{"403 secondary", "rate limited for 45s: You have exceeded a secondary rate limit", 403, map[string]string{"Retry-After": "45"},
			`{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}`,
			45 * time.Second, 1},
		// Secondary rate limit naming no time: a minute.
		{"403 secondary no time", "rate limited for 1m0s", 403, nil,
			`{"message":"You have exceeded a secondary rate limit.","documentation_url":"https://docs.github.com"}`, time.Minute, 1},
		{"429 Retry-After", "rate limited for 30s", 429, map[string]string{"Retry-After": "30"}, `{"message":"Too Many Requests"}`, 30 * time.Second, 1},
		{"401", "unauthorized (check GITHUB_TOKEN): Bad credentials", 401, nil,
			`{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest"}`, 0, 0},
		{"403 forbidden", "status 403: Resource not accessible", 403, map[string]string{"X-Ratelimit-Remaining": "9"},
			`{"message":"Resource not accessible by personal access token"}`, 0, 0},
		{"422", "status 422: Validation Failed", 422, nil, `{"message":"Validation Failed","errors":[{"resource":"Search","field":"q","code":"missing"}]}`, 0, 0},
		{"server error", "server error 502", 502, nil, `<html>Bad gateway</html>`, 0, 0},
		{"malformed JSON", "malformed answer", 200, nil, `{"total_count":1,"items":[`, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &fake{answer: func(_ int, w http.ResponseWriter, _ *http.Request) {
				for k, v := range tc.headers {
					w.Header().Set(k, v)
				}
				w.WriteHeader(tc.status)
				fmt.Fprint(w, tc.body)
			}}
			c, _ := newClient(t, f, "")
			obs := &remote.Observation{}
			_, err := c.Find(remote.WithObservation(context.Background(), obs), search.TermsQuery("crm"), 5)
			if err == nil || !strings.Contains(err.Error(), tc.want) || obs.Wait(true) != tc.wait || obs.RateLimits() != tc.rateLimits {
				t.Fatalf("err %v, wait %s, %d rate limits", err, obs.Wait(true), obs.RateLimits())
			}
			// A rate limit pauses the client: the next search sends nothing.
			_, err = c.Find(context.Background(), search.TermsQuery("crm"), 5)
			if paused := errors.Is(err, ErrBudget) && f.count() == 1; paused != (tc.wait > 0) {
				t.Fatalf("after: err %v, %d requests", err, f.count())
			}
		})
	}
}

// A success spending the last request pauses until x-ratelimit-reset.
func TestLastRemainingRequestPausesUntilReset(t *testing.T) {
	f := &fake{}
	c, now := newClient(t, f, "")
	f.answer = func(_ int, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("X-Ratelimit-Remaining", "0")
		w.Header().Set("X-Ratelimit-Reset", fmt.Sprint(now.Add(20*time.Second).Unix()))
		fmt.Fprint(w, answer(issue1))
	}
	obs := &remote.Observation{}
	posts, err := c.Find(remote.WithObservation(context.Background(), obs), search.TermsQuery("crm", "salesforce"), 10)
	// The second term is not asked; what the first brought is kept.
	if err != nil || len(posts) != 1 || f.count() != 1 || obs.Wait(false) != 20*time.Second {
		t.Fatalf("posts %d, err %v, %d requests, wait %s", len(posts), err, f.count(), obs.Wait(false))
	}
	*now = now.Add(21 * time.Second)
	if _, err := c.Find(context.Background(), search.TermsQuery("crm"), 10); err != nil || f.count() != 2 {
		t.Fatalf("after the reset: err %v, %d requests", err, f.count())
	}
}
