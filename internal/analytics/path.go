package analytics

import (
	"context"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Limits on what a view may carry.
const (
	// MaxPathLength bounds a recorded path; longer ones are refused.
	MaxPathLength = 200
	// maxReferrerLength bounds the referring host kept.
	maxReferrerLength = 100
)

// PageChecker reports whether path is one of the site's pages: a route of
// the app's table, or the page of a published blog post.
type PageChecker func(ctx context.Context, path string) bool

// cleanPath turns what the browser sent into the path to record: the query
// and fragment dropped, a trailing slash removed. ok is false for anything
// that is not a plain site path within MaxPathLength.
func cleanPath(raw string) (string, bool) {
	p, _, _ := strings.Cut(raw, "?")
	p, _, _ = strings.Cut(p, "#")
	if len(p) > 1 {
		p = strings.TrimRight(p, "/")
	}
	if p == "" || p[0] != '/' || strings.HasPrefix(p, "//") || len(p) > MaxPathLength {
		return "", false
	}
	for _, c := range p {
		if c < 0x21 || c == 0x7f || c == '\\' {
			return "", false
		}
	}
	return p, true
}

// referrerHost keeps only the host of an external referrer: the path of the
// page someone came from is theirs, not ours. Same-site referrers, and
// anything that is not an http(s) URL, give "".
func referrerHost(raw, ownHost string) string {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	host := strings.ToLower(u.Hostname())
	if host == ownHost || len(host) > maxReferrerLength {
		return ""
	}
	return host
}

// pageCache remembers PageChecker answers for a few minutes so the beacon
// does not query the database for every view of the same blog post. A
// blog write on any instance changes the revision (Options.Revision),
// which drops every cached answer: a "no" is never trusted without looking
// at the revision (so a post's views count from the moment it is
// published, on every instance), a "yes" for at most revisionTTL (so a
// deleted post's views stop within a second).
type pageCache struct {
	check    PageChecker
	revision func(ctx context.Context) (string, error)
	ttl      time.Duration
	max      int

	mu      sync.Mutex
	entries map[string]pageEntry
	rev     string
	revAt   time.Time
}

// revisionTTL is how long a read revision is trusted for a cached "yes".
const revisionTTL = time.Second

type pageEntry struct {
	ok      bool
	expires time.Time
}

func newPageCache(check PageChecker, revision func(ctx context.Context) (string, error)) *pageCache {
	return &pageCache{check: check, revision: revision, ttl: 5 * time.Minute, max: 5000, entries: map[string]pageEntry{}}
}

func (c *pageCache) isPage(ctx context.Context, path string, now time.Time) bool {
	c.mu.Lock()
	e, hit := c.entries[path]
	recheck := c.revision != nil && ((hit && !e.ok) || !now.Before(c.revAt.Add(revisionTTL)))
	c.mu.Unlock()
	if recheck && c.revisionChanged(ctx, now) {
		hit = false
	}
	if hit && now.Before(e.expires) {
		return e.ok
	}
	ok := c.check(ctx, path)
	c.mu.Lock()
	if len(c.entries) >= c.max {
		clear(c.entries) // crude but bounded: unknown paths cannot grow memory
	}
	c.entries[path] = pageEntry{ok: ok, expires: now.Add(c.ttl)}
	c.mu.Unlock()
	return ok
}

// revisionChanged reads the revision and, when it is not the one the
// cached answers were given under, drops them. A failed read keeps them.
func (c *pageCache) revisionChanged(ctx context.Context, now time.Time) bool {
	rev, err := c.revision(ctx)
	if err != nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.revAt = now
	if rev == c.rev {
		return false
	}
	c.rev = rev
	clear(c.entries)
	return true
}
