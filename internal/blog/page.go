package blog

import (
	"bytes"
	"html"
	"html/template"
	"regexp"
	"strconv"
	"strings"
)

// The post page's markup as the web app's first render draws it
// (web/src/features/blog/components/post-view.tsx and post-article.tsx, same
// classes and icons): the server sends it so the page is laid out and
// readable before the JavaScript runs, and the client's render of the same
// post replaces it without moving anything. html/template escapes every
// value; the content is RenderContent's sanitized HTML (markdown.go), the
// same the app shows from the post's contentHtml.
var pageTemplate = template.Must(template.New("post").Parse(
	`{{define "back"}}<a class="inline-flex items-center gap-2 font-semibold text-brand-300 hover:text-brand-200" href="/blog" data-discover="true">` +
		`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-arrow-left h-4 w-4" aria-hidden="true"><path d="m12 19-7-7 7-7"></path><path d="M19 12H5"></path></svg>` +
		`Back to Blog</a>{{end}}` +
		`{{define "share"}}<a {{.Href}} target="_blank" rel="noopener noreferrer" class="inline-flex min-h-10 items-center gap-2 rounded-lg border border-ink-600 px-3 py-2 text-sm font-medium text-slate-200 hover:border-slate-400 hover:text-white">` +
		`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-share-2 h-4 w-4" aria-hidden="true"><circle cx="18" cy="5" r="3"></circle><circle cx="6" cy="12" r="3"></circle><circle cx="18" cy="19" r="3"></circle><line x1="8.59" x2="15.42" y1="13.51" y2="17.49"></line><line x1="15.41" x2="8.59" y1="6.51" y2="10.49"></line></svg>` +
		`{{.Label}}</a>{{end}}` +
		`{{define "notfound"}}<div class="mx-auto max-w-4xl px-4 py-24 text-center sm:px-6"><h1 class="text-3xl font-bold text-white">Post Not Found</h1>` +
		`<p class="mt-4 text-slate-300">The blog post you&#x27;re looking for doesn&#x27;t exist.</p><div class="mt-8">{{template "back"}}</div></div>{{end}}` +
		`<div class="mx-auto max-w-4xl px-4 py-12 sm:px-6">{{template "back"}}<div class="mt-8"><article><header class="border-b border-ink-700 pb-8">` +
		`<p class="text-sm font-semibold uppercase tracking-wider text-brand-300">{{.Category}}</p>` +
		`<h1 class="mt-3 text-balance text-3xl font-extrabold tracking-tight text-white md:text-5xl">{{.Post.Title}}</h1>` +
		`<p class="mt-4 text-lg text-slate-300">{{.Post.Excerpt}}</p>` +
		`<div class="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-400"><span><span class="font-semibold text-slate-200">{{.Post.AuthorName}}</span>, {{.Post.AuthorRole}}</span>` +
		`<time datetime="{{.ISODate}}">{{.Date}}</time><span class="inline-flex items-center gap-1">` +
		`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-clock h-4 w-4" aria-hidden="true"><circle cx="12" cy="12" r="10"></circle><path d="M12 6v6l4 2"></path></svg>` +
		`{{.ReadTime}}</span></div>` +
		`{{if .Post.Tags}}<ul class="mt-4 flex flex-wrap gap-2" aria-label="Tags">{{range .Post.Tags}}<li class="rounded-full bg-ink-700 px-2.5 py-0.5 text-xs text-slate-300">{{.}}</li>{{end}}</ul>{{end}}` +
		`</header><div class="mt-8 max-w-3xl space-y-5 text-lg leading-8 text-slate-300 [&_a]:text-brand-300 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-ink-600 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-ink-800 [&_code]:px-1 [&_h2]:pt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white [&_h3]:pt-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-white [&_li]:ml-6 [&_ol]:list-decimal [&_strong]:font-semibold [&_strong]:text-white [&_ul]:list-disc">{{.Content}}</div>` +
		`<footer class="mt-10 border-t border-ink-700 pt-6"><div class="flex flex-wrap items-center gap-3"><span class="text-sm text-slate-400">Share:</span>` +
		`{{template "share" .ShareX}}{{template "share" .ShareLinkedIn}}</div></footer></article></div></div>`))

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

type shareLink struct {
	Href  template.HTMLAttr // href="…", the URL as the app writes it (see newShareLink)
	Label string
}

// newShareLink is a share link whose href is url exactly as the app's
// encodeURIComponent leaves it: html/template would percent-encode its
// ' ( and ) as well, which the browser reads the same but makes the
// server's markup differ from the app's (post-page.golden.json). url is
// built by shareX/shareLinkedIn from a fixed https prefix and
// percent-encoded values, and is HTML-escaped here.
func newShareLink(url, label string) shareLink {
	return shareLink{template.HTMLAttr(`href="` + html.EscapeString(url) + `"`), label} //nolint:gosec // fixed scheme, escaped
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

// renderPost is the post page's markup for p, whose canonical URL is url.
func renderPost(p *Post, url string) ([]byte, error) {
	if p.ContentHTML == "" {
		p.WithHTML()
	}
	published := p.PublishedAt.Time().UTC()
	data := map[string]any{
		"Post": p, "Category": categoryName(p.Category), "Content": template.HTML(p.ContentHTML), //nolint:gosec // sanitized by RenderContent
		"ISODate": published.Format("2006-01-02T15:04:05.000Z07:00"), "Date": published.Format("January 2, 2006"),
		"ReadTime":      readTimeLabel(p.ReadTime),
		"ShareX":        newShareLink(shareX(p.Title, url), "Share on X"),
		"ShareLinkedIn": newShareLink(shareLinkedIn(url), "Share on LinkedIn"),
	}
	var b bytes.Buffer
	err := pageTemplate.Execute(&b, data)
	return b.Bytes(), err
}

// renderNotFound is the page's 'Post Not Found' state.
func renderNotFound() ([]byte, error) {
	var b bytes.Buffer
	err := pageTemplate.ExecuteTemplate(&b, "notfound", nil)
	return b.Bytes(), err
}
