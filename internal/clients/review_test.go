package clients

import (
	"context"
	"fmt"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

// TestAutoApprove: auto mode approves (and delivers) the leads at or
// above autoApproveAt and queues the rest; a client stored before review
// existed reads as auto from 1, so it keeps delivering every lead.
func TestAutoApprove(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		legacy := newClient(t, e.store, 0) // settings without a mode, as stored before
		if legacy.Settings.DeliveryMode != ModeAuto || legacy.Settings.AutoApproveAt != 1 {
			t.Fatalf("legacy settings %+v", legacy.Settings)
		}
		addPosts(t, e, intentPost(1), intentPost(2))
		e.runNow(t, newAgent(t, e.store, legacy.ID, nil).ID)
		leads, _, _ := e.store.Leads(context.Background(), legacy.ID, LeadFilter{Limit: 10, Delivered: true})
		if len(leads) != 2 {
			t.Fatalf("legacy client sees %d leads, want 2", len(leads))
		}
		// The strong test post's score is the engine's (99 or 100 as the
		// detector's calibrated strength moves with a refit): the client
		// below auto-approves from exactly that score.
		top := leads[0].Score
		if top < 90 {
			t.Fatalf("the strong test post scores %d, want at least 90", top)
		}

		c := reviewClient(t, e)
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"deliveryMode":"auto"}}`, 400, nil)
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"deliveryMode":"auto","autoApproveAt":101}}`, 400, nil)
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"deliveryMode":"sometimes","autoApproveAt":50}}`, 400, nil)
		var got Client
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, fmt.Sprintf(`{"settings":{"deliveryMode":"auto","autoApproveAt":%d}}`, top), 200, &got)
		if got.Settings.DeliveryMode != ModeAuto || got.Settings.AutoApproveAt != top {
			t.Fatalf("settings %+v", got.Settings)
		}
		weak := intentPost(3)
		weak.Text = "Looking at a few sales engagement tools this quarter, any thoughts?"
		addPosts(t, e, intentPost(4), weak)
		e.runNow(t, newAgent(t, e.store, c.ID, func(a *Agent) { a.Threshold = 1 }).ID)
		var all struct{ Leads []ClientLead }
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads", "", 200, &all)
		var approved, pending int
		for _, l := range all.Leads {
			switch {
			case l.Score >= top && l.Review == ReviewApproved:
				approved++
			case l.Score < top && l.Review == ReviewPending:
				pending++
			default:
				t.Fatalf("lead scoring %d is %s", l.Score, l.Review)
			}
		}
		if approved == 0 || pending == 0 {
			t.Fatalf("%d approved, %d pending: the test needs both", approved, pending)
		}
	})
}
