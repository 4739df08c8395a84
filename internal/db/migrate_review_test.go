package db

import (
	"context"
	"path/filepath"
	"testing"
)

// TestReviewMigrationKeepsLeads: migration 34 rebuilds SQLite's
// client_leads (to widen the state CHECK for meeting_booked); every lead
// keeps its row, id and fields, comes out approved, its deliveries keep
// pointing at it, foreign keys check clean and are on again, and the new
// state is accepted (an unknown one still refused).
func TestReviewMigrationKeepsLeads(t *testing.T) {
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
	if _, err := p.UpTo(ctx, 33); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO clients (id, name, status, icp, settings, created_at, updated_at) VALUES ('c1', 'Acme', 'active', '{}', '{}', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
		`INSERT INTO client_leads (id, client_id, post_id, post_key, tier, signal_type, score, lead, state, note, created_at)
			VALUES ('l1', 'c1', 'p1', 'url:x', 'hot', 'funding_event', 80, '{"name":"Dana"}', 'contacted', 'called', '2026-01-02T00:00:00Z')`,
		`INSERT INTO client_channels (id, client_id, kind, target, cadence, created_at, updated_at) VALUES ('ch1', 'c1', 'webhook', 'https://x.example', 'instant', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
		`INSERT INTO client_deliveries (id, client_id, channel_id, lead_id, status, created_at) VALUES ('d1', 'c1', 'ch1', 'l1', 'delivered', '2026-01-02T00:00:00Z')`,
	} {
		if _, err := d.Writer.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.UpTo(ctx, 34); err != nil {
		t.Fatal(err)
	}
	var state, note, review, lead string
	if err := d.Reader.QueryRowContext(ctx, `SELECT state, note, review, lead FROM client_leads WHERE id = 'l1'`).Scan(&state, &note, &review, &lead); err != nil {
		t.Fatal(err)
	}
	if state != "contacted" || note != "called" || review != "approved" || lead != `{"name":"Dana"}` {
		t.Fatalf("lead after the migration: %s %s %s %s", state, note, review, lead)
	}
	var n int
	if err := d.Reader.QueryRowContext(ctx, `SELECT count(*) FROM client_deliveries WHERE lead_id = 'l1'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("deliveries of the lead: %d %v", n, err)
	}
	rows, err := d.Writer.QueryContext(ctx, `PRAGMA foreign_key_check`)
	if err != nil {
		t.Fatal(err)
	}
	if rows.Next() {
		t.Fatal("foreign_key_check reports a broken reference")
	}
	rows.Close()
	var fk int
	if err := d.Writer.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Fatalf("foreign keys %d after the migration (%v)", fk, err)
	}
	if _, err := d.Writer.ExecContext(ctx, `UPDATE client_leads SET state = 'meeting_booked' WHERE id = 'l1'`); err != nil {
		t.Fatalf("meeting_booked refused: %v", err)
	}
	if _, err := d.Writer.ExecContext(ctx, `UPDATE client_leads SET state = 'negotiating' WHERE id = 'l1'`); err == nil {
		t.Fatal("an unknown state was accepted")
	}
	if _, err := d.Writer.ExecContext(ctx, `DELETE FROM clients WHERE id = 'c1'`); err != nil {
		t.Fatal(err)
	}
	if err := d.Reader.QueryRowContext(ctx, `SELECT count(*) FROM client_deliveries`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("cascade after the rebuild: %d deliveries left (%v)", n, err)
	}
}
