package clients

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestLeadWhyNow: a lead whose company's account holds other signals
// carries the account's "why now" (one lead's read, the inbox's page),
// and its email and Slack message say it; a lead alone at its company
// carries none, and another client's signals never count.
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
		var body map[string]any
		_ = json.Unmarshal(l.Lead, &body)
		body["draft"] = map[string]any{"subject": "Hello", "body": "Hi Sam,\n\nA draft."}
		l.Lead, _ = json.Marshal(body)
		m, err := emailMessage(l, "d1", []string{"a@x.example"}, feedbackLinks{}, "x.example", "https://app.example", Brand{})
		if err != nil {
			t.Fatal(err)
		}
		for _, body := range []string{m.Text, m.HTML} {
			if !strings.Contains(body, "Why now at Acme, Inc.") || !strings.Contains(body, "opened 3 roles") || !strings.Contains(body, "A draft.\n\nP.S. I noticed") {
				t.Fatalf("email lacks why now: %s", body)
			}
		}
		b, err := slackMessage(l, feedbackLinks{}, nil, "", Brand{})
		if err != nil || !strings.Contains(string(b), "Why now at Acme, Inc.") || !strings.Contains(string(b), "opened 3 roles") ||
			!strings.Contains(string(b), `A draft.\n\nP.S. I noticed Acme`) {
			t.Fatalf("slack lacks why now: %s %v", b, err)
		}
		l.Account = nil
		m, _ = emailMessage(l, "d1", []string{"a@x.example"}, feedbackLinks{}, "x.example", "https://app.example", Brand{})
		if strings.Contains(m.Text, "Why now") {
			t.Fatalf("an email without an account says why now: %s", m.Text)
		}
	})
}
