package clients

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients/clientstest/fixture"
	"github.com/signalpipe/signalpipe/internal/engine"
)

func addPosts(t testing.TB, e *env, posts ...engine.Post) {
	t.Helper()
	if _, err := e.posts.AddPosts(context.Background(), posts); err != nil {
		t.Fatal(err)
	}
}

var waitFor = fixture.WaitFor

// accountsNow is the tests' clock.
var accountsNow = fixture.AccountsNow

var sigLead = fixture.SigLead

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

var acmeSignals = fixture.AcmeSignals

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

var fullOnboarding = fixture.FullOnboarding
