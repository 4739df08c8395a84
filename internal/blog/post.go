package blog

import (
	"strconv"
	"time"
)

// Post statuses. Drafts are never visible publicly.
const (
	StatusDraft     = "draft"
	StatusPublished = "published"
)

// Defaults of a new post (docs/product.md §9.5).
const (
	DefaultCategory   = "ai-automation"
	DefaultAuthorName = "Signalpipe Team"
	DefaultAuthorRole = "Growth Team"
	DefaultReadTime   = 5
	// FeaturedLimit is how many featured posts the blog shows.
	FeaturedLimit = 3
)

// Post is a stored blog post with the spec's field names. Content is
// omitted from list answers (Summary) to keep them small.
type Post struct {
	ID          string   `json:"_id"`
	Title       string   `json:"title"`
	Slug        string   `json:"slug"`
	Excerpt     string   `json:"excerpt"`
	Content     string   `json:"content,omitempty"`
	ContentHTML string   `json:"contentHtml,omitempty"` // see WithHTML
	Category    string   `json:"category"`
	Tags        []string `json:"tags"`
	AuthorName  string   `json:"authorName"`
	AuthorRole  string   `json:"authorRole"`
	Featured    bool     `json:"featured"`
	ReadTime    int      `json:"readTime"`
	Status      string   `json:"status"`
	PublishedAt Millis   `json:"publishedAt"`
	ImageURL    *string  `json:"imageUrl,omitempty"`
	// UpdatedAt feeds the sitemap, the feed and the page's modified time.
	UpdatedAt time.Time `json:"-"`
}

// Published reports whether the public may see p.
func (p *Post) Published() bool { return p.Status == StatusPublished }

// Category is a blog category.
type Category struct {
	ID   string `json:"_id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// Millis is a time that encodes as JSON epoch milliseconds, like the
// original backend's Date.now() values.
type Millis time.Time

// Time is m as a time.Time.
func (m Millis) Time() time.Time { return time.Time(m) }

// MarshalJSON encodes m as epoch milliseconds.
func (m Millis) MarshalJSON() ([]byte, error) {
	return strconv.AppendInt(nil, time.Time(m).UnixMilli(), 10), nil
}

// UnmarshalJSON decodes epoch milliseconds.
func (m *Millis) UnmarshalJSON(b []byte) error {
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return err
	}
	*m = Millis(time.UnixMilli(n).UTC())
	return nil
}

// WithHTML fills p.ContentHTML with p.Content rendered and sanitized
// (RenderContent) and returns p. Only the one-post answers carry it; the web
// app shows it as is, so the markup is made in one place.
func (p *Post) WithHTML() *Post {
	p.ContentHTML = string(RenderContent(p.Content))
	return p
}
