package clients

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/signalpipe/signalpipe/internal/accounts"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// Accounts (docs/clients.md "Accounts"): every client lead is linked to
// the company it comes from, resolved by internal/accounts, when it is
// stored (insertLeadFor) or, for leads stored before, when the client's
// accounts are next read (backfillAccounts). The owner may merge one
// company into another (MergeAccount) and split it out again
// (SplitAccount); each link keeps the company it was resolved to.

// matchedNone is a link's matched_by for a lead that names no company.
const matchedNone = "none"

// leadEvidence is what a lead says about its company.
func leadEvidence(l engine.Lead) accounts.Evidence {
	ev := accounts.Evidence{Company: l.Company}
	if l.Email != "" {
		ev.Emails = append(ev.Emails, l.Email)
	}
	for _, e := range l.Emails {
		ev.Emails = append(ev.Emails, e.Address)
	}
	return ev
}

// attachLead links lead leadID of client clientID to its company, making
// the company when it is new; in tx, which holds the client's row, so
// two runs never make one company twice.
func (s *Store) attachLead(ctx context.Context, tx *sql.Tx, clientID, leadID string, l engine.Lead, now time.Time) error {
	r, ok := accounts.Resolve(leadEvidence(l))
	if !ok {
		_, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO client_company_leads (lead_id, client_id, confidence, matched_by)
			VALUES (?, ?, 0, ?) ON CONFLICT (lead_id) DO NOTHING`), leadID, clientID, matchedNone)
		if err != nil {
			return fmt.Errorf("link lead to no company: %w", err)
		}
		return nil
	}
	rows, err := tx.QueryContext(ctx, s.d.Rebind(`SELECT id, name_key, domain, COALESCE(merged_into, '') FROM client_companies
		WHERE client_id = ? AND (name_key = ? OR (domain <> '' AND domain = ?)) ORDER BY created_at, id`), clientID, r.NameKey, r.Domain)
	if err != nil {
		return fmt.Errorf("find company: %w", err)
	}
	var (
		cs     []accounts.Company
		merged []string
	)
	for rows.Next() {
		var c accounts.Company
		var into string
		if err := rows.Scan(&c.ID, &c.NameKey, &c.Domain, &into); err != nil {
			rows.Close()
			return fmt.Errorf("find company: %w", err)
		}
		cs, merged = append(cs, c), append(merged, into)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("find company: %w", err)
	}
	i, conf := accounts.Match(cs, r)
	var resolved string
	switch {
	case i < 0:
		resolved = db.NewID()
		name := r.Name
		if name == "" {
			name = r.Domain
		}
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO client_companies (id, client_id, name, name_key, domain, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`), resolved, clientID, clip(name, maxName), r.NameKey, r.Domain, s.d.TimeArg(now)); err != nil {
			return fmt.Errorf("make company: %w", err)
		}
	case cs[i].Domain == "" && r.Domain != "":
		resolved = cs[i].ID
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE client_companies SET domain = ? WHERE id = ?`), r.Domain, resolved); err != nil {
			return fmt.Errorf("give company its domain: %w", err)
		}
	default:
		resolved = cs[i].ID
	}
	current := resolved
	if i >= 0 && merged[i] != "" {
		if current, err = s.mergeRoot(ctx, tx, merged[i]); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO client_company_leads (lead_id, client_id, company_id, resolved_id, confidence, matched_by)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id) DO NOTHING`), leadID, clientID, current, resolved, conf, r.By); err != nil {
		return fmt.Errorf("link lead to company: %w", err)
	}
	return nil
}

// mergeRoot follows merged_into from id to the company that holds the
// leads now.
func (s *Store) mergeRoot(ctx context.Context, tx *sql.Tx, id string) (string, error) {
	for range 100 { // merges never cycle (MergeAccount refuses); the bound guards the loop
		var into sql.NullString
		if err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT merged_into FROM client_companies WHERE id = ?`), id).Scan(&into); err != nil {
			return "", fmt.Errorf("follow merge: %w", err)
		}
		if !into.Valid {
			return id, nil
		}
		id = into.String
	}
	return id, nil
}

// backfillBatch is how many unlinked leads one backfill transaction links.
const backfillBatch = 500

// backfillAccounts links the client's leads stored before accounts
// existed (or by a path that did not link them); cheap when none are left.
func (s *Store) backfillAccounts(ctx context.Context, clientID string) error {
	for {
		n, err := s.backfillOnce(ctx, clientID)
		if err != nil || n < backfillBatch {
			return err
		}
	}
}

func (s *Store) backfillOnce(ctx context.Context, clientID string) (int, error) {
	q := s.d.Rebind(`SELECT l.id, l.lead FROM client_leads l LEFT JOIN client_company_leads cl ON cl.lead_id = l.id
		WHERE l.client_id = ? AND cl.lead_id IS NULL ORDER BY l.created_at, l.id LIMIT ?`)
	var probe int
	if err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT count(*) FROM (SELECT 1 FROM client_leads l
		LEFT JOIN client_company_leads cl ON cl.lead_id = l.id WHERE l.client_id = ? AND cl.lead_id IS NULL LIMIT 1) x`), clientID).Scan(&probe); err != nil {
		return 0, fmt.Errorf("find unlinked leads: %w", err)
	}
	if probe == 0 {
		return 0, nil
	}
	n := 0
	err := s.tx(ctx, func(tx *sql.Tx) error {
		n = 0
		if err := s.lockClient(ctx, tx, clientID); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, q, clientID, backfillBatch)
		if err != nil {
			return fmt.Errorf("find unlinked leads: %w", err)
		}
		type unlinked struct {
			id   string
			lead engine.Lead
		}
		var todo []unlinked
		for rows.Next() {
			var u unlinked
			var raw string
			if err := rows.Scan(&u.id, &raw); err != nil {
				rows.Close()
				return fmt.Errorf("find unlinked leads: %w", err)
			}
			_ = json.Unmarshal([]byte(raw), &u.lead) // an unreadable lead names no company
			todo = append(todo, u)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("find unlinked leads: %w", err)
		}
		now := s.now().UTC()
		for _, u := range todo {
			if err := s.attachLead(ctx, tx, clientID, u.id, u.lead, now); err != nil {
				return err
			}
		}
		n = len(todo)
		return nil
	})
	return n, err
}
