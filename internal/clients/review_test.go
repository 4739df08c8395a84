package clients

import (
	"context"
	"strings"
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
		if leads[0].Score != 100 {
			t.Fatalf("the strong test post scores %d, want 100", leads[0].Score)
		}

		c := reviewClient(t, e)
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"deliveryMode":"auto"}}`, 400, nil)
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"deliveryMode":"auto","autoApproveAt":101}}`, 400, nil)
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"deliveryMode":"sometimes","autoApproveAt":50}}`, 400, nil)
		var got Client
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"deliveryMode":"auto","autoApproveAt":100}}`, 200, &got)
		if got.Settings.DeliveryMode != ModeAuto || got.Settings.AutoApproveAt != 100 {
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
			case l.Score >= 100 && l.Review == ReviewApproved:
				approved++
			case l.Score < 100 && l.Review == ReviewPending:
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

// TestFirstBatchChannels: channels made from onboarding for a client in
// review mode start paused; the first approval turns them on and the
// approved lead goes to them.
func TestFirstBatchChannels(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		c := &Client{Name: "Acme", Status: StatusActive, ICP: testICP(), Settings: Settings{DeliveryMode: ModeReview}}
		rc := newReceiver(t, ok200)
		made, err := e.store.CreateClientWithChannels(ctx, c, []PlannedChannel{{Kind: ChannelWebhook, Target: rc.srv.URL, Cadence: CadenceInstant}})
		if err != nil || len(made) != 1 {
			t.Fatal(made, err)
		}
		chs, _ := e.store.Channels(ctx, c.ID)
		if chs[0].Status != ChannelPaused || chs[0].DisabledReason != FirstBatchReason {
			t.Fatalf("onboarding channel %+v", chs[0])
		}
		rc.secret = chs[0].secret
		addPosts(t, e, intentPost(1))
		e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		leads, _, _ := e.store.Leads(ctx, c.ID, LeadFilter{Limit: 10})
		var out struct{ Queued int }
		e.do(t, "POST", "/api/admin/client-leads/"+leads[0].ID+"/approve", "", 200, &out)
		chs, _ = e.store.Channels(ctx, c.ID)
		if out.Queued != 1 || chs[0].Status != ChannelActive {
			t.Fatalf("after the first approval: queued %d, channel %+v", out.Queued, chs[0])
		}
		e.start(t)
		waitFor(t, "the delivery", func() bool { return countDeliveries(t, d, "status = ?", DeliveryDelivered) == 1 })

		// Choosing auto mode is the owner's go-ahead too.
		c2 := &Client{Name: "Beta", Status: StatusActive, ICP: testICP(), Settings: Settings{DeliveryMode: ModeReview}}
		if _, err := e.store.CreateClientWithChannels(ctx, c2, []PlannedChannel{{Kind: ChannelWebhook, Target: rc.srv.URL, Cadence: CadenceInstant}}); err != nil {
			t.Fatal(err)
		}
		e.do(t, "PATCH", "/api/admin/clients/"+c2.ID, `{"settings":{"deliveryMode":"auto","autoApproveAt":90}}`, 200, nil)
		if got := channelOf(t, e, c2.ID); got.Status != ChannelActive {
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
		ch := addChannel(t, e, c.ID, rc.srv.URL, rc)
		addPosts(t, e, intentPost(1))
		e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		leads, _, _ := e.store.Leads(context.Background(), c.ID, LeadFilter{Limit: 10})
		id := leads[0].ID
		e.do(t, "PATCH", "/api/admin/client-leads/"+id+"/draft", `{"subject":"a\nb"}`, 400, nil)
		e.do(t, "PATCH", "/api/admin/client-leads/"+id+"/draft", `{}`, 400, nil)
		e.do(t, "PATCH", "/api/admin/client-leads/"+id+"/draft", `{"body":"x","sign":"y"}`, 400, nil)
		e.do(t, "PATCH", "/api/admin/client-leads/nope/draft", `{"body":"x"}`, 404, nil)
		e.do(t, "PATCH", "/api/admin/client-leads/"+id+"/draft", `{"subject":"Your Series B","body":"Hi Dana, congratulations on the round."}`, 200, nil)
		e.do(t, "POST", "/api/admin/client-leads/"+id+"/approve", "", 200, nil)
		e.start(t)
		waitFor(t, "the delivery", func() bool { return countDeliveries(t, d, "status = ?", DeliveryDelivered) == 1 })
		rc.mu.Lock()
		body := string(rc.bodies[DeliveryID(id, ch)])
		rc.mu.Unlock()
		if !strings.Contains(body, "congratulations on the round") || !strings.Contains(body, "Your Series B") {
			t.Fatalf("delivered %s", body)
		}
	})
}
