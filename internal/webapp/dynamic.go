package webapp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// siteName is the brand added to page titles, as the web app's head.ts does.
const siteName = "Signalpipe"

// PageMeta is the head of one page of a dynamic route (e.g. a blog post),
// written into the app shell per request so that links shared and crawled
// show the real page.
type PageMeta struct {
	// Title is the page title; " | Signalpipe" is added unless it names the brand.
	Title string
	// Description is the meta, Open Graph and Twitter description.
	Description string
	// Path is the canonical site path, joined to BASE_URL.
	Path string
	// Type is og:type; empty means "website".
	Type string
	// ImageURL is an absolute image URL for social cards; empty for none.
	ImageURL string
	// PublishedTime and ModifiedTime become article:* tags; zero omits them.
	PublishedTime, ModifiedTime time.Time
	// NoIndex keeps the page out of search results.
	NoIndex bool
	// JSONLD, when set, is embedded as schema.org structured data.
	JSONLD any
}

// ErrNoPage is what a PageProvider returns for a path that names nothing:
// the handler answers 404 with the app shell, whose client shows the
// route's own not-found state.
var ErrNoPage = errors.New("webapp: no such page")

// PageProvider returns the head of a dynamic route's page, ErrNoPage, or
// another error (logged; the plain shell is served).
type PageProvider func(ctx context.Context, path string) (*PageMeta, error)

type dynamicRoute struct {
	route    route
	provider PageProvider
}

// dynamicPages holds the providers and the app shell split around its
// page-specific head tags.
type dynamicPages struct {
	mu     sync.RWMutex
	routes []dynamicRoute
	head   []byte // the shell up to where the page's tags go
	tail   []byte // the rest of the shell
}

// AddPageProvider makes pattern (a routes.json pattern such as
// "/blog/:slug") render its head through p. Prerendered paths that match
// the pattern (e.g. /blog/admin) are still served as they are.
func (h *Handler) AddPageProvider(pattern string, p PageProvider) {
	h.dynamic.mu.Lock()
	defer h.dynamic.mu.Unlock()
	h.dynamic.routes = append(h.dynamic.routes, dynamicRoute{route: route{pattern: pattern, segments: splitPath(pattern)}, provider: p})
}

func (d *dynamicPages) provider(p string) PageProvider {
	segs := splitPath(p)
	d.mu.RLock()
	defer d.mu.RUnlock()
	for _, dr := range d.routes {
		if dr.route.match(segs) {
			return dr.provider
		}
	}
	return nil
}

// headTagPrefixes start the shell's page-specific head lines (see the web
// app's head.ts), which a dynamic page replaces with its own.
var headTagPrefixes = []string{`<title>`, `<meta name="description"`, `<meta name="robots"`,
	`<link rel="canonical"`, `<meta property="og:`, `<meta name="twitter:`, `<meta property="article:`,
	`<script type="application/ld+json"`}

// splitShell removes the page-specific head lines of the shell and returns
// what comes before and after them. Without such lines the tags go right
// before </head>, or first when there is no head.
func splitShell(body []byte) (head, tail []byte) {
	lines := bytes.SplitAfter(body, []byte("\n"))
	var before, after bytes.Buffer
	found := false
	for _, line := range lines {
		t := string(bytes.TrimSpace(line))
		isTag := false
		for _, p := range headTagPrefixes {
			if strings.HasPrefix(t, p) {
				isTag = true
				break
			}
		}
		switch {
		case isTag:
			found = true
		case found:
			after.Write(line)
		default:
			before.Write(line)
		}
	}
	if found {
		return before.Bytes(), after.Bytes()
	}
	if i := bytes.Index(body, []byte("</head>")); i >= 0 {
		return body[:i], body[i:]
	}
	return nil, body
}

// serveDynamic answers p when a provider covers it, and reports whether it did.
func (h *Handler) serveDynamic(w http.ResponseWriter, r *http.Request, p string) bool {
	provider := h.dynamic.provider(p)
	if provider == nil {
		return false
	}
	meta, err := provider(r.Context(), p)
	status := http.StatusOK
	switch {
	case errors.Is(err, ErrNoPage):
		h.logger(r).Info("page not found", "path", p)
		status = http.StatusNotFound
		meta = &PageMeta{Title: "Page Not Found", Description: "The page you are looking for does not exist.", Path: p, NoIndex: true}
	case err != nil:
		h.logger(r).Error("page meta failed; serving the plain shell", "path", p, "err", err)
		return false
	}
	body := h.renderShell(meta)
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Cache-Control", cacheHTML)
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
	return true
}

func (h *Handler) renderShell(m *PageMeta) []byte {
	var b bytes.Buffer
	b.Grow(len(h.dynamic.head) + len(h.dynamic.tail) + 2048)
	b.Write(h.dynamic.head)
	writeHeadTags(&b, m, h.baseURL)
	b.Write(h.dynamic.tail)
	return b.Bytes()
}

// writeHeadTags writes m's tags, one a line; every value is escaped, and the
// JSON-LD cannot close its script (encoding/json escapes <, > and &).
func writeHeadTags(b *bytes.Buffer, m *PageMeta, baseURL string) {
	title := m.Title
	if !strings.Contains(title, siteName) {
		title += " | " + siteName
	}
	url := baseURL + m.Path
	robots, ogType, card := "index, follow", m.Type, "summary"
	if m.NoIndex {
		robots = "noindex, nofollow"
	}
	if ogType == "" {
		ogType = "website"
	}
	if m.ImageURL != "" {
		card = "summary_large_image"
	}
	line := func(format string, args ...string) {
		b.WriteString("    ")
		esc := make([]any, len(args))
		for i, a := range args {
			esc[i] = html.EscapeString(a)
		}
		fmt.Fprintf(b, format, esc...)
		b.WriteByte('\n')
	}
	line(`<title>%s</title>`, title)
	line(`<meta name="description" content="%s" />`, m.Description)
	line(`<meta name="robots" content="%s" />`, robots)
	line(`<link rel="canonical" href="%s" />`, url)
	line(`<meta property="og:type" content="%s" />`, ogType)
	line(`<meta property="og:site_name" content="%s" />`, siteName)
	line(`<meta property="og:title" content="%s" />`, title)
	line(`<meta property="og:description" content="%s" />`, m.Description)
	line(`<meta property="og:url" content="%s" />`, url)
	if m.ImageURL != "" {
		line(`<meta property="og:image" content="%s" />`, m.ImageURL)
	}
	if !m.PublishedTime.IsZero() {
		line(`<meta property="article:published_time" content="%s" />`, m.PublishedTime.UTC().Format(time.RFC3339))
	}
	if !m.ModifiedTime.IsZero() {
		line(`<meta property="article:modified_time" content="%s" />`, m.ModifiedTime.UTC().Format(time.RFC3339))
	}
	line(`<meta name="twitter:card" content="%s" />`, card)
	line(`<meta name="twitter:title" content="%s" />`, title)
	line(`<meta name="twitter:description" content="%s" />`, m.Description)
	if m.JSONLD != nil {
		if data, err := json.Marshal(m.JSONLD); err == nil {
			b.WriteString(`    <script type="application/ld+json">`)
			b.Write(data)
			b.WriteString("</script>\n")
		}
	}
}
