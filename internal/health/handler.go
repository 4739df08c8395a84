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

// Routes is the package's route table: the admin's source report.
func (h *Handler) Routes() []httpx.Route {
	return []httpx.Route{{Method: "GET", Path: "/api/admin/sources", Handler: http.HandlerFunc(h.list),
		Access: httpx.AccessAdmin, OperationID: "listSources"}}
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
