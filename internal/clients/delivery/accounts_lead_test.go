package delivery

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
)

// TestLeadWhyNowMessages: a lead carrying its account (the model's
// accounts_lead.go, TestLeadWhyNow) says the account's why now in its
// email (both parts) and Slack message, with the account's postscript
// under the draft; without an account the email says no why now.
func TestLeadWhyNowMessages(t *testing.T) {
	body, err := json.Marshal(map[string]any{"name": "Sam Lee", "company": "Acme, Inc.", "signal": "We are evaluating LaunchDarkly",
		"draft": map[string]any{"subject": "Hello", "body": "Hi Sam,\n\nA draft."}})
	if err != nil {
		t.Fatal(err)
	}
	l := &clients.ClientLead{ID: "l1", Score: 80, Tier: "hot", SignalType: "competitor_engagement", Lead: body,
		Account: &clients.LeadAccount{ID: "a1", Name: "Acme, Inc.", Score: 74, Signals: 3,
			WhyNow:     "Compared LaunchDarkly on Hacker News; opened 3 roles; a new VP Engineering.",
			Postscript: "P.S. I noticed Acme, Inc. is hiring (SRE, Platform Engineer) and has a new VP Engineering."}}
	m, err := emailMessage(l, "d1", []string{"a@x.example"}, clients.FeedbackLinks{}, "x.example", "https://app.example", clients.Brand{})
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{m.Text, m.HTML} {
		if !strings.Contains(part, "Why now at Acme, Inc.") || !strings.Contains(part, "opened 3 roles") || !strings.Contains(part, "account score 74") ||
			!strings.Contains(part, "A draft.\n\nP.S. I noticed") {
			t.Fatalf("email lacks why now: %s", part)
		}
	}
	b, err := slackMessage(l, clients.FeedbackLinks{}, nil, "", clients.Brand{})
	if err != nil || !strings.Contains(string(b), "Why now at Acme, Inc.") || !strings.Contains(string(b), "opened 3 roles") ||
		!strings.Contains(string(b), `A draft.\n\nP.S. I noticed Acme`) {
		t.Fatalf("slack lacks why now: %s %v", b, err)
	}
	l.Account = nil
	m, err = emailMessage(l, "d1", []string{"a@x.example"}, clients.FeedbackLinks{}, "x.example", "https://app.example", clients.Brand{})
	if err != nil || strings.Contains(m.Text, "Why now") || strings.Contains(m.HTML, "Why now") {
		t.Fatalf("an email without an account says why now: %s %v", m.Text, err)
	}
}
