package db

import (
	"context"
	"path/filepath"
	"testing"
)

// TestAccountStampsMigration: migration 37 lists the leads no company
// link covers (and only those), its triggers raise a company's stamp
// when a linked lead's review changes or a lead is linked to it, and keep
// the unlinked list as leads come and are linked; it goes down cleanly.
func TestAccountStampsMigration(t *testing.T) {
	ctx := context.Background()
	d, err := Open(ctx, Options{SQLitePath: filepath.Join(t.TempDir(), "sp.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	p, err := d.migrator()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 36); err != nil {
		t.Fatal(err)
	}
	exec := func(qs ...string) {
		t.Helper()
		for _, q := range qs {
			if _, err := d.Writer.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}
	lead := func(id string) string {
		return `INSERT INTO client_leads (id, client_id, post_id, post_key, tier, signal_type, score, lead, created_at)
			VALUES ('` + id + `', 'c1', '` + id + `', 'k:` + id + `', 'hot', 'funding_event', 80, '{}', '2026-01-02T00:00:00Z')`
	}
	exec(`INSERT INTO clients (id, name, status, icp, settings, created_at, updated_at) VALUES ('c1', 'Acme', 'active', '{}', '{}', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
		`INSERT INTO client_companies (id, client_id, name, created_at) VALUES ('co1', 'c1', 'Acme', '2026-01-01T00:00:00Z')`,
		lead("l1"), lead("l2"),
		`INSERT INTO client_company_leads (lead_id, client_id, company_id, resolved_id, confidence, matched_by) VALUES ('l1', 'c1', 'co1', 'co1', 1, 'name')`)
	if _, err := p.UpTo(ctx, 37); err != nil {
		t.Fatal(err)
	}
	unlinked := func() string {
		t.Helper()
		var ids string
		if err := d.Reader.QueryRowContext(ctx, `SELECT COALESCE(group_concat(lead_id, ','), '') FROM (SELECT lead_id FROM client_unlinked_leads ORDER BY lead_id)`).Scan(&ids); err != nil {
			t.Fatal(err)
		}
		return ids
	}
	stamp := func() int {
		t.Helper()
		var n int
		if err := d.Reader.QueryRowContext(ctx, `SELECT stamp FROM client_companies WHERE id = 'co1'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if got := unlinked(); got != "l2" {
		t.Fatalf("unlinked after the migration: %q", got)
	}
	exec(`UPDATE client_leads SET review = 'rejected' WHERE id = 'l1'`)
	if stamp() != 1 {
		t.Fatalf("stamp after a review: %d", stamp())
	}
	exec(`UPDATE client_leads SET state = 'won' WHERE id = 'l1'`, `UPDATE client_leads SET review = 'rejected' WHERE id = 'l1'`)
	if stamp() != 1 {
		t.Fatalf("stamp after writes the list does not read: %d", stamp())
	}
	exec(lead("l3"))
	if got := unlinked(); got != "l2,l3" {
		t.Fatalf("unlinked after a new lead: %q", got)
	}
	exec(`INSERT INTO client_company_leads (lead_id, client_id, company_id, resolved_id, confidence, matched_by) VALUES ('l3', 'c1', 'co1', 'co1', 1, 'name')`,
		`INSERT INTO client_company_leads (lead_id, client_id, confidence, matched_by) VALUES ('l2', 'c1', 0, 'none')`)
	if got := unlinked(); got != "" || stamp() != 2 {
		t.Fatalf("after linking: unlinked %q, stamp %d", got, stamp())
	}
	exec(`DELETE FROM client_leads WHERE id = 'l3'`)
	if stamp() != 3 {
		t.Fatalf("stamp after a linked lead went: %d", stamp())
	}
	if _, err := p.DownTo(ctx, 36); err != nil {
		t.Fatal(err)
	}
	exec(lead("l4"))
}
