package clients

import (
	"bufio"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/intake"
)

// accountCSVColumns are the accounts export's columns (docs/api.md
// "Accounts").
var accountCSVColumns = []string{"id", "name", "domain", "score", "why_now", "last_signal_at", "signals", "signal_types",
	"people", "lead_ids", "urls"}

// writeAccountsCSV answers every account of clientID as CSV, best first,
// read a page at a time as the list reads them; owner: the owner's view
// (?include=pending counts pending leads). Cells are written as the
// leads export writes them (no cell can start a formula).
func writeAccountsCSV(w http.ResponseWriter, r *http.Request, s *Store, clientID string, owner bool) {
	q, err := accountQuery(r, owner)
	if err == nil && q.Cursor != "" {
		err = fieldErrors{"cursor": "the export always holds every account, best first: no cursor"}
	}
	if err == nil && r.URL.Query().Has("limit") {
		err = fieldErrors{"limit": "the export always holds every account: no limit"}
	}
	if err != nil {
		answer(w, r, err)
		return
	}
	q.Limit = exportPage
	list, next, err := s.Accounts(r.Context(), clientID, q)
	if err != nil {
		answer(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="accounts-`+time.Now().UTC().Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	bw := bufio.NewWriter(w)
	err = intake.WriteCSVRow(bw, accountCSVColumns)
	for err == nil {
		for _, a := range list {
			if err = intake.WriteCSVRow(bw, accountCSVRow(a)); err != nil {
				break
			}
		}
		if err != nil || next == "" {
			break
		}
		q.Cursor = next
		list, next, err = s.Accounts(r.Context(), clientID, q)
	}
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		httpx.Logger(r.Context()).Warn("accounts csv export interrupted", "client", clientID, "err", err)
	}
}

// accountCSVRow is one account as a row: its signals' types in words
// (each once), its people as "Name (Title)", and its signals' lead ids
// and links, newest first, "; "-separated.
func accountCSVRow(a *Account) []string {
	var types, people, leads, urls []string
	for _, s := range a.Signals {
		t := signalWords[s.Type]
		if t == "" {
			t = s.Type
		}
		if !slices.Contains(types, t) {
			types = append(types, t)
		}
		if s.LeadID != "" {
			leads = append(leads, s.LeadID)
		}
		if s.URL != "" {
			urls = append(urls, s.URL)
		}
	}
	for _, p := range a.People {
		if p.Title != "" {
			people = append(people, p.Name+" ("+p.Title+")")
		} else {
			people = append(people, p.Name)
		}
	}
	last := ""
	if !a.LastSignalAt.IsZero() {
		last = a.LastSignalAt.UTC().Format(time.RFC3339)
	}
	return []string{a.ID, a.Name, a.Domain, strconv.Itoa(a.Score), a.WhyNow, last, strconv.Itoa(len(a.Signals)),
		strings.Join(types, "; "), strings.Join(people, "; "), strings.Join(leads, "; "), strings.Join(urls, "; ")}
}

func (h *Handler) exportAccounts(w http.ResponseWriter, r *http.Request) {
	writeAccountsCSV(w, r, h.store, r.PathValue("id"), true)
}
