package delivery

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// hostileLeads are leads whose post URL (and profile link) came from a
// third party as script or data URLs, and one plain https lead.
func hostileLeads(t *testing.T) []*clients.ClientLead {
	t.Helper()
	var out []*clients.ClientLead
	for i, u := range []string{"javascript:alert(1)", "data:text/html,<script>alert(1)</script>", " JavaScript:alert(2)", "https://news.example/ok"} {
		lead, err := json.Marshal(engine.Lead{Name: "Ana", Company: "Acme", Signal: "Looking for a CRM", PostURL: u,
			LinkedIn: "javascript:alert(3)", Draft: engine.Draft{Body: "Hi Ana"}})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, &clients.ClientLead{ID: "l" + string(rune('a'+i)), ClientID: "c1", URL: u, Tier: "hot",
			SignalType: "funding_event", Score: 80, Lead: lead, CreatedAt: time.Date(2026, 12, 6, 6, 0, 0, 0, time.UTC)})
	}
	return out
}

// noScriptLinks fails when out carries any of the hostile URLs as a link
// or in the clear, and when the https one is missing.
func noScriptLinks(t *testing.T, what, out string) {
	t.Helper()
	low := strings.ToLower(out)
	for _, bad := range []string{"javascript:", "data:text/html"} {
		if strings.Contains(low, bad) {
			t.Errorf("%s carries %q:\n%s", what, bad, out)
		}
	}
	if !strings.Contains(out, "https://news.example/ok") {
		t.Errorf("%s lost the https post link:\n%s", what, out)
	}
}

// TestOnlyHTTPPostURLsAreLinks: one rule (engine.LinkURL) decides which
// post URLs are links, and every output follows it: the Atom feed, the
// Slack message and digest, the email and its digest (HTML and text) and
// the webhook payloads (issue 29 item 4).
func TestOnlyHTTPPostURLsAreLinks(t *testing.T) {
	leads := hostileLeads(t)
	d := &Delivery{opt: DeliveryOptions{BaseURL: testBaseURL}}
	c := &clients.Client{ID: "c1", Name: "Acme", CreatedAt: leads[0].CreatedAt}
	feed, _, err := d.atom(c, leads, clients.Brand{})
	if err != nil {
		t.Fatal(err)
	}
	noScriptLinks(t, "the feed", string(feed))

	var slack strings.Builder
	for _, l := range leads {
		b, err := slackMessage(l, clients.FeedbackLinks{}, nil, "", clients.Brand{})
		if err != nil {
			t.Fatal(err)
		}
		slack.Write(b)
	}
	noScriptLinks(t, "the Slack messages", slack.String())
	dg := &digest{id: "dg1", clientID: "c1", periodEnd: leads[0].CreatedAt, channel: &clients.Channel{ID: "ch1", Cadence: clients.CadenceDaily}}
	b, err := slackDigest(dg, leads, testBaseURL+"/portal", nil, clients.Brand{})
	if err != nil {
		t.Fatal(err)
	}
	noScriptLinks(t, "the Slack digest", string(b))

	var email strings.Builder
	for _, l := range leads {
		m, err := emailMessage(l, "msg_x", []string{"ana@acme.example"}, clients.FeedbackLinks{}, "app.example", "https://app.example", clients.Brand{})
		if err != nil {
			t.Fatal(err)
		}
		email.WriteString(m.Text + m.HTML)
	}
	noScriptLinks(t, "the emails", email.String())
	m, err := digestEmail(context.Background(), nil, dg, leads, map[string]string{}, []string{"ana@acme.example"}, "app.example", testBaseURL+"/portal", testBaseURL, clients.Brand{})
	if err != nil {
		t.Fatal(err)
	}
	noScriptLinks(t, "the email digest", m.Text+m.HTML)

	var hooks strings.Builder
	for _, l := range leads {
		b, err := webhookPayload(l)
		if err != nil {
			t.Fatal(err)
		}
		hooks.Write(b)
	}
	b, err = webhookDigest(dg, leads, "", nil, clients.Brand{})
	if err != nil {
		t.Fatal(err)
	}
	hooks.Write(b)
	noScriptLinks(t, "the webhook payloads", hooks.String())
	if leads[0].URL != "javascript:alert(1)" {
		t.Errorf("the stored lead was changed: %q", leads[0].URL)
	}
}
