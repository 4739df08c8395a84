package webapp

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// siteName is the brand added to page titles, as the web app's head.ts does.
const siteName = "Signalpipe"

// PageMeta is one page of a dynamic route (e.g. a blog post), written into
// the route's shell per request so that links shared and crawled show the
// real page, and the page is laid out before any JavaScript runs.
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
	// Data, when set, is embedded as JSON in <script type="application/json"
	// id="page-data">, for the client's first render (so it need not fetch
	// what the server already had).
	Data any
	// Body, when set, replaces the page slot of the route's shell: the markup
	// the client's first render will draw there, escaped by the provider.
	// The client renders over it (the shell is marked data-render="client").
	Body []byte
}

// ErrNoPage is what a PageProvider returns for a path that names nothing:
// the handler answers 404, with the provider's PageMeta when it returned one
// (made noindex) and otherwise a generic not-found head.
var ErrNoPage = errors.New("webapp: no such page")

// PageProvider returns the page of a dynamic route, ErrNoPage (optionally
// with the not-found page to show), or another error (logged; the plain
// shell is served).
type PageProvider func(ctx context.Context, path string) (*PageMeta, error)

type dynamicRoute struct {
	route    route
	provider PageProvider
	shell    shellParts
}

// dynamicPages holds the dynamic routes' providers and shells.
type dynamicPages struct {
	mu     sync.RWMutex
	routes []dynamicRoute
}

// AddPageProvider makes pattern (a routes.json pattern such as
// "/blog/:slug") render through p, in the route's own shell when the build
// made one and in spa.html otherwise. Prerendered paths that match the
// pattern (e.g. /blog/admin) are still served as they are.
func (h *Handler) AddPageProvider(pattern string, p PageProvider) {
	shell := h.spa
	if f, ok := h.shells[pattern]; ok {
		shell = f
	}
	h.dynamic.mu.Lock()
	defer h.dynamic.mu.Unlock()
	h.dynamic.routes = append(h.dynamic.routes, dynamicRoute{
		route: route{pattern: pattern, segments: splitPath(pattern)}, provider: p, shell: splitShell(shell.body),
	})
}

func (d *dynamicPages) find(p string) *dynamicRoute {
	segs := splitPath(p)
	d.mu.RLock()
	defer d.mu.RUnlock()
	for i := range d.routes {
		if d.routes[i].route.match(segs) {
			return &d.routes[i]
		}
	}
	return nil
}

// IsPage reports whether p is one of the app's pages, as ServeHTTP would
// answer it with 200: it matches a pattern of routes.json and, when it is
// covered only by a dynamic route with a page provider (a blog post at
// /blog/:slug, not the prerendered /blog/admin), the provider has the page.
func (h *Handler) IsPage(ctx context.Context, p string) bool {
	if !h.IsRoute(p) {
		return false
	}
	if h.page(p) != h.spa || h.isStaticRoute(p) {
		return true
	}
	dr := h.dynamic.find(p)
	if dr == nil {
		return true
	}
	_, err := dr.provider(ctx, p)
	return err == nil
}

// serveDynamic answers p when a provider covers it, and reports whether it did.
func (h *Handler) serveDynamic(w http.ResponseWriter, r *http.Request, p string) bool {
	dr := h.dynamic.find(p)
	if dr == nil {
		return false
	}
	meta, err := dr.provider(r.Context(), p)
	status := http.StatusOK
	switch {
	case errors.Is(err, ErrNoPage):
		h.logger(r).Info("page not found", "path", p)
		status = http.StatusNotFound
		if meta == nil {
			meta = &PageMeta{Title: "Page Not Found", Description: "The page you are looking for does not exist.", Path: p}
		}
		meta.NoIndex = true
	case err != nil:
		h.logger(r).Error("page meta failed; serving the plain shell", "path", p, "err", err)
		return false
	}
	body := dr.shell.render(meta, h.baseURL)
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

func (s shellParts) render(m *PageMeta, baseURL string) []byte {
	var b bytes.Buffer
	b.Grow(len(s.head) + len(s.beforeSlot) + len(s.slot) + len(s.afterSlot) + len(m.Body) + 4096)
	b.Write(s.head)
	writeHeadTags(&b, m, baseURL)
	b.Write(s.beforeSlot)
	if m.Body != nil {
		b.Write(m.Body)
	} else {
		b.Write(s.slot)
	}
	b.Write(s.afterSlot)
	return b.Bytes()
}
