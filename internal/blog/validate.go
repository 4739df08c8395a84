package blog

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits on what a post may hold.
const (
	maxTitle    = 200
	maxSlug     = 120
	maxExcerpt  = 1000
	maxContent  = 200_000
	maxTags     = 20
	maxTag      = 50
	maxAuthor   = 100
	maxReadTime = 600
	maxImageURL = 2000
)

// reservedSlugs are paths under /blog that are not posts.
var reservedSlugs = map[string]bool{"admin": true, "feed-xml": true, "featured": true}

// Input is the body of a create or update: the spec's fields, with tags as
// a list or a comma-separated string and readTime as a number or a string.
// publishedAt, when sent, is ignored: the server sets it.
type Input struct {
	Title      string          `json:"title"`
	Slug       string          `json:"slug"`
	Excerpt    string          `json:"excerpt"`
	Content    string          `json:"content"`
	Category   string          `json:"category"`
	Tags       json.RawMessage `json:"tags"`
	AuthorName string          `json:"authorName"`
	AuthorRole string          `json:"authorRole"`
	Featured   bool            `json:"featured"`
	ReadTime   json.RawMessage `json:"readTime"`
	Status     string          `json:"status"`
	ImageURL   *string         `json:"imageUrl"`
}

// Slugify makes a URL slug of s: lowercase, every run of characters other
// than a-z and 0-9 becomes one hyphen, and leading and trailing hyphens are
// trimmed.
func Slugify(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
			continue
		}
		hyphen = true
	}
	return b.String()
}

// SplitTags splits each item on commas, trims the parts and drops empty and
// repeated ones, keeping the first occurrence's order.
func SplitTags(items ...string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, item := range items {
		for _, t := range strings.Split(item, ",") {
			t = strings.TrimSpace(t)
			if t != "" && !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	return out
}

// validate turns an Input into a post, checking every field against the
// known category slugs. Field errors are keyed by the JSON field name.
func (in Input) validate(categories map[string]bool) (*Post, map[string]string) {
	errs := map[string]string{}
	p := &Post{
		Title:      strings.TrimSpace(in.Title),
		Excerpt:    strings.TrimSpace(in.Excerpt),
		Content:    strings.TrimSpace(in.Content),
		Category:   strings.TrimSpace(in.Category),
		AuthorName: strings.TrimSpace(in.AuthorName),
		AuthorRole: strings.TrimSpace(in.AuthorRole),
		Featured:   in.Featured,
		Status:     strings.TrimSpace(in.Status),
	}
	required(errs, "title", p.Title, maxTitle)
	required(errs, "excerpt", p.Excerpt, maxExcerpt)
	required(errs, "content", p.Content, maxContent)
	p.Slug = validSlug(errs, in.Slug, p.Title)
	p.Category = orDefault(p.Category, DefaultCategory)
	if !categories[p.Category] {
		errs["category"] = "Choose one of the blog's categories"
	}
	p.AuthorName = orDefault(p.AuthorName, DefaultAuthorName)
	p.AuthorRole = orDefault(p.AuthorRole, DefaultAuthorRole)
	limit(errs, "authorName", p.AuthorName, maxAuthor)
	limit(errs, "authorRole", p.AuthorRole, maxAuthor)
	p.Status = orDefault(p.Status, StatusDraft)
	if p.Status != StatusDraft && p.Status != StatusPublished {
		errs["status"] = "Must be draft or published"
	}
	p.Tags = validTags(errs, in.Tags)
	p.ReadTime = validReadTime(errs, in.ReadTime)
	p.ImageURL = validImageURL(errs, in.ImageURL)
	if len(errs) > 0 {
		return nil, errs
	}
	return p, nil
}

func required(errs map[string]string, field, v string, max int) {
	if v == "" {
		errs[field] = "Required"
		return
	}
	limit(errs, field, v, max)
}

func limit(errs map[string]string, field, v string, max int) {
	if utf8.RuneCountInString(v) > max {
		errs[field] = "Must be at most " + strconv.Itoa(max) + " characters"
	}
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// validSlug normalises the given slug, or makes one from the title when it
// is empty, so every stored slug is URL-safe.
func validSlug(errs map[string]string, slug, title string) string {
	s := Slugify(slug)
	if strings.TrimSpace(slug) == "" {
		s = Slugify(title)
	}
	switch {
	case s == "" && title != "":
		errs["slug"] = "Use letters or numbers in the title or slug"
	case len(s) > maxSlug:
		errs["slug"] = "Must be at most " + strconv.Itoa(maxSlug) + " characters"
	case reservedSlugs[s]:
		errs["slug"] = "This slug is reserved; choose another"
	}
	return s
}

// validTags accepts a list of strings or one comma-separated string.
func validTags(errs map[string]string, raw json.RawMessage) []string {
	if isNull(raw) {
		return []string{}
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		var one string
		if err := json.Unmarshal(raw, &one); err != nil {
			errs["tags"] = "Must be a list of tags or comma-separated text"
			return nil
		}
		list = []string{one}
	}
	tags := SplitTags(list...)
	if len(tags) > maxTags {
		errs["tags"] = "At most " + strconv.Itoa(maxTags) + " tags"
	}
	for _, t := range tags {
		if utf8.RuneCountInString(t) > maxTag {
			errs["tags"] = "Each tag must be at most " + strconv.Itoa(maxTag) + " characters"
		}
	}
	return tags
}

// validReadTime parses a whole number of minutes from a JSON number or a
// string of digits; absent, empty or 0 means the default.
func validReadTime(errs map[string]string, raw json.RawMessage) int {
	if isNull(raw) {
		return DefaultReadTime
	}
	text := strings.TrimSpace(string(raw))
	var s string
	if json.Unmarshal(raw, &s) == nil {
		text = strings.TrimSpace(s)
	}
	if text == "" {
		return DefaultReadTime
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 || n > maxReadTime {
		errs["readTime"] = "Must be a whole number of minutes from 1 to " + strconv.Itoa(maxReadTime)
		return 0
	}
	if n == 0 {
		return DefaultReadTime
	}
	return n
}

// validImageURL accepts an http(s) URL or a site path; empty means none.
func validImageURL(errs map[string]string, v *string) *string {
	if v == nil || strings.TrimSpace(*v) == "" {
		return nil
	}
	s := strings.TrimSpace(*v)
	u, err := url.Parse(s)
	ok := err == nil && len(s) <= maxImageURL &&
		((u.Scheme == "http" || u.Scheme == "https") && u.Host != "" ||
			u.Scheme == "" && u.Host == "" && strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//"))
	if !ok {
		errs["imageUrl"] = "Must be an http(s) URL or a path starting with /"
		return nil
	}
	return &s
}

func isNull(raw json.RawMessage) bool {
	t := strings.TrimSpace(string(raw))
	return t == "" || t == "null"
}
