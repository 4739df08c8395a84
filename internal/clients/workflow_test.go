package clients

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/mail/mailtest"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestPatchClientValidation: the client's PATCH refuses, naming the
// field, an ICP threshold or range the fit cannot read and any key it
// does not know (at the top, in settings, in the ICP); nothing is stored
// then. Readable values are stored.
func TestPatchClientValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := reviewClient(t, e)
		for _, tc := range []struct{ body, field string }{
			{`{"settings":{"deliveryMod":"auto"}}`, "settings.deliveryMod"},
			{`{"settings":{"deliveryMode":"auto"}}`, "settings.autoApproveAt"},
			{`{"nme":"Acme"}`, "nme"},
			{`{"icp":{"titles":["CTO"]}}`, "icp.titles"},
			{`{"icp":{"signalThreshold":"banana"}}`, "icp.signalThreshold"},
			{`{"icp":{"signalThreshold":"0"}}`, "icp.signalThreshold"},
			{`{"icp":{"signalThreshold":"101"}}`, "icp.signalThreshold"},
			{`{"icp":{"companySize":"fifty to a thousand"}}`, "icp.companySize"},
			{`{"icp":{"companySize":"500-50"}}`, "icp.companySize"},
			{`{"icp":{"revenueRange":"lots"}}`, "icp.revenueRange"},
			{`{"settings":{"monthlyCap":"ten"}}`, "settings.monthlyCap"},
		} {
			rec := httpxtest.Do(e.h, "PATCH", "/api/admin/clients/"+c.ID, jsonHeader, tc.body)
			var out struct {
				Error  string
				Fields map[string]string
			}
			if rec.Code != 400 || json.Unmarshal(rec.Body.Bytes(), &out) != nil || out.Fields[tc.field] == "" {
				t.Errorf("%s: %d %s, want 400 naming %s", tc.body, rec.Code, rec.Body, tc.field)
			}
		}
		got, _ := e.store.Client(context.Background(), c.ID)
		if got.ICP.SignalThreshold != "" || got.ICP.CompanySize != "" || got.Settings.DeliveryMode != ModeReview || got.Name != "Acme" {
			t.Fatalf("a refused PATCH stored something: %+v %+v", got.ICP, got.Settings)
		}
		for _, ok := range []string{
			`{"icp":{"signalThreshold":"High 80%+ match","companySize":"50-200","revenueRange":"$1M - $10M ARR"}}`,
			`{"icp":{"signalThreshold":"70","companySize":"1000+","revenueRange":"Under $1M ARR"}}`,
			`{"icp":{"signalThreshold":"65%+"}}`,
			`{"settings":{"deliveryMode":"auto","autoApproveAt":80}}`,
		} {
			e.do(t, "PATCH", "/api/admin/clients/"+c.ID, ok, 200, nil)
		}
		got, _ = e.store.Client(context.Background(), c.ID)
		if got.ICP.SignalThreshold != "65%+" || got.Settings.DeliveryMode != ModeAuto || got.Settings.AutoApproveAt != 80 {
			t.Fatalf("stored %+v %+v", got.ICP, got.Settings)
		}
	})
}

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
		leads, _, _ := e.store.Leads(context.Background(), c.ID, LeadFilter{Limit: 10})
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
		var got ClientLead
		rec := httpxtest.Do(ph, "PATCH", "/api/v1/leads/"+one, bearer(token), `{"state":"contacted","note":"called Dana"}`)
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got.State != StateContacted || got.Note != "called Dana" {
			t.Fatalf("api patch: %d %s", rec.Code, rec.Body)
		}
		_, csrf, cookie := accept(ph, invite(t, ph, c.ID, `{"email":"ana@acme.example"}`), portalPassword, "")
		sess := with(sameSite, "Cookie", cookie.Name+"="+cookie.Value)
		if rec := httpxtest.Do(ph, "PATCH", "/api/client/leads/"+two, sess, `{"state":"meeting_booked"}`); rec.Code != 403 {
			t.Fatalf("portal patch without the CSRF token: %d", rec.Code)
		}
		rec = httpxtest.Do(ph, "PATCH", "/api/client/leads/"+two, with(sess, "X-CSRF-Token", csrf), `{"state":"meeting_booked","note":"Tuesday 10:00"}`)
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got.State != StateMeeting {
			t.Fatalf("portal patch: %d %s", rec.Code, rec.Body)
		}
		var inbox struct{ Leads []ClientLead }
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
