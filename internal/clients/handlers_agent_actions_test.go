package clients

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestAgentDuplicateAndDelete: a duplicate copies every setting into a
// paused agent of the same client named "(copy)"; delete removes the agent
// and its runs but keeps its leads; unknown ids are 404.
func TestAgentDuplicateAndDelete(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		c := newClient(t, e.store, 0)
		other := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		if _, err := e.posts.AddPosts(ctx, []engine.Post{intentPost(1)}); err != nil {
			t.Fatal(err)
		}
		run := e.runNow(t, a.ID)
		if run.LeadsAdded != 1 {
			t.Fatalf("run %+v", run)
		}

		e.do(t, "PATCH", "/api/admin/agents/"+a.ID, `{"signalTypes":["funding_event"],"queries":["\"series b\" -crypto"],"sources":["index"],
			"icp":{"targetTitles":["CFO"]},"threshold":70}`, 200, nil)
		var dup Agent
		e.do(t, "POST", "/api/admin/agents/"+a.ID+"/duplicate", "", 201, &dup)
		if dup.ID == a.ID || dup.ClientID != c.ID || dup.Name != "Watch (copy)" || dup.Active || dup.Threshold != 70 ||
			fmt.Sprint(dup.SignalTypes, dup.Queries, dup.Sources) != `[funding_event] ["series b" -crypto] [index]` ||
			dup.ICP == nil || dup.ICP.TargetTitles[0] != "CFO" || time_(dup.Schedule) != "1h" || dup.Cursor != 0 {
			t.Fatalf("duplicate %+v", dup)
		}
		// The copy's ICP is its own: editing it leaves the original's.
		e.do(t, "PATCH", "/api/admin/agents/"+dup.ID, `{"icp":{"targetTitles":["CTO"]}}`, 200, nil)
		if got, _ := e.store.Agent(ctx, a.ID); got.ICP.TargetTitles[0] != "CFO" {
			t.Fatalf("original's ICP changed: %+v", got.ICP)
		}

		e.do(t, "DELETE", "/api/admin/agents/"+a.ID, "", 204, nil)
		if _, err := e.store.Agent(ctx, a.ID); err != ErrNotFound {
			t.Fatalf("deleted agent: %v", err)
		}
		if _, err := e.store.Run(ctx, run.ID); err != ErrNotFound {
			t.Fatalf("deleted agent's run: %v", err)
		}
		leads, _, err := e.store.Leads(ctx, c.ID, LeadFilter{Limit: 10})
		if err != nil || len(leads) != 1 {
			t.Fatalf("leads after delete %d %v", len(leads), err)
		}
		var list struct{ Agents []Agent }
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/agents", "", 200, &list)
		if len(list.Agents) != 1 || list.Agents[0].ID != dup.ID {
			t.Fatalf("agents after delete %+v", list)
		}
		e.do(t, "GET", "/api/admin/clients/"+other.ID+"/agents", "", 200, &list)
		if len(list.Agents) != 0 {
			t.Fatalf("the other client got an agent: %+v", list)
		}
		httpxtest.Run(t, e.h, []httpxtest.Scenario{
			{Name: "delete twice", Method: "DELETE", Path: "/api/admin/agents/" + a.ID, WantStatus: 404},
			{Name: "duplicate deleted", Method: "POST", Path: "/api/admin/agents/" + a.ID + "/duplicate", WantStatus: 404},
			{Name: "delete unknown", Method: "DELETE", Path: "/api/admin/agents/nope", WantStatus: 404},
		})
	})
}

// TestQueryPreview: the preview runs the query language over the index
// (phrases, exclusions), answers the count and the newest matches first,
// and refuses bad input with field errors.
func TestQueryPreview(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		now := time.Now().UTC()
		post := func(id, text string, age time.Duration) engine.Post {
			return engine.Post{ID: id, Source: "test", URL: "https://forum.example/" + id, Author: "a" + id, Text: text, PublishedAt: now.Add(-age)}
		}
		if _, err := e.posts.AddPosts(context.Background(), []engine.Post{
			post("old", "We are evaluating a CRM migration this quarter.", 48*time.Hour),
			post("new", "Our CRM migration starts next week, any advice?", time.Hour),
			post("crypto", "CRM migration for our crypto exchange.", 2*time.Hour),
			post("apart", "Migration of our CRM is done; the crm team rests.", 3*time.Hour),
			post("none", "We hired two account executives.", time.Hour),
		}); err != nil {
			t.Fatal(err)
		}
		var got struct {
			Count   int
			Scanned int
			More    bool
			Matches []PreviewMatch
		}
		path := "/api/admin/clients/" + c.ID + "/query-preview"
		e.do(t, "POST", path, `{"queries":["\"crm migration\" -crypto"]}`, 200, &got)
		if got.Count != 2 || got.More || len(got.Matches) != 2 || got.Matches[0].URL != "https://forum.example/new" ||
			got.Matches[1].URL != "https://forum.example/old" || got.Matches[0].PublishedAt == nil {
			t.Fatalf("preview %+v", got)
		}
		e.do(t, "POST", path, `{"queries":["crm","\"account executives\""]}`, 200, &got)
		if got.Count != 5 {
			t.Fatalf("two queries: %+v", got)
		}
		long := strings.Repeat("x", maxPreviewBody)
		httpxtest.Run(t, e.h, []httpxtest.Scenario{
			{Name: "no queries", Method: "POST", Path: path, Headers: jsonHeader, Body: `{"queries":[]}`, WantStatus: 400, WantBody: []string{`"queries"`}},
			{Name: "bad query", Method: "POST", Path: path, Headers: jsonHeader, Body: `{"queries":["\"open"]}`, WantStatus: 400,
				WantBody: []string{`"queries":"query 1: unclosed quote`}},
			{Name: "only exclusions", Method: "POST", Path: path, Headers: jsonHeader, Body: `{"queries":["-crypto"]}`, WantStatus: 400},
			{Name: "unknown key", Method: "POST", Path: path, Headers: jsonHeader, Body: `{"query":"crm"}`, WantStatus: 400},
			{Name: "too big", Method: "POST", Path: path, Headers: jsonHeader, Body: `{"queries":["` + long + `"]}`, WantStatus: 413},
			{Name: "unknown client", Method: "POST", Path: "/api/admin/clients/nope/query-preview", Headers: jsonHeader,
				Body: `{"queries":["crm"]}`, WantStatus: 404},
		})
	})
}
