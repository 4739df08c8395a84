package clients

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/accounts"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestAccountRankFollowsWrites: the accounts list, ranked from each
// instance's summary, answers what building every account answers, after
// every kind of write, whichever instance wrote it: a new lead, a review,
// a merge and a split, a lead's score changed by another path, a deleted
// lead, a lead stored unlinked.
func TestAccountRankFollowsWrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		clock := func() time.Time { return accountsNow }
		e.store.now = clock
		other := NewStore(d, nil) // another instance
		other.now = clock
		ctx := context.Background()
		c := newClient(t, e.store, 0)
		acmeLeads(t, e.store, c)
		step := func(name string) {
			t.Helper()
			for _, pending := range []bool{false, true} {
				full, err := e.store.accountsOf(ctx, c.ID, "", pending)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := json.Marshal(full)
				for i, s := range []*Store{e.store, other} {
					var got []*Account
					cursor := ""
					for {
						page, next, err := s.Accounts(ctx, c.ID, AccountQuery{Limit: 2, Cursor: cursor, WithPending: pending})
						if err != nil {
							t.Fatal(err)
						}
						got = append(got, page...)
						if cursor = next; cursor == "" {
							break
						}
					}
					if b, _ := json.Marshal(got); string(b) != string(want) {
						t.Fatalf("%s (pending %v, instance %d):\n got %s\nwant %s", name, pending, i, names(got), names(full))
					}
				}
			}
		}
		step("first read")
		initech := putLead(t, e.store, c.ID, ReviewPending, sigLead("i2", "Initech LLC", "", engine.JobChange, 2, 95))
		step("a new pending lead")
		if _, err := e.store.Review(ctx, c.ID, []string{initech}, ReviewApproved); err != nil {
			t.Fatal(err)
		}
		step("approved")
		list, _, _ := e.store.Accounts(ctx, c.ID, AccountQuery{Limit: 10, WithPending: true})
		last := list[len(list)-1]
		if err := e.store.MergeAccount(ctx, c.ID, last.ID, list[len(list)-2].ID); err != nil {
			t.Fatal(err)
		}
		step("merged")
		putLead(t, e.store, c.ID, ReviewApproved, sigLead("g2", "Globex Corporation", "", engine.FundingEvent, 1, 99))
		step("a lead joins")
		if err := other.SplitAccount(ctx, c.ID, last.ID); err != nil {
			t.Fatal(err)
		}
		step("split on the other instance")
		execT(t, d, `UPDATE client_leads SET score = 5 WHERE id = ?`, list[0].Signals[0].LeadID)
		step("a score changed")
		execT(t, d, `UPDATE client_leads SET review = 'rejected' WHERE id = ?`, initech)
		step("rejected")
		execT(t, d, `DELETE FROM client_leads WHERE id = ?`, list[0].Signals[len(list[0].Signals)-1].LeadID)
		step("a lead deleted")
		execT(t, d, `INSERT INTO client_leads (id, client_id, post_id, post_key, url, tier, signal_type, score, lead, created_at)
			VALUES (?, ?, 'old', 'old', 'https://old.example', 'warm', 'funding_event', 90, ?, ?)`, db.NewID(), c.ID,
			`{"company":"Hooli GmbH","name":"Gavin"}`, d.TimeArg(accountsNow.Add(-time.Hour)))
		step("an unlinked lead")
		execT(t, d, `UPDATE client_leads SET lead = ? WHERE post_key = 'old'`,
			`{"company":"Hooli GmbH","name":"Gavin","publishedAt":"2026-08-01T00:00:00Z"}`)
		step("a lead's date in its body")
	})
}

// TestRerank: ranking down the last order's upper bounds gives, at each
// later time, the first need accounts a full sort gives, with their
// exact scores, and keeps the list sorted by what it holds.
func TestRerank(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 7))
	types := []string{"competitor_engagement", "tech_research", "job_change", "hiring_activity", "funding_event"}
	t0 := accountsNow
	var list []rankedAccount
	for i := range 3000 {
		sigs := make([]accounts.Signal, 1+r.IntN(6))
		for j := range sigs {
			sigs[j] = accounts.Signal{Type: types[r.IntN(len(types))], At: t0.Add(-time.Duration(r.Int64N(int64(100*24*time.Hour))) + 2*time.Hour),
				Strength: float64(40+r.IntN(60)) / 100}
		}
		p := accounts.Prepare(sigs)
		list = append(list, rankedAccount{id: fmt.Sprintf("a%04d", i), p: &p, last: p.Last.UnixNano()})
	}
	for i := range list {
		list[i].score, _ = list[i].p.Score(t0, nil)
	}
	slices.SortFunc(list, cmpRanked)
	now := t0
	for step := range 40 {
		now = now.Add(time.Duration(r.Int64N(int64(3 * 24 * time.Hour))))
		need := 1 + r.IntN(200)
		if step%5 == 0 {
			need = 1 + r.IntN(len(list)-1)
		}
		list = rerank(list, need, now, nil, nil)
		full := slices.Clone(list)
		for i := range full {
			full[i].score, _ = full[i].p.Score(now, nil)
		}
		slices.SortFunc(full, cmpRanked)
		for i := range need {
			if list[i].id != full[i].id || list[i].score != full[i].score {
				t.Fatalf("step %d (need %d): #%d is %s %d, want %s %d", step, need, i, list[i].id, list[i].score, full[i].id, full[i].score)
			}
		}
		if !slices.IsSortedFunc(list, cmpRanked) {
			t.Fatalf("step %d: the list is no longer sorted by what it holds", step)
		}
	}
}
