package portal

import (
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestPortalLead: GET /api/client/leads/{id} answers one approved lead of
// the session's client (the lead an email's /portal?lead=<id> link
// opens); a pending, rejected or another client's lead is 404, and
// without a session it is 401.
func TestPortalLead(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, ph := portalEnv(t, d)
		c, other := newClient(t, e.store, 0), newClient(t, e.store, 0)
		mine := putLead(t, e.store, c.ID, clients.ReviewApproved, sigLead("m1", "Acme", "", engine.FundingEvent, 1, 70))
		pending := putLead(t, e.store, c.ID, clients.ReviewPending, sigLead("p1", "Initech", "", engine.FundingEvent, 1, 60))
		rejected := putLead(t, e.store, c.ID, clients.ReviewRejected, sigLead("r1", "Hooli", "", engine.FundingEvent, 1, 60))
		theirs := putLead(t, e.store, other.ID, clients.ReviewApproved, sigLead("x1", "Wayne Enterprises", "", engine.FundingEvent, 1, 70))
		_, _, cookie := accept(ph, invite(t, ph, c.ID, `{"email":"ana@acme.example"}`), portalPassword, "")
		sess := with(sameSite, "Cookie", cookie.Name+"="+cookie.Value)
		var got clients.ClientLead
		getJSON(t, ph, "/api/client/leads/"+mine, sess, 200, &got)
		if got.ID != mine || got.ClientID != c.ID {
			t.Fatalf("lead %+v, want %s", got, mine)
		}
		for _, id := range []string{pending, rejected, theirs, "nope"} {
			getJSON(t, ph, "/api/client/leads/"+id, sess, 404, nil)
		}
		getJSON(t, ph, "/api/client/leads/"+mine, sameSite, 401, nil)
	})
}
