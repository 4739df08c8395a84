package search

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// DemoKeyHeader carries the demo key on research-leads and
// check-webset-status.
const DemoKeyHeader = "X-Demo-Key"

// MaxWebsetIDs bounds the ids one status check may ask about.
const MaxWebsetIDs = 20

// Handler serves the live search and the admin data calls.
type Handler struct {
	svc   *Service
	store *Store
	opts  HandlerOptions
}

// HandlerOptions configure a Handler.
type HandlerOptions struct {
	// DemoKey is the key X-Demo-Key must hold.
	DemoKey string
	// Limit rate-limits anonymous searches (nil: no limit).
	Limit func(http.Handler) http.Handler
	// Admin returns the admin's email when the request carries a valid
	// admin session (and, for writes, same origin and the CSRF token:
	// auth.Service.AdminActing); it returns "" for anyone else. Nil treats
	// every request as anonymous.
	Admin func(r *http.Request) string
	// StatusWait is how long a status check of a search still running may
	// wait for it to finish before it answers "running" (1.5s; negative:
	// answer at once). The demo polls every 2 s: without it, a search done
	// 300 ms after it started would show its leads only on the next poll.
	StatusWait time.Duration
}

// DefaultStatusWait is HandlerOptions.StatusWait's default.
const DefaultStatusWait = 1500 * time.Millisecond

// NewHandler returns the handler over svc and store.
func NewHandler(svc *Service, store *Store, o HandlerOptions) *Handler {
	if o.Limit == nil {
		o.Limit = func(h http.Handler) http.Handler { return h }
	}
	if o.Admin == nil {
		o.Admin = func(*http.Request) string { return "" }
	}
	if o.StatusWait == 0 {
		o.StatusWait = DefaultStatusWait
	}
	return &Handler{svc: svc, store: store, opts: o}
}

// Routes is the package's route table: the live search's public calls
// (the demo key; anonymous searches are rate limited inside
// researchLeads, as admins' are not) and the admin data calls.
func (h *Handler) Routes() []httpx.Route {
	pub, admin := httpx.AccessPublic, httpx.AccessAdmin
	return []httpx.Route{
		{Method: "POST", Path: "/api/research-leads", Handler: h.demoKey(http.HandlerFunc(h.researchLeads)), Access: pub, OperationID: "researchLeads"},
		{Method: "POST", Path: "/api/check-webset-status", Handler: h.demoKey(http.HandlerFunc(h.checkStatus)), Access: pub, OperationID: "checkWebsetStatus"},
		{Method: "GET", Path: "/api/admin/engine/leads", Handler: http.HandlerFunc(h.leadsByTier), Access: admin, OperationID: "listEngineLeads"},
		{Method: "GET", Path: "/api/admin/engine/signals", Handler: http.HandlerFunc(h.recentSignals), Access: admin, OperationID: "listEngineSignals"},
		{Method: "GET", Path: "/api/admin/engine/jobs/active", Handler: http.HandlerFunc(h.activeJobs), Access: admin, OperationID: "listActiveJobs"},
		{Method: "GET", Path: "/api/admin/engine/jobs/recent", Handler: http.HandlerFunc(h.recentJobs), Access: admin, OperationID: "listRecentJobs"},
		{Method: "GET", Path: "/api/admin/searches", Handler: http.HandlerFunc(h.pastSearches), Access: admin, OperationID: "listAdminSearches"},
		{Method: "GET", Path: "/api/admin/searches/{id}", Handler: http.HandlerFunc(h.pastSearch), Access: admin, OperationID: "getAdminSearch"},
		{Method: "POST", Path: "/api/admin/engine/score", Handler: http.HandlerFunc(h.scoreLead), Access: admin, OperationID: "scoreLead"},
		{Method: "POST", Path: "/api/admin/engine/process-search-results", Handler: http.HandlerFunc(h.processResults), Access: admin, OperationID: "processSearchResults"},
	}
}

// demoKey answers 401 unless X-Demo-Key holds the configured key.
func (h *Handler) demoKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get(DemoKeyHeader)
		if got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(h.opts.DemoKey)) != 1 {
			httpx.Error(w, r, http.StatusUnauthorized, "missing or invalid demo key", nil)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// researchResponse is research-leads' answer.
type researchResponse struct {
	Websets []string `json:"websets"`
}

func (h *Handler) researchLeads(w http.ResponseWriter, r *http.Request) {
	owner := h.opts.Admin(r)
	if owner == "" {
		// Anonymous searches are rate limited per client; admins are not.
		h.opts.Limit(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h.startSearch(w, r, OwnerAnonymous)
		})).ServeHTTP(w, r)
		return
	}
	h.startSearch(w, r, owner)
}

func (h *Handler) startSearch(w http.ResponseWriter, r *http.Request, owner string) {
	var raw map[string]json.RawMessage
	if err := httpx.DecodeJSON(w, r, &raw, maxICPBodyLen); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	if raw == nil {
		httpx.Error(w, r, http.StatusBadRequest, "malformed JSON: the ICP must be an object", nil)
		return
	}
	p, fields := ParseICP(raw)
	if fields != nil {
		httpx.Error(w, r, http.StatusBadRequest, "invalid ICP", fields)
		return
	}
	id, err := h.svc.Start(r.Context(), p, owner)
	if errors.Is(err, ErrBusy) {
		httpx.RefundRateLimit(r) // the server's refusal, not the client's search
		w.Header().Set("Retry-After", "5")
		httpx.Error(w, r, http.StatusServiceUnavailable, "too many searches in progress, try again shortly", nil)
		return
	}
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, researchResponse{Websets: []string{id}})
}

type statusRequest struct {
	WebsetIDs []string `json:"websetIds"`
}

// statusResponse is check-webset-status' answer.
type statusResponse struct {
	Status string `json:"status"`
	Leads  any    `json:"leads"`
	// NewestPostAt is the date of the newest post in the search index
	// (RFC 3339), omitted when no listed search exists or the index holds
	// no dated post.
	NewestPostAt string `json:"newestPostAt,omitempty"`
	// Notes are the listed searches' notes (docs/api.md), e.g. why a
	// search found no lead; omitted when no listed search exists.
	Notes []string `json:"notes,omitempty"`
}

// isAdminReader reports whether r carries a live admin session. The status
// check only reads, so it is asked as a read (no CSRF token needed, as for
// the admin GET calls): the session cookie is SameSite=Strict, and the
// answer is not readable by another origin's script.
func (h *Handler) isAdminReader(r *http.Request) bool {
	probe := r.Clone(r.Context())
	probe.Method, probe.Body, probe.ContentLength = http.MethodGet, http.NoBody, 0
	return h.opts.Admin(probe) != ""
}

func (h *Handler) checkStatus(w http.ResponseWriter, r *http.Request) {
	var req statusRequest
	if err := httpx.DecodeJSON(w, r, &req, 16<<10); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	if len(req.WebsetIDs) > MaxWebsetIDs {
		httpx.Error(w, r, http.StatusBadRequest, "too many websetIds",
			map[string]string{"websetIds": "must have at most 20 entries"})
		return
	}
	for _, id := range req.WebsetIDs {
		if len(id) > 100 {
			httpx.Error(w, r, http.StatusBadRequest, "invalid websetIds",
				map[string]string{"websetIds": "entries must be at most 100 characters"})
			return
		}
	}
	admin := h.isAdminReader(r)
	rep, err := h.svc.status(r.Context(), req.WebsetIDs, admin)
	// Still running: look again every 100 ms for a little while (reads
	// only), so leads reach the demo as soon as they exist.
	for wait := time.Now().Add(h.opts.StatusWait); err == nil && rep.status == StatusRunning && time.Now().Before(wait); {
		select {
		case <-r.Context().Done():
			return
		case <-time.After(100 * time.Millisecond):
		}
		rep, err = h.svc.status(r.Context(), req.WebsetIDs, admin)
	}
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	resp := statusResponse{Status: rep.status, Leads: rep.leads}
	if rep.known > 0 {
		resp.Notes = rep.notes
		newest, err := h.store.NewestPostAt(r.Context())
		if err != nil {
			httpx.ServerError(w, r, err)
			return
		}
		if !newest.IsZero() {
			resp.NewestPostAt = newest.Format(time.RFC3339)
		}
	}
	httpx.WriteJSON(w, http.StatusOK, resp)
}
