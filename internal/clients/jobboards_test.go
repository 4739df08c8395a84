package clients

import (
	"context"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

// TestClientJobBoards: a client's settings.jobBoards are checked and
// stored in one form (kind:token=Company, each board once); a bad one is a
// 400 naming it; Store.JobBoards lists the onboarding and active clients'
// boards, each once across clients, and leaves a paused client's out.
func TestClientJobBoards(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		a, b := newClient(t, e.store, 0), newClient(t, e.store, 0)
		var got Client
		e.do(t, "PATCH", "/api/admin/clients/"+a.ID, `{"settings":{"jobBoards":["greenhouse:stripe", " Lever : netflix = Netflix Inc", "GREENHOUSE:Stripe", ""]}}`, 200, &got)
		if strings.Join(got.Settings.JobBoards, " | ") != "greenhouse:stripe=Stripe | lever:netflix=Netflix Inc" {
			t.Fatalf("stored %q", got.Settings.JobBoards)
		}
		e.do(t, "PATCH", "/api/admin/clients/"+a.ID, `{"settings":{"jobBoards":["workday:acme"]}}`, 400, nil)
		e.do(t, "PATCH", "/api/admin/clients/"+b.ID, `{"settings":{"jobBoards":["greenhouse:stripe","ashby:linear"]}}`, 200, nil)
		keys := func() string {
			boards, err := e.store.JobBoards(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, bd := range boards {
				out = append(out, bd.Key())
			}
			return strings.Join(out, ",")
		}
		if k := keys(); len(k) != len("greenhouse:stripe,lever:netflix,ashby:linear") || !strings.Contains(k, "ashby:linear") || strings.Count(k, "stripe") != 1 {
			t.Fatalf("boards %q", k)
		}
		e.do(t, "PATCH", "/api/admin/clients/"+b.ID, `{"status":"paused"}`, 200, nil)
		if k := keys(); strings.Contains(k, "ashby:linear") || !strings.Contains(k, "greenhouse:stripe") {
			t.Fatalf("a paused client's boards read: %q", k)
		}
	})
}
