package blog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/webapp"
)

// PageMeta is the webapp.PageProvider of /blog/:slug: the published post's
// title, description, canonical link, Open Graph tags and BlogPosting data,
// its markup and its data for the client; for unknown slugs and drafts the
// 'Post Not Found' page with webapp.ErrNoPage.
func (h *Handler) PageMeta(ctx context.Context, path string) (*webapp.PageMeta, error) {
	slug := strings.TrimPrefix(path, "/blog/")
	p, err := h.store.PublishedBySlug(ctx, slug)
	if errors.Is(err, ErrNotFound) {
		var body []byte
		if h.page != nil {
			body = h.page.NotFound()
		}
		return &webapp.PageMeta{Title: "Post Not Found", Description: "The blog post you're looking for doesn't exist.",
			Path: path, Body: body, Data: pageData{Slug: slug}}, webapp.ErrNoPage
	}
	if err != nil {
		return nil, fmt.Errorf("post page meta %q: %w", slug, err)
	}
	image := ""
	if p.ImageURL != nil {
		image = h.absolute(*p.ImageURL)
	}
	p.WithHTML()    // the page's markup and the client's copy share one rendering
	var body []byte // without the build's templates, the shell's loading state
	if h.page != nil {
		body = h.page.Post(p, h.postURL(p.Slug))
	}
	return &webapp.PageMeta{
		Title: p.Title, Description: p.Excerpt, Path: postPath(p.Slug), Type: "article", ImageURL: image,
		PublishedTime: p.PublishedAt.Time(), ModifiedTime: p.UpdatedAt,
		JSONLD: h.blogPosting(p, image), Body: body, Data: pageData{Slug: slug, Post: p},
	}, nil
}

// pageData is the post page's embedded data: the post as GET
// /api/blog/posts/{slug} answers it, or null for an unknown slug, which the
// client takes as its first answer (web/src/features/blog/lib/page-data.ts).
type pageData struct {
	Slug string `json:"slug"`
	Post *Post  `json:"post"`
}

// blogPosting is the schema.org BlogPosting of a post.
func (h *Handler) blogPosting(p *Post, image string) map[string]any {
	url := h.postURL(p.Slug)
	ld := map[string]any{
		"@context":         "https://schema.org",
		"@type":            "BlogPosting",
		"headline":         p.Title,
		"description":      p.Excerpt,
		"url":              url,
		"mainEntityOfPage": map[string]any{"@type": "WebPage", "@id": url},
		"datePublished":    p.PublishedAt.Time().UTC().Format(time.RFC3339),
		"dateModified":     maxTime(p.UpdatedAt, p.PublishedAt.Time()).UTC().Format(time.RFC3339),
		"author":           map[string]any{"@type": "Person", "name": p.AuthorName, "jobTitle": p.AuthorRole},
		"publisher":        map[string]any{"@type": "Organization", "name": "Signalpipe", "url": h.baseURL + "/"},
		"articleSection":   p.Category,
		"keywords":         strings.Join(p.Tags, ", "),
		"wordCount":        len(strings.Fields(p.Content)),
		"timeRequired":     fmt.Sprintf("PT%dM", p.ReadTime),
	}
	if image != "" {
		ld["image"] = image
	}
	return ld
}

// absolute joins a site path to BASE_URL; URLs pass through.
func (h *Handler) absolute(u string) string {
	if strings.HasPrefix(u, "/") {
		return h.baseURL + u
	}
	return u
}
