package delivery

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/mail/mailtest"
)

// TestWhiteLabel: with the agency's brand set (and a client overriding its
// sender's name), the lead email comes from the brand's sender with its
// Reply-To and links under the portal host; the feed's title and author,
// the Slack message and digest, and the Good/Noise page carry the brand;
// none of them says "Signalpipe".
func TestWhiteLabel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := mailtest.Start(t, mailtest.Options{})
		e := mailEnv(t, d, "smtp://"+srv.Addr, srv.TLSConfig(), 5*time.Second)
		ctx := context.Background()
		var got clients.BrandAnswer
		e.do(t, "GET", "/api/admin/brand", "", 200, &got)
		if got.Brand != (clients.Brand{}) || got.Defaults["name"] != clients.DefaultBrandName {
			t.Fatalf("brand before any %+v", got)
		}
		e.do(t, "PUT", "/api/admin/brand", agencyBrand, 200, &got)
		if got.Brand.PrimaryColor != "#0a7d52" || got.Brand.PortalHost != "leads.northwind.example" {
			t.Fatalf("saved %+v", got.Brand)
		}
		c := newClient(t, e.store, 0)
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"brand":{"senderName":"Ana at Northwind"}}}`, 200, nil)
		br, err := e.store.BrandFor(ctx, c.ID)
		if err != nil || br.SenderName != "Ana at Northwind" || br.Name != "Northwind Leads" {
			t.Fatalf("client brand %+v %v", br, err)
		}

		ch := addEmailChannel(t, e, c.ID, "sales@client.example")
		addPosts(t, e, intentPost(1))
		if run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID); run.LeadsAdded != 1 {
			t.Fatalf("run %+v", run)
		}
		e.start(t)
		m := srv.Wait(t, 1, 20*time.Second)[0]
		waitFor(t, "the delivery recorded", func() bool { return countDeliveries(t, d, "status = ?", clients.DeliveryDelivered) == 1 })
		if m.From != "leads@northwind.example" || !strings.Contains(m.Header.Get("From"), "Ana at Northwind") ||
			!strings.Contains(m.Header.Get("Reply-To"), "team@northwind.example") {
			t.Errorf("From %q (%q), Reply-To %q", m.From, m.Header.Get("From"), m.Header.Get("Reply-To"))
		}
		leads, _, _ := e.store.Leads(ctx, c.ID, clients.LeadFilter{Limit: 10})
		id := clients.DeliveryID(leads[0].ID, ch.ID)
		good := strings.Replace(linkURL(testLinks, LinkGood, id), testBaseURL, "https://leads.northwind.example", 1)
		for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
			for _, want := range []string{good, "https://leads.northwind.example" + PortalLeadPath + leads[0].ID} {
				if !strings.Contains(body, want) {
					t.Errorf("%s part lacks %q:\n%s", part, want, body)
				}
			}
			noDefaultBrand(t, "the email's "+part+" part", body)
		}
		if !strings.Contains(m.HTML, "Sent by Northwind Leads") {
			t.Errorf("html footer:\n%s", m.HTML)
		}
		noDefaultBrand(t, "the email's headers", m.Header.Get("From")+m.Header.Get("Subject")+m.Header.Get("Reply-To"))

		// The feed: title and author.
		var made struct{ URL string }
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/feed", "", 201, &made)
		path, ok := strings.CutPrefix(made.URL, "https://leads.northwind.example")
		if !ok {
			t.Fatalf("feed url %q not under the portal host", made.URL)
		}
		rec := getFeed(e, path, nil)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "<title>"+c.Name+" leads · Northwind Leads</title>") ||
			!strings.Contains(rec.Body.String(), "<name>Northwind Leads</name>") {
			t.Errorf("feed %d:\n%s", rec.Code, rec.Body)
		}
		noDefaultBrand(t, "the feed", rec.Body.String())

		// Slack: the message and the digest carry the footer.
		raw, err := slackMessage(leads[0], clients.FeedbackLinks{}, nil, "", br)
		if err != nil {
			t.Fatal(err)
		}
		dg := &digest{id: "dg_1", clientID: c.ID, channel: &clients.Channel{Cadence: "daily"}}
		rawDigest, err := slackDigest(dg, leads, "https://leads.northwind.example/portal", nil, br)
		if err != nil {
			t.Fatal(err)
		}
		for what, b := range map[string][]byte{"slack message": raw, "slack digest": rawDigest} {
			if !json.Valid(b) || !strings.Contains(string(b), "Sent by Northwind Leads") || !strings.Contains(string(b), "https://cdn.northwind.example/logo.png") {
				t.Errorf("%s lacks the brand: %s", what, b)
			}
			noDefaultBrand(t, "the "+what, string(b))
		}

		// The Good/Noise page.
		rec = httpxtest.Do(e.h, "GET", linkPath(linkURL(testLinks, LinkGood, id)), nil, "")
		page := rec.Body.String()
		if rec.Code != 200 || !strings.Contains(page, "· Northwind Leads</title>") || !strings.Contains(page, "Northwind Leads</p>") ||
			!strings.Contains(page, "#0a7d52") || !strings.Contains(page, `src="https://cdn.northwind.example/logo.png"`) {
			t.Errorf("feedback page %d:\n%s", rec.Code, page)
		}
		noDefaultBrand(t, "the feedback page", page)
		rec = httpxtest.Do(e.h, "GET", linkPath(linkURL(testLinks, LinkGood, "nope")), nil, "")
		noDefaultBrand(t, "the not-found link page", rec.Body.String())
	})
}

// TestBrandDefaults: with no brand set, the texts are the spec's: the feed
// is "· Signalpipe", the link page's title too, Slack has no footer and
// the email's sender is MAIL_FROM.
func TestBrandDefaults(t *testing.T) {
	br := clients.Brand{}
	if br.DisplayName() != clients.DefaultBrandName || br.Origin("https://app.example/") != "https://app.example" ||
		br.Rebase("https://app.example/l/x", "https://app.example") != "https://app.example/l/x" || slackFooter(br) != nil {
		t.Fatalf("defaults: %q %q", br.DisplayName(), br.Origin("https://app.example/"))
	}
	m, err := emailMessage(&clients.ClientLead{ID: "cl_1", Tier: "hot", Lead: json.RawMessage(`{}`)}, "msg_1", []string{"a@b.example"},
		clients.FeedbackLinks{Unsubscribe: "https://app.example/l/u"}, "app.example", "https://app.example", br)
	if err != nil {
		t.Fatal(err)
	}
	if m.FromName != "" || m.FromAddress != "" || m.ReplyTo != "" || !strings.Contains(m.HTML, "Sent by Signalpipe to this channel's addresses.") {
		t.Fatalf("default email: %+v", m)
	}
	// Only the portal host moves links, and only those under BASE_URL.
	br.PortalHost = "leads.agency.example"
	if got := br.Rebase("https://app.example/l/x", "https://app.example"); got != "https://leads.agency.example/l/x" {
		t.Errorf("rebase %q", got)
	}
	if got := br.Rebase("https://elsewhere.example/x", "https://app.example"); got != "https://elsewhere.example/x" {
		t.Errorf("rebase of a foreign link %q", got)
	}
}

// TestBrandValidation: bad values answer 400 naming each field, for the
// agency's brand and a client's; an unknown key is named too.
func TestBrandValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		var out struct{ Fields map[string]string }
		e.do(t, "PUT", "/api/admin/brand", `{"primaryColor":"blue","logoUrl":"http://cdn.example/l.png","senderAddress":"nope",
			"replyTo":"a@b.example, c@d.example","portalHost":"https://leads.example/x","name":"a\nb"}`, 400, &out)
		for _, f := range []string{"primaryColor", "logoUrl", "senderAddress", "replyTo", "portalHost", "name"} {
			if out.Fields[f] == "" {
				t.Errorf("no error for %s: %v", f, out.Fields)
			}
		}
		out.Fields = nil
		e.do(t, "PUT", "/api/admin/brand", `{"colour":"#fff"}`, 400, &out)
		if out.Fields["colour"] != "unknown field" {
			t.Errorf("unknown key: %v", out.Fields)
		}
		out.Fields = nil
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"brand":{"primaryColor":"#12345g","logoUrl":"javascript:alert(1)"}}}`, 400, &out)
		if out.Fields["settings.brand.primaryColor"] == "" || out.Fields["settings.brand.logoUrl"] == "" {
			t.Errorf("client brand errors %v", out.Fields)
		}
		out.Fields = nil
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"brand":{"font":"x"}}}`, 400, &out)
		if out.Fields["settings.brand.font"] != "unknown field" {
			t.Errorf("client unknown key %v", out.Fields)
		}
		// Nothing bad was kept; empty fields clear.
		e.do(t, "PUT", "/api/admin/brand", `{"primaryColor":"#FFF","portalHost":"Leads.Agency.example"}`, 200, nil)
		b, err := e.store.AgencyBrand(context.Background())
		if err != nil || b != (clients.Brand{PrimaryColor: "#fff", PortalHost: "leads.agency.example"}) {
			t.Fatalf("saved %+v %v", b, err)
		}
		e.do(t, "PUT", "/api/admin/brand", `{}`, 200, nil)
		if b, _ = e.store.AgencyBrand(context.Background()); b != (clients.Brand{}) {
			t.Fatalf("cleared %+v", b)
		}
	})
}
