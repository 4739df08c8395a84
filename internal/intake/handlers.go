package intake

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Handler serves the public form endpoints and the admin submission API.
type Handler struct {
	store   *Store
	forward bool
	limit   func(http.Handler) http.Handler
	// whoami names the signed-in admin (adminUser; the tests' own).
	whoami func(*http.Request) string
}

// NewHandler serves store. forward says whether forwarding targets are
// configured (else submissions are stored only); limit wraps the public
// form endpoints (a per-client rate limit; nil for none).
func NewHandler(store *Store, forward bool, limit func(http.Handler) http.Handler) *Handler {
	return &Handler{store: store, forward: forward, limit: limit, whoami: adminUser}
}

// Routes is the package's route table: the public form endpoints (rate
// limited per client) and the console's submission API (an admin session,
// plus CSRF and origin checks on POST).
func (h *Handler) Routes() []httpx.Route {
	pub, admin := httpx.AccessPublic, httpx.AccessAdmin
	return []httpx.Route{
		{Method: "POST", Path: "/api/booking-leads", Handler: http.HandlerFunc(h.createBooking), Access: pub, RateLimit: h.limit, OperationID: "createBookingLead"},
		{Method: "POST", Path: "/api/onboarding", Handler: http.HandlerFunc(h.createOnboarding), Access: pub, RateLimit: h.limit, OperationID: "createOnboarding"},
		{Method: "GET", Path: "/api/admin/submissions", Handler: http.HandlerFunc(h.list), Access: admin, OperationID: "listSubmissions"},
		{Method: "GET", Path: "/api/admin/submissions.csv", Handler: http.HandlerFunc(h.exportCSV), Access: admin, OperationID: "exportSubmissionsCsv"},
		{Method: "GET", Path: "/api/admin/submissions/{id}", Handler: http.HandlerFunc(h.get), Access: admin, OperationID: "getSubmission"},
		{Method: "POST", Path: "/api/admin/submissions/{id}/retry", Handler: http.HandlerFunc(h.retry), Access: admin, OperationID: "retrySubmission"},
		{Method: "GET", Path: "/api/admin/badges", Handler: http.HandlerFunc(h.badges), Access: admin, OperationID: "getAdminBadges"},
		{Method: "POST", Path: "/api/admin/badges/seen", Handler: http.HandlerFunc(h.markSeen), Access: admin, OperationID: "markAdminBadgesSeen"},
	}
}

func (h *Handler) createBooking(w http.ResponseWriter, r *http.Request) {
	h.create(w, r, validateBooking)
}

func (h *Handler) createOnboarding(w http.ResponseWriter, r *http.Request) {
	h.create(w, r, validateOnboarding)
}

// create stores a submission (and its forwarding job) before answering 201.
func (h *Handler) create(w http.ResponseWriter, r *http.Request,
	validate func(map[string]json.RawMessage) (submission, map[string]string)) {
	var raw map[string]json.RawMessage
	if err := httpx.DecodeJSON(w, r, &raw, maxBody); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	if raw == nil {
		httpx.Error(w, r, http.StatusBadRequest, "malformed JSON: expected an object", nil)
		return
	}
	sub, fieldErrs := validate(raw)
	if fieldErrs != nil {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", fieldErrs)
		return
	}
	id, err := h.store.Create(r.Context(), sub, h.forward)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]string{"id": id})
}

// page is one page of the admin list.
type page struct {
	Items    []*Submission `json:"items"`
	Total    int           `json:"total"`
	Page     int           `json:"page"`
	PageSize int           `json:"pageSize"`
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	kind, ok := kindParam(w, r)
	if !ok {
		return
	}
	pg, size, ok := httpx.PageParams(w, r)
	if !ok {
		return
	}
	items, total, err := h.store.List(r.Context(), kind, pg, size)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, page{Items: items, Total: total, Page: pg, PageSize: size})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	sub, err := h.store.Get(r.Context(), r.PathValue("id"))
	if errors.Is(err, ErrNotFound) {
		httpx.NotFound(w, r)
		return
	}
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, sub)
}

func (h *Handler) retry(w http.ResponseWriter, r *http.Request) {
	sub, err := h.store.Retry(r.Context(), r.PathValue("id"), h.forward)
	switch {
	case errors.Is(err, ErrNotFound):
		httpx.NotFound(w, r)
	case errors.Is(err, ErrAlreadyDelivered), errors.Is(err, ErrForwarding):
		httpx.Error(w, r, http.StatusConflict, err.Error(), nil)
	case err != nil:
		httpx.ServerError(w, r, err)
	default:
		httpx.Logger(r.Context()).Info("submission forwarding queued again", "id", sub.ID, "state", sub.Delivery.State)
		httpx.WriteJSON(w, http.StatusAccepted, sub)
	}
}

// kindParam reads ?kind=, answering 400 itself when it is not a kind.
func kindParam(w http.ResponseWriter, r *http.Request) (string, bool) {
	kind := r.URL.Query().Get("kind")
	if kind != KindBooking && kind != KindOnboarding {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input",
			map[string]string{"kind": "Must be booking or onboarding"})
		return "", false
	}
	return kind, true
}
