package delivery

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

// crmChannel makes a CRM channel of a new client through the admin call.
func crmChannel(t *testing.T, e *env, kind, token, mapping string) (clientID, channelID string) {
	t.Helper()
	c := newClient(t, e.store, 0)
	var out struct{ ID string }
	e.do(t, "POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"`+kind+`","token":"`+token+`","mapping":`+mapping+`}`, 201, &out)
	return c.ID, out.ID
}

// TestCRMChannelEdit: the console edits a CRM channel's mapping (each CRM
// its own fields) and token, with field errors; a channel of another
// client is 404; a webhook has nothing to edit; the token stays unshown.
func TestCRMChannelEdit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnvDelivery(t, d, nil, DeliveryOptions{})
		hsClient, hs := crmChannel(t, e, clients.ChannelHubSpot, "pat-old", `{"profileProperty":"linkedin_url"}`)
		pdClient, pd := crmChannel(t, e, clients.ChannelPipedrive, "pd-old", `{}`)
		path := func(client, ch string) string { return "/api/admin/clients/" + client + "/channels/" + ch }

		var got struct{ Channel clients.Channel }
		e.do(t, "PATCH", path(hsClient, hs), `{"mapping":{"ownerId":"123","scoreProperty":"sp_score","task":true,"profileProperty":"linkedin_url"}}`, 200, &got)
		if m := got.Channel.Mapping; m == nil || m.OwnerID != "123" || m.ScoreProperty != "sp_score" || !m.Task || m.ProfileProperty != "linkedin_url" {
			t.Fatalf("hubspot mapping %+v", got.Channel.Mapping)
		}
		e.do(t, "PATCH", path(pdClient, pd), `{"mapping":{"ownerId":"9","label":"  Signalpipe  "},"token":"pd-new"}`, 200, &got)
		if m := got.Channel.Mapping; m == nil || m.OwnerID != "9" || m.Label != "Signalpipe" {
			t.Fatalf("pipedrive mapping %+v", got.Channel.Mapping)
		}
		var secret string
		if err := d.Reader.QueryRow(d.Rebind(`SELECT secret FROM client_channels WHERE id = ?`), pd).Scan(&secret); err != nil || secret != "pd-new" {
			t.Fatalf("token %q %v", secret, err)
		}
		var list struct{ Channels []map[string]any }
		e.do(t, "GET", "/api/admin/clients/"+pdClient+"/channels", "", 200, &list)
		if s := mustJSONString(list); strings.Contains(s, "pd-new") || strings.Contains(s, "pd-old") {
			t.Fatalf("a token shown: %s", s)
		}

		for _, tc := range []struct{ client, ch, body, field string }{
			{pdClient, pd, `{"mapping":{"task":true}}`, "mapping.task"},
			{pdClient, pd, `{"mapping":{"scoreProperty":"x"}}`, "mapping.scoreProperty"},
			{pdClient, pd, `{"mapping":{"label":"` + strings.Repeat("x", 61) + `"}}`, "mapping.label"},
			{hsClient, hs, `{"mapping":{"label":"Signalpipe"}}`, "mapping.label"},
			{hsClient, hs, `{"mapping":{"ownerId":"Dana"}}`, "mapping.ownerId"},
			{hsClient, hs, `{"mapping":{"scoreProperty":"score!"}}`, "mapping.scoreProperty"},
			{hsClient, hs, `{"token":"two words"}`, "token"},
			{hsClient, hs, `{}`, "mapping"},
		} {
			var out struct{ Fields map[string]string }
			e.do(t, "PATCH", path(tc.client, tc.ch), tc.body, 400, &out)
			if out.Fields[tc.field] == "" {
				t.Errorf("%s: fields %v, want %s", tc.body, out.Fields, tc.field)
			}
		}
		e.do(t, "PATCH", path(hsClient, hs), `{"mapping":{},"color":"red"}`, 400, nil) // an unknown key
		e.do(t, "PATCH", path(pdClient, hs), `{"mapping":{}}`, 404, nil)               // another client's channel
		wh, _, err := e.store.CreateChannel(context.Background(), hsClient, clients.ChannelWebhook, "https://hooks.example/x", clients.CadenceInstant)
		if err != nil {
			t.Fatal(err)
		}
		var out struct{ Fields map[string]string }
		e.do(t, "PATCH", path(hsClient, wh.ID), `{"mapping":{}}`, 400, &out)
		if out.Fields["kind"] == "" {
			t.Errorf("a webhook's edit: %v", out.Fields)
		}
		// The refused edits changed nothing.
		ch, _ := e.store.channelOf(context.Background(), hsClient, hs)
		if ch.Mapping.OwnerID != "123" || ch.Secret() != "pat-old" {
			t.Fatalf("after refused edits: %+v %q", ch.Mapping, ch.Secret())
		}
	})
}

// TestChannelTestSend: "send test lead" pushes the marked sample through
// the real code path (HubSpot: company, contact, note and the mapping's
// task, with the channel's token; Pipedrive: with the mapping's label; a
// webhook: signed) and reports the answer; a refused token is reported
// with the CRM's own message and leaves the channel active; nothing is
// recorded as a delivery.
func TestChannelTestSend(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		hsFake := newHubSpotFake(t, "pat-good")
		pdFake := newPipedriveFake(t, "pd-good")
		e := newEnvDelivery(t, d, nil, DeliveryOptions{HubSpotAPIURL: hsFake.srv.URL, PipedriveAPIURL: pdFake.srv.URL, AllowPrivate: true})
		send := func(client, ch string) TestSend {
			var out TestSend
			e.do(t, "POST", "/api/admin/clients/"+client+"/channels/"+ch+"/test", "", 200, &out)
			return out
		}

		hsClient, hs := crmChannel(t, e, clients.ChannelHubSpot, "pat-good", `{"task":true,"ownerId":"77"}`)
		got := send(hsClient, hs)
		if !got.OK || got.ResponseCode != 200 || got.Records["contact"] == "" || got.Records["note"] == "" || got.Records["task"] == "" {
			t.Fatalf("hubspot test %+v", got)
		}
		for _, r := range hsFake.requests() {
			if r.Auth != "Bearer pat-good" {
				t.Errorf("%s %s: auth %q", r.Method, r.Path, r.Auth)
			}
		}
		contact := hsFake.objects["contacts"][got.Records["contact"]]
		note := hsFake.objects["notes"][got.Records["note"]]
		if contact["email"] != "signalpipe-test-lead@example.com" || contact["hubspot_owner_id"] != "77" ||
			!strings.Contains(note["hs_note_body"].(string), "TEST LEAD") {
			t.Fatalf("contact %v note %v", contact, note)
		}

		pdClient, pd := crmChannel(t, e, clients.ChannelPipedrive, "pd-good", `{"label":"Signalpipe"}`)
		got = send(pdClient, pd)
		if !got.OK || got.Records["lead"] == "" || got.Records["extraLabel"] == "" {
			t.Fatalf("pipedrive test %+v", got)
		}
		labels := mustJSONString(pdFake.items["leads"][got.Records["lead"]]["label_ids"])
		if !strings.Contains(labels, got.Records["label"]) || !strings.Contains(labels, got.Records["extraLabel"]) {
			t.Fatalf("lead labels %s, records %v", labels, got.Records)
		}

		badClient, bad := crmChannel(t, e, clients.ChannelHubSpot, "pat-revoked", `{}`)
		got = send(badClient, bad)
		if got.OK || got.ResponseCode != 401 || !strings.Contains(got.Message, "Authentication credentials not found") {
			t.Fatalf("refused token %+v", got)
		}
		if ch, _ := e.store.channelOf(context.Background(), badClient, bad); ch.Status != clients.ChannelActive {
			t.Fatalf("a test disabled the channel: %+v", ch)
		}

		var (
			mu  sync.Mutex
			sig string
		)
		hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			mu.Lock()
			sig = r.Header.Get("webhook-signature")
			mu.Unlock()
			if !strings.Contains(string(body), "TEST LEAD") {
				w.WriteHeader(http.StatusBadRequest)
			}
		}))
		defer hook.Close()
		var made struct{ ID string }
		e.do(t, "POST", "/api/admin/clients/"+hsClient+"/channels", `{"kind":"webhook","target":"`+hook.URL+`"}`, 201, &made)
		if got = send(hsClient, made.ID); !got.OK || got.ResponseCode != 200 || sig == "" {
			t.Fatalf("webhook test %+v sig %q", got, sig)
		}
		e.do(t, "POST", "/api/admin/clients/"+pdClient+"/channels/"+hs+"/test", "", 404, nil)
		if n := countDeliveries(t, d, "1 = 1"); n != 0 {
			t.Fatalf("a test made %d deliveries", n)
		}
		var attempts int
		if err := d.Reader.QueryRow(`SELECT COUNT(*) FROM client_delivery_attempts`).Scan(&attempts); err != nil || attempts != 0 {
			t.Fatalf("a test recorded %d attempts (%v)", attempts, err)
		}
	})
}
