// Package stackexchange is the Stack Exchange source of ingest and the live
// search: it asks the API's advanced search (GET /2.3/search/advanced) for
// the newest questions matching each of the query's first terms on one site
// (STACKEXCHANGE_SITE) and turns them into posts. A key (STACKEXCHANGE_KEY)
// is optional: it raises the daily quota from 300 to 10,000 requests.
//
// The API asks clients to honour two limits (api.stackexchange.com/docs/
// throttle): a "backoff" field in an answer means no request to that method
// for that many seconds, and "quota_remaining" reaching 0 means none until
// the quota resets. The client keeps both (and reports them to the source
// health recorder, which pauses the source across instances, see
// internal/health); a "throttle_violation" error does the same.
package stackexchange

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
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// DefaultBaseURL is the Stack Exchange API origin.
const DefaultBaseURL = "https://api.stackexchange.com"

// Name is the source's name in stored posts and job statuses.
const Name = "stackexchange"

const (
	maxTerms = 3
	maxPages = 2
	pageSize = 100 // the API's largest page
	maxBody  = 4 << 20
)

// limits read a 429's Retry-After (the API's own pauses come in its
// answers' backoff and quota fields, read below).
var limits = remote.Limits{Default: time.Second, Max: time.Hour}

// ErrBackoff means the API asked for a pause (backoff, quota or throttle)
// that has not passed yet; no request was sent.
var ErrBackoff = errors.New("stackexchange: backing off")

// Client searches one Stack Exchange site.
type Client struct {
	BaseURL string
	// Key is the optional app key.
	Key string
	// Site is the site's API name (stackoverflow, serverfault, …).
	Site string
	// HTTP defaults to a remote.NewHTTPClient with a 10 s timeout.
	HTTP *http.Client

	now   func() time.Time
	mu    sync.Mutex
	until time.Time // no request before then
}

// New returns a client for baseURL ("" for the public API), key (may be
// empty) and site ("" for stackoverflow).
func New(baseURL, key, site string) *Client {
	if baseURL == "" {
		baseURL = DefaultBaseURL
	}
	if site == "" {
		site = "stackoverflow"
	}
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), Key: key, Site: site,
		HTTP: remote.NewHTTPClient(10 * time.Second), now: time.Now}
}

var _ search.Source = (*Client)(nil)

// Name implements search.Source.
func (c *Client) Name() string { return Name }

// Find implements search.Source: the newest questions for the query's
// first terms (one request per term and page), at most limit in all.
func (c *Client) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	if q.Empty() || limit <= 0 {
		return nil, nil
	}
	terms := q.Terms[:min(len(q.Terms), maxTerms)]
	per := max(1, limit/len(terms))
	var out []engine.Post
	seen := map[string]bool{}
	for _, term := range terms {
		got := 0
		for page := 1; page <= maxPages && got < per; page++ {
			w, err := c.search(ctx, term, page, min(pageSize, per-got))
			if err != nil {
				if len(out) > 0 && errors.Is(err, ErrBackoff) {
					return out, nil // keep what arrived before the API asked for a pause
				}
				return nil, err
			}
			for _, it := range w.Items {
				if p, ok := it.post(c.Site); ok && !seen[p.ID] {
					seen[p.ID] = true
					out = append(out, p)
					got++
				}
			}
			if !w.HasMore {
				break
			}
		}
	}
	return out[:min(len(out), limit)], nil
}

// wrapper is the common wrapper of every answer (api.stackexchange.com/docs/wrapper).
type wrapper struct {
	Items          []question `json:"items"`
	HasMore        bool       `json:"has_more"`
	QuotaMax       int        `json:"quota_max"`
	QuotaRemaining *int       `json:"quota_remaining"`
	Backoff        int        `json:"backoff"`
	ErrorID        int        `json:"error_id"`
	ErrorName      string     `json:"error_name"`
	ErrorMessage   string     `json:"error_message"`
}

// question is a question with the "withbody" filter (api.stackexchange.com/docs/types/question).
type question struct {
	QuestionID   int64    `json:"question_id"`
	Title        string   `json:"title"`
	Body         string   `json:"body"`
	Link         string   `json:"link"`
	Tags         []string `json:"tags"`
	CreationDate int64    `json:"creation_date"`
	Owner        struct {
		DisplayName string `json:"display_name"`
		Link        string `json:"link"`
	} `json:"owner"`
}

var secondsIn = regexp.MustCompile(`available in (\d+) seconds`)

func (c *Client) search(ctx context.Context, term string, page, size int) (*wrapper, error) {
	c.mu.Lock()
	until := c.until
	c.mu.Unlock()
	if now := c.now(); now.Before(until) {
		return nil, fmt.Errorf("%w until %s", ErrBackoff, until.UTC().Format(time.RFC3339))
	}
	v := url.Values{"order": {"desc"}, "sort": {"creation"}, "q": {term}, "site": {c.Site},
		"page": {strconv.Itoa(page)}, "pagesize": {strconv.Itoa(size)}, "filter": {"withbody"}}
	if c.Key != "" {
		v.Set("key", c.Key)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+"/2.3/search/advanced?"+v.Encode(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return nil, fmt.Errorf("stackexchange: %w", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody)) // the transport un-gzips the API's answers
	if err != nil {
		return nil, fmt.Errorf("stackexchange: read: %w", err)
	}
	var w wrapper
	jsonErr := json.Unmarshal(body, &w)
	if a := limits.Read(res.StatusCode, res.Header, c.now()); a.RateLimited {
		c.pause(ctx, a.Wait)
		return nil, fmt.Errorf("stackexchange: rate limited")
	}
	if jsonErr == nil {
		if w.Backoff > 0 {
			c.pause(ctx, time.Duration(w.Backoff)*time.Second)
		}
		if w.QuotaRemaining != nil && *w.QuotaRemaining <= 0 {
			c.pause(ctx, c.untilQuotaReset())
		}
	}
	switch {
	case jsonErr == nil && w.ErrorID != 0:
		if w.ErrorName == "throttle_violation" {
			wait := time.Minute
			if m := secondsIn.FindStringSubmatch(w.ErrorMessage); m != nil {
				n, _ := strconv.Atoi(m[1])
				wait = time.Duration(n) * time.Second
			}
			c.pause(ctx, wait)
		}
		return nil, fmt.Errorf("stackexchange: %s (%d): %s", w.ErrorName, w.ErrorID, remote.Clip(w.ErrorMessage, 200))
	case res.StatusCode != http.StatusOK:
		return nil, remote.StatusError("stackexchange", res.StatusCode, "")
	case jsonErr != nil:
		return nil, fmt.Errorf("stackexchange: malformed answer: %w", jsonErr)
	}
	return &w, nil
}

// pause keeps the client (and, through the health recorder, every
// instance) from asking for d.
func (c *Client) pause(ctx context.Context, d time.Duration) {
	if d <= 0 {
		return
	}
	c.mu.Lock()
	if t := c.now().Add(d); t.After(c.until) {
		c.until = t
	}
	c.mu.Unlock()
	remote.ReportBackoff(ctx, d)
}

// untilQuotaReset is the time to the next UTC midnight, when the daily
// quota starts again.
func (c *Client) untilQuotaReset() time.Duration {
	now := c.now().UTC()
	return now.Truncate(24 * time.Hour).Add(24 * time.Hour).Sub(now)
}

var tags = regexp.MustCompile(`<[^>]*>`)

func plain(s string) string {
	s = strings.NewReplacer("<p>", "\n\n", "<br>", "\n", "<br/>", "\n", "<br />", "\n").Replace(s)
	return strings.TrimSpace(html.UnescapeString(tags.ReplaceAllString(s, " ")))
}

func (q question) post(site string) (engine.Post, bool) {
	title, body := plain(q.Title), plain(q.Body)
	if q.QuestionID <= 0 || (title == "" && body == "") {
		return engine.Post{}, false
	}
	text := body
	if len(q.Tags) > 0 {
		text = strings.TrimSpace(text + "\n\nTags: " + strings.Join(q.Tags, ", "))
	}
	p := engine.Post{ID: site + ":" + strconv.FormatInt(q.QuestionID, 10), Source: Name, Platform: site, URL: q.Link,
		Author: html.UnescapeString(q.Owner.DisplayName), Title: title, Text: text}
	if p.Text == "" {
		p.Text = title
	}
	if q.CreationDate > 0 {
		p.PublishedAt = time.Unix(q.CreationDate, 0).UTC()
	}
	if q.Owner.Link != "" {
		p.Profile = map[string]string{"profile": q.Owner.Link}
	}
	return p, true
}
