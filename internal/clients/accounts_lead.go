package clients

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// LeadAccount is the account a lead's company makes, as the lead carries
// it (in the inbox, the API, the webhook, the email and the Slack
// message): set only when the account has a "why now" and a signal other
// than the lead itself, so it says more than the lead does.
type LeadAccount struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Score  int    `json:"score"`
	WhyNow string `json:"whyNow"`
	// Signals is how many signals the account has (this lead's among them
	// when it counts).
	Signals int `json:"signals"`
	// Postscript is the company's news as the lead's draft may add it
	// ("P.S. I noticed Acme is hiring…"; accounts.Postscript): never the
	// lead's own signal nor another person's post; "" when there is none.
	Postscript string `json:"postscript,omitempty"`
}

// maxLeadAccounts bounds how many leads one withAccounts call looks up.
const maxLeadAccounts = 200

// withAccounts sets Account on each of the client's leads whose company
// makes an account saying more than the lead (LeadAccount), counting
// approved leads only (what the client sees).
func (s *Store) withAccounts(ctx context.Context, clientID string, leads []*ClientLead) error {
	if len(leads) == 0 || len(leads) > maxLeadAccounts {
		return nil
	}
	args := []any{clientID}
	for _, l := range leads {
		args = append(args, l.ID)
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT cl.lead_id, cl.company_id FROM client_company_leads cl
		JOIN client_companies c ON c.id = cl.company_id
		WHERE cl.client_id = ? AND cl.company_id IS NOT NULL AND c.merged_into IS NULL AND cl.lead_id IN (?`+strings.Repeat(", ?", len(leads)-1)+`)`), args...)
	if err != nil {
		return fmt.Errorf("find leads' accounts: %w", err)
	}
	companyOf := map[string]string{}
	var ids []string
	seen := map[string]bool{}
	for rows.Next() {
		var lead, company string
		if err := rows.Scan(&lead, &company); err != nil {
			rows.Close()
			return fmt.Errorf("find leads' accounts: %w", err)
		}
		companyOf[lead] = company
		if !seen[company] {
			seen[company] = true
			ids = append(ids, company)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("find leads' accounts: %w", err)
	}
	if len(ids) == 0 {
		return nil
	}
	now := s.now().UTC()
	accs, err := s.buildAccounts(ctx, clientID, ids, false, now)
	if err != nil {
		return err
	}
	byID := make(map[string]*Account, len(accs))
	for _, a := range accs {
		byID[a.ID] = a
	}
	for _, l := range leads {
		a := byID[companyOf[l.ID]]
		if a == nil || a.WhyNow == "" {
			continue
		}
		more := false
		for _, sig := range a.Signals {
			if sig.LeadID != l.ID {
				more = true
				break
			}
		}
		if more {
			var person struct {
				Name string `json:"name"`
			}
			_ = json.Unmarshal(l.Lead, &person)
			l.Account = &LeadAccount{ID: a.ID, Name: a.Name, Score: a.Score, WhyNow: a.WhyNow, Signals: len(a.Signals),
				Postscript: a.postscript([]string{l.ID}, person.Name, now)}
		}
	}
	return nil
}
