package delivery

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// nowLead is l with its post's date moved as if accountsNow were now.
func nowLead(l engine.Lead) engine.Lead {
	l.PublishedAt = l.PublishedAt.Add(time.Since(accountsNow))
	return l
}

// TestAccountHeated: three signals at one company from three sources
// stack above the threshold, which none reaches alone; the crossing
// sends one signed account.heated to the client's webhook, however often
// the accounts are checked; pending leads never heat an account; another
// client's channel hears nothing.
func TestAccountHeated(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		got := make(chan struct{}, 10)
		rc := newReceiver(t, func(int, http.ResponseWriter) { got <- struct{}{} })
		other := newReceiver(t, ok200)
		c, them := newClient(t, e.store, 0), newClient(t, e.store, 0)
		ch := addChannel(t, e, c.ID, rc.Srv.URL+"/hook", rc)
		addChannel(t, e, them.ID, other.Srv.URL, other)

		for _, body := range []string{`{"settings":{"accountThreshold":0}}`, `{"settings":{"accountThreshold":101}}`} {
			var bad struct{ Fields map[string]string }
			e.do(t, "PATCH", "/api/admin/clients/"+c.ID, body, 400, &bad)
			if bad.Fields["settings.accountThreshold"] == "" {
				t.Fatalf("%s: %+v", body, bad)
			}
		}
		var cl clients.Client
		e.do(t, "GET", "/api/admin/clients/"+c.ID, "", 200, &cl)
		if cl.Settings.AccountThreshold != clients.DefaultAccountThreshold {
			t.Fatalf("default threshold %d", cl.Settings.AccountThreshold)
		}

		sigs := acmeSignals()
		putLead(t, e.store, c.ID, clients.ReviewApproved, nowLead(sigs[0]))
		// Pending leads at Initech that would stack high: never counted.
		var pending []string
		for i, typ := range []engine.SignalType{engine.CompetitorEngagement, engine.HiringActivity, engine.JobChange, engine.FundingEvent} {
			pending = append(pending, putLead(t, e.store, c.ID, clients.ReviewPending, nowLead(sigLead("i"+string(rune('0'+i)), "Initech", "", typ, 1, 95))))
		}
		if n, err := e.store.HeatAccounts(ctx, c.ID); err != nil || n != 0 {
			t.Fatalf("one signal heated %d accounts: %v", n, err)
		}
		putLead(t, e.store, c.ID, clients.ReviewApproved, nowLead(sigs[1]))
		putLead(t, e.store, c.ID, clients.ReviewApproved, nowLead(sigs[2]))
		if n, err := e.store.HeatAccounts(ctx, c.ID); err != nil || n != 1 {
			t.Fatalf("three signals heated %d accounts: %v", n, err)
		}
		for range 2 {
			if n, err := e.store.HeatAccounts(ctx, c.ID); err != nil || n != 0 {
				t.Fatalf("heated again: %d %v", n, err)
			}
		}
		if n, err := e.store.HeatAccounts(ctx, them.ID); err != nil || n != 0 {
			t.Fatalf("the other client: %d %v", n, err)
		}

		e.start(t)
		select {
		case <-got:
		case <-time.After(30 * time.Second):
			t.Fatal("no account.heated arrived")
		}
		e.drained(t)
		n, ids := rc.Counts()
		if n != 1 || len(ids) != 1 {
			t.Fatalf("receiver got %d requests, ids %v", n, ids)
		}
		if n, _ := other.Counts(); n != 0 {
			t.Fatalf("the other client's channel got %d", n)
		}
		var body struct {
			Type      string
			Timestamp time.Time
			Data      struct {
				Account   clients.Account
				Score     int
				Threshold int
			}
		}
		for id, raw := range rc.Bodies {
			if err := json.Unmarshal(raw, &body); err != nil || body.Type != clients.EventAccountHeated {
				t.Fatalf("body %s: %v", raw, err)
			}
			if !strings.HasPrefix(id, "msg_") || strings.Contains(string(raw), "Initech") {
				t.Fatalf("id %s body %s", id, raw)
			}
		}
		a := body.Data.Account
		if a.Name != "Acme, Inc." || len(a.Signals) != 3 || body.Data.Score < clients.DefaultAccountThreshold || body.Data.Threshold != clients.DefaultAccountThreshold {
			t.Fatalf("event %+v", body.Data)
		}
		for _, part := range []string{"LaunchDarkly", "opened 3 roles", "VP Engineering"} {
			if !strings.Contains(a.WhyNow, part) {
				t.Errorf("why now %q lacks %q", a.WhyNow, part)
			}
		}
		if ids[clients.HeatedWebhookID(a.ID, ch, body.Timestamp)] != 1 {
			t.Fatalf("webhook ids %v", ids)
		}

		// Approving Initech's leads heats it: a second event, once.
		if res, err := e.store.Review(ctx, c.ID, pending, clients.ReviewApproved); err != nil || len(res) != 4 || res[0].Error != "" {
			t.Fatalf("approve: %+v %v", res, err)
		}
		e.drained(t) // the event was enqueued before Review returned
		events := map[string]int{}
		rc.Mu.Lock()
		for id, raw := range rc.Bodies {
			var b struct{ Type string }
			_ = json.Unmarshal(raw, &b)
			events[b.Type] += rc.IDs[id]
		}
		rc.Mu.Unlock()
		if events[clients.EventAccountHeated] != 2 || events["lead.created"] != 4 {
			t.Fatalf("events %v", events)
		}
	})
}
