package search

import (
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/score"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// The list sizes of docs/product.md §13.7, the defaults of the admin data calls.
const (
	HotLeadsLimit   = 10
	WarmLeadsLimit  = 5
	SignalsLimit    = 50
	RecentJobsLimit = 5
	maxListLimit    = 200
)

// limitParam reads ?limit=, defaulting to def; ok is false (and 400 sent)
// when it is not a whole number 1..maxListLimit.
func limitParam(w http.ResponseWriter, r *http.Request, def int) (int, bool) {
	v := r.URL.Query().Get("limit")
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > maxListLimit {
		httpx.Error(w, r, http.StatusBadRequest, "invalid limit", map[string]string{"limit": "must be a whole number 1-200"})
		return 0, false
	}
	return n, true
}

func (h *Handler) leadsByTier(w http.ResponseWriter, r *http.Request) {
	tier := engine.Tier(r.URL.Query().Get("tier"))
	def := map[engine.Tier]int{engine.TierHot: HotLeadsLimit, engine.TierWarm: WarmLeadsLimit, engine.TierOther: HotLeadsLimit}[tier]
	if def == 0 {
		httpx.Error(w, r, http.StatusBadRequest, "invalid tier", map[string]string{"tier": "must be hot, warm or other"})
		return
	}
	limit, ok := limitParam(w, r, def)
	if !ok {
		return
	}
	leads, err := h.store.LeadsByTier(r.Context(), tier, limit)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"leads": leads})
}

func (h *Handler) recentSignals(w http.ResponseWriter, r *http.Request) {
	limit, ok := limitParam(w, r, SignalsLimit)
	if !ok {
		return
	}
	signals, err := h.store.RecentSignals(r.Context(), limit)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"signals": signals})
}

func (h *Handler) activeJobs(w http.ResponseWriter, r *http.Request) {
	h.jobs(w, r, true, maxListLimit)
}

func (h *Handler) recentJobs(w http.ResponseWriter, r *http.Request) {
	limit, ok := limitParam(w, r, RecentJobsLimit)
	if ok {
		h.jobs(w, r, false, limit)
	}
}

func (h *Handler) jobs(w http.ResponseWriter, r *http.Request, active bool, limit int) {
	jobs, err := h.store.Jobs(r.Context(), active, limit)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"jobs": jobs})
}

// scoreRequest is the lead-scoring calculation's input: ICP fit and signal
// strength, both 0-100.
type scoreRequest struct {
	Fit      *float64 `json:"fit"`
	Strength *float64 `json:"strength"`
}

type scoreResponse struct {
	Score      int         `json:"score"`
	IntentTier engine.Tier `json:"intentTier"`
	Status     string      `json:"status"`
	Formula    string      `json:"formula"`
}

func (h *Handler) scoreLead(w http.ResponseWriter, r *http.Request) {
	var req scoreRequest
	if err := httpx.DecodeJSON(w, r, &req, 4<<10); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	fields := map[string]string{}
	for name, v := range map[string]*float64{"fit": req.Fit, "strength": req.Strength} {
		if v == nil || *v < 0 || *v > 100 {
			fields[name] = "required, a number 0-100"
		}
	}
	if len(fields) > 0 {
		httpx.Error(w, r, http.StatusBadRequest, "invalid scoring input", fields)
		return
	}
	sc := score.Score(*req.Fit/100, *req.Strength/100)
	tier, status := score.TierOf(sc)
	httpx.WriteJSON(w, http.StatusOK, scoreResponse{Score: sc, IntentTier: tier, Status: status,
		Formula: "0.6 × fit + 0.4 × strength"})
}

// searchesPage is GET /api/admin/searches' answer.
type searchesPage struct {
	Searches   []Job  `json:"searches"`
	NextCursor string `json:"nextCursor"`
}

// pastSearches lists the stored admin searches, newest first, paged on a
// (created_at, id) cursor: each with its ICP, queries, lead count and the
// client it was filed under.
func (h *Handler) pastSearches(w http.ResponseWriter, r *http.Request) {
	limit, ok := limitParam(w, r, 25)
	if !ok {
		return
	}
	var before time.Time
	var beforeID string
	if c := r.URL.Query().Get("cursor"); c != "" {
		var err error
		if before, beforeID, err = decodeJobCursor(c); err != nil {
			httpx.Error(w, r, http.StatusBadRequest, "invalid cursor", map[string]string{"cursor": "not a cursor from a previous page"})
			return
		}
	}
	jobs, err := h.store.JobPage(r.Context(), before, beforeID, limit+1)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	page := searchesPage{Searches: jobs}
	if len(jobs) > limit {
		page.Searches = jobs[:limit]
		last := jobs[limit-1]
		page.NextCursor = encodeJobCursor(last.CreatedAt, last.ID)
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, page)
}

// pastSearch reopens one stored admin search: the search and every lead it
// found, best first.
func (h *Handler) pastSearch(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	j, err := h.store.Job(r.Context(), id)
	if errors.Is(err, db.ErrNotFound) {
		httpx.NotFound(w, r)
		return
	}
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	leads, err := h.store.JobLeads(r.Context(), id)
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"search": j, "leads": leads})
}

func encodeJobCursor(at time.Time, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(at.UTC().Format(time.RFC3339Nano) + "|" + id))
}

func decodeJobCursor(c string) (time.Time, string, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return time.Time{}, "", err
	}
	at, id, ok := strings.Cut(string(b), "|")
	t, err := time.Parse(time.RFC3339Nano, at)
	if !ok || err != nil || id == "" || len(id) > 100 {
		return time.Time{}, "", errors.New("bad cursor")
	}
	return t, id, nil
}
