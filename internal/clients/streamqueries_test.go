package clients

import (
	"context"
	"testing"

	"github.com/signalpipe/signalpipe/internal/search/querylang"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

// Only active agents of active clients give their queries.
func TestActiveQueries(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d, nil)
		live := newClient(t, s, 0)
		newAgent(t, s, live.ID, func(a *Agent) { a.Queries = []string{`"crm alternative"`, "hiring OR hired"} })
		newAgent(t, s, live.ID, func(a *Agent) { a.Queries = []string{"observability"}; a.Active = false })
		paused := newClient(t, s, 0)
		newAgent(t, s, paused.ID, func(a *Agent) { a.Queries = []string{"payroll"} })
		if _, err := s.UpdateClient(ctx, paused.ID, func(c *Client) error { c.Status = StatusPaused; return nil }); err != nil {
			t.Fatal(err)
		}
		qs, err := s.ActiveQueries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(qs) != 2 || !querylang.Match(qs, "Any CRM alternative?") || !querylang.Match(qs, "we hired two") || querylang.Match(qs, "observability and payroll") {
			t.Fatalf("active queries %+v", qs)
		}
	})
}
