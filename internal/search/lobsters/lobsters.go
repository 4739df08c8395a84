// Package lobsters is the Lobsters source of ingest and the live search: it
// reads the newest stories (GET /newest.json, then /newest/page/N.json),
// keeps those matching the query's terms (title, text and tags) and turns
// them into posts. Lobsters has no search API for this and asks clients to
// be gentle, so the client sends at most one request per second and reuses
// what it read for a minute (README.md, "Sources").
package lobsters

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// DefaultBaseURL is Lobsters' origin.
const DefaultBaseURL = "https://lobste.rs"

// Name is the source's name in stored posts and job statuses.
const Name = "lobsters"

const (
	maxBody = 4 << 20
	// maxRetryAfter is the longest Retry-After waited for; a longer one
	// fails the fetch (and pauses the source, see internal/health).
	maxRetryAfter = 10 * time.Second
)

// Client reads Lobsters' newest stories.
type Client struct {
	BaseURL string
	// Pages is how many pages of newest stories (25 each) a read covers (3).
	Pages int
	// Interval is the least time between two requests (1 s).
	Interval time.Duration
	// TTL is how long a read is reused (1 min).
	TTL time.Duration
	// HTTP defaults to a remote.NewHTTPClient with a 10 s timeout.
	HTTP *http.Client

	sleep func(ctx context.Context, d time.Duration) error
	now   func() time.Time

	gate   sync.Mutex // held while waiting for the next request slot
	last   time.Time  // when the last request was sent
	mu     sync.Mutex
	cached []engine.Post
	at     time.Time
}

// New returns a client for baseURL ("" for Lobsters').
func New(baseURL string) *Client {
	if baseURL == "" {
		baseURL = DefaultBaseURL
	}
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), Pages: 3, Interval: time.Second, TTL: time.Minute,
		HTTP: remote.NewHTTPClient(10 * time.Second), sleep: remote.Sleep, now: time.Now}
}

var _ search.Source = (*Client)(nil)

// Name implements search.Source.
func (c *Client) Name() string { return Name }

// Find implements search.Source: the newest stories matching q, newest
// first. A page that fails after the first ends the read with what it has.
func (c *Client) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	if q.Empty() || limit <= 0 {
		return nil, nil
	}
	all, err := c.newest(ctx)
	if err != nil {
		return nil, err
	}
	var out []engine.Post
	for _, p := range all {
		if q.Matches(p.Title + "\n" + p.Text) {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b engine.Post) int { return b.PublishedAt.Compare(a.PublishedAt) })
	return out[:min(len(out), limit)], nil
}

func (c *Client) newest(ctx context.Context) ([]engine.Post, error) {
	c.mu.Lock()
	if c.cached != nil && c.now().Sub(c.at) < c.TTL {
		defer c.mu.Unlock()
		return c.cached, nil
	}
	c.mu.Unlock()
	var posts []engine.Post
	seen := map[string]bool{}
	for page := 1; page <= max(1, c.Pages); page++ {
		path := "/newest.json"
		if page > 1 {
			path = "/newest/page/" + strconv.Itoa(page) + ".json"
		}
		var stories []story
		if err := c.get(ctx, path, &stories); err != nil {
			if page == 1 {
				return nil, err
			}
			break
		}
		for _, s := range stories {
			if p, ok := s.post(); ok && !seen[p.ID] {
				seen[p.ID] = true
				posts = append(posts, p)
			}
		}
		if len(stories) == 0 {
			break
		}
	}
	c.mu.Lock()
	c.cached, c.at = posts, c.now()
	c.mu.Unlock()
	return posts, nil
}

// wait takes the next request slot: at most one request per Interval.
func (c *Client) wait(ctx context.Context) error {
	c.gate.Lock()
	defer c.gate.Unlock()
	if d := c.Interval - c.now().Sub(c.last); !c.last.IsZero() && d > 0 {
		if err := c.sleep(ctx, d); err != nil {
			return err
		}
	}
	c.last = c.now()
	return nil
}

// retryLimits read a 429's Retry-After (a second without one), uncapped:
// get gives up on a wait over maxRetryAfter instead.
var retryLimits = remote.Limits{Default: time.Second}

// get fetches one page, retrying once after a 429 (Retry-After up to
// maxRetryAfter) or a server error.
func (c *Client) get(ctx context.Context, path string, out any) error {
	for attempt := 1; ; attempt++ {
		if err := c.wait(ctx); err != nil {
			return err
		}
		retry, err := c.once(ctx, path, out)
		if err == nil || retry < 0 || attempt == 2 {
			return err
		}
		if err := c.sleep(ctx, retry); err != nil {
			return err
		}
	}
}

// once makes one request; retry is how long to wait before trying again,
// or -1 when trying again cannot help.
func (c *Client) once(ctx context.Context, path string, out any) (time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+path, nil)
	if err != nil {
		return -1, err
	}
	req.Header.Set("Accept", "application/json")
	res, err := c.HTTP.Do(req)
	if err != nil {
		if remote.Unreachable(err) != nil || ctx.Err() != nil {
			return -1, fmt.Errorf("lobsters: %w", err)
		}
		return time.Second, fmt.Errorf("lobsters: %w", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return time.Second, fmt.Errorf("lobsters: read: %w", err)
	}
	switch s := res.StatusCode; {
	case s == http.StatusTooManyRequests:
		wait := retryLimits.Read(s, res.Header, c.now()).Wait
		if wait > maxRetryAfter {
			return -1, fmt.Errorf("lobsters: rate limited for %s", wait)
		}
		return wait, fmt.Errorf("lobsters: rate limited")
	case s >= 500:
		return time.Second, remote.StatusError("lobsters", s, "")
	case s != http.StatusOK:
		return -1, remote.StatusError("lobsters", s, "")
	}
	if err := json.Unmarshal(body, out); err != nil {
		return -1, fmt.Errorf("lobsters: malformed answer: %w", err)
	}
	return 0, nil
}

var tags = regexp.MustCompile(`<[^>]*>`)

// story is a story of /newest.json, as Lobsters' Story#as_json
// (app/models/story.rb in github.com/lobsters/lobsters) writes it.
type story struct {
	ShortID          string          `json:"short_id"`
	ShortIDURL       string          `json:"short_id_url"`
	CreatedAt        string          `json:"created_at"`
	Title            string          `json:"title"`
	URL              string          `json:"url"`
	Description      string          `json:"description"`       // HTML
	DescriptionPlain string          `json:"description_plain"` // newer versions only
	CommentsURL      string          `json:"comments_url"`
	SubmitterUser    json.RawMessage `json:"submitter_user"` // a username; an object {"username": …} in older versions
	Tags             []string        `json:"tags"`
}

func (s story) post() (engine.Post, bool) {
	title := strings.TrimSpace(s.Title)
	if s.ShortID == "" || title == "" {
		return engine.Post{}, false
	}
	text := strings.TrimSpace(s.DescriptionPlain)
	if text == "" {
		text = strings.TrimSpace(html.UnescapeString(tags.ReplaceAllString(s.Description, " ")))
	}
	if len(s.Tags) > 0 {
		text = strings.TrimSpace(text + "\n\nTags: " + strings.Join(s.Tags, ", "))
	}
	p := engine.Post{ID: s.ShortID, Source: Name, Platform: Name, URL: first(s.CommentsURL, s.ShortIDURL),
		Author: submitter(s.SubmitterUser), Title: title, Text: first(text, title)}
	if t, err := time.Parse(time.RFC3339Nano, s.CreatedAt); err == nil {
		p.PublishedAt = t.UTC()
	}
	if s.URL != "" {
		p.Profile = map[string]string{"link": s.URL}
	}
	return p, true
}

func submitter(raw json.RawMessage) string {
	var name string
	if json.Unmarshal(raw, &name) == nil {
		return name
	}
	var u struct {
		Username string `json:"username"`
	}
	_ = json.Unmarshal(raw, &u)
	return u.Username
}

func first(vals ...string) string {
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}
