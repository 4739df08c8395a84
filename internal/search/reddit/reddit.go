// Package reddit is the Reddit source of ingest and the live search,
// through OAuth with the user's own approved app (REDDIT_CLIENT_ID,
// REDDIT_CLIENT_SECRET, REDDIT_USER_AGENT): an application-only token
// (grant_type=client_credentials at www.reddit.com/api/v1/access_token,
// cached until it expires), then the search (oauth.reddit.com/search) for
// the query's first terms, newest first (README.md, "Sources").
//
// Reddit allows an OAuth client 100 requests a minute: the client sends
// at most PerMinute in any minute, pauses until X-Ratelimit-Reset when
// X-Ratelimit-Remaining falls under 1, and a 429 pauses it for its
// Retry-After (or the reset). A 401 on a search fetches a new token once
// and retries; a token refused twice is an error.
package reddit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// Name is the source's name in stored posts and job statuses.
const Name = "reddit"

const (
	maxTerms    = 3
	maxPages    = 2
	pageSize    = 100 // a listing's largest page
	maxBody     = 8 << 20
	defaultWait = time.Minute
	maxWait     = time.Hour
	// early is how long before its expiry a token is replaced.
	early = time.Minute
)

// limits are Reddit's rate-limit headers (X-Ratelimit-Remaining, and
// X-Ratelimit-Reset in seconds from now).
var limits = remote.Limits{Remaining: "X-Ratelimit-Remaining", Reset: "X-Ratelimit-Reset", Format: remote.ResetSecondsFromNow, Default: defaultWait, Max: maxWait}

// ErrBudget means the budget or a pause left no request to send.
var ErrBudget = errors.New("reddit: rate budget spent")

// Client searches Reddit with an app's credentials.
type Client struct {
	ClientID, ClientSecret, UserAgent string
	// AuthURL is the token endpoint's origin (https://www.reddit.com),
	// BaseURL the API's (https://oauth.reddit.com).
	AuthURL, BaseURL string
	// PerMinute is the request budget (100, Reddit's limit for an OAuth
	// client); token requests count too.
	PerMinute int
	// HTTP defaults to a remote.NewHTTPClient with a 10 s timeout.
	HTTP *http.Client

	now     func() time.Time
	mu      sync.Mutex
	budget  remote.Budget
	token   string
	expires time.Time
	// refused is a refused credentials answer, given again until
	// refusedUntil instead of asking the token endpoint per query.
	refused      error
	refusedUntil time.Time
}

// RefusedFor is how long refused credentials are not tried again.
const RefusedFor = 15 * time.Minute

// New returns a client for the app's credentials.
func New(id, secret, userAgent string) *Client {
	return &Client{ClientID: id, ClientSecret: secret, UserAgent: userAgent, AuthURL: "https://www.reddit.com",
		BaseURL: "https://oauth.reddit.com", PerMinute: 100, HTTP: remote.NewHTTPClient(10 * time.Second), now: time.Now}
}

var _ search.Source = (*Client)(nil)

// Name implements search.Source.
func (c *Client) Name() string { return Name }

// SearchQuery is Reddit's search expression for the query's first terms:
// each quoted, joined by OR.
func SearchQuery(q search.Query) string { return q.QuotedOR(maxTerms) }

// Find implements search.Source: the newest posts (links and self posts)
// of the last month matching the query, up to two pages (the listing's
// after), at most limit. A failure after the first page keeps what
// arrived.
func (c *Client) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	expr := SearchQuery(q)
	if expr == "" || limit <= 0 {
		return nil, nil
	}
	v := url.Values{"q": {expr}, "sort": {"new"}, "t": {"month"}, "type": {"link"}, "raw_json": {"1"},
		"limit": {strconv.Itoa(min(pageSize, limit))}}
	var out []engine.Post
	seen := map[string]bool{}
	after := ""
	for page := 1; page <= maxPages && len(out) < limit; page++ {
		if after != "" {
			v.Set("after", after)
		}
		l, err := c.search(ctx, c.BaseURL+"/search?"+v.Encode())
		if err != nil {
			if len(out) > 0 {
				return out, nil
			}
			return nil, err
		}
		for _, ch := range l.Data.Children {
			if p, ok := ch.Data.post(); ok && !seen[p.ID] {
				seen[p.ID] = true
				out = append(out, p)
			}
		}
		if after = l.Data.After; after == "" || len(l.Data.Children) == 0 {
			break
		}
	}
	return out[:min(len(out), limit)], nil
}

// listing is the search answer (reddit.com/dev/api#GET_search: a Listing
// of t3 links).
type listing struct {
	Kind string `json:"kind"`
	Data struct {
		After    string `json:"after"`
		Children []struct {
			Kind string `json:"kind"`
			Data link   `json:"data"`
		} `json:"children"`
	} `json:"data"`
}

type link struct {
	ID         string  `json:"id"`
	Name       string  `json:"name"`
	Title      string  `json:"title"`
	Selftext   string  `json:"selftext"`
	Author     string  `json:"author"`
	Subreddit  string  `json:"subreddit"`
	Permalink  string  `json:"permalink"`
	URL        string  `json:"url"`
	CreatedUTC float64 `json:"created_utc"`
	IsSelf     bool    `json:"is_self"`
	Over18     bool    `json:"over_18"`
}

func (l link) post() (engine.Post, bool) {
	if l.ID == "" || l.Permalink == "" || l.Over18 || strings.TrimSpace(l.Title) == "" {
		return engine.Post{}, false
	}
	text := strings.TrimSpace(l.Selftext)
	if text == "[removed]" || text == "[deleted]" {
		text = ""
	}
	if text == "" {
		text = l.Title
	}
	p := engine.Post{ID: l.ID, Source: Name, Platform: "reddit", URL: "https://www.reddit.com" + l.Permalink, Title: l.Title,
		Text: text, PublishedAt: time.Unix(int64(l.CreatedUTC), 0).UTC(), Profile: map[string]string{}}
	if l.Author != "" && l.Author != "[deleted]" {
		p.Author = l.Author
		p.Profile["handle"] = "u/" + l.Author
		p.Profile["profile"] = "https://www.reddit.com/user/" + l.Author
	}
	if l.Subreddit != "" {
		p.Profile["subreddit"] = "r/" + l.Subreddit
	}
	if !l.IsSelf && l.URL != "" {
		p.Profile["link"] = l.URL
	}
	return p, true
}

// take claims a request slot, or says when one frees up.
func (c *Client) take() (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.budget.Take(c.now(), c.PerMinute)
}

func (c *Client) pause(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.budget.Pause(c.now().Add(d))
}

func (c *Client) budgetErr() error {
	if at, ok := c.take(); !ok {
		return fmt.Errorf("%w until %s", ErrBudget, at.UTC().Format(time.RFC3339))
	}
	return nil
}

// accessToken is the cached token, or a new one when it is missing,
// expiring, or refused (stale).
func (c *Client) accessToken(ctx context.Context, stale string) (string, error) {
	c.mu.Lock()
	if c.token != "" && c.token != stale && c.now().Before(c.expires.Add(-early)) {
		t := c.token
		c.mu.Unlock()
		return t, nil
	}
	refused := c.refused
	if refused != nil && !c.now().Before(c.refusedUntil) {
		refused = nil
	}
	c.mu.Unlock()
	if refused != nil {
		return "", refused
	}
	if err := c.budgetErr(); err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.AuthURL+"/api/v1/access_token",
		strings.NewReader(url.Values{"grant_type": {"client_credentials"}}.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(c.ClientID, c.ClientSecret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("User-Agent", c.UserAgent)
	res, body, err := c.do(req)
	if err != nil {
		return "", err
	}
	switch s := res.StatusCode; {
	case s == http.StatusUnauthorized || s == http.StatusForbidden:
		until := c.now().Add(RefusedFor)
		err := fmt.Errorf("reddit: the app's credentials were refused (status %d): check REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET (not tried again before %s)",
			s, until.UTC().Format(time.RFC3339))
		c.mu.Lock()
		c.refused, c.refusedUntil = err, until
		c.mu.Unlock()
		return "", err
	case s != http.StatusOK:
		if err := c.status(res, body); err != nil {
			return "", err
		}
	}
	// reddit.com/dev/api/oauth (github.com/reddit-archive/reddit/wiki/OAuth2):
	// {"access_token", "token_type": "bearer", "expires_in", "scope"}, or
	// {"error": "..."} with status 200 for a grant it refuses.
	var tok struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int    `json:"expires_in"`
		Error       any    `json:"error"`
	}
	if err := json.Unmarshal(body, &tok); err != nil {
		return "", fmt.Errorf("reddit: malformed token answer: %w", err)
	}
	if tok.AccessToken == "" {
		return "", fmt.Errorf("reddit: no token granted (%v)", tok.Error)
	}
	exp := time.Duration(tok.ExpiresIn) * time.Second
	if exp <= early {
		exp = early + time.Minute
	}
	c.mu.Lock()
	c.token, c.expires = tok.AccessToken, c.now().Add(exp)
	c.mu.Unlock()
	return tok.AccessToken, nil
}

// search sends one search request, renewing the token once on a 401.
func (c *Client) search(ctx context.Context, u string) (listing, error) {
	var l listing
	stale := ""
	for attempt := range 2 {
		tok, err := c.accessToken(ctx, stale)
		if err != nil {
			return l, err
		}
		if err := c.budgetErr(); err != nil {
			return l, err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return l, err
		}
		req.Header.Set("Authorization", "bearer "+tok)
		req.Header.Set("User-Agent", c.UserAgent)
		res, body, err := c.do(req)
		if err != nil {
			return l, err
		}
		if res.StatusCode == http.StatusUnauthorized {
			if attempt == 0 {
				stale = tok // expired or revoked: a new one, once
				continue
			}
			return l, errors.New("reddit: the access token was refused twice (status 401)")
		}
		if err := c.status(res, body); err != nil {
			return l, err
		}
		if err := json.Unmarshal(body, &l); err != nil {
			return l, fmt.Errorf("reddit: malformed answer: %w", err)
		}
		if l.Kind != "Listing" {
			return l, fmt.Errorf("reddit: malformed answer: kind %q, want Listing", l.Kind)
		}
		return l, nil
	}
	return l, nil
}

func (c *Client) do(req *http.Request) (*http.Response, []byte, error) {
	res, err := c.HTTP.Do(req)
	if err != nil {
		return nil, nil, fmt.Errorf("reddit: %w", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return nil, nil, fmt.Errorf("reddit: read: %w", err)
	}
	// Reddit's rate-limit headers (support.reddithelp.com, "Data API
	// Wiki"): X-Ratelimit-Used, -Remaining (requests left, a decimal) and
	// -Reset (seconds to the period's end).
	if a := limits.Read(http.StatusOK, res.Header, c.now()); a.Exhausted {
		c.pause(a.Wait)
	}
	return res, body, nil
}

// status turns an answer other than 200 into an error; a 429 pauses the
// client.
func (c *Client) status(res *http.Response, body []byte) error {
	var e struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal(body, &e)
	msg := ""
	if e.Message != "" {
		msg = ": " + remote.Clip(e.Message, 200)
	}
	switch s := res.StatusCode; {
	case s == http.StatusOK:
		return nil
	case s == http.StatusTooManyRequests:
		wait := limits.Read(s, res.Header, c.now()).Wait
		c.pause(wait)
		return fmt.Errorf("reddit: rate limited for %s%s", wait, msg)
	case s == http.StatusForbidden:
		return fmt.Errorf("reddit: forbidden (status 403)%s: the app may lack access to the Data API", msg)
	}
	return remote.StatusError("reddit", res.StatusCode, msg)
}
