package clients

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestLeadWhyNow: a lead whose company's account holds other signals
// carries the account's "why now" (one lead's read, the inbox's page)
// and its postscript (its email and Slack message say them:
// internal/clients/delivery TestLeadWhyNowMessages); a lead alone at its
// company carries none, and another client's signals never count.
func TestLeadWhyNow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.store.now = func() time.Time { return accountsNow }
		ctx := context.Background()
		c, other := newClient(t, e.store, 0), newClient(t, e.store, 0)
		acme := acmeLeads(t, e.store, c)
		globex := putLead(t, e.store, other.ID, ReviewApproved, sigLead("g9", "Globex Corporation", "", engine.CompetitorEngagement, 3, 80))
		putLead(t, e.store, other.ID, ReviewApproved, sigLead("g8", "Globex Corporation", "", engine.FundingEvent, 3, 80))

		l, err := e.store.Lead(ctx, c.ID, acme[0])
		if err != nil {
			t.Fatal(err)
		}
		a := l.Account
		if a == nil || a.Name != "Acme, Inc." || a.Signals != 3 || a.Score < 70 {
			t.Fatalf("acme lead's account %+v", a)
		}
		for _, part := range []string{"LaunchDarkly on Hacker News", "opened 3 roles", "new VP Engineering"} {
			if !strings.Contains(a.WhyNow, part) {
				t.Fatalf("why now %q lacks %q", a.WhyNow, part)
			}
		}
		page, _, err := e.store.Leads(ctx, c.ID, LeadFilter{Limit: 25})
		if err != nil {
			t.Fatal(err)
		}
		with := 0
		for _, p := range page {
			switch {
			case p.Account != nil && p.Account.ID == a.ID:
				with++
			case p.Account != nil:
				t.Errorf("lead %s carries %+v", p.ID, p.Account)
			}
		}
		if with != 3 {
			t.Fatalf("%d of the inbox's leads carry Acme's why now, want 3", with)
		}
		// Globex: c's lone complaint says nothing more than itself, though
		// the other client has two signals there.
		for _, p := range page {
			if strings.Contains(string(p.Lead), "Globex") && p.Account != nil {
				t.Fatalf("a lone lead carries %+v", p.Account)
			}
		}
		if g, err := e.store.Lead(ctx, other.ID, globex); err != nil || g.Account == nil || g.Account.Signals != 2 {
			t.Fatalf("the other client's globex lead: %+v %v", g, err)
		}

		if want := "P.S. I noticed Acme, Inc. is hiring (SRE, Platform Engineer) and has a new VP Engineering."; a.Postscript != want {
			t.Fatalf("postscript %q, want %q", a.Postscript, want)
		}
		if vp, err := e.store.Lead(ctx, c.ID, acme[2]); err != nil || vp.Account == nil || strings.Contains(vp.Account.Postscript, "new VP") {
			t.Fatalf("the new VP's own lead: %+v %v", vp.Account, err)
		}
	})
}
