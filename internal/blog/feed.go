package blog

import (
	"context"
	"encoding/xml"
	"net/http"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/seo"
)

// feedSize is how many of the newest posts the feed carries.
const feedSize = 50

type atomFeed struct {
	XMLName xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	Title   string      `xml:"title"`
	ID      string      `xml:"id"`
	Updated string      `xml:"updated"`
	Links   []atomLink  `xml:"link"`
	Author  atomAuthor  `xml:"author"`
	Entries []atomEntry `xml:"entry"`
}

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr,omitempty"`
	Type string `xml:"type,attr,omitempty"`
}

type atomAuthor struct {
	Name string `xml:"name"`
}

type atomText struct {
	Type string `xml:"type,attr"`
	Body string `xml:",chardata"`
}

type atomCategory struct {
	Term string `xml:"term,attr"`
}

type atomEntry struct {
	Title      string         `xml:"title"`
	ID         string         `xml:"id"`
	Link       atomLink       `xml:"link"`
	Published  string         `xml:"published"`
	Updated    string         `xml:"updated"`
	Author     atomAuthor     `xml:"author"`
	Summary    atomText       `xml:"summary"`
	Categories []atomCategory `xml:"category"`
}

// Feed serves /blog/feed.xml: an Atom feed of the newest published posts.
// Texts are plain (type="text"), escaped by the XML encoder.
func (h *Handler) Feed(w http.ResponseWriter, r *http.Request) {
	e, err := h.cache.published(r.Context())
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	posts := e.posts
	if len(posts) > feedSize {
		posts = posts[:feedSize]
	}
	f := atomFeed{
		Title: "Signalpipe Blog", ID: h.baseURL + "/blog",
		Links: []atomLink{
			{Href: h.baseURL + "/blog/feed.xml", Rel: "self", Type: "application/atom+xml"},
			{Href: h.baseURL + "/blog", Rel: "alternate", Type: "text/html"},
		},
		Author: atomAuthor{Name: "Signalpipe"},
	}
	var newest time.Time
	for _, p := range posts {
		if p.UpdatedAt.After(newest) {
			newest = p.UpdatedAt
		}
		url := h.postURL(p.Slug)
		entry := atomEntry{
			Title: p.Title, ID: url, Link: atomLink{Href: url, Rel: "alternate", Type: "text/html"},
			Published: p.PublishedAt.Time().UTC().Format(time.RFC3339),
			Updated:   maxTime(p.UpdatedAt, p.PublishedAt.Time()).UTC().Format(time.RFC3339),
			Author:    atomAuthor{Name: p.AuthorName},
			Summary:   atomText{Type: "text", Body: p.Excerpt},
		}
		entry.Categories = append(entry.Categories, atomCategory{Term: p.Category})
		for _, t := range p.Tags {
			entry.Categories = append(entry.Categories, atomCategory{Term: t})
		}
		f.Entries = append(f.Entries, entry)
	}
	if newest.IsZero() {
		newest = time.Unix(0, 0)
	}
	f.Updated = newest.UTC().Format(time.RFC3339)
	out, err := xml.MarshalIndent(f, "", "  ")
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=300")
	_, _ = w.Write([]byte(xml.Header))
	_, _ = w.Write(out)
}

// SitemapURLs lists every published post for the sitemap.
func (h *Handler) SitemapURLs(ctx context.Context) ([]seo.URL, error) {
	e, err := h.cache.published(ctx)
	if err != nil {
		return nil, err
	}
	urls := make([]seo.URL, 0, len(e.posts))
	for _, p := range e.posts {
		urls = append(urls, seo.URL{Path: postPath(p.Slug), LastMod: maxTime(p.UpdatedAt, p.PublishedAt.Time())})
	}
	return urls, nil
}

func (h *Handler) postURL(slug string) string { return h.baseURL + postPath(slug) }

// postPath is a post's site path; slugs are URL-safe by construction.
func postPath(slug string) string { return "/blog/" + slug }

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
