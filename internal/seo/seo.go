package seo

import (
	"context"
	"strings"
	"sync"
	"time"
)

// URL is one sitemap entry.
type URL struct {
	// Path is the site path, e.g. "/blog/hello"; it is joined to BASE_URL.
	Path string
	// LastMod is when the page last changed; zero omits it.
	LastMod time.Time
}

// Provider returns extra sitemap entries, e.g. published blog posts. It is
// called on every sitemap request.
type Provider func(ctx context.Context) ([]URL, error)

// Disallowed are the path prefixes kept out of search engines: robots.txt
// disallows them and the sitemap never lists them.
var Disallowed = []string{"/admin", "/admindemo", "/blog/admin", "/analytics", "/api/", "/test-", "/portal"}

// Site builds robots.txt and sitemap.xml for one BASE_URL.
type Site struct {
	baseURL string
	static  []string

	mu        sync.RWMutex
	providers []Provider
}

// New returns a Site for baseURL (no trailing slash) whose sitemap starts with
// staticPaths, minus the Disallowed ones.
func New(baseURL string, staticPaths []string) *Site {
	s := &Site{baseURL: strings.TrimRight(baseURL, "/")}
	for _, p := range staticPaths {
		if Allowed(p) {
			s.static = append(s.static, p)
		}
	}
	return s
}

// AddProvider registers a source of extra sitemap entries.
func (s *Site) AddProvider(p Provider) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.providers = append(s.providers, p)
}

// Allowed reports whether a path may appear in the sitemap: it matches no
// Disallowed prefix (robots.txt semantics, so /admin also covers /admindemo1).
func Allowed(p string) bool {
	for _, d := range Disallowed {
		if strings.HasPrefix(p, d) || p+"/" == d {
			return false
		}
	}
	return true
}
