package clients

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

func addPosts(t testing.TB, e *env, posts ...engine.Post) {
	t.Helper()
	if _, err := e.posts.AddPosts(context.Background(), posts); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls cond for up to 30 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// accountsNow is the tests' clock.
var accountsNow = time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)

// sigLead is a lead of one signal type at company, posted days ago.
func sigLead(key, company, email string, t engine.SignalType, days, score int) engine.Lead {
	return engine.Lead{Name: "Person " + key, Title: "Engineer", Company: company, Email: email, Platform: "reddit",
		PostID: key, PostURL: "https://post.example/" + key, Source: "test", IntentScore: score,
		Detection: engine.Detection{SignalType: t}, Signal: "signal " + key,
		PublishedAt: accountsNow.Add(-time.Duration(days) * 24 * time.Hour)}
}

// putLead stores l in the client's inbox as a run does (review state
// review) and returns its id.
func putLead(t testing.TB, s *Store, clientID, review string, l engine.Lead) string {
	t.Helper()
	ctx := context.Background()
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := s.lockClient(ctx, tx, clientID); err != nil {
			return err
		}
		ok, err := s.insertLeadFor(ctx, tx, clientID, nil, nil, l, review, accountsNow)
		if err == nil && !ok {
			err = fmt.Errorf("lead %s not stored", l.PostID)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var id string
	if err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT id FROM client_leads WHERE client_id = ? AND post_key = ?`),
		clientID, postKey(l.PostURL, l.PostID)).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// acmeLeads stores, for client c, acmeSignals, a complaint at Globex, one
// at another "Acme" with its own domain, a pending lead at Initech and a
// lead naming no company. It returns the ids of Acme's leads.
func acmeLeads(t testing.TB, s *Store, c *Client) []string {
	t.Helper()
	var ids []string
	for _, l := range acmeSignals() {
		ids = append(ids, putLead(t, s, c.ID, ReviewApproved, l))
	}
	putLead(t, s, c.ID, ReviewApproved, sigLead("g1", "Globex Corporation", "", engine.CompetitorEngagement, 3, 80))
	putLead(t, s, c.ID, ReviewApproved, sigLead("a2", "Acme", "jo@acme.io", engine.TechResearch, 5, 60))
	putLead(t, s, c.ID, ReviewPending, sigLead("i1", "Initech LLC", "", engine.CompetitorEngagement, 1, 90))
	putLead(t, s, c.ID, ReviewApproved, sigLead("n1", "", "someone@gmail.com", engine.TechResearch, 1, 90))
	return ids
}

// acmeSignals are three signals at Acme from three sources, with three
// spellings of the company: a complaint, a hiring batch, a new VP.
func acmeSignals() []engine.Lead {
	complaint := sigLead("c1", "Acme, Inc.", "", engine.CompetitorEngagement, 3, 80)
	complaint.Platform, complaint.Title, complaint.Name = "hackernews", "Head of Platform", "Sam Lee"
	complaint.Relevance.Terms = []string{"LaunchDarkly"}
	hiring := sigLead("h1", "Acme Inc", "", engine.HiringActivity, 10, 80)
	hiring.Platform, hiring.Signal = "greenhouse", "Acme is hiring: SRE, Platform Engineer (3 new openings)"
	vp := sigLead("v1", "", "ana@acme.com", engine.JobChange, 20, 80)
	vp.Name, vp.Title, vp.Platform = "Ana Ruiz", "VP Engineering", "linkedin"
	return []engine.Lead{complaint, hiring, vp}
}

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

// fullOnboarding is an answer set with every mapped field, in the shapes
// intake stores (lists as arrays, monthly_lead_goal a number).
func fullOnboarding() map[string]any {
	return map[string]any{
		"company_name":          "Acme Analytics",
		"decision_maker_titles": "VP Sales, Head of RevOps\nCRO",
		"company_sizes":         []string{"Small (11-50)", "Medium (51-200)"},
		"primary_industry":      "Fintech",
		"ideal_client":          "B2B SaaS; fintech",
		"excluded_industries":   "Gambling, Tobacco",
		"disqualifiers":         "agencies",
		"pain_points":           "manual prospecting; stale CRM data",
		"client_technologies":   "Salesforce, HubSpot",
		"offer_description":     "Signal-based prospecting",
		"key_benefits":          "More meetings",
		"differentiators":       "Self-hosted",
		"trigger_events":        []string{"Recent funding/investment", "Rapid hiring/expansion", "M&A activity", "Not an option"},
		"research_topics":       "CRM migration, \"sales tools\" -jobs",
		"relevant_job_postings": "Account Executive",
		"delivery_method":       []string{"Email notifications", "Web dashboard"},
		"response_time":         "24_hours",
		"monthly_lead_goal":     150,
		"email_handler_name":    "Sam Lee",
		"email_handler_email":   "Sam@Acme.example",
	}
}
