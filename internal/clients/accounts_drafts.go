package clients

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/accounts"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/draft"
)

// The buying committee's drafts (docs/api.md "Accounts"): on one
// account's read, each person seen at it gets a first message of their
// own, written by internal/engine/draft as a lead's is, from their latest
// signal (the template that fits how they showed up: a new leader's
// congratulations, a complainer's side-by-side…) and their own name and
// role, in the client's wording and facts; their seniority says whom to
// write first.

// Seniorities of a person's title.
const (
	SeniorityExecutive    = "executive"
	SeniorityManager      = "manager"
	SeniorityPractitioner = "practitioner"
)

var (
	executiveRe = regexp.MustCompile(`(?i)\b(chief|c[etfiop]o|cxo|founder|co-founder|cofounder|president|owner|partner|vp|svp|evp|vice president|head of|director)\b`)
	managerRe   = regexp.MustCompile(`(?i)\b(manager|lead|leader|principal|staff|supervisor)\b`)
)

// seniority reads a title: executive (C-level, founder, VP, head of,
// director), manager (manager, lead, principal, staff), else
// practitioner; "" for no title.
func seniority(title string) string {
	switch t := strings.TrimSpace(title); {
	case t == "":
		return ""
	case executiveRe.MatchString(t):
		return SeniorityExecutive
	case managerRe.MatchString(t):
		return SeniorityManager
	}
	return SeniorityPractitioner
}

// withPersonDrafts gives each of a's people their seniority and a draft
// from their latest lead.
func (s *Store) withPersonDrafts(ctx context.Context, clientID string, a *Account) error {
	if len(a.People) == 0 {
		return nil
	}
	c, err := s.Client(ctx, clientID)
	if err != nil {
		return err
	}
	facts := c.draftFacts().Merge(draft.FactsOf(c.ICP))
	args := []any{clientID}
	for _, p := range a.People {
		args = append(args, p.LeadIDs[0])
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT id, lead FROM client_leads WHERE client_id = ? AND id IN (?`+
		strings.Repeat(", ?", len(a.People)-1)+`)`), args...)
	if err != nil {
		return fmt.Errorf("load people's leads: %w", err)
	}
	defer rows.Close()
	leads := map[string]engine.Lead{}
	for rows.Next() {
		var id, raw string
		if err := rows.Scan(&id, &raw); err != nil {
			return fmt.Errorf("load people's leads: %w", err)
		}
		var l engine.Lead
		if json.Unmarshal([]byte(raw), &l) == nil {
			leads[id] = l
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("load people's leads: %w", err)
	}
	for i := range a.People {
		p := &a.People[i]
		p.Seniority = seniority(p.Title)
		l, ok := leads[p.LeadIDs[0]]
		if !ok {
			continue
		}
		company := l.Company
		if company == "" {
			company = a.Name
		}
		text := l.FullContext
		if strings.TrimSpace(text) == "" {
			text = l.Signal
		}
		d := draft.Compose(c.Settings.Drafts.Templates, l.Detection, "", text, draft.SlotsOf(p.Name, company, p.Title, "", text), facts)
		if ps := a.postscript(p.LeadIDs, p.Name, s.now().UTC()); ps != "" && d.Body != "" {
			d.Body += "\n\n" + ps
		}
		p.Draft = &d
	}
	return nil
}

// leadEvt is an account's event and the lead it comes from.
type leadEvt struct {
	accounts.Event
	leadID string
}

// postscript is the account's company news as a draft to one person may
// say it (accounts.Postscript), leaving out their own leads and what
// names them.
func (a *Account) postscript(own []string, person string, now time.Time) string {
	var evs []accounts.Event
	for _, e := range a.events {
		if slices.Contains(own, e.leadID) || person != "" && strings.EqualFold(strings.TrimSpace(e.Person), strings.TrimSpace(person)) {
			continue
		}
		evs = append(evs, e.Event)
	}
	return accounts.Postscript(evs, a.Name, now)
}
