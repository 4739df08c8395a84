package delivery

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestCRMLabels: the name on a lead's CRM note and Pipedrive's score
// labels is the client's brand (the agency's, or the client's own over
// it), "Signalpipe" only with no name set; the note's HTML escapes it.
func TestCRMLabels(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEnvDelivery(t, d, nil, DeliveryOptions{})
		plain, own := newClient(t, e.store, 0), newClient(t, e.store, 0)
		lead := &clients.ClientLead{Score: 85, Tier: "hot", SignalType: "funding_event", URL: "https://x.example/p/1"}
		el := engine.Lead{Name: "Dana Reyes", Company: "Brightwell", Signal: "We just raised our Series B"}
		for _, tc := range []struct {
			name           string
			agency, client string // brand names; "" unset
			clientID       func() string
			wantName       string
			wantHTML       string
			score          int
			wantBand       string
		}{
			{"no brand", "", "", func() string { return plain.ID }, "Signalpipe", "<strong>Signalpipe lead</strong>", 85, "Signalpipe score 80-100"},
			{"the agency's", "Northwind Leads", "", func() string { return plain.ID }, "Northwind Leads", "<strong>Northwind Leads lead</strong>", 65, "Northwind Leads score 60-79"},
			{"the client's own over the agency's", "Northwind Leads", "Acme & Co", func() string { return own.ID }, "Acme & Co", "<strong>Acme &amp; Co lead</strong>", 45, "Acme & Co score 40-59"},
			{"a client without its own", "Northwind Leads", "Acme & Co", func() string { return plain.ID }, "Northwind Leads", "<strong>Northwind Leads lead</strong>", 10, "Northwind Leads score 0-39"},
		} {
			if err := e.store.SetAgencyBrand(ctx, clients.Brand{Name: tc.agency}); err != nil {
				t.Fatal(err)
			}
			if _, err := e.store.UpdateClient(ctx, own.ID, func(c *clients.Client) error { c.Settings.Brand.Name = tc.client; return nil }); err != nil {
				t.Fatal(err)
			}
			name, err := e.delivery.crmBrandName(ctx, tc.clientID())
			if err != nil || name != tc.wantName {
				t.Errorf("%s: brand %q %v, want %q", tc.name, name, err, tc.wantName)
				continue
			}
			text, html := crmNote(lead, el, false, name), crmNote(lead, el, true, name)
			if !strings.HasPrefix(text, tc.wantName+" lead\nDana Reyes") || !strings.HasPrefix(html, "<p>"+tc.wantHTML) {
				t.Errorf("%s: notes\n%s\n%s", tc.name, text, html)
			}
			if tc.wantName != clients.DefaultBrandName {
				noDefaultBrand(t, tc.name+": the note", text+html)
			}
			if got := scoreBand(name, tc.score); got != tc.wantBand {
				t.Errorf("%s: band %q, want %q", tc.name, got, tc.wantBand)
			}
		}
	})
}

// TestPipedriveBranded: with the agency's brand set, the lead label and
// note Pipedrive receives carry its name, not "Signalpipe"; HubSpot's note
// too.
func TestPipedriveBranded(t *testing.T) {
	t.Run("pipedrive", func(t *testing.T) { dbtest.Each(t, pipedriveBranded) })
	t.Run("hubspot", func(t *testing.T) { dbtest.Each(t, hubspotBranded) })
}

func pipedriveBranded(t *testing.T, d *db.DB) {
	pd := newPipedriveFake(t, "pd-token")
	e, _, _, _ := crmEnv(t, d, clients.ChannelPipedrive, pd.srv.URL, "pd-token", "", withContact)
	if err := e.store.SetAgencyBrand(context.Background(), clients.Brand{Name: "Northwind Leads"}); err != nil {
		t.Fatal(err)
	}
	e.start(t)
	waitFor(t, "the Pipedrive push", func() bool { return countDeliveries(t, d, "status = ?", clients.DeliveryDelivered) == 1 })
	pd.mu.Lock()
	defer pd.mu.Unlock()
	if len(pd.items["leadLabels"]) != 1 || len(pd.items["notes"]) != 1 {
		t.Fatalf("labels %v notes %v", pd.items["leadLabels"], pd.items["notes"])
	}
	for _, l := range pd.items["leadLabels"] {
		if l["name"] != "Northwind Leads score 80-100" {
			t.Errorf("label %v", l)
		}
	}
	for _, n := range pd.items["notes"] {
		c, _ := n["content"].(string)
		if !strings.Contains(c, "<strong>Northwind Leads lead</strong>") {
			t.Errorf("note %s", c)
		}
		noDefaultBrand(t, "the Pipedrive note", c)
	}
}

func hubspotBranded(t *testing.T, d *db.DB) {
	hs := newHubSpotFake(t, "pat-good")
	e, _, _, _ := crmEnv(t, d, clients.ChannelHubSpot, hs.srv.URL, "pat-good", "", withContact)
	if err := e.store.SetAgencyBrand(context.Background(), clients.Brand{Name: "Northwind Leads"}); err != nil {
		t.Fatal(err)
	}
	e.start(t)
	waitFor(t, "the HubSpot push", func() bool { return countDeliveries(t, d, "status = ?", clients.DeliveryDelivered) == 1 })
	hs.mu.Lock()
	defer hs.mu.Unlock()
	raw, _ := json.Marshal(hs.objects["notes"])
	if len(hs.objects["notes"]) != 1 || !strings.Contains(string(raw), "Northwind Leads lead") {
		t.Fatalf("notes %s", raw)
	}
	noDefaultBrand(t, "the HubSpot note", string(raw))
}
