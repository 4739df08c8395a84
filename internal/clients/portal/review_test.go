package portal

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

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
		ch := addChannel(t, e, c.ID, rc.Srv.URL+"/hook", rc)
		_, token := makeToken(t, ph, c.ID, "crm")
		var feed struct{ URL string }
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/feed", "", 201, &feed)
		feedPath := delivery.FeedPath + strings.TrimPrefix(feed.URL, "https://app.example/feeds/")
		addPosts(t, e, intentPost(1), intentPost(2), intentPost(3))
		run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		if run.LeadsAdded != 3 {
			t.Fatalf("run %+v", run)
		}
		var queue struct{ Leads []clients.ClientLead }
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
			Lead   clients.ClientLead
			Queued int
		}
		e.do(t, "POST", "/api/admin/client-leads/"+one+"/approve", "", 200, &approved)
		if approved.Lead.Review != clients.ReviewApproved || approved.Queued != 1 {
			t.Fatalf("approve: %+v", approved)
		}
		e.do(t, "POST", "/api/admin/client-leads/"+one+"/approve", "", 409, nil)
		e.do(t, "POST", "/api/admin/client-leads/"+two+"/reject", "", 200, nil)
		e.do(t, "POST", "/api/admin/client-leads/"+two+"/reject", "", 409, nil)
		e.do(t, "POST", "/api/admin/client-leads/"+two+"/approve", "", 409, nil)
		e.do(t, "POST", "/api/admin/client-leads/nope/approve", "", 404, nil)
		var bulk struct {
			Results []clients.ReviewResult
			Changed int
		}
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/leads/approve", `{"ids":["`+three+`","`+two+`","`+one+`"]}`, 200, &bulk)
		if bulk.Changed != 1 || bulk.Results[0].Error != "" || bulk.Results[1].Error == "" || bulk.Results[2].Error == "" {
			t.Fatalf("bulk %+v", bulk)
		}
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/leads/approve", `{"ids":[]}`, 400, nil)
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/leads/approve", `{"ids":["x"],"all":true}`, 400, nil)

		e.start(t)
		waitFor(t, "2 deliveries", func() bool { return countDeliveries(t, d, "status = ?", clients.DeliveryDelivered) == 2 })
		e.drained(t)
		n, ids := rc.Counts()
		if n != 2 || ids[clients.DeliveryID(one, ch)] != 1 || ids[clients.DeliveryID(three, ch)] != 1 || ids[clients.DeliveryID(two, ch)] != 0 {
			t.Fatalf("receiver got %d: %v", n, ids)
		}
		if a, f := visible(); a != 2 || f != 2 {
			t.Fatalf("approved leads visible: api %d feed %d, want 2", a, f)
		}
		if _, err := e.store.Lead(ctx, c.ID, two); !errors.Is(err, clients.ErrNotFound) {
			t.Fatalf("a rejected lead for the client: %v", err)
		}
		// Rejecting a lead approved already takes it away from the client.
		e.do(t, "POST", "/api/admin/client-leads/"+three+"/reject", "", 200, nil)
		if a, f := visible(); a != 1 || f != 1 {
			t.Fatalf("after rejecting one: api %d feed %d, want 1", a, f)
		}
	})
}
