package seo

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"strings"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Routes is the package's route table: robots.txt and the sitemap.
func (s *Site) Routes() []httpx.Route {
	return []httpx.Route{
		{Method: "GET", Path: "/robots.txt", Handler: http.HandlerFunc(s.Robots), Access: httpx.AccessPublic, OperationID: "getRobotsTxt"},
		{Method: "GET", Path: "/sitemap.xml", Handler: http.HandlerFunc(s.Sitemap), Access: httpx.AccessPublic, OperationID: "getSitemap"},
	}
}

// Robots serves robots.txt.
func (s *Site) Robots(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\n")
	for _, d := range Disallowed {
		fmt.Fprintf(&b, "Disallow: %s\n", d)
	}
	fmt.Fprintf(&b, "\nSitemap: %s/sitemap.xml\n", s.baseURL)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(b.String()))
}

type urlset struct {
	XMLName xml.Name   `xml:"urlset"`
	Xmlns   string     `xml:"xmlns,attr"`
	URLs    []urlEntry `xml:"url"`
}

type urlEntry struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// Sitemap serves sitemap.xml: the static routes then every provider's URLs,
// de-duplicated. A failing provider fails the request (500) rather than
// publishing a sitemap that silently drops pages.
func (s *Site) Sitemap(w http.ResponseWriter, r *http.Request) {
	set := urlset{Xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	seen := map[string]bool{}
	add := func(u URL) {
		if seen[u.Path] || !Allowed(u.Path) {
			return
		}
		seen[u.Path] = true
		e := urlEntry{Loc: s.baseURL + u.Path}
		if !u.LastMod.IsZero() {
			e.LastMod = u.LastMod.UTC().Format("2006-01-02")
		}
		set.URLs = append(set.URLs, e)
	}
	for _, p := range s.static {
		add(URL{Path: p})
	}
	s.mu.RLock()
	providers := append([]Provider(nil), s.providers...)
	s.mu.RUnlock()
	for _, p := range providers {
		urls, err := p(r.Context())
		if err != nil {
			httpx.ServerError(w, r, fmt.Errorf("sitemap provider: %w", err))
			return
		}
		for _, u := range urls {
			add(u)
		}
	}
	out, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		httpx.ServerError(w, r, fmt.Errorf("encode sitemap: %w", err))
		return
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(xml.Header))
	_, _ = w.Write(out)
}
