package clients

import (
	"context"
	"fmt"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestSuggestions: a phrase in several noise leads and no good one is
// suggested as an exclusion, once, in the query language; what the
// queries already exclude and what good leads say are not.
func TestSuggestions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, func(a *Agent) { a.Queries = []string{`funding -recruiter`} })
		var posts []engine.Post
		for i := range 6 {
			p := intentPost(i)
			switch {
			case i < 3:
				p.Text += " I am open to work and available as a recruiter."
			case i == 3:
				p.Text = "Series B funding closed, we are hiring account executives, open to ideas."
			}
			posts = append(posts, p)
		}
		// The exclusion above would drop the noise posts: run without it,
		// then put it back, as an admin editing the agent would.
		if _, err := e.store.UpdateAgent(context.Background(), a.ID, func(a *Agent) error { a.Queries = nil; return nil }); err != nil {
			t.Fatal(err)
		}
		addPosts(t, e, posts...)
		if run := e.runNow(t, a.ID); run.LeadsAdded != 6 {
			t.Fatalf("run %+v", run)
		}
		if _, err := e.store.UpdateAgent(context.Background(), a.ID, func(a *Agent) error { a.Queries = []string{`funding -recruiter`}; return nil }); err != nil {
			t.Fatal(err)
		}
		var page struct{ Leads []ClientLead }
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?limit=100", "", 200, &page)
		for _, l := range page.Leads {
			verdict := "good"
			if p := l.PostID; p == "p0" || p == "p1" || p == "p2" {
				verdict = "noise"
			}
			e.do(t, "POST", "/api/admin/client-leads/"+l.ID+"/feedback", `{"verdict":"`+verdict+`","reason":"not buying"}`, 200, nil)
		}
		var got struct{ Suggestions []Suggestion }
		e.do(t, "GET", "/api/admin/agents/"+a.ID+"/suggestions", "", 200, &got)
		if fmt.Sprint(got.Suggestions) != `[{open to work -"open to work" 3} {available -available 3}]` {
			t.Errorf("suggestions %v", got.Suggestions)
		}
		e.do(t, "GET", "/api/admin/agents/nope/suggestions", "", 404, nil)
	})
}
