// Package hackernews is the Hacker News source of the live search and of
// ingest: it asks the Algolia HN search API (search_by_date, stories and
// comments) for the search's terms and turns the hits into posts. When
// Algolia fails, or answers only with hits older than StaleAfter (its index
// lags behind HN now and then), it falls back to the official HN API
// (hacker-news.firebaseio.com): the newest stories, Ask HN and job posts,
// matched against the terms locally.
package hackernews

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// DefaultBaseURL is Algolia's public HN search API.
const DefaultBaseURL = "https://hn.algolia.com"

// DefaultAPIURL is the official HN API.
const DefaultAPIURL = "https://hacker-news.firebaseio.com"

// Source name and limits.
const (
	Name = "hackernews"
	// maxQueries bounds the requests one search makes: the first terms of
	// the query (Algolia requires every word of a query, so each term is
	// its own request).
	maxQueries = 3
	// maxRetryAfter is the longest Retry-After honoured before giving up.
	maxRetryAfter = 5 * time.Second
	maxBody       = 4 << 20
)

// Client searches Hacker News.
type Client struct {
	// BaseURL defaults to DefaultBaseURL.
	BaseURL string
	// APIURL is the official HN API, the fallback; defaults to DefaultAPIURL.
	APIURL string
	// StaleAfter is how old Algolia's newest hit may be before its index
	// counts as stale and the official API is asked too (72 h).
	StaleAfter time.Duration
	// MaxItems bounds the newest items the fallback reads (150).
	MaxItems int
	// Concurrency bounds the fallback's item requests in flight (8).
	Concurrency int
	// HTTP defaults to a remote.NewHTTPClient with a 10 s timeout.
	HTTP *http.Client
	// sleep waits between attempts; tests replace it.
	sleep func(ctx context.Context, d time.Duration) error
	now   func() time.Time
}

// New returns a client for baseURL ("" for Algolia's); the fallback uses
// the official API unless APIURL is changed.
func New(baseURL string) *Client {
	if baseURL == "" {
		baseURL = DefaultBaseURL
	}
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), APIURL: DefaultAPIURL, StaleAfter: 72 * time.Hour,
		MaxItems: 150, Concurrency: 8, HTTP: remote.NewHTTPClient(10 * time.Second), sleep: remote.Sleep, now: time.Now}
}

var _ search.Source = (*Client)(nil)

// Name implements search.Source.
func (c *Client) Name() string { return Name }

// Find implements search.Source: Algolia first (see algolia), the official
// API when Algolia fails or is stale. It fails only when both do; a stale
// answer is still an answer.
func (c *Client) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	if q.Empty() || limit <= 0 {
		return nil, nil
	}
	posts, err := c.algolia(ctx, q, limit)
	if err == nil && !c.stale(posts) {
		return posts, nil
	}
	recent, ferr := c.official(ctx, q, limit)
	switch {
	case ferr != nil && err != nil:
		return nil, fmt.Errorf("%w; fallback: %w", err, ferr)
	case ferr != nil:
		return posts, nil
	}
	return mergeNewest(recent, posts, limit), nil
}

// stale reports whether Algolia's newest hit is older than StaleAfter. No
// hits say nothing about the index: a rare term may simply have none.
func (c *Client) stale(posts []engine.Post) bool {
	var newest time.Time
	for _, p := range posts {
		if p.PublishedAt.After(newest) {
			newest = p.PublishedAt
		}
	}
	return len(posts) > 0 && c.now().Sub(newest) > c.StaleAfter
}

// algolia makes one request per term (up to three), newest first, limit
// hits in all. Any request that still fails after one retry fails it.
func (c *Client) algolia(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	terms := q.Terms
	if len(terms) > maxQueries {
		terms = terms[:maxQueries]
	}
	if len(terms) == 0 || limit <= 0 {
		return nil, nil
	}
	per := max(1, limit/len(terms))
	var posts []engine.Post
	seen := map[string]bool{}
	for _, term := range terms {
		hits, err := c.search(ctx, term, min(per, 1000))
		if err != nil {
			return nil, err
		}
		for _, h := range hits {
			if p, ok := h.post(); ok && !seen[p.ID] {
				seen[p.ID] = true
				posts = append(posts, p)
			}
		}
	}
	return posts, nil
}

// response is the part of Algolia's answer the source reads.
type response struct {
	Hits []hit `json:"hits"`
}

type hit struct {
	ObjectID    string  `json:"objectID"`
	Title       *string `json:"title"`
	StoryTitle  *string `json:"story_title"`
	StoryText   *string `json:"story_text"`
	CommentText *string `json:"comment_text"`
	Author      string  `json:"author"`
	CreatedAtI  int64   `json:"created_at_i"`
	URL         *string `json:"url"` // a story's external link; the post's URL is its HN page
}

func (c *Client) search(ctx context.Context, term string, n int) ([]hit, error) {
	u := c.BaseURL + "/api/v1/search_by_date?" + url.Values{
		"query": {term}, "tags": {"(story,comment)"}, "hitsPerPage": {strconv.Itoa(n)},
	}.Encode()
	var r response
	if err := c.getJSON(ctx, u, &r); err != nil {
		return nil, err
	}
	return r.Hits, nil
}

// getJSON GETs u into out, retrying once after a 429 or a server error.
func (c *Client) getJSON(ctx context.Context, u string, out any) error {
	var lastErr error
	for attempt := range 2 {
		wait, err := c.get(ctx, u, out)
		if err == nil {
			return nil
		}
		lastErr = err
		var perm permanent
		if errors.As(err, &perm) || remote.Unreachable(err) != nil || attempt == 1 {
			break
		}
		if err := c.sleep(ctx, wait); err != nil {
			return err
		}
	}
	return lastErr
}

// retryLimits read a 429's Retry-After (a second without one), uncapped:
// the caller gives up on a wait over maxRetryAfter instead.
var retryLimits = remote.Limits{Default: time.Second}

// permanent marks an error retrying cannot fix.
type permanent struct{ error }

// get makes one request. On a retryable failure it returns how long to wait.
func (c *Client) get(ctx context.Context, u string, out any) (time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return 0, permanent{err}
	}
	req.Header.Set("Accept", "application/json")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return time.Second, fmt.Errorf("hackernews: %w", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return time.Second, fmt.Errorf("hackernews: read: %w", err)
	}
	switch {
	case res.StatusCode == http.StatusTooManyRequests:
		wait := retryLimits.Read(res.StatusCode, res.Header, time.Now()).Wait
		if wait > maxRetryAfter {
			return 0, permanent{fmt.Errorf("hackernews: rate limited for %s", wait)}
		}
		return wait, fmt.Errorf("hackernews: rate limited")
	case res.StatusCode >= 500:
		return time.Second, remote.StatusError("hackernews", res.StatusCode, "")
	case res.StatusCode != http.StatusOK:
		return 0, permanent{remote.StatusError("hackernews", res.StatusCode, "")}
	}
	if err := json.Unmarshal(body, out); err != nil {
		return 0, permanent{fmt.Errorf("hackernews: malformed answer: %w", err)}
	}
	return 0, nil
}

var tags = regexp.MustCompile(`<[^>]*>`)

// text turns Algolia's HTML fragments into plain text.
func text(s string) string {
	s = strings.ReplaceAll(s, "<p>", "\n\n")
	return strings.TrimSpace(html.UnescapeString(tags.ReplaceAllString(s, " ")))
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// post turns a hit into a post; ok is false for a hit without text or id.
func (h hit) post() (engine.Post, bool) {
	body := text(deref(h.StoryText) + deref(h.CommentText))
	title := text(deref(h.Title))
	if title == "" && deref(h.CommentText) == "" {
		title = text(deref(h.StoryTitle))
	}
	if h.ObjectID == "" || (body == "" && title == "") {
		return engine.Post{}, false
	}
	p := engine.Post{ID: h.ObjectID, Source: Name, Platform: Name, Author: h.Author, Title: title, Text: body,
		URL: "https://news.ycombinator.com/item?id=" + url.QueryEscape(h.ObjectID)}
	if body == "" {
		p.Text = title
	}
	if h.CreatedAtI > 0 {
		p.PublishedAt = time.Unix(h.CreatedAtI, 0).UTC()
	}
	return p, true
}
