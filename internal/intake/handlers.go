package intake

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

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
	if limit == nil {
		limit = func(h http.Handler) http.Handler { return h }
	}
	return &Handler{store: store, forward: forward, limit: limit, whoami: adminUser}
}

// Routes mounts the public form endpoints.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.Handle("POST /api/booking-leads", h.limit(http.HandlerFunc(h.createBooking)))
	mux.Handle("POST /api/onboarding", h.limit(http.HandlerFunc(h.createOnboarding)))
}

// AdminRoutes mounts the console's submission API behind protect (an admin
// session, plus CSRF and origin checks on POST: auth.Service.RequireAdmin).
func (h *Handler) AdminRoutes(mux *http.ServeMux, protect func(http.Handler) http.Handler) {
	mux.Handle("GET /api/admin/submissions", protect(http.HandlerFunc(h.list)))
	mux.Handle("GET /api/admin/submissions.csv", protect(http.HandlerFunc(h.exportCSV)))
	mux.Handle("GET /api/admin/submissions/{id}", protect(http.HandlerFunc(h.get)))
	mux.Handle("POST /api/admin/submissions/{id}/retry", protect(http.HandlerFunc(h.retry)))
	mux.Handle("GET /api/admin/badges", protect(http.HandlerFunc(h.badges)))
	mux.Handle("POST /api/admin/badges/seen", protect(http.HandlerFunc(h.markSeen)))
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
	q := r.URL.Query()
	pg, err1 := intParam(q.Get("page"), 1, 1, 1_000_000)
	size, err2 := intParam(q.Get("pageSize"), 25, 1, 100)
	if err1 != nil || err2 != nil {
		fields := map[string]string{}
		if err1 != nil {
			fields["page"] = "Must be a whole number of 1 or more"
		}
		if err2 != nil {
			fields["pageSize"] = "Must be a whole number from 1 to 100"
		}
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", fields)
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

func intParam(v string, def, lo, hi int) (int, error) {
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, errors.New("out of range")
	}
	return n, nil
}
