package clients

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// reviewClient makes a client through the admin call (review mode, as
// every new client), active, and returns it.
func reviewClient(t *testing.T, e *env) *Client {
	t.Helper()
	var c Client
	e.do(t, "POST", "/api/admin/clients", `{"name":"Acme","status":"active","icp":{"targetTitles":["VP Sales"],"industries":["Fintech"]}}`, 201, &c)
	if c.Settings.DeliveryMode != ModeReview {
		t.Fatalf("a new client's mode %q, want review", c.Settings.DeliveryMode)
	}
	return &c
}

// TestReviewGate: in review mode a run's leads wait pending: nothing
// reaches the client's portal inbox, REST API, feed or channel until the
// owner approves (the portal's inbox is checked with the API's); an
// approved lead is delivered once; a second approve,
// or approving a rejected lead, is 409 and sends nothing again; a
// rejected lead never reaches the client.
func TestReviewGate(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, ph := portalEnv(t, d)
		ctx := context.Background()
		rc := newReceiver(t, ok200)
		c := reviewClient(t, e)
		ch := addChannel(t, e, c.ID, rc.srv.URL+"/hook", rc)
		_, token := makeToken(t, ph, c.ID, "crm")
		var feed struct{ URL string }
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/feed", "", 201, &feed)
		feedPath := FeedPath + strings.TrimPrefix(feed.URL, "https://app.example/feeds/")
		addPosts(t, e, intentPost(1), intentPost(2), intentPost(3))
		run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		if run.LeadsAdded != 3 {
			t.Fatalf("run %+v", run)
		}
		var queue struct{ Leads []ClientLead }
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?review=pending", "", 200, &queue)
		if len(queue.Leads) != 3 {
			t.Fatalf("queue %d leads", len(queue.Leads))
		}
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?review=maybe", "", 400, nil)
		if n := countDeliveries(t, d, "client_id = ?", c.ID); n != 0 {
			t.Fatalf("%d deliveries before any approval", n)
		}
		_, _, cookie := accept(ph, invite(t, ph, c.ID, `{"email":"ana@acme.example"}`), portalPassword, "")
		sess := with(sameSite, "Cookie", cookie.Name+"="+cookie.Value)
		visible := func() (api, feedEntries int) {
			t.Helper()
			var page, inbox apiPage
			rec := httpxtest.Do(ph, "GET", "/api/v1/leads", bearer(token), "")
			if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &page) != nil {
				t.Fatalf("api: %d %s", rec.Code, rec.Body)
			}
			rec = httpxtest.Do(ph, "GET", "/api/client/leads", sess, "")
			if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &inbox) != nil || len(inbox.Leads) != len(page.Leads) {
				t.Fatalf("portal inbox: %d %s, want the API's %d leads", rec.Code, rec.Body, len(page.Leads))
			}
			f := getFeed(e, feedPath, nil)
			if f.Code != 200 {
				t.Fatalf("feed %d", f.Code)
			}
			return len(page.Leads), strings.Count(f.Body.String(), "<entry>")
		}
		if a, f := visible(); a != 0 || f != 0 {
			t.Fatalf("pending leads visible: api %d feed %d", a, f)
		}
		one, two, three := queue.Leads[0].ID, queue.Leads[1].ID, queue.Leads[2].ID
		if rec := httpxtest.Do(ph, "GET", "/api/v1/leads/"+one, bearer(token), ""); rec.Code != 404 {
			t.Fatalf("a pending lead by id: %d", rec.Code)
		}
		if rec := httpxtest.Do(ph, "PATCH", "/api/v1/leads/"+one, bearer(token), `{"state":"contacted"}`); rec.Code != 404 {
			t.Fatalf("a pending lead's state: %d", rec.Code)
		}

		var approved struct {
			Lead   ClientLead
			Queued int
		}
		e.do(t, "POST", "/api/admin/client-leads/"+one+"/approve", "", 200, &approved)
		if approved.Lead.Review != ReviewApproved || approved.Queued != 1 {
			t.Fatalf("approve: %+v", approved)
		}
		e.do(t, "POST", "/api/admin/client-leads/"+one+"/approve", "", 409, nil)
		e.do(t, "POST", "/api/admin/client-leads/"+two+"/reject", "", 200, nil)
		e.do(t, "POST", "/api/admin/client-leads/"+two+"/reject", "", 409, nil)
		e.do(t, "POST", "/api/admin/client-leads/"+two+"/approve", "", 409, nil)
		e.do(t, "POST", "/api/admin/client-leads/nope/approve", "", 404, nil)
		var bulk struct {
			Results []ReviewResult
			Changed int
		}
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/leads/approve", `{"ids":["`+three+`","`+two+`","`+one+`"]}`, 200, &bulk)
		if bulk.Changed != 1 || bulk.Results[0].Error != "" || bulk.Results[1].Error == "" || bulk.Results[2].Error == "" {
			t.Fatalf("bulk %+v", bulk)
		}
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/leads/approve", `{"ids":[]}`, 400, nil)
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/leads/approve", `{"ids":["x"],"all":true}`, 400, nil)

		e.start(t)
		waitFor(t, "2 deliveries", func() bool { return countDeliveries(t, d, "status = ?", DeliveryDelivered) == 2 })
		e.drained(t)
		n, ids := rc.counts()
		if n != 2 || ids[DeliveryID(one, ch)] != 1 || ids[DeliveryID(three, ch)] != 1 || ids[DeliveryID(two, ch)] != 0 {
			t.Fatalf("receiver got %d: %v", n, ids)
		}
		if a, f := visible(); a != 2 || f != 2 {
			t.Fatalf("approved leads visible: api %d feed %d, want 2", a, f)
		}
		if _, err := e.store.Lead(ctx, c.ID, two); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a rejected lead for the client: %v", err)
		}
		// Rejecting a lead approved already takes it away from the client.
		e.do(t, "POST", "/api/admin/client-leads/"+three+"/reject", "", 200, nil)
		if a, f := visible(); a != 1 || f != 1 {
			t.Fatalf("after rejecting one: api %d feed %d, want 1", a, f)
		}
	})
}

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

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

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
