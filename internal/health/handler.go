package health

import (
	"net/http"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Handler answers the admin's source report.
type Handler struct {
	store   *Store
	sources func() []Configured
}

// NewHandler returns a handler reporting the sources listed by sources
// (the configuration's, see search/sources.Catalog).
func NewHandler(store *Store, sources func() []Configured) *Handler {
	return &Handler{store: store, sources: sources}
}

// RouteList is the handler's routes, for the OpenAPI test.
func RouteList() []string { return []string{"GET /api/admin/sources"} }

// AdminRoutes mounts GET /api/admin/sources behind requireAdmin.
func (h *Handler) AdminRoutes(mux *http.ServeMux, requireAdmin func(http.Handler) http.Handler) {
	mux.Handle("GET /api/admin/sources", requireAdmin(http.HandlerFunc(h.list)))
}

// list answers {"sources": [Status…]} (docs/api.md).
func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	report, err := h.store.Report(r.Context(), h.sources())
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"sources": report})
}
