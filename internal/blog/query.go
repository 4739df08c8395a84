package blog

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// queryRequest is the body of POST /api/query, as the original backend's
// HTTP API took it: a function path and its arguments.
type queryRequest struct {
	Path string          `json:"path"`
	Args json.RawMessage `json:"args"`
}

// queryArgs are the arguments any public query may take.
type queryArgs struct {
	Limit *int   `json:"limit"`
	Slug  string `json:"slug"`
}

// queryAnswer is the success shape of the original backend's HTTP API.
type queryAnswer struct {
	Status string `json:"status"`
	Value  any    `json:"value"`
}

// query runs one of the public queries of docs/product.md §9.6 by name:
// blogPosts:getPublished, blogPosts:getFeatured {limit},
// blogPosts:getBySlug {slug} (null when absent or not published) and
// categories:getAll.
func (h *Handler) query(w http.ResponseWriter, r *http.Request) {
	var req queryRequest
	if err := httpx.DecodeJSON(w, r, &req, 16<<10); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	var args queryArgs
	if len(req.Args) > 0 && string(req.Args) != "null" {
		if err := json.Unmarshal(req.Args, &args); err != nil {
			httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{"args": "Must be an object"})
			return
		}
	}
	path := strings.Replace(req.Path, ".", ":", 1)
	if path == "blogPosts:getPublished" {
		h.writePublishedQuery(w, r)
		return
	}
	value, err := h.runQuery(r, path, args)
	var unknown errUnknownQuery
	switch {
	case errors.As(err, &unknown):
		httpx.Error(w, r, http.StatusBadRequest, unknown.Error(), map[string]string{"path": "Unknown query"})
	case err != nil:
		httpx.ServerError(w, r, err)
	default:
		w.Header().Set("Cache-Control", "no-store")
		httpx.WriteJSON(w, http.StatusOK, queryAnswer{Status: "success", Value: value})
	}
}

type errUnknownQuery string

func (e errUnknownQuery) Error() string { return "unknown query: " + strings.TrimSpace(string(e)) }

func (h *Handler) runQuery(r *http.Request, path string, args queryArgs) (any, error) {
	ctx := r.Context()
	switch path {
	case "blogPosts:getFeatured":
		limit := FeaturedLimit
		if args.Limit != nil && *args.Limit > 0 && *args.Limit <= 50 {
			limit = *args.Limit
		}
		return h.store.Featured(ctx, limit)
	case "blogPosts:getBySlug":
		if args.Slug == "" {
			return nil, nil
		}
		p, err := h.store.PublishedBySlug(ctx, args.Slug)
		if errors.Is(err, ErrNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		return p.WithHTML(), nil
	case "categories:getAll":
		return h.store.Categories(ctx)
	}
	if len(path) > 100 {
		path = path[:100]
	}
	return nil, errUnknownQuery(path)
}

// writePublishedQuery answers blogPosts:getPublished from the cached bytes.
func (h *Handler) writePublishedQuery(w http.ResponseWriter, r *http.Request) {
	e, err := h.cache.published(r.Context())
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(e.query)
}
