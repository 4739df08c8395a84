package clients

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

func names(list []*Account) []string {
	var out []string
	for _, a := range list {
		out = append(out, a.Name+"|"+a.Domain)
	}
	return out
}

func TestAccountsStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.store.now = func() time.Time { return accountsNow }
		ctx := context.Background()
		c, other := newClient(t, e.store, 0), newClient(t, e.store, 0)
		acmeIDs := acmeLeads(t, e.store, c)
		theirs := putLead(t, e.store, other.ID, ReviewApproved, sigLead("c1", "Acme Inc", "", engine.CompetitorEngagement, 1, 90))

		list, next, err := e.store.Accounts(ctx, c.ID, AccountQuery{Limit: 10})
		if err != nil || next != "" {
			t.Fatal(next, err)
		}
		if got := strings.Join(names(list), ", "); got != "Acme, Inc.|acme.com, Globex Corporation|, Acme|acme.io" {
			t.Fatalf("accounts %s", got)
		}
		acme, globex := list[0], list[1]
		if len(acme.Signals) != 3 || acme.Score <= globex.Score || acme.Score > 100 {
			t.Fatalf("acme %+v, globex score %d", acme, globex.Score)
		}
		for i, want := range []string{acmeIDs[0], acmeIDs[1], acmeIDs[2]} { // newest first
			if acme.Signals[i].LeadID != want {
				t.Errorf("signal %d: %+v", i, acme.Signals[i])
			}
		}
		for _, part := range []string{"LaunchDarkly on Hacker News (Head of Platform)", "opened 3 roles (SRE, Platform Engineer)", "new VP Engineering (Ana Ruiz)"} {
			if !strings.Contains(acme.WhyNow, part) {
				t.Errorf("why now %q lacks %q", acme.WhyNow, part)
			}
		}
		if len(acme.People) != 2 || acme.People[0].Name != "Sam Lee" || acme.People[1].Title != "VP Engineering" || acme.People[1].ShowedUp[0] != "new role" {
			t.Errorf("people %+v", acme.People)
		}
		// Each signal alone scores below the three together.
		for _, l := range acmeSignals() {
			solo := newClient(t, e.store, 0)
			putLead(t, e.store, solo.ID, ReviewApproved, l)
			alone, _, err := e.store.Accounts(ctx, solo.ID, AccountQuery{Limit: 10})
			if err != nil || len(alone) != 1 || alone[0].Score >= acme.Score || alone[0].Score == 0 {
				t.Fatalf("%s alone: %+v %v", l.Detection.SignalType, alone, err)
			}
			t.Logf("%s alone: %d (all three: %d)", l.Detection.SignalType, alone[0].Score, acme.Score)
		}

		// The owner's view also counts the pending lead; the client's never.
		withPending, _, err := e.store.Accounts(ctx, c.ID, AccountQuery{Limit: 10, WithPending: true})
		if err != nil || len(withPending) != 4 || withPending[1].Name != "Initech LLC" || withPending[1].Signals[0].Review != ReviewPending {
			t.Fatalf("with pending %s %v", names(withPending), err)
		}
		if _, err := e.store.Account(ctx, c.ID, withPending[1].ID, false); !errors.Is(err, ErrNotFound) {
			t.Fatalf("pending-only account for the client: %v", err)
		}
		// Another client's account and lead stay theirs.
		theirList, _, _ := e.store.Accounts(ctx, other.ID, AccountQuery{Limit: 10})
		if len(theirList) != 1 || theirList[0].ID == acme.ID || theirList[0].Signals[0].LeadID != theirs {
			t.Fatalf("their accounts %+v", theirList)
		}
		if _, err := e.store.Account(ctx, other.ID, acme.ID, true); !errors.Is(err, ErrNotFound) {
			t.Fatalf("acme for the other client: %v", err)
		}

		// Paging.
		p1, cur, err := e.store.Accounts(ctx, c.ID, AccountQuery{Limit: 2})
		if err != nil || len(p1) != 2 || cur == "" {
			t.Fatal(len(p1), cur, err)
		}
		p2, cur2, err := e.store.Accounts(ctx, c.ID, AccountQuery{Limit: 2, Cursor: cur})
		if err != nil || len(p2) != 1 || cur2 != "" || p2[0].ID != list[2].ID {
			t.Fatal(names(p2), cur2, err)
		}
		if _, _, err := e.store.Accounts(ctx, c.ID, AccountQuery{Limit: 2, Cursor: "!!"}); !errors.Is(err, errBadCursor) {
			t.Fatal(err)
		}
		if _, _, err := e.store.Accounts(ctx, "nope", AccountQuery{Limit: 2}); !errors.Is(err, ErrNotFound) {
			t.Fatal(err)
		}

		// A lead stored before accounts existed is linked on the next read.
		execT(t, d, `INSERT INTO client_leads (id, client_id, post_id, post_key, url, tier, signal_type, score, lead, created_at)
			VALUES (?, ?, 'old', 'old', 'https://old.example', 'warm', 'funding_event', 50, ?, ?)`, db.NewID(), c.ID,
			`{"company":"Hooli GmbH","name":"Gavin"}`, d.TimeArg(accountsNow.Add(-time.Hour)))
		list, _, err = e.store.Accounts(ctx, c.ID, AccountQuery{Limit: 10})
		if err != nil || len(list) != 4 || !strings.Contains(strings.Join(names(list), ","), "Hooli GmbH|") {
			t.Fatalf("after backfill %s %v", names(list), err)
		}
	})
}

func TestAccountMerge(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.store.now = func() time.Time { return accountsNow }
		ctx := context.Background()
		c, other := newClient(t, e.store, 0), newClient(t, e.store, 0)
		acmeLeads(t, e.store, c)
		putLead(t, e.store, other.ID, ReviewApproved, sigLead("o1", "Umbrella", "", engine.FundingEvent, 1, 70))
		list, _, _ := e.store.Accounts(ctx, c.ID, AccountQuery{Limit: 10})
		acme, io := list[0], list[2]
		theirs, _, _ := e.store.Accounts(ctx, other.ID, AccountQuery{Limit: 10})

		for _, tc := range []struct {
			name           string
			client, id, to string
			want           func(error) bool
		}{
			{"into itself", c.ID, io.ID, io.ID, func(err error) bool { return ErrorFields(err)["into"] != "" }},
			{"no target", c.ID, io.ID, "", func(err error) bool { return ErrorFields(err)["into"] != "" }},
			{"into another client's", c.ID, io.ID, theirs[0].ID, func(err error) bool { return ErrorFields(err)["into"] != "" }},
			{"another client's", c.ID, theirs[0].ID, io.ID, func(err error) bool { return errors.Is(err, ErrNotFound) }},
			{"as another client", other.ID, io.ID, acme.ID, func(err error) bool { return errors.Is(err, ErrNotFound) }},
		} {
			if err := e.store.MergeAccount(ctx, tc.client, tc.id, tc.to); !tc.want(err) {
				t.Errorf("%s: %v", tc.name, err)
			}
		}
		if err := e.store.MergeAccount(ctx, c.ID, io.ID, acme.ID); err != nil {
			t.Fatal(err)
		}
		var ce conflictError
		if err := e.store.MergeAccount(ctx, c.ID, io.ID, acme.ID); !errors.As(err, &ce) {
			t.Fatalf("twice: %v", err)
		}
		if err := e.store.MergeAccount(ctx, c.ID, list[1].ID, io.ID); !errors.As(err, &ce) {
			t.Fatalf("into a merged one: %v", err)
		}
		// A new lead of the merged company's domain joins the merge.
		putLead(t, e.store, c.ID, ReviewApproved, sigLead("a3", "", "kim@acme.io", engine.HiringActivity, 2, 60))
		merged, err := e.store.Account(ctx, c.ID, acme.ID, false)
		if err != nil || len(merged.Signals) != 5 || merged.Score < acme.Score {
			t.Fatalf("merged %+v %v", merged, err)
		}
		if _, err := e.store.Account(ctx, c.ID, io.ID, false); !errors.Is(err, ErrNotFound) {
			t.Fatalf("merged away: %v", err)
		}
		// Splitting gives every signal back.
		if err := e.store.SplitAccount(ctx, c.ID, acme.ID); !errors.As(err, &ce) {
			t.Fatalf("split of an unmerged one: %v", err)
		}
		if err := e.store.SplitAccount(ctx, c.ID, io.ID); err != nil {
			t.Fatal(err)
		}
		back, _ := e.store.Account(ctx, c.ID, acme.ID, false)
		split, err := e.store.Account(ctx, c.ID, io.ID, false)
		if err != nil || len(back.Signals) != 3 || len(split.Signals) != 2 {
			t.Fatalf("split: %d + %v %v", len(back.Signals), split, err)
		}
	})
}
