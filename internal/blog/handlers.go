package blog

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// maxBody bounds a post's JSON (content is at most maxContent characters,
// up to 4 bytes each, plus the other fields).
const maxBody = 1 << 20

// Options configures a Handler.
type Options struct {
	// BaseURL is the public origin, for the feed, the sitemap and page meta.
	BaseURL string
	// Limit wraps the public newsletter endpoint (a per-client rate limit);
	// nil for none.
	Limit func(http.Handler) http.Handler
	// Page is the post page's markup from the web build
	// (LoadPageTemplates); nil sends the shell's loading state instead.
	Page *PageTemplates
}

// Handler serves the blog's API, feed, sitemap entries and page meta.
type Handler struct {
	store   *Store
	cache   *listCache
	baseURL string
	limit   func(http.Handler) http.Handler
	page    *PageTemplates
}

// NewHandler serves store.
func NewHandler(store *Store, o Options) *Handler {
	return &Handler{store: store, cache: &listCache{store: store}, baseURL: strings.TrimRight(o.BaseURL, "/"), limit: o.Limit, page: o.Page}
}

// Routes is the package's route table: the public read API, the query
// endpoint, the newsletter (rate limited per client), the Atom feed, and
// the CMS (an admin session, plus CSRF and origin checks on writes).
func (h *Handler) Routes() []httpx.Route {
	pub, admin := httpx.AccessPublic, httpx.AccessAdmin
	return []httpx.Route{
		{Method: "GET", Path: "/api/blog/posts", Handler: http.HandlerFunc(h.published), Access: pub, OperationID: "listBlogPosts"},
		{Method: "GET", Path: "/api/blog/posts/featured", Handler: http.HandlerFunc(h.featured), Access: pub, OperationID: "getFeaturedBlogPost"},
		{Method: "GET", Path: "/api/blog/posts/{slug}", Handler: http.HandlerFunc(h.bySlug), Access: pub, OperationID: "getBlogPost"},
		{Method: "GET", Path: "/api/blog/categories", Handler: http.HandlerFunc(h.categories), Access: pub, OperationID: "listBlogCategories"},
		{Method: "POST", Path: "/api/query", Handler: http.HandlerFunc(h.query), Access: pub, OperationID: "queryBlog"},
		{Method: "POST", Path: "/api/newsletter", Handler: http.HandlerFunc(h.subscribe), Access: pub, RateLimit: h.limit, OperationID: "subscribeNewsletter"},
		{Method: "GET", Path: "/blog/feed.xml", Handler: http.HandlerFunc(h.Feed), Access: pub, OperationID: "getBlogFeed"},
		{Method: "GET", Path: "/api/admin/blog/posts", Handler: http.HandlerFunc(h.all), Access: admin, OperationID: "listAllBlogPosts"},
		{Method: "POST", Path: "/api/admin/blog/posts", Handler: http.HandlerFunc(h.create), Access: admin, OperationID: "createBlogPost"},
		{Method: "PUT", Path: "/api/admin/blog/posts/{id}", Handler: http.HandlerFunc(h.update), Access: admin, OperationID: "updateBlogPost"},
		{Method: "DELETE", Path: "/api/admin/blog/posts/{id}", Handler: http.HandlerFunc(h.remove), Access: admin, OperationID: "deleteBlogPost"},
		{Method: "POST", Path: "/api/admin/blog/categories", Handler: http.HandlerFunc(h.createCategory), Access: admin, OperationID: "createBlogCategory"},
		{Method: "GET", Path: "/api/admin/newsletter", Handler: http.HandlerFunc(h.listSubscribers), Access: admin, OperationID: "listNewsletterSubscribers"},
		{Method: "GET", Path: "/api/admin/newsletter.csv", Handler: http.HandlerFunc(h.exportSubscribers), Access: admin, OperationID: "exportNewsletterSubscribers"},
	}
}

// published answers the cached list, honouring If-None-Match and gzip.
func (h *Handler) published(w http.ResponseWriter, r *http.Request) {
	e, err := h.cache.published(r.Context())
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	hd := w.Header()
	hd.Set("Cache-Control", "no-cache")
	hd.Set("ETag", e.etag)
	if r.Header.Get("If-None-Match") == e.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := e.body
	hd.Set("Content-Type", "application/json; charset=utf-8")
	if httpx.AcceptsGzip(r) {
		body = e.gz
		hd.Set("Content-Encoding", "gzip")
	}
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func (h *Handler) featured(w http.ResponseWriter, r *http.Request) {
	limit := FeaturedLimit
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 50 {
			httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{"limit": "Must be a whole number from 1 to 50"})
			return
		}
		limit = n
	}
	posts, err := h.store.Featured(r.Context(), limit)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, posts)
}

func (h *Handler) bySlug(w http.ResponseWriter, r *http.Request) {
	p, err := h.store.PublishedBySlug(r.Context(), r.PathValue("slug"))
	if errors.Is(err, ErrNotFound) {
		httpx.Error(w, r, http.StatusNotFound, "Post Not Found", nil)
		return
	}
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, p.WithHTML())
}

func (h *Handler) categories(w http.ResponseWriter, r *http.Request) {
	cats, err := h.store.Categories(r.Context())
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, cats)
}

func (h *Handler) all(w http.ResponseWriter, r *http.Request) {
	posts, err := h.store.All(r.Context())
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, posts)
}

// decodePost reads and validates a post body, answering 4xx itself.
func (h *Handler) decodePost(w http.ResponseWriter, r *http.Request) (*Post, bool) {
	var in Input
	if err := httpx.DecodeJSON(w, r, &in, maxBody); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return nil, false
	}
	cats, err := h.store.categorySlugs(r.Context())
	if err != nil {
		httpx.ServerError(w, r, err)
		return nil, false
	}
	p, fields := in.validate(cats)
	if fields != nil {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", fields)
		return nil, false
	}
	return p, true
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	p, ok := h.decodePost(w, r)
	if !ok {
		return
	}
	saved, err := h.store.Create(r.Context(), p)
	if h.writeFailed(w, r, err) {
		return
	}
	httpx.Logger(r.Context()).Info("blog post created", "id", saved.ID, "slug", saved.Slug, "status", saved.Status)
	httpx.WriteJSON(w, http.StatusCreated, saved)
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request) {
	p, ok := h.decodePost(w, r)
	if !ok {
		return
	}
	saved, err := h.store.Update(r.Context(), r.PathValue("id"), p)
	if h.writeFailed(w, r, err) {
		return
	}
	httpx.Logger(r.Context()).Info("blog post updated", "id", saved.ID, "slug", saved.Slug, "status", saved.Status)
	httpx.WriteJSON(w, http.StatusOK, saved)
}

func (h *Handler) remove(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if h.writeFailed(w, r, h.store.Delete(r.Context(), id)) {
		return
	}
	httpx.Logger(r.Context()).Info("blog post deleted", "id", id)
	w.WriteHeader(http.StatusNoContent)
}

// writeFailed answers a store write's error (404, 409 or 500) and reports
// whether there was one.
func (h *Handler) writeFailed(w http.ResponseWriter, r *http.Request, err error) bool {
	h.cache.invalidate() // a failed write may still have committed
	switch {
	case err == nil:
		return false
	case errors.Is(err, ErrNotFound):
		httpx.NotFound(w, r)
	case errors.Is(err, ErrSlugTaken):
		httpx.Error(w, r, http.StatusConflict, err.Error(), map[string]string{"slug": "Already used by another post"})
	default:
		httpx.ServerError(w, r, err)
	}
	return true
}

// categoryInput is the body of POST /api/admin/blog/categories.
type categoryInput struct {
	Name string `json:"name"`
	Slug string `json:"slug"`
}

func (h *Handler) createCategory(w http.ResponseWriter, r *http.Request) {
	var in categoryInput
	if err := httpx.DecodeJSON(w, r, &in, 4<<10); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	name := strings.TrimSpace(in.Name)
	slug := Slugify(in.Slug)
	if strings.TrimSpace(in.Slug) == "" {
		slug = Slugify(name)
	}
	fields := map[string]string{}
	required(fields, "name", name, 60)
	if slug == "" || len(slug) > 60 {
		fields["slug"] = "Use 1-60 letters, numbers or hyphens"
	}
	if len(fields) > 0 {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", fields)
		return
	}
	c, err := h.store.CreateCategory(r.Context(), name, slug)
	if errors.Is(err, ErrCategoryTaken) {
		httpx.Error(w, r, http.StatusConflict, err.Error(), map[string]string{"slug": "Already used by another category"})
		return
	}
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, c)
}
