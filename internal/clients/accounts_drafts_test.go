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

func TestSeniority(t *testing.T) {
	for title, want := range map[string]string{
		"VP Engineering": SeniorityExecutive, "Head of Platform": SeniorityExecutive, "CTO": SeniorityExecutive,
		"Co-founder & CEO": SeniorityExecutive, "Director, IT": SeniorityExecutive, "Engineering Manager": SeniorityManager,
		"Staff Engineer": SeniorityManager, "Tech Lead": SeniorityManager, "SRE": SeniorityPractitioner,
		"Software Engineer": SeniorityPractitioner, "": "",
		"Headless CMS developer": SeniorityPractitioner, "Vice President of Sales": SeniorityExecutive,
	} {
		if got := seniority(title); got != want {
			t.Errorf("%q: %q, want %q", title, got, want)
		}
	}
}

// TestAccountPeopleDrafts: on one account's read, each person of the
// buying committee has their seniority and a draft of their own: the
// template of how they showed up, their name and their role, in the
// client's facts; the list carries none.
func TestAccountPeopleDrafts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.store.now = func() time.Time { return accountsNow }
		ctx := context.Background()
		c := newClient(t, e.store, 0)
		acmeLeads(t, e.store, c)
		dev := sigLead("d1", "Acme Inc", "", engine.TechResearch, 4, 70)
		dev.Name, dev.Title, dev.FullContext = "Lee Park", "Software Engineer", "Evaluating feature flag tools for our services"
		putLead(t, e.store, c.ID, ReviewApproved, dev)
		list, _, err := e.store.Accounts(ctx, c.ID, AccountQuery{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range list[0].People {
			if p.Draft != nil || p.Seniority != "" {
				t.Fatalf("the list carries a draft: %+v", p)
			}
		}
		a, err := e.store.Account(ctx, c.ID, list[0].ID, false)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]AccountPerson{}
		for _, p := range a.People {
			got[p.Name] = p
		}
		for name, want := range map[string]struct{ seniority, template, greets, says string }{
			"Sam Lee":  {SeniorityExecutive, "competitor-engagement", "Hi Sam,", ""},
			"Ana Ruiz": {SeniorityExecutive, "new-role-alert", "Hi Ana,", "VP Engineering"},
			"Lee Park": {SeniorityPractitioner, "content-consumption", "Hi Lee,", ""},
		} {
			p, ok := got[name]
			if !ok || p.Draft == nil {
				t.Fatalf("%s: %+v (people %+v)", name, p, a.People)
			}
			if p.Seniority != want.seniority || p.Draft.TemplateID != want.template || !strings.HasPrefix(p.Draft.Body, want.greets) ||
				!strings.Contains(p.Draft.Body, want.says) || p.Draft.Subject == "" {
				t.Errorf("%s: %s, draft %+v", name, p.Seniority, p.Draft)
			}
		}
		// Each ends with the company's news the others' signals tell, never
		// their own: the VP is not told she is new.
		for name, want := range map[string]string{
			"Sam Lee":  "P.S. I noticed Acme, Inc. is hiring (SRE, Platform Engineer) and has a new VP Engineering.",
			"Ana Ruiz": "P.S. I noticed Acme, Inc. is hiring (SRE, Platform Engineer).",
			"Lee Park": "P.S. I noticed Acme, Inc. is hiring (SRE, Platform Engineer) and has a new VP Engineering.",
		} {
			if !strings.HasSuffix(got[name].Draft.Body, "\n\n"+want) {
				t.Errorf("%s's draft does not end with %q: %q", name, want, got[name].Draft.Body)
			}
		}
		if got["Sam Lee"].Draft.Body == got["Ana Ruiz"].Draft.Body {
			t.Fatal("two people, one draft")
		}
	})
}
