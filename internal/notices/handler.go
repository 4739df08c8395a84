package notices

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Handler answers the owner's notice calls (docs/api.md "Notices").
type Handler struct{ store *Store }

// NewHandler returns the handler of store.
func NewHandler(store *Store) *Handler { return &Handler{store: store} }

// Routes is the notices' route table (an admin session).
func (h *Handler) Routes() []httpx.Route {
	admin := httpx.AccessAdmin
	return []httpx.Route{
		{Method: "GET", Path: "/api/admin/notices", Handler: http.HandlerFunc(h.list), Access: admin, OperationID: "listNotices"},
		{Method: "POST", Path: "/api/admin/notices/{id}/seen", Handler: http.HandlerFunc(h.seen), Access: admin, OperationID: "markNoticeSeen"},
	}
}

// RouteList names every route Routes mounts.
func RouteList() []string {
	var out []string
	for _, rt := range (&Handler{}).Routes() {
		out = append(out, rt.Pattern())
	}
	return out
}

// list answers {"notices": [...], "unseen": n}; ?unseen=true keeps the
// unseen ones, ?limit= (1-200, default 50).
func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit := 50
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{"limit": "must be a whole number from 1 to 200"})
			return
		}
		limit = n
	}
	unseenOnly := false
	if v := q.Get("unseen"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{"unseen": "must be true or false"})
			return
		}
		unseenOnly = b
	}
	list, unseen, err := h.store.List(r.Context(), unseenOnly, limit)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"notices": list, "unseen": unseen})
}

// seen marks a notice seen and answers it.
func (h *Handler) seen(w http.ResponseWriter, r *http.Request) {
	n, err := h.store.MarkSeen(r.Context(), r.PathValue("id"))
	if errors.Is(err, ErrNotFound) {
		httpx.NotFound(w, r)
		return
	}
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"notice": n})
}
