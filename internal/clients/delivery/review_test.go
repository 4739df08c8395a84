package delivery

import (
	"context"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

// TestFirstBatchChannels: channels made from onboarding for a client in
// review mode start paused; the first approval turns them on and the
// approved lead goes to them.
func TestFirstBatchChannels(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		c := &clients.Client{Name: "Acme", Status: clients.StatusActive, ICP: testICP(), Settings: clients.Settings{DeliveryMode: clients.ModeReview}}
		rc := newReceiver(t, ok200)
		made, err := e.store.CreateClientWithChannels(ctx, c, []clients.PlannedChannel{{Kind: clients.ChannelWebhook, Target: rc.Srv.URL, Cadence: clients.CadenceInstant}})
		if err != nil || len(made) != 1 {
			t.Fatal(made, err)
		}
		chs, _ := e.store.Channels(ctx, c.ID)
		if chs[0].Status != clients.ChannelPaused || chs[0].DisabledReason != clients.FirstBatchReason {
			t.Fatalf("onboarding channel %+v", chs[0])
		}
		rc.Secret = chs[0].Secret()
		addPosts(t, e, intentPost(1))
		e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		leads, _, _ := e.store.Leads(ctx, c.ID, clients.LeadFilter{Limit: 10})
		var out struct{ Queued int }
		e.do(t, "POST", "/api/admin/client-leads/"+leads[0].ID+"/approve", "", 200, &out)
		chs, _ = e.store.Channels(ctx, c.ID)
		if out.Queued != 1 || chs[0].Status != clients.ChannelActive {
			t.Fatalf("after the first approval: queued %d, channel %+v", out.Queued, chs[0])
		}
		e.start(t)
		waitFor(t, "the delivery", func() bool { return countDeliveries(t, d, "status = ?", clients.DeliveryDelivered) == 1 })

		// Choosing auto mode is the owner's go-ahead too.
		c2 := &clients.Client{Name: "Beta", Status: clients.StatusActive, ICP: testICP(), Settings: clients.Settings{DeliveryMode: clients.ModeReview}}
		if _, err := e.store.CreateClientWithChannels(ctx, c2, []clients.PlannedChannel{{Kind: clients.ChannelWebhook, Target: rc.Srv.URL, Cadence: clients.CadenceInstant}}); err != nil {
			t.Fatal(err)
		}
		e.do(t, "PATCH", "/api/admin/clients/"+c2.ID, `{"settings":{"deliveryMode":"auto","autoApproveAt":90}}`, 200, nil)
		if got := channelOf(t, e, c2.ID); got.Status != clients.ChannelActive {
			t.Fatalf("after auto mode: %+v", got)
		}
	})
}

// TestDraftEdit: the owner's edit of a draft in the queue is what the
// client receives; bad edits are 400 and change nothing.
func TestDraftEdit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		rc := newReceiver(t, ok200)
		c := reviewClient(t, e)
		ch := addChannel(t, e, c.ID, rc.Srv.URL, rc)
		addPosts(t, e, intentPost(1))
		e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		leads, _, _ := e.store.Leads(context.Background(), c.ID, clients.LeadFilter{Limit: 10})
		id := leads[0].ID
		e.do(t, "PATCH", "/api/admin/client-leads/"+id+"/draft", `{"subject":"a\nb"}`, 400, nil)
		e.do(t, "PATCH", "/api/admin/client-leads/"+id+"/draft", `{}`, 400, nil)
		e.do(t, "PATCH", "/api/admin/client-leads/"+id+"/draft", `{"body":"x","sign":"y"}`, 400, nil)
		e.do(t, "PATCH", "/api/admin/client-leads/nope/draft", `{"body":"x"}`, 404, nil)
		e.do(t, "PATCH", "/api/admin/client-leads/"+id+"/draft", `{"subject":"Your Series B","body":"Hi Dana, congratulations on the round."}`, 200, nil)
		e.do(t, "POST", "/api/admin/client-leads/"+id+"/approve", "", 200, nil)
		e.start(t)
		waitFor(t, "the delivery", func() bool { return countDeliveries(t, d, "status = ?", clients.DeliveryDelivered) == 1 })
		rc.Mu.Lock()
		body := string(rc.Bodies[clients.DeliveryID(id, ch)])
		rc.Mu.Unlock()
		if !strings.Contains(body, "congratulations on the round") || !strings.Contains(body, "Your Series B") {
			t.Fatalf("delivered %s", body)
		}
	})
}
