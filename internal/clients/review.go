package clients

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// Review before delivery (docs/clients.md "Review before delivery"). A
// client's new leads are pending in review mode (and in auto mode under
// its autoApproveAt); the owner approves or rejects them, one by one or
// in bulk. Approving enqueues the lead's instant deliveries in the same
// transaction as the review's change, under the (lead, channel) delivery
// id, so a lead reaches a channel once however often it is approved;
// digests take approved leads only. A rejected lead never reaches the
// client, and rejecting one approved already cancels its deliveries not
// yet sent and hides it from the portal, the REST API and the feed.

// FirstBatchReason is the disabled_reason of a channel made from
// onboarding for a client in review mode: paused until the owner approves
// the first leads, which turns it on.
const FirstBatchReason = "waiting for the owner to approve the first leads"

// maxBulk bounds the leads of one bulk approve or reject.
const maxBulk = 200

// ReviewResult is one lead's outcome in a review call.
type ReviewResult struct {
	ID     string `json:"id"`
	Review string `json:"review"`
	// Queued counts the deliveries the approval enqueued.
	Queued int `json:"queued"`
	// client is the lead's client (its accounts are checked after).
	client string
	// Error says why the lead was not changed (bulk calls).
	Error string `json:"error,omitempty"`
}

// errReviewConflict is a review the lead's state forbids (409).
func reviewConflict(now string, to string) conflictError {
	if now == to {
		return conflictError("the lead is " + now + " already")
	}
	return conflictError("the lead is " + now + "; it cannot be " + to)
}

// Review approves (to = ReviewApproved) or rejects the leads ids of client
// clientID ("" for any client: the one-lead admin call). Each lead is
// changed in its own transaction with a conditional UPDATE, so a double
// click or two instances change it once. Approving needs a pending lead;
// rejecting a pending or approved one. A lead in another state gets a
// conflict, one of another client ErrNotFound.
func (s *Store) Review(ctx context.Context, clientID string, ids []string, to string) ([]ReviewResult, error) {
	if s.jobs == nil {
		return nil, errors.New("review: no job runner")
	}
	out := make([]ReviewResult, 0, len(ids))
	touched := map[string]bool{}
	// The accounts the change heated or cooled (accounts_heated.go).
	defer func() {
		for c := range touched {
			s.heatAfter(ctx, c, slog.Warn)
		}
	}()
	for _, id := range ids {
		res, err := s.reviewOne(ctx, clientID, id, to)
		if err == nil {
			touched[res.client] = true
		}
		var ce conflictError
		switch {
		case err == nil:
			out = append(out, res)
		case errors.As(err, &ce) || errors.Is(err, ErrNotFound):
			if len(ids) == 1 && clientID == "" {
				return nil, err
			}
			msg := "not a lead of this client"
			if errors.As(err, &ce) {
				msg = ce.Error()
			}
			out = append(out, ReviewResult{ID: id, Review: res.Review, Error: msg})
		default:
			return out, err
		}
	}
	return out, nil
}

func (s *Store) reviewOne(ctx context.Context, clientID, id, to string) (ReviewResult, error) {
	var (
		client, now string
	)
	q, args := `SELECT client_id, review FROM client_leads WHERE id = ?`, []any{id}
	if clientID != "" {
		q, args = q+` AND client_id = ?`, append(args, clientID)
	}
	err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(q), args...).Scan(&client, &now)
	if errors.Is(err, sql.ErrNoRows) {
		return ReviewResult{}, ErrNotFound
	}
	if err != nil {
		return ReviewResult{}, fmt.Errorf("load lead %s: %w", id, err)
	}
	from := []string{ReviewPending}
	if to == ReviewRejected {
		from = append(from, ReviewApproved)
	}
	if !containsStr(from, now) {
		return ReviewResult{ID: id, Review: now}, reviewConflict(now, to)
	}
	// The client's instant channels that take the lead: active ones, and
	// those paused for the first batch, which this approval turns on.
	var targets []string
	if to == ReviewApproved {
		targets, err = s.approvalTargets(ctx, client)
		if err != nil {
			return ReviewResult{}, err
		}
	}
	stamp := s.d.TimeArg(s.now().UTC())
	res := ReviewResult{ID: id, Review: to, client: client}
	err = s.jobs.InTx(ctx, func(tx jobs.Tx) error {
		res.Queued = 0
		n, err := tx.Exec(ctx, `UPDATE client_leads SET review = ?, reviewed_at = ? WHERE id = ? AND review IN (?`+strings.Repeat(", ?", len(from)-1)+`)`,
			append([]any{to, stamp, id}, anySlice(from)...)...)
		if err != nil {
			return fmt.Errorf("review lead %s: %w", id, err)
		}
		if n == 0 {
			return conflictError("the lead changed meanwhile; reload")
		}
		if to == ReviewRejected {
			if _, err := tx.Exec(ctx, `UPDATE client_deliveries SET status = ?, last_error = ? WHERE lead_id = ? AND status = ?`,
				DeliveryCancelled, "the owner rejected the lead", id, DeliveryPending); err != nil {
				return fmt.Errorf("cancel deliveries: %w", err)
			}
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE client_channels SET status = ?, disabled_reason = '', updated_at = ? WHERE client_id = ? AND status = ? AND disabled_reason = ?`,
			ChannelActive, stamp, client, ChannelPaused, FirstBatchReason); err != nil {
			return fmt.Errorf("start first-batch channels: %w", err)
		}
		for _, ch := range targets {
			did := DeliveryID(id, ch)
			n, err := tx.Exec(ctx, `INSERT INTO client_deliveries (id, client_id, channel_id, lead_id, status, created_at)
				VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, did, client, ch, id, DeliveryPending, stamp)
			if err != nil {
				return fmt.Errorf("insert delivery: %w", err)
			}
			if n == 0 {
				continue // sent (or queued) already: a lead reaches a channel once
			}
			if _, err := tx.Enqueue(ctx, DeliveryArgs{DeliveryID: did}, nil); err != nil {
				return fmt.Errorf("enqueue delivery: %w", err)
			}
			res.Queued++
		}
		return nil
	})
	if err != nil {
		return ReviewResult{}, err
	}
	return res, nil
}

// startFirstBatchChannels turns on the client's channels paused for the
// first batch (the owner chose auto mode).
func (s *Store) startFirstBatchChannels(ctx context.Context, clientID string) error {
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE client_channels SET status = ?, disabled_reason = '', updated_at = ?
		WHERE client_id = ? AND status = ? AND disabled_reason = ?`), ChannelActive, s.d.TimeArg(s.now().UTC()), clientID, ChannelPaused, FirstBatchReason)
	if err != nil {
		return fmt.Errorf("start first-batch channels: %w", err)
	}
	return nil
}

// approvalTargets are the instant channels an approved lead of the client
// goes to.
func (s *Store) approvalTargets(ctx context.Context, clientID string) ([]string, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT id FROM client_channels WHERE client_id = ? AND cadence = ?
		AND (status = ? OR (status = ? AND disabled_reason = ?)) ORDER BY id`), clientID, CadenceInstant, ChannelActive, ChannelPaused, FirstBatchReason)
	if err != nil {
		return nil, fmt.Errorf("approval channels: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("approval channels: %w", err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

func containsStr(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}

func anySlice(l []string) []any {
	out := make([]any, len(l))
	for i, v := range l {
		out[i] = v
	}
	return out
}

// Bounds on an edited draft.
const (
	maxDraftSubject = 300
	maxDraftBody    = 10000
)

// EditDraft replaces the subject and body of lead id's draft (the owner's
// edit in the review queue): what the portal, the REST API, the feed and
// every channel send from then on. Any other field of the stored lead is
// kept as stored.
func (s *Store) EditDraft(ctx context.Context, id string, subject, body *string) (*ClientLead, error) {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var raw string
		err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT lead FROM client_leads WHERE id = ?`+s.forUpdate()), id).Scan(&raw)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("load lead %s: %w", id, err)
		}
		var lead map[string]json.RawMessage
		if err := json.Unmarshal([]byte(raw), &lead); err != nil {
			return fmt.Errorf("lead %s: %w", id, err)
		}
		draft := map[string]any{}
		if d, ok := lead["draft"]; ok {
			_ = json.Unmarshal(d, &draft) // a draft that is not an object is replaced
		}
		if subject != nil {
			draft["subject"] = *subject
		}
		if body != nil {
			draft["body"] = *body
		}
		draft["edited"] = true
		lead["draft"] = json.RawMessage(mustJSON(draft))
		_, err = tx.ExecContext(ctx, s.d.Rebind(`UPDATE client_leads SET lead = ? WHERE id = ?`), mustJSON(lead), id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Lead(ctx, "", id)
}

// Admin calls (docs/api.md "Review before delivery").

func (h *Handler) reviewRoutes() []httpx.Route {
	admin := httpx.AccessAdmin
	return []httpx.Route{
		{Method: "POST", Path: "/api/admin/client-leads/{id}/approve", Handler: http.HandlerFunc(h.approveLead), Access: admin, OperationID: "approveClientLead"},
		{Method: "POST", Path: "/api/admin/client-leads/{id}/reject", Handler: http.HandlerFunc(h.rejectLead), Access: admin, OperationID: "rejectClientLead"},
		{Method: "POST", Path: "/api/admin/clients/{id}/leads/approve", Handler: http.HandlerFunc(h.approveLeads), Access: admin, OperationID: "approveClientLeads"},
		{Method: "POST", Path: "/api/admin/clients/{id}/leads/reject", Handler: http.HandlerFunc(h.rejectLeads), Access: admin, OperationID: "rejectClientLeads"},
		{Method: "PATCH", Path: "/api/admin/client-leads/{id}/draft", Handler: http.HandlerFunc(h.patchDraft), Access: admin, OperationID: "updateClientLeadDraft"},
	}
}

func (h *Handler) approveLead(w http.ResponseWriter, r *http.Request) {
	h.reviewLead(w, r, ReviewApproved)
}
func (h *Handler) rejectLead(w http.ResponseWriter, r *http.Request) {
	h.reviewLead(w, r, ReviewRejected)
}

func (h *Handler) reviewLead(w http.ResponseWriter, r *http.Request, to string) {
	id := r.PathValue("id")
	res, err := h.store.Review(r.Context(), "", []string{id}, to)
	if err != nil {
		answer(w, r, err)
		return
	}
	l, err := h.store.Lead(r.Context(), "", id)
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("client lead reviewed", "lead", id, "review", to, "queued", res[0].Queued)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"lead": l, "queued": res[0].Queued})
}

// bulkInput is the body of the bulk review calls.
type bulkInput struct {
	IDs []string `json:"ids"`
}

func (h *Handler) approveLeads(w http.ResponseWriter, r *http.Request) {
	h.reviewLeads(w, r, ReviewApproved)
}
func (h *Handler) rejectLeads(w http.ResponseWriter, r *http.Request) {
	h.reviewLeads(w, r, ReviewRejected)
}

func (h *Handler) reviewLeads(w http.ResponseWriter, r *http.Request, to string) {
	var in bulkInput
	if !decodeStrict(w, r, &in) {
		return
	}
	ids := make([]string, 0, len(in.IDs))
	for _, id := range in.IDs {
		if id = strings.TrimSpace(id); id != "" && !containsStr(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 || len(ids) > maxBulk {
		answer(w, r, fieldErrors{"ids": fmt.Sprintf("must list 1 to %d lead ids", maxBulk)})
		return
	}
	clientID := r.PathValue("id")
	if _, err := h.store.Client(r.Context(), clientID); err != nil {
		answer(w, r, err)
		return
	}
	res, err := h.store.Review(r.Context(), clientID, ids, to)
	if err != nil {
		answer(w, r, err)
		return
	}
	done := 0
	for _, x := range res {
		if x.Error == "" {
			done++
		}
	}
	httpx.Logger(r.Context()).Info("client leads reviewed", "client", clientID, "review", to, "changed", done, "asked", len(ids))
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"results": res, "changed": done})
}

// draftInput is the body of PATCH /api/admin/client-leads/{id}/draft.
type draftInput struct {
	Subject *string `json:"subject"`
	Body    *string `json:"body"`
}

func (h *Handler) patchDraft(w http.ResponseWriter, r *http.Request) {
	var in draftInput
	if !decodeStrict(w, r, &in) {
		return
	}
	errs := fieldErrors{}
	if in.Subject == nil && in.Body == nil {
		errs["body"] = "give subject, body or both"
	}
	if in.Subject != nil && (strings.ContainsAny(*in.Subject, "\r\n") || utf8.RuneCountInString(*in.Subject) > maxDraftSubject) {
		errs["subject"] = fmt.Sprintf("must be one line of at most %d characters", maxDraftSubject)
	}
	if in.Body != nil && utf8.RuneCountInString(*in.Body) > maxDraftBody {
		errs["body"] = fmt.Sprintf("must be at most %d characters", maxDraftBody)
	}
	if err := errs.err(); err != nil {
		answer(w, r, err)
		return
	}
	l, err := h.store.EditDraft(r.Context(), r.PathValue("id"), in.Subject, in.Body)
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, l)
}
