package clients

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Bounds on the inbox and on lead edits.
const (
	DefaultPage = 25
	MaxPage     = 100
	maxNote     = 5000
	maxOwner    = 254
	maxReason   = 500
)

// leadFilter reads the inbox filters of the query string.
func leadFilter(r *http.Request) (LeadFilter, error) {
	q := r.URL.Query()
	limit, errs := 0, fieldErrors{}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxPage {
			errs["limit"] = fmt.Sprintf("must be a whole number from 1 to %d", MaxPage)
		}
		limit = n
	}
	f, err := ParseLeadFilter(LeadQuery{Sort: q.Get("sort"), State: q.Get("state"), Agent: q.Get("agent"), Tier: q.Get("tier"),
		Signal: q.Get("signal"), Since: q.Get("since"), Cursor: q.Get("cursor"), Limit: limit})
	var fe fieldErrors
	if errors.As(err, &fe) {
		for k, v := range fe {
			errs[k] = v
		}
	}
	return f, errs.err()
}

// LeadQuery is the inbox's filters as given (the query string's, or an
// MCP tool's arguments); ParseLeadFilter checks them.
type LeadQuery struct {
	State, Agent, Tier, Signal, Since, Cursor string
	// Sort is "newest" (default) or "score" (best first).
	Sort string
	// Limit is the page size; 0 is DefaultPage.
	Limit int
}

// ParseLeadFilter checks q and returns its filter; the error is field
// errors (ErrorFields) naming each bad filter.
func ParseLeadFilter(q LeadQuery) (LeadFilter, error) {
	f := LeadFilter{State: q.State, AgentID: q.Agent, Tier: q.Tier, Signal: q.Signal, Cursor: q.Cursor, Limit: q.Limit}
	errs := fieldErrors{}
	if f.Limit == 0 {
		f.Limit = DefaultPage
	}
	if f.Limit < 1 || f.Limit > MaxPage {
		errs["limit"] = fmt.Sprintf("must be a whole number from 1 to %d", MaxPage)
	}
	if f.State != "" && !slices.Contains(LeadStates, f.State) {
		errs["state"] = "must be one of " + strings.Join(LeadStates, ", ")
	}
	if f.Tier != "" && !slices.Contains([]string{string(engine.TierHot), string(engine.TierWarm), string(engine.TierOther)}, f.Tier) {
		errs["tier"] = "must be hot, warm or other"
	}
	if f.Signal != "" && checkSignalTypes([]string{f.Signal}) != "" {
		errs["signal"] = checkSignalTypes([]string{f.Signal})
	}
	if len(f.AgentID) > 200 {
		errs["agent"] = "must be an agent id"
	}
	t, ok := since(q.Since)
	if !ok {
		errs["since"] = "must be a date (2026-01-31) or an RFC 3339 time"
	}
	f.Since = t
	if len(f.Cursor) > 200 {
		errs["cursor"] = errBadCursor.Error()
	}
	switch q.Sort {
	case "", SortNewest:
	case SortScore:
		f.ByScore = true
	default:
		errs["sort"] = "must be " + SortNewest + " or " + SortScore
	}
	return f, errs.err()
}

// ErrorFields are the field errors in err (what was wrong with which
// input), or nil when err is not a validation failure.
func ErrorFields(err error) map[string]string {
	var fe fieldErrors
	if errors.As(err, &fe) {
		return fe
	}
	if errors.Is(err, errBadCursor) {
		return map[string]string{"cursor": err.Error()}
	}
	return nil
}

func (h *Handler) listLeads(w http.ResponseWriter, r *http.Request) {
	writeLeads(w, r, h.store, r.PathValue("id"), false)
}

// writeLeads answers a page of client clientID's inbox (the admin's call,
// which may filter on review, and the client portal's: delivered, only
// approved leads).
func writeLeads(w http.ResponseWriter, r *http.Request, store *Store, clientID string, delivered bool) {
	f, err := leadFilter(r)
	if err == nil && !delivered {
		err = reviewFilter(r, &f)
	}
	if err != nil {
		answer(w, r, err)
		return
	}
	f.Delivered = delivered
	leads, next, err := store.Leads(r.Context(), clientID, f)
	writePage(w, r, "leads", leads, next, err)
}

// writePage answers one page of a list under key with its nextCursor, or
// err (a bad cursor as a field error naming cursor).
func writePage(w http.ResponseWriter, r *http.Request, key string, list any, next string, err error) {
	if errors.Is(err, errBadCursor) {
		err = fieldErrors{"cursor": err.Error()}
	}
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{key: list, "nextCursor": next})
}

// reviewFilter reads the admin's review filter (the owner's queue).
func reviewFilter(r *http.Request, f *LeadFilter) error {
	f.Review = r.URL.Query().Get("review")
	if f.Review != "" && !slices.Contains(reviewStates, f.Review) {
		return fieldErrors{"review": "must be one of " + strings.Join(reviewStates, ", ")}
	}
	return nil
}

var reviewStates = []string{ReviewPending, ReviewApproved, ReviewRejected}

// leadInput is the body of PATCH /api/admin/client-leads/{id}.
type leadInput struct {
	State *string `json:"state"`
	Note  *string `json:"note"`
	Owner *string `json:"owner"`
}

func (h *Handler) patchLead(w http.ResponseWriter, r *http.Request) {
	var in leadInput
	if !decodeStrict(w, r, &in) {
		return
	}
	errs := fieldErrors{}
	if fe := ErrorFields(CheckLeadEdit(in.State, in.Note)); fe != nil {
		for k, v := range fe {
			errs[k] = v
		}
	}
	if in.Owner != nil {
		o := strings.TrimSpace(*in.Owner)
		in.Owner = &o
		if utf8.RuneCountInString(o) > maxOwner {
			errs["owner"] = fmt.Sprintf("must be at most %d characters", maxOwner)
		}
	}
	if err := errs.err(); err != nil {
		answer(w, r, err)
		return
	}
	l, err := h.store.UpdateLead(r.Context(), "", r.PathValue("id"), LeadEdit{State: in.State, Note: in.Note, Owner: in.Owner})
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, l)
}

func (h *Handler) leadFeedback(w http.ResponseWriter, r *http.Request) {
	writeFeedback(w, r, h.store, "")
}

// writeFeedback records the body's feedback on lead {id} of client
// clientID ("" for any client: the admin's call) and answers the lead.
func writeFeedback(w http.ResponseWriter, r *http.Request, store *Store, clientID string) {
	var in Feedback
	if !decode(w, r, &in) {
		return
	}
	if err := CheckFeedback(&in); err != nil {
		answer(w, r, err)
		return
	}
	l, err := store.UpdateLead(r.Context(), clientID, r.PathValue("id"), LeadEdit{Feedback: &in})
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, l)
}

// CheckFeedback checks a verdict and its reason (trimmed in place), as
// every feedback call does.
func CheckFeedback(in *Feedback) error {
	errs := fieldErrors{}
	if in.Verdict != VerdictGood && in.Verdict != VerdictNoise {
		errs["verdict"] = "must be good or noise"
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if utf8.RuneCountInString(in.Reason) > maxReason {
		errs["reason"] = fmt.Sprintf("must be at most %d characters", maxReason)
	}
	return errs.err()
}

// CheckLeadEdit checks a state and a note as the lead edits do.
func CheckLeadEdit(state, note *string) error {
	errs := fieldErrors{}
	if state != nil && !slices.Contains(LeadStates, *state) {
		errs["state"] = "must be one of " + strings.Join(LeadStates, ", ")
	}
	if note != nil && utf8.RuneCountInString(*note) > maxNote {
		errs["note"] = fmt.Sprintf("must be at most %d characters", maxNote)
	}
	return errs.err()
}

func (h *Handler) precision(w http.ResponseWriter, r *http.Request) {
	rep, err := h.store.ClientPrecision(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, rep)
}

func (h *Handler) suggestions(w http.ResponseWriter, r *http.Request) {
	list, err := h.store.Suggestions(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"suggestions": list})
}

// tuning answers what the agent learned from feedback (docs/clients.md
// "Feedback tuning").
func (h *Handler) tuning(w http.ResponseWriter, r *http.Request) {
	t, err := h.store.Tuning(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, t)
}

// resetTuning forgets the agent's feedback so far and answers the empty
// tuning.
func (h *Handler) resetTuning(w http.ResponseWriter, r *http.Request) {
	t, err := h.store.ResetTuning(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, t)
}
