// Package mastodon is the Mastodon source of ingest and the live search: it
// reads the hashtag timeline (GET /api/v1/timelines/tag/:hashtag, no key)
// of each listed instance (MASTODON_INSTANCES) for the query's first terms
// as hashtags, and turns the statuses into posts (README.md, "Sources").
//
// Each instance has its own budget (at most PerMinute requests a minute,
// well under Mastodon's default of 300 per 5 minutes per address) and its
// own pause: a 429 waits for its Retry-After or X-RateLimit-Reset, and an
// answer leaving X-RateLimit-Remaining at 0 pauses that instance until
// X-RateLimit-Reset. One instance failing or paused does not stop the
// others (an instance that answered with nothing is an answer); the fetch
// fails only when none answered.
package mastodon

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

	"golang.org/x/net/html"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// Name is the source's name in stored posts and job statuses.
const Name = "mastodon"

const (
	maxTags  = 5  // the path's hashtag and up to four more in any[]
	maxPages = 2  // per instance and fetch
	pageSize = 40 // the timeline's largest page
	maxBody  = 4 << 20
	// defaultWait is how long a 429 naming no time pauses an instance.
	defaultWait = time.Minute
	maxWait     = time.Hour
)

// limits are Mastodon's rate-limit headers (X-RateLimit-Remaining, and
// X-RateLimit-Reset as an ISO 8601 time).
var limits = remote.Limits{Remaining: "X-RateLimit-Remaining", Reset: "X-RateLimit-Reset", Format: remote.ResetRFC3339, Default: defaultWait, Max: maxWait}

// ErrBudget means an instance's budget or pause left no request to send.
var ErrBudget = errors.New("mastodon: rate budget spent")

// Client reads hashtag timelines of some instances.
type Client struct {
	// Instances are the origins read (https://mastodon.social, …).
	Instances []string
	// PerMinute is each instance's request budget (30).
	PerMinute int
	// HTTP defaults to a remote.NewHTTPClient with a 10 s timeout.
	HTTP *http.Client

	now func() time.Time
	mu  sync.Mutex
	per map[string]*remote.Budget // each instance's own
}

// New returns a client for the instances' origins.
func New(instances []string) *Client {
	in := make([]string, 0, len(instances))
	for _, i := range instances {
		in = append(in, strings.TrimRight(i, "/"))
	}
	return &Client{Instances: in, PerMinute: 30, HTTP: remote.NewHTTPClient(10 * time.Second), now: time.Now,
		per: map[string]*remote.Budget{}}
}

var _ search.Source = (*Client)(nil)

// Name implements search.Source.
func (c *Client) Name() string { return Name }

// Hashtags are the query's first terms as hashtags: letters and digits,
// spaces dropped ("lead generation" is #leadgeneration).
func Hashtags(q search.Query) []string {
	var out []string
	for _, t := range q.Terms {
		tag := strings.ReplaceAll(t, " ", "")
		if tag != "" && !slices.Contains(out, tag) {
			out = append(out, tag)
		}
		if len(out) == maxTags {
			break
		}
	}
	return out
}

// Find implements search.Source: the newest statuses carrying any of the
// query's hashtags on every instance (read in parallel), newest first, at
// most limit.
func (c *Client) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	tags := Hashtags(q)
	if len(tags) == 0 || limit <= 0 || len(c.Instances) == 0 {
		return nil, nil
	}
	type result struct {
		posts []engine.Post
		err   error
	}
	results := make([]result, len(c.Instances))
	var wg sync.WaitGroup
	for i, origin := range c.Instances {
		wg.Go(func() {
			results[i].posts, results[i].err = c.instance(ctx, origin, tags, limit)
		})
	}
	wg.Wait()
	var out []engine.Post
	var errs []error
	seen := map[string]bool{}
	for _, r := range results {
		if r.err != nil {
			errs = append(errs, r.err)
		}
		for _, p := range r.posts {
			if !seen[p.URL] { // a status federated to two instances has one URL
				seen[p.URL] = true
				out = append(out, p)
			}
		}
	}
	if len(errs) == len(c.Instances) {
		return nil, errors.Join(errs...) // no instance answered
	}
	slices.SortStableFunc(out, func(a, b engine.Post) int { return b.PublishedAt.Compare(a.PublishedAt) })
	return out[:min(len(out), limit)], nil
}

// instance reads up to maxPages of one instance's timeline for tags,
// following the Link header's next page (or max_id). A failure after the
// first page keeps what arrived.
func (c *Client) instance(ctx context.Context, origin string, tags []string, limit int) ([]engine.Post, error) {
	v := url.Values{"limit": {strconv.Itoa(min(pageSize, limit))}}
	for _, t := range tags[1:] {
		v.Add("any[]", t)
	}
	next := origin + "/api/v1/timelines/tag/" + url.PathEscape(tags[0]) + "?" + v.Encode()
	host := hostOf(origin)
	var out []engine.Post
	for page := 1; page <= maxPages && next != "" && len(out) < limit; page++ {
		sts, link, err := c.get(ctx, origin, next)
		if err != nil {
			if len(out) > 0 {
				return out, nil
			}
			return nil, err
		}
		for _, s := range sts {
			if p, ok := s.post(host); ok {
				out = append(out, p)
			}
		}
		if len(sts) == 0 {
			break
		}
		next = nextPage(link, origin)
		if next == "" && len(sts) == min(pageSize, limit) {
			v.Set("max_id", sts[len(sts)-1].ID)
			next = origin + "/api/v1/timelines/tag/" + url.PathEscape(tags[0]) + "?" + v.Encode()
		}
	}
	return out, nil
}

// status is the Status entity (docs.joinmastodon.org/entities/Status/).
type status struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	URL         string    `json:"url"`
	URI         string    `json:"uri"`
	Content     string    `json:"content"`
	SpoilerText string    `json:"spoiler_text"`
	Language    string    `json:"language"`
	Reblog      *struct{} `json:"reblog"`
	Account     struct {
		Acct        string `json:"acct"`
		DisplayName string `json:"display_name"`
		URL         string `json:"url"`
	} `json:"account"`
	Tags []struct {
		Name string `json:"name"`
	} `json:"tags"`
}

// take claims a request slot of an instance's budget, or says when one
// frees up.
func (c *Client) take(origin string) (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.per[origin]
	if b == nil {
		b = &remote.Budget{}
		c.per[origin] = b
	}
	return b.Take(c.now(), c.PerMinute)
}

func (c *Client) pause(origin string, d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if b := c.per[origin]; b != nil {
		b.Pause(c.now().Add(d))
	}
}

func (c *Client) get(ctx context.Context, origin, u string) ([]status, string, error) {
	host := hostOf(origin)
	if at, ok := c.take(origin); !ok {
		return nil, "", fmt.Errorf("%w on %s until %s", ErrBudget, host, at.UTC().Format(time.RFC3339))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, "", err
	}
	req.Header.Set("Accept", "application/json")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return nil, "", fmt.Errorf("mastodon %s: %w", host, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return nil, "", fmt.Errorf("mastodon %s: read: %w", host, err)
	}
	var e struct {
		Error string `json:"error"`
	}
	_ = json.Unmarshal(body, &e)
	msg := ""
	if e.Error != "" {
		msg = ": " + remote.Clip(e.Error, 200)
	}
	a := limits.Read(res.StatusCode, res.Header, c.now())
	switch s := res.StatusCode; {
	case a.RateLimited:
		c.pause(origin, a.Wait)
		return nil, "", fmt.Errorf("mastodon %s: rate limited for %s%s", host, a.Wait, msg)
	case s != http.StatusOK:
		return nil, "", remote.StatusError("mastodon "+host, s, msg)
	}
	if a.Exhausted {
		c.pause(origin, a.Wait)
	}
	var sts []status
	if err := json.Unmarshal(body, &sts); err != nil {
		return nil, "", fmt.Errorf("mastodon %s: malformed answer: %w", host, err)
	}
	return sts, res.Header.Get("Link"), nil
}

// nextPage is the Link header's rel="next" URL when it stays on origin.
func nextPage(link, origin string) string {
	for part := range strings.SplitSeq(link, ",") {
		target, params, ok := strings.Cut(strings.TrimSpace(part), ";")
		if !ok || !strings.HasPrefix(target, "<") || !strings.HasSuffix(target, ">") {
			continue
		}
		for p := range strings.SplitSeq(params, ";") {
			if k, v, _ := strings.Cut(strings.TrimSpace(p), "="); k == "rel" && slices.Contains(strings.Fields(strings.Trim(v, `"`)), "next") {
				if u := target[1 : len(target)-1]; strings.HasPrefix(u, origin+"/") {
					return u
				}
			}
		}
	}
	return ""
}

func hostOf(origin string) string {
	if u, err := url.Parse(origin); err == nil && u.Host != "" {
		return u.Host
	}
	return origin
}

func (s status) post(host string) (engine.Post, bool) {
	text := Text(s.Content)
	if s.SpoilerText != "" {
		text = strings.TrimSpace(s.SpoilerText + "\n\n" + text)
	}
	link := s.URL
	if link == "" {
		link = s.URI
	}
	if s.ID == "" || s.Reblog != nil || text == "" || link == "" {
		return engine.Post{}, false
	}
	author := strings.TrimSpace(s.Account.DisplayName)
	if author == "" {
		author = s.Account.Acct
	}
	p := engine.Post{ID: host + ":" + s.ID, Source: Name, Platform: "mastodon", URL: link, Author: author, Text: text,
		PublishedAt: s.CreatedAt.UTC()}
	if s.Account.URL != "" || s.Account.Acct != "" {
		p.Profile = map[string]string{}
		if s.Account.URL != "" {
			p.Profile["profile"] = s.Account.URL
		}
		if s.Account.Acct != "" {
			p.Profile["handle"] = "@" + s.Account.Acct
		}
	}
	return p, true
}

// Text is a status's HTML content as plain text: paragraphs separated by
// a blank line, <br> a line break, entities decoded, tags dropped.
func Text(content string) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(content))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return strings.TrimSpace(b.String())
		case html.TextToken:
			b.Write(z.Text())
		case html.StartTagToken, html.SelfClosingTagToken:
			if name, _ := z.TagName(); string(name) == "br" {
				b.WriteString("\n")
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "p" {
				b.WriteString("\n\n")
			}
		}
	}
}
