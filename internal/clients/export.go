package clients

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/intake"
)

// csvColumns are the inbox export's columns (docs/clients.md "Inbox").
var csvColumns = []string{"id", "created_at", "state", "tier", "score", "signal_type", "name", "title", "company", "email",
	"post_url", "published_at", "reasons", "signal", "draft_subject", "draft_body", "feedback", "feedback_reason", "note",
	"owner", "agent_id"}

// exportLeads answers the client's leads matching the inbox filters as CSV,
// newest first, read from the store a page at a time. Cells are written as
// intake's CSV export writes them (no cell can start a formula).
func (h *Handler) exportLeads(w http.ResponseWriter, r *http.Request) {
	f, err := leadFilter(r)
	if err == nil && f.Cursor != "" {
		err = fieldErrors{"cursor": "the export always starts at the newest lead"}
	}
	if err != nil {
		answer(w, r, err)
		return
	}
	f.Limit = exportPage
	id := r.PathValue("id")
	leads, next, err := h.store.Leads(r.Context(), id, f)
	if err != nil {
		answer(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="leads-`+time.Now().UTC().Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	bw := bufio.NewWriter(w)
	err = intake.WriteCSVRow(bw, csvColumns)
	for err == nil {
		for _, l := range leads {
			if err = intake.WriteCSVRow(bw, csvRow(l)); err != nil {
				break
			}
		}
		if err != nil || next == "" {
			break
		}
		f.Cursor = next
		leads, next, err = h.store.Leads(r.Context(), id, f)
	}
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		httpx.Logger(r.Context()).Warn("leads csv export interrupted", "client", id, "err", err)
	}
}

func csvRow(l *ClientLead) []string {
	var e engine.Lead
	_ = json.Unmarshal(l.Lead, &e) // stored by this package; an old shape leaves cells empty
	published := ""
	if !e.PublishedAt.IsZero() {
		published = e.PublishedAt.UTC().Format(time.RFC3339)
	}
	verdict, reason, agent := "", "", ""
	if l.Feedback != nil {
		verdict, reason = l.Feedback.Verdict, l.Feedback.Reason
	}
	if l.AgentID != nil {
		agent = *l.AgentID
	}
	return []string{l.ID, l.CreatedAt.UTC().Format(time.RFC3339), l.State, l.Tier, strconv.Itoa(l.Score), l.SignalType,
		e.Name, e.Title, e.Company, e.Email, l.URL, published, strings.Join(e.Fit.Reasons, "; "), e.Signal,
		e.Draft.Subject, e.Draft.Body, verdict, reason, l.Note, l.Owner, agent}
}

// exportPage is how many leads the export reads at a time; tests lower it.
var exportPage = 500
