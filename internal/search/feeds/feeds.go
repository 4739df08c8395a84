// Package feeds is the RSS/Atom source of ingest and the live search: it
// reads the configured feeds (INGEST_FEEDS), keeps the entries matching the
// query's terms and turns them into posts. Feeds cannot be searched
// remotely, so a fetched feed is kept for a minute: ingest asks every
// source once per query, and the feed need not be read ten times.
package feeds

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// Name is the source's name in stored posts and job statuses.
const Name = "rss"

const maxBody = 8 << 20

// Client reads a fixed list of feeds.
type Client struct {
	// URLs are the feeds.
	URLs []string
	// HTTP defaults to a remote.NewHTTPClient with a 15 s timeout.
	HTTP *http.Client
	// TTL is how long a fetched feed is reused (1 min).
	TTL time.Duration

	now   func() time.Time
	mu    sync.Mutex
	cache map[string]cached
}

type cached struct {
	posts []engine.Post
	at    time.Time
}

// New returns a client for urls.
func New(urls []string) *Client {
	return &Client{URLs: urls, HTTP: remote.NewHTTPClient(15 * time.Second), TTL: time.Minute,
		now: time.Now, cache: map[string]cached{}}
}

var _ search.Source = (*Client)(nil)

// Name implements search.Source.
func (c *Client) Name() string { return Name }

// Find implements search.Source: the entries of every feed that match q,
// newest first. It fails only when no feed could be read.
func (c *Client) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	var out []engine.Post
	var errs []error
	for _, u := range c.URLs {
		posts, err := c.feed(ctx, u)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, p := range posts {
			if q.Matches(p.Title + "\n" + p.Text) {
				out = append(out, p)
			}
		}
	}
	if len(c.URLs) > 0 && len(errs) == len(c.URLs) {
		return nil, errors.Join(errs...)
	}
	slices.SortStableFunc(out, func(a, b engine.Post) int { return b.PublishedAt.Compare(a.PublishedAt) })
	return out[:min(len(out), max(0, limit))], nil
}

func (c *Client) feed(ctx context.Context, u string) ([]engine.Post, error) {
	c.mu.Lock()
	hit, ok := c.cache[u]
	c.mu.Unlock()
	if ok && c.now().Sub(hit.at) < c.TTL {
		return hit.posts, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("feed %s: %w", u, err)
	}
	req.Header.Set("Accept", "application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return nil, fmt.Errorf("feed %s: %w", u, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("feed %s: status %d", u, res.StatusCode)
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return nil, fmt.Errorf("feed %s: read: %w", u, err)
	}
	entries, err := parse(body)
	if err != nil {
		return nil, fmt.Errorf("feed %s: %w", u, err)
	}
	posts := make([]engine.Post, 0, len(entries))
	for _, e := range entries {
		if p, ok := e.post(u); ok {
			posts = append(posts, p)
		}
	}
	c.mu.Lock()
	c.cache[u] = cached{posts: posts, at: c.now()}
	c.mu.Unlock()
	return posts, nil
}

// post turns an entry into a post, its id derived from the feed and the
// entry's own id (or link) so two feeds cannot collide.
func (e entry) post(feedURL string) (engine.Post, bool) {
	key := first(e.ID, e.Link, e.Title)
	title, body := plain(e.Title), plain(e.Body)
	if key == "" || (title == "" && body == "") {
		return engine.Post{}, false
	}
	sum := sha256.Sum256([]byte(feedURL + "\x00" + key))
	p := engine.Post{ID: hex.EncodeToString(sum[:12]), Source: Name, Platform: host(first(e.Link, feedURL)),
		URL: e.Link, Author: e.Author, Title: title, Text: first(body, title), PublishedAt: e.Published}
	if e.Email != "" {
		p.Profile = map[string]string{"email": e.Email}
		if e.Author != "" {
			p.Profile["name"] = e.Author
		}
	}
	return p, true
}

func host(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return "web"
	}
	return strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
}

func first(vals ...string) string {
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}
