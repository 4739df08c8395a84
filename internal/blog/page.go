package blog

import (
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
)

// The post page's markup is the web app's: the build draws the post view
// once with named slots in place of the post's values
// (web/src/features/blog/components/post-template.tsx writes
// dist/templates/post.html and post-not-found.html), and the server fills
// the slots per request, so the page is laid out and readable before the
// JavaScript runs, the client's render of the same post replaces it without
// moving anything, and no markup is written twice (docs/architecture.md).

// Page template file names in the web build.
const (
	postTemplateFile     = "templates/post.html"
	notFoundTemplateFile = "templates/post-not-found.html"
)

// slotPattern is a slot as the build draws it: [[sp:name]].
var slotPattern = regexp.MustCompile(`\[\[sp:([A-Za-z]+)\]\]`)

// textSlots are filled with escaped text (or attribute values: React and
// escapeReact escape both alike); "content" takes the post's sanitized
// HTML; "tag" marks the list item repeated per tag.
var textSlots = []string{"category", "title", "excerpt", "authorName", "authorRole", "isoDate", "date", "readTime", "shareX", "shareLinkedIn"}

// escapeReact escapes text as React's server renderer does (& < > " '), so
// a filled page is byte for byte the app's own render of the post.
var escapeReact = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#x27;").Replace

// PageTemplates is the post page drawn by the web build, split where the
// tag list repeats.
type PageTemplates struct {
	head, tagsOpen, tagOpen, tagClose, tagsClose, tail string
	notFound                                           []byte
}

// LoadPageTemplates reads the post page's templates from the web build
// (the dist directory) and checks that every slot is where the server
// fills it: a build whose post view lost a slot fails the start, not a page.
func LoadPageTemplates(dist fs.FS) (*PageTemplates, error) {
	post, err := fs.ReadFile(dist, postTemplateFile)
	if err != nil {
		return nil, fmt.Errorf("web build is incomplete: %w", err)
	}
	notFound, err := fs.ReadFile(dist, notFoundTemplateFile)
	if err != nil {
		return nil, fmt.Errorf("web build is incomplete: %w", err)
	}
	return ParsePageTemplates(string(post), notFound)
}

// ParsePageTemplates splits post (dist/templates/post.html) around its tag
// list and checks its slots; notFound is sent as it is.
func ParsePageTemplates(post string, notFound []byte) (*PageTemplates, error) {
	bad := func(why string) (*PageTemplates, error) {
		return nil, fmt.Errorf("%s: %s (rebuild the web app: make web-build)", postTemplateFile, why)
	}
	counts := map[string]int{}
	for _, m := range slotPattern.FindAllStringSubmatch(post, -1) {
		counts[m[1]]++
	}
	for _, name := range append([]string{"content", "tag"}, textSlots...) {
		if counts[name] == 0 {
			return bad("no [[sp:" + name + "]] slot")
		}
		delete(counts, name)
	}
	for name := range counts {
		return bad("unknown slot [[sp:" + name + "]]")
	}
	const tag = "[[sp:tag]]"
	if strings.Count(post, tag) != 1 {
		return bad("the tag slot is drawn more than once")
	}
	at := strings.Index(post, tag)
	liOpen := strings.LastIndex(post[:at], "<li")
	ulOpen := strings.LastIndex(post[:at], "<ul")
	after := at + len(tag)
	if liOpen < 0 || ulOpen < 0 || ulOpen > liOpen || !strings.HasPrefix(post[after:], "</li></ul>") {
		return bad("the tag slot is not the one item of a list")
	}
	tagsOpen := ulOpen + strings.Index(post[ulOpen:], ">") + 1
	tagOpen := liOpen + strings.Index(post[liOpen:], ">") + 1
	if tagsOpen != liOpen || tagOpen != at {
		return bad("the tag list holds more than its item")
	}
	return &PageTemplates{
		head: post[:ulOpen], tagsOpen: post[ulOpen:tagsOpen], tagOpen: post[liOpen:tagOpen],
		tagClose: "</li>", tagsClose: "</ul>", tail: post[after+len("</li></ul>"):], notFound: notFound,
	}, nil
}

// fill writes part with its slots filled from values (escaped) and content.
func fill(b *strings.Builder, part string, values map[string]string, content string) {
	last := 0
	for _, m := range slotPattern.FindAllStringSubmatchIndex(part, -1) {
		b.WriteString(part[last:m[0]])
		if name := part[m[2]:m[3]]; name == "content" {
			b.WriteString(content)
		} else {
			b.WriteString(escapeReact(values[name]))
		}
		last = m[1]
	}
	b.WriteString(part[last:])
}

// CategoryNames are the four categories' slugs and names, in the order the
// blog's filter chips show them before the categories load; the web app
// reads them from the JSON go generate writes (WebConstants).
var CategoryNames = []struct{ Slug, Name string }{
	{"ai-automation", "AI Automation"}, {"sales-strategy", "Sales Strategy"},
	{"lead-generation", "Lead Generation"}, {"case-studies", "Case Studies"},
}

var wordStart = regexp.MustCompile(`\b\w`)

// categoryName is the web app's categoryName: the known name, else the slug
// with hyphens as spaces and each word capitalised.
func categoryName(slug string) string {
	for _, c := range CategoryNames {
		if c.Slug == slug {
			return c.Name
		}
	}
	return wordStart.ReplaceAllStringFunc(strings.ReplaceAll(slug, "-", " "), strings.ToUpper)
}

// readTimeLabel is the web app's readTimeLabel.
func readTimeLabel(minutes int) string {
	if minutes > 0 {
		return strconv.Itoa(minutes) + " min read"
	}
	return "Quick read"
}

// shareX and shareLinkedIn are the web app's share links (share-buttons.tsx).
func shareX(title, url string) string {
	return "https://twitter.com/intent/tweet?text=" + encodeURIComponent(title) + "&url=" + encodeURIComponent(url)
}

func shareLinkedIn(url string) string {
	return "https://www.linkedin.com/sharing/share-offsite/?url=" + encodeURIComponent(url)
}

// encodeURIComponent is JavaScript's: every byte but letters, digits and
// -_.!~*'() percent-encoded (url.QueryEscape differs: spaces become '+').
func encodeURIComponent(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// Post is the post page's markup for p, whose canonical URL is url: the
// build's drawing with p's values (the app's postDisplay) in its slots.
func (t *PageTemplates) Post(p *Post, url string) []byte {
	if p.ContentHTML == "" {
		p.WithHTML()
	}
	published := p.PublishedAt.Time().UTC()
	values := map[string]string{
		"category": categoryName(p.Category), "title": p.Title, "excerpt": p.Excerpt,
		"authorName": p.AuthorName, "authorRole": p.AuthorRole,
		"isoDate": published.Format("2006-01-02T15:04:05.000Z07:00"), "date": published.Format("January 2, 2006"),
		"readTime": readTimeLabel(p.ReadTime), "shareX": shareX(p.Title, url), "shareLinkedIn": shareLinkedIn(url),
	}
	var b strings.Builder
	fill(&b, t.head, values, p.ContentHTML)
	if len(p.Tags) > 0 {
		b.WriteString(t.tagsOpen)
		for _, tag := range p.Tags {
			b.WriteString(t.tagOpen)
			b.WriteString(escapeReact(tag))
			b.WriteString(t.tagClose)
		}
		b.WriteString(t.tagsClose)
	}
	fill(&b, t.tail, values, p.ContentHTML)
	return []byte(b.String())
}

// NotFound is the page's 'Post Not Found' state as the build drew it.
func (t *PageTemplates) NotFound() []byte { return t.notFound }
