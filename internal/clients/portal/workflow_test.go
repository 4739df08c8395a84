package portal

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/mail/mailtest"
)

// TestLeadWorkflow: the client's people move a lead through their sales
// states and note it, with an API token and from the portal (session and
// CSRF token); a bad state or key is 400 naming it; the owner's inbox
// shows the state and note.
func TestLeadWorkflow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, ph := portalEnv(t, d)
		c := newClient(t, e.store, 0)
		addPosts(t, e, intentPost(1), intentPost(2))
		e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		leads, _, _ := e.store.Leads(context.Background(), c.ID, clients.LeadFilter{Limit: 10})
		one, two := leads[0].ID, leads[1].ID
		_, token := makeToken(t, ph, c.ID, "crm")
		for _, tc := range []struct{ body, field string }{
			{`{"state":"negotiating"}`, "state"},
			{`{"state":"reviewed"}`, "state"}, // the owner's state, not the client's
			{`{"state":"won","stage":"x"}`, "stage"},
			{`{}`, "state"},
		} {
			rec := httpxtest.Do(ph, "PATCH", "/api/v1/leads/"+one, bearer(token), tc.body)
			var out struct{ Fields map[string]string }
			if rec.Code != 400 || json.Unmarshal(rec.Body.Bytes(), &out) != nil || out.Fields[tc.field] == "" {
				t.Errorf("%s: %d %s, want 400 naming %s", tc.body, rec.Code, rec.Body, tc.field)
			}
		}
		var got clients.ClientLead
		rec := httpxtest.Do(ph, "PATCH", "/api/v1/leads/"+one, bearer(token), `{"state":"contacted","note":"called Dana"}`)
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got.State != clients.StateContacted || got.Note != "called Dana" {
			t.Fatalf("api patch: %d %s", rec.Code, rec.Body)
		}
		_, csrf, cookie := accept(ph, invite(t, ph, c.ID, `{"email":"ana@acme.example"}`), portalPassword, "")
		sess := with(sameSite, "Cookie", cookie.Name+"="+cookie.Value)
		if rec := httpxtest.Do(ph, "PATCH", "/api/client/leads/"+two, sess, `{"state":"meeting_booked"}`); rec.Code != 403 {
			t.Fatalf("portal patch without the CSRF token: %d", rec.Code)
		}
		rec = httpxtest.Do(ph, "PATCH", "/api/client/leads/"+two, with(sess, "X-CSRF-Token", csrf), `{"state":"meeting_booked","note":"Tuesday 10:00"}`)
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got.State != clients.StateMeeting {
			t.Fatalf("portal patch: %d %s", rec.Code, rec.Body)
		}
		var inbox struct{ Leads []clients.ClientLead }
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?state=meeting_booked", "", 200, &inbox)
		if len(inbox.Leads) != 1 || inbox.Leads[0].ID != two || inbox.Leads[0].Note != "Tuesday 10:00" {
			t.Fatalf("owner's inbox %+v", inbox.Leads)
		}
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?state=contacted", "", 200, &inbox)
		if len(inbox.Leads) != 1 || inbox.Leads[0].ID != one || inbox.Leads[0].Note != "called Dana" {
			t.Fatalf("owner's inbox %+v", inbox.Leads)
		}
	})
}

// TestInviteEmailed: with mail configured an invite bound to an email is
// emailed with its link (the answer still shows the link); one without an
// email, or without mail configured, is not.
func TestInviteEmailed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := mailtest.Start(t, mailtest.Options{})
		e := mailEnv(t, d, srv.URL(), srv.TLSConfig(), 5*time.Second)
		svc := auth.NewService(auth.NewStore(d).ForRole(auth.RoleClient), auth.Options{BaseURL: portalBase, SessionTTL: time.Hour})
		mux := http.NewServeMux()
		p := NewPortal(e.store, svc, portalBase).WithDelivery(e.delivery)
		g := p.Guards()
		g.Admin = func(h http.Handler) http.Handler { return h }
		httpx.MountMux(mux, g, p.Routes()...)
		c := newClient(t, e.store, 0)
		var out struct {
			URL     string
			Emailed bool
		}
		rec := httpxtest.Do(mux, "POST", "/api/admin/clients/"+c.ID+"/invites", sameSite, `{"email":"ana@acme.example"}`)
		if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &out) != nil || !out.Emailed {
			t.Fatalf("invite: %d %s", rec.Code, rec.Body)
		}
		msgs := srv.Wait(t, 1, 10*time.Second)
		if len(msgs) != 1 || len(msgs[0].To) != 1 || msgs[0].To[0] != "ana@acme.example" ||
			!strings.Contains(msgs[0].Text, out.URL) || !strings.Contains(msgs[0].HTML, out.URL) || !strings.Contains(msgs[0].Text, "Acme") {
			t.Fatalf("invite email %+v", msgs)
		}
		rec = httpxtest.Do(mux, "POST", "/api/admin/clients/"+c.ID+"/invites", sameSite, `{}`)
		if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &out) != nil || out.Emailed {
			t.Fatalf("invite without an email: %d %s", rec.Code, rec.Body)
		}
		if n := len(srv.Messages()); n != 1 {
			t.Fatalf("%d emails, want 1", n)
		}
	})
}
