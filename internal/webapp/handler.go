package webapp

import (
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Cache-Control values by kind of response.
const (
	cacheImmutable = "public, max-age=31536000, immutable"
	cachePublic    = "public, max-age=3600"
	cacheHTML      = "no-cache"
)

// Options configures a Handler.
type Options struct {
	// BaseURL replaces BaseURLToken in HTML files.
	BaseURL string
	// Logger receives "page not found" lines when a request has no
	// request-scoped logger; nil means slog.Default.
	Logger *slog.Logger
}

// Handler serves the embedded web app. Build it with New.
type Handler struct {
	files  map[string]*file
	routes []route
	spa    *file
	notFnd *file
	shells map[string]*file // route pattern -> its prerendered shell
	log    *slog.Logger

	baseURL string
	dynamic dynamicPages
}

// New loads every file of fsys (the dist directory itself) into memory. It
// fails when routes.json, spa.html or 404.html is missing, since the server
// cannot tell pages from 404s without them.
func New(fsys fs.FS, opts Options) (*Handler, error) {
	files, err := loadFiles(fsys, opts.BaseURL)
	if err != nil {
		return nil, err
	}
	for _, name := range []string{"routes.json", "spa.html", "404.html"} {
		if files[name] == nil {
			return nil, fmt.Errorf("web build is incomplete: dist/%s is missing (run npm run build in web/)", name)
		}
	}
	routes, shellNames, err := parseRoutes(files["routes.json"].body)
	if err != nil {
		return nil, err
	}
	h := &Handler{files: files, routes: routes, spa: files["spa.html"], notFnd: files["404.html"], log: opts.Logger,
		shells: map[string]*file{}}
	for pattern, name := range shellNames {
		if files[name] == nil {
			return nil, fmt.Errorf("web build is incomplete: dist/%s (the shell of %s) is missing", name, pattern)
		}
		h.shells[pattern] = files[name]
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	h.baseURL = opts.BaseURL
	return h, nil
}

// StaticRoutes lists the route patterns without parameters or splats, in
// routes.json order, e.g. for the sitemap.
func (h *Handler) StaticRoutes() []string {
	var out []string
	for _, rt := range h.routes {
		if rt.static() {
			out = append(out, rt.pattern)
		}
	}
	return out
}

// isStaticRoute reports whether p is one of the route patterns without
// parameters (such a page is never a dynamic route's, e.g. /blog/admin).
func (h *Handler) isStaticRoute(p string) bool {
	for _, rt := range h.routes {
		if rt.static() && rt.pattern == p {
			return true
		}
	}
	return false
}

// IsRoute reports whether path matches one of the app's route patterns.
func (h *Handler) IsRoute(path string) bool {
	segs := splitPath(path)
	for _, rt := range h.routes {
		if rt.match(segs) {
			return true
		}
	}
	return false
}

// ServeHTTP answers GET and HEAD: a real file, a redirect dropping a trailing
// slash, an app page, or the 404 page.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		httpx.Error(w, r, http.StatusMethodNotAllowed, "method not allowed", nil)
		return
	}
	p := r.URL.Path
	if !SafePath(r.URL) {
		h.NotFound(w, r)
		return
	}
	if f, ok := h.asset(p); ok {
		cache := cachePublic
		if strings.HasPrefix(p, "/assets/") {
			cache = cacheImmutable
		}
		serve(w, r, f, http.StatusOK, cache)
		return
	}
	if p != "/" && strings.HasSuffix(p, "/") {
		target := strings.TrimRight(p, "/")
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, target, http.StatusMovedPermanently)
		return
	}
	if h.IsRoute(p) {
		page := h.page(p)
		if page == h.spa && !h.isStaticRoute(p) && h.serveDynamic(w, r, p) {
			return
		}
		serve(w, r, page, http.StatusOK, cacheHTML)
		return
	}
	h.NotFound(w, r)
}

// NotFound answers 404 with the prerendered not-found page and logs the path.
func (h *Handler) NotFound(w http.ResponseWriter, r *http.Request) {
	h.logger(r).Info("page not found", "path", r.URL.Path)
	serve(w, r, h.notFnd, http.StatusNotFound, cacheHTML)
}

// asset returns the file at p if it is served as itself: any file except
// routes.json, the server's templates (templates/) and the HTML pages
// reserved for routing (pages and shells).
func (h *Handler) asset(p string) (*file, bool) {
	name := strings.TrimPrefix(p, "/")
	if name == "routes.json" || strings.HasPrefix(name, "templates/") || name == "spa.html" || name == "404.html" ||
		name == "index.html" || strings.HasSuffix(name, "/index.html") {
		return nil, false
	}
	f, ok := h.files[name]
	for _, shell := range h.shells {
		if f == shell {
			return nil, false
		}
	}
	return f, ok
}

// page is the prerendered HTML for a route path, else the app shell.
func (h *Handler) page(p string) *file {
	name := "index.html"
	if p != "/" {
		name = strings.TrimPrefix(p, "/") + "/index.html"
	}
	if f, ok := h.files[name]; ok {
		return f
	}
	return h.spa
}
