// Package github is the GitHub source of ingest and the live search: it asks
// the REST search for issues (GET /search/issues, newest first) holding each
// of the query's first terms and turns them into posts (README.md,
// "Sources"). A token (GITHUB_TOKEN) is optional.
//
// GitHub's search API allows 10 requests a minute without a token and 30
// with one; the client keeps that budget itself (a request over it is not
// sent). A 403 or 429 rate-limit answer pauses the client, and through the
// health recorder every instance (internal/health): for its Retry-After, or
// until x-ratelimit-reset when x-ratelimit-remaining is 0, or a minute when
// it names neither. A success that leaves x-ratelimit-remaining at 0 pauses
// it until the reset too.
package github

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// DefaultBaseURL is GitHub's REST API origin.
const DefaultBaseURL = "https://api.github.com"

// Name is the source's name in stored posts and job statuses.
const Name = "github"

const (
	maxTerms = 3
	maxPages = 2
	pageSize = 100 // the search API's largest page
	maxBody  = 8 << 20
	// Search budgets per minute (docs.github.com/en/rest/search/search#rate-limit).
	budgetAnonymous = 10
	budgetToken     = 30
	// secondaryWait is how long a rate-limit answer naming no time pauses
	// the client (GitHub's docs ask for at least a minute).
	secondaryWait = time.Minute
)

// limits are GitHub's rate-limit headers (X-RateLimit-Remaining, and
// X-RateLimit-Reset as a Unix time).
var limits = remote.Limits{Remaining: "X-Ratelimit-Remaining", Reset: "X-Ratelimit-Reset", Format: remote.ResetUnixSeconds, Default: secondaryWait, Max: time.Hour}

// ErrBudget means the client's own request budget (or a pause GitHub asked
// for) left no request to send; nothing was sent, and the source is paused
// until a request frees up.
var ErrBudget = errors.New("github: rate budget spent")

// Client searches GitHub issues.
type Client struct {
	BaseURL string
	// Token is the optional personal access token.
	Token string
	// PerMinute is the request budget (10 without a token, 30 with one).
	PerMinute int
	// HTTP defaults to a remote.NewHTTPClient with a 10 s timeout.
	HTTP *http.Client

	now    func() time.Time
	mu     sync.Mutex
	budget remote.Budget
}

// New returns a client for baseURL ("" for GitHub's) and token (may be empty).
func New(baseURL, token string) *Client {
	if baseURL == "" {
		baseURL = DefaultBaseURL
	}
	per := budgetAnonymous
	if token != "" {
		per = budgetToken
	}
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), Token: token, PerMinute: per,
		HTTP: remote.NewHTTPClient(10 * time.Second), now: time.Now}
}

var _ search.Source = (*Client)(nil)

// Name implements search.Source.
func (c *Client) Name() string { return Name }

// Find implements search.Source: the newest issues for the query's first
// terms (one request per term and page, following the Link header's next
// page), at most limit in all. When the budget runs out after some posts
// arrived, those are returned.
func (c *Client) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	if q.Empty() || limit <= 0 {
		return nil, nil
	}
	terms := q.Terms[:min(len(q.Terms), maxTerms)]
	per := max(1, limit/len(terms))
	var out []engine.Post
	seen := map[string]bool{}
	for _, term := range terms {
		v := url.Values{"q": {strconv.Quote(term) + " is:issue"}, "sort": {"created"}, "order": {"desc"},
			"per_page": {strconv.Itoa(min(pageSize, per))}}
		next := c.BaseURL + "/search/issues?" + v.Encode()
		got := 0
		for page := 1; page <= maxPages && got < per && next != ""; page++ {
			res, link, err := c.search(ctx, next)
			if err != nil {
				if len(out) > 0 && errors.Is(err, ErrBudget) {
					return out[:min(len(out), limit)], nil
				}
				return nil, err
			}
			for _, it := range res.Items {
				if p, ok := it.post(); ok && !seen[p.ID] {
					seen[p.ID] = true
					out = append(out, p)
					got++
				}
			}
			next = c.nextPage(link)
		}
	}
	return out[:min(len(out), limit)], nil
}

// result is the search answer (docs.github.com/en/rest/search/search#search-issues-and-pull-requests).
type result struct {
	TotalCount int     `json:"total_count"`
	Items      []issue `json:"items"`
}

type issue struct {
	ID        int64     `json:"id"`
	Number    int       `json:"number"`
	Title     string    `json:"title"`
	Body      string    `json:"body"`
	HTMLURL   string    `json:"html_url"`
	CreatedAt time.Time `json:"created_at"`
	User      struct {
		Login   string `json:"login"`
		HTMLURL string `json:"html_url"`
	} `json:"user"`
	Labels []struct {
		Name string `json:"name"`
	} `json:"labels"`
	PullRequest json.RawMessage `json:"pull_request"`
}

// apiError is GitHub's error body ({"message", "documentation_url"}).
type apiError struct {
	Message string `json:"message"`
}

// take claims a request slot of the budget, or says when one frees up.
func (c *Client) take() (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.budget.Take(c.now(), c.PerMinute)
}

func (c *Client) search(ctx context.Context, u string) (*result, string, error) {
	if at, ok := c.take(); !ok {
		// The budget is GitHub's per token or address, which other
		// instances share: the source is paused (internal/health) until a
		// request frees up, so no instance asks meanwhile.
		remote.ReportBackoff(ctx, at.Sub(c.now()))
		return nil, "", fmt.Errorf("%w until %s", ErrBudget, at.UTC().Format(time.RFC3339))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, "", err
	}
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return nil, "", fmt.Errorf("github: %w", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return nil, "", fmt.Errorf("github: read: %w", err)
	}
	var e apiError
	_ = json.Unmarshal(body, &e)
	msg := ""
	if e.Message != "" {
		msg = ": " + remote.Clip(e.Message, 200)
	}
	switch s := res.StatusCode; {
	case s == http.StatusTooManyRequests || (s == http.StatusForbidden && c.rateLimited(res, e.Message)):
		wait := c.rateLimitWait(res.Header)
		if s == http.StatusForbidden {
			remote.ReportRateLimit(ctx) // a 429 is counted by the transport
		}
		c.pause(ctx, wait)
		return nil, "", fmt.Errorf("github: rate limited for %s%s", wait, msg)
	case s == http.StatusUnauthorized:
		return nil, "", fmt.Errorf("github: unauthorized (check GITHUB_TOKEN)%s", msg)
	case s != http.StatusOK:
		return nil, "", remote.StatusError("github", s, msg)
	}
	if a := limits.Read(res.StatusCode, res.Header, c.now()); a.Exhausted {
		c.pause(ctx, a.Wait)
	}
	var r result
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, "", fmt.Errorf("github: malformed answer: %w", err)
	}
	return &r, res.Header.Get("Link"), nil
}

// rateLimited says whether a 403 is a rate limit (primary: remaining 0;
// secondary: a Retry-After or a message saying so) rather than a refusal.
func (c *Client) rateLimited(res *http.Response, message string) bool {
	return res.Header.Get("X-Ratelimit-Remaining") == "0" || res.Header.Get("Retry-After") != "" ||
		strings.Contains(strings.ToLower(message), "rate limit")
}

// rateLimitWait is what a rate-limit answer asks for: its Retry-After, or
// the time to x-ratelimit-reset when none remain, or a minute.
func (c *Client) rateLimitWait(h http.Header) time.Duration {
	if h.Get("Retry-After") != "" || limits.Read(http.StatusOK, h, c.now()).Exhausted {
		return limits.Read(http.StatusTooManyRequests, h, c.now()).Wait
	}
	return secondaryWait
}

// pause keeps the client (and, through the health recorder, every
// instance) from asking for d.
func (c *Client) pause(ctx context.Context, d time.Duration) {
	if d <= 0 {
		return
	}
	c.mu.Lock()
	c.budget.Pause(c.now().Add(d))
	c.mu.Unlock()
	remote.ReportBackoff(ctx, d)
}

// nextPage is the Link header's rel="next" URL when it stays on BaseURL.
func (c *Client) nextPage(link string) string {
	for part := range strings.SplitSeq(link, ",") {
		target, params, ok := strings.Cut(strings.TrimSpace(part), ";")
		if !ok || !strings.HasPrefix(target, "<") || !strings.HasSuffix(target, ">") {
			continue
		}
		for p := range strings.SplitSeq(params, ";") {
			if k, v, _ := strings.Cut(strings.TrimSpace(p), "="); k == "rel" && slices.Contains(strings.Fields(strings.Trim(v, `"`)), "next") {
				u := target[1 : len(target)-1]
				if strings.HasPrefix(u, c.BaseURL+"/") {
					return u
				}
			}
		}
	}
	return ""
}

func (it issue) post() (engine.Post, bool) {
	title, body := strings.TrimSpace(it.Title), strings.TrimSpace(it.Body)
	if it.ID <= 0 || len(it.PullRequest) > 0 || (title == "" && body == "") {
		return engine.Post{}, false
	}
	text := body
	if len(it.Labels) > 0 {
		names := make([]string, 0, len(it.Labels))
		for _, l := range it.Labels {
			names = append(names, l.Name)
		}
		text = strings.TrimSpace(text + "\n\nLabels: " + strings.Join(names, ", "))
	}
	if text == "" {
		text = title
	}
	p := engine.Post{ID: strconv.FormatInt(it.ID, 10), Source: Name, Platform: "github", URL: it.HTMLURL,
		Author: it.User.Login, Title: title, Text: text, PublishedAt: it.CreatedAt.UTC()}
	if it.User.HTMLURL != "" {
		p.Profile = map[string]string{"profile": it.User.HTMLURL}
	}
	return p, true
}
