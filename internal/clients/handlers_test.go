package clients

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/intake"
)

// TestClientFromSubmission: one click makes a client of an onboarding
// submission, with its ICP and settings; a second click answers 409 with
// the first client; a booking or unknown id is a field error.
func TestClientFromSubmission(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		sub := insertSubmission(t, d, intake.KindOnboarding, fullOnboarding())
		var c Client
		e.do(t, "POST", "/api/admin/clients", `{"fromSubmission":"`+sub+`"}`, 201, &c)
		if c.ID == "" || c.Name != "Acme Analytics" || c.Status != StatusOnboarding || c.SubmissionID == nil || *c.SubmissionID != sub {
			t.Fatalf("client %+v", c)
		}
		var got Client
		e.do(t, "GET", "/api/admin/clients/"+c.ID, "", 200, &got)
		if got.ICP.CompanySize != "11-200" || len(got.ICP.TargetTitles) != 3 || got.Settings.MonthlyCap != 150 ||
			got.Contact == nil || got.Contact.Email != "sam@acme.example" {
			t.Errorf("stored client %+v", got)
		}
		rec := httpxtest.Do(e.h, "POST", "/api/admin/clients", jsonHeader, `{"fromSubmission":"`+sub+`"}`)
		if rec.Code != 409 || !strings.Contains(rec.Body.String(), c.ID) {
			t.Errorf("second click: %d %s", rec.Code, rec.Body)
		}
		booking := insertSubmission(t, d, intake.KindBooking, map[string]any{"name": "x"})
		for _, id := range []string{booking, "nope"} {
			rec := httpxtest.Do(e.h, "POST", "/api/admin/clients", jsonHeader, `{"fromSubmission":"`+id+`"}`)
			if rec.Code != 400 || !strings.Contains(rec.Body.String(), `"fromSubmission"`) {
				t.Errorf("fromSubmission %s: %d %s", id, rec.Code, rec.Body)
			}
		}
		var list struct{ Clients []Client }
		e.do(t, "GET", "/api/admin/clients", "", 200, &list)
		if len(list.Clients) != 1 {
			t.Errorf("list %+v", list)
		}
	})
}

func TestClientValidation(t *testing.T) {
	e := newEnv(t, dbtest.SQLite(t))
	var c Client
	e.do(t, "POST", "/api/admin/clients", `{"name":" Blank Co ","icp":{"targetTitles":["CTO"]},"settings":{"monthlyCap":10}}`, 201, &c)
	if c.Name != "Blank Co" || c.ICP.TargetTitles[0] != "CTO" || c.Settings.MonthlyCap != 10 || c.Settings.Queries == nil {
		t.Fatalf("blank client %+v", c)
	}
	long := strings.Repeat("x", 201)
	httpxtest.Run(t, e.h, []httpxtest.Scenario{
		{Name: "no name", Method: "POST", Path: "/api/admin/clients", Headers: jsonHeader, Body: `{}`, WantStatus: 400,
			WantJSON: `{"error":"invalid input","fields":{"name":"must be 1 to 200 characters"}}`},
		{Name: "bad fields", Method: "POST", Path: "/api/admin/clients", Headers: jsonHeader,
			Body:       `{"name":"` + long + `","status":"gone","icp":{"targetTitles":5},"settings":{"monthlyCap":-1,"signalTypes":["vibes"],"queries":["crm OR"]}}`,
			WantStatus: 400, WantBody: []string{`"name"`, `"status"`, `"icp.targetTitles"`, `"settings.monthlyCap"`, `"settings.signalTypes"`, `"settings.queries":"query 1: OR needs`}},
		{Name: "icp not an object", Method: "POST", Path: "/api/admin/clients", Headers: jsonHeader, Body: `{"name":"x","icp":[1]}`,
			WantStatus: 400, WantBody: []string{`"icp":"must be an object"`}},
		{Name: "malformed", Method: "POST", Path: "/api/admin/clients", Headers: jsonHeader, Body: `{"name":`, WantStatus: 400},
		{Name: "not JSON", Method: "POST", Path: "/api/admin/clients", Body: `{}`, WantStatus: 415},
		{Name: "too big", Method: "POST", Path: "/api/admin/clients", Headers: jsonHeader,
			Body: `{"name":"` + strings.Repeat("x", maxBody) + `"}`, WantStatus: 413},
		{Name: "unknown client", Path: "/api/admin/clients/nope", WantStatus: 404},
		{Name: "patch unknown", Method: "PATCH", Path: "/api/admin/clients/nope", Headers: jsonHeader, Body: `{"name":"x"}`, WantStatus: 404},
		{Name: "patch bad status", Method: "PATCH", Path: "/api/admin/clients/" + c.ID, Headers: jsonHeader, Body: `{"status":"x"}`, WantStatus: 400},
		{Name: "patch", Method: "PATCH", Path: "/api/admin/clients/" + c.ID, Headers: jsonHeader,
			Body: `{"status":"active","settings":{"queries":["\"switching from\" hubspot"]}}`, WantStatus: 200,
			WantBody: []string{`"status":"active"`, `"monthlyCap":10`, `switching from`, `"CTO"`}},
	})
}

// TestAgents: a body with only a name takes the client's ICP and default
// settings; a template sets the signal types; bad input is 400.
func TestAgents(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, &fakeSource{name: "hackernews"})
		var c Client
		e.do(t, "POST", "/api/admin/clients", `{"name":"Acme","icp":{"signalThreshold":"Medium 60%+ match"},
			"settings":{"signalTypes":["funding_event"],"queries":["crm"]}}`, 201, &c)
		var a Agent
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/agents", `{"name":"Default"}`, 201, &a)
		if a.ID == "" || a.ICP != nil || a.Threshold != 60 || time_(a.Schedule) != "1h" || !a.Active ||
			fmt.Sprint(a.SignalTypes) != "[funding_event]" || fmt.Sprint(a.Queries) != "[crm]" {
			t.Fatalf("agent %+v", a)
		}
		var tm Agent
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/agents", `{"template":"tool-migration"}`, 201, &tm)
		if tm.Name != "Tool Migration" || tm.Template != "tool-migration" || fmt.Sprint(tm.SignalTypes) != "[competitor_engagement]" ||
			!strings.Contains(tm.Queries[0], `"switching from"`) {
			t.Errorf("template agent %+v", tm)
		}
		var patched Agent
		e.do(t, "PATCH", "/api/admin/agents/"+a.ID, `{"schedule":"15m","icp":{"targetTitles":["CFO"]},"sources":["index"],"active":false}`, 200, &patched)
		if time_(patched.Schedule) != "15m" || patched.ICP == nil || patched.ICP.TargetTitles[0] != "CFO" || patched.Active {
			t.Errorf("patched %+v", patched)
		}
		e.do(t, "PATCH", "/api/admin/agents/"+a.ID, `{"icp":null}`, 200, &patched)
		if patched.ICP != nil {
			t.Errorf("icp null kept the override")
		}
		var list struct{ Agents []Agent }
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/agents", "", 200, &list)
		if len(list.Agents) != 2 || list.Agents[0].ID != a.ID {
			t.Errorf("list %+v", list)
		}
		var tpl struct{ Templates []templateInfo }
		e.do(t, "GET", "/api/admin/agent-templates", "", 200, &tpl)
		if len(tpl.Templates) != 10 {
			t.Errorf("%d templates", len(tpl.Templates))
		}
		httpxtest.Run(t, e.h, []httpxtest.Scenario{
			{Name: "no name", Method: "POST", Path: "/api/admin/clients/" + c.ID + "/agents", Headers: jsonHeader, Body: `{}`, WantStatus: 400,
				WantBody: []string{`"name"`}},
			{Name: "bad fields", Method: "POST", Path: "/api/admin/clients/" + c.ID + "/agents", Headers: jsonHeader,
				Body:       `{"name":"x","template":"nope"}`,
				WantStatus: 400, WantBody: []string{`"template"`}},
			{Name: "bad values", Method: "POST", Path: "/api/admin/clients/" + c.ID + "/agents", Headers: jsonHeader,
				Body:       `{"name":"x","schedule":"5m","threshold":0,"sources":["reddit"],"signalTypes":["none"],"queries":["\"open"]}`,
				WantStatus: 400, WantBody: []string{`"schedule":"must be between 15m and 168h"`, `"threshold"`, `"sources":"\"reddit\" is not a source; use index, hackernews"`,
					`"signalTypes"`, `"queries":"query 1: unclosed quote`}},
			{Name: "schedule too long", Method: "PATCH", Path: "/api/admin/agents/" + a.ID, Headers: jsonHeader, Body: `{"schedule":"169h"}`, WantStatus: 400},
			{Name: "schedule not a duration", Method: "PATCH", Path: "/api/admin/agents/" + a.ID, Headers: jsonHeader, Body: `{"schedule":"weekly"}`, WantStatus: 400},
			{Name: "unknown client", Method: "POST", Path: "/api/admin/clients/nope/agents", Headers: jsonHeader, Body: `{"name":"x"}`, WantStatus: 404},
			{Name: "unknown client's agents", Path: "/api/admin/clients/nope/agents", WantStatus: 404},
			{Name: "unknown agent", Path: "/api/admin/agents/nope", WantStatus: 404},
			{Name: "run unknown agent", Method: "POST", Path: "/api/admin/agents/nope/run", WantStatus: 404},
			{Name: "unknown run", Path: "/api/admin/runs/nope", WantStatus: 404},
		})
	})
}

func time_(d Duration) string { b, _ := d.MarshalJSON(); return strings.Trim(string(b), `"`) }

// TestInbox: keyset paging over (created_at, id), filters, state, note,
// owner and feedback; another client's id is 404.
func TestInbox(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		other := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		var posts []engine.Post
		for i := range 7 {
			posts = append(posts, intentPost(i))
		}
		addPosts(t, e, posts...)
		if run := e.runNow(t, a.ID); run.LeadsAdded != 7 {
			t.Fatalf("run %+v", run)
		}
		type page struct {
			Leads      []ClientLead
			NextCursor string
		}
		seen := map[string]bool{}
		cursor, pages := "", 0
		for {
			var p page
			e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?limit=3&cursor="+cursor, "", 200, &p)
			pages++
			for _, l := range p.Leads {
				if seen[l.ID] || l.URL == "" || l.State != StateNew || l.Feedback != nil || l.ClientID != c.ID {
					t.Fatalf("lead %+v (seen %v)", l, seen[l.ID])
				}
				seen[l.ID] = true
			}
			if p.NextCursor == "" {
				break
			}
			cursor = p.NextCursor
		}
		if len(seen) != 7 || pages != 3 {
			t.Fatalf("%d leads over %d pages", len(seen), pages)
		}
		var first page
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?limit=1", "", 200, &first)
		id := first.Leads[0].ID
		var l ClientLead
		e.do(t, "PATCH", "/api/admin/client-leads/"+id, `{"state":"contacted","note":"called","owner":" sam@acme.example "}`, 200, &l)
		if l.State != StateContacted || l.Note != "called" || l.Owner != "sam@acme.example" {
			t.Errorf("patched %+v", l)
		}
		e.do(t, "POST", "/api/admin/client-leads/"+id+"/feedback", `{"verdict":"noise","reason":"open to work"}`, 200, &l)
		if l.Feedback == nil || l.Feedback.Verdict != VerdictNoise || l.Feedback.Reason != "open to work" || l.State != StateContacted {
			t.Errorf("feedback %+v", l)
		}
		var filtered page
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?state=contacted&agent="+a.ID+"&since=2020-01-01", "", 200, &filtered)
		if len(filtered.Leads) != 1 || filtered.Leads[0].ID != id {
			t.Errorf("state filter %+v", filtered)
		}
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?tier=other&signal=job_change", "", 200, &filtered)
		if len(filtered.Leads) != 0 {
			t.Errorf("tier/signal filter %+v", filtered)
		}
		// Another client sees none of them; another client's lead is 404
		// through the client-scoped store call.
		e.do(t, "GET", "/api/admin/clients/"+other.ID+"/leads", "", 200, &filtered)
		if len(filtered.Leads) != 0 {
			t.Errorf("other client sees %d leads", len(filtered.Leads))
		}
		st := StateWon
		if _, err := e.store.UpdateLead(context.Background(), other.ID, id, LeadEdit{State: &st}); err != ErrNotFound {
			t.Errorf("another client's lead: %v", err)
		}
		if _, err := e.store.Lead(context.Background(), other.ID, id); err != ErrNotFound {
			t.Errorf("another client's lead read: %v", err)
		}
		httpxtest.Run(t, e.h, []httpxtest.Scenario{
			{Name: "unknown client", Path: "/api/admin/clients/nope/leads", WantStatus: 404},
			{Name: "bad params", Path: "/api/admin/clients/" + c.ID + "/leads?limit=0&state=gone&tier=lukewarm&signal=x&since=yesterday", WantStatus: 400,
				WantBody: []string{`"limit"`, `"state"`, `"tier"`, `"signal"`, `"since"`}},
			{Name: "bad cursor", Path: "/api/admin/clients/" + c.ID + "/leads?cursor=bm9wZQ", WantStatus: 400, WantBody: []string{`"cursor"`}},
			{Name: "unknown lead", Method: "PATCH", Path: "/api/admin/client-leads/nope", Headers: jsonHeader, Body: `{"state":"won"}`, WantStatus: 404},
			{Name: "bad state", Method: "PATCH", Path: "/api/admin/client-leads/" + id, Headers: jsonHeader, Body: `{"state":"maybe"}`, WantStatus: 400},
			{Name: "bad verdict", Method: "POST", Path: "/api/admin/client-leads/" + id + "/feedback", Headers: jsonHeader, Body: `{"verdict":"meh"}`, WantStatus: 400,
				WantBody: []string{`"verdict":"must be good or noise"`}},
			{Name: "reason too long", Method: "POST", Path: "/api/admin/client-leads/" + id + "/feedback", Headers: jsonHeader,
				Body: `{"verdict":"good","reason":"` + strings.Repeat("r", 501) + `"}`, WantStatus: 400},
			{Name: "feedback unknown lead", Method: "POST", Path: "/api/admin/client-leads/nope/feedback", Headers: jsonHeader, Body: `{"verdict":"good"}`, WantStatus: 404},
		})
		// The stored lead is the engine's lead, with its url.
		var full page
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads?limit=1", "", 200, &full)
		var lead engine.Lead
		if err := json.Unmarshal(full.Leads[0].Lead, &lead); err != nil || lead.PostURL != full.Leads[0].URL {
			t.Errorf("lead body %s: %v", full.Leads[0].Lead, err)
		}
		_ = http.StatusOK
	})
}

// TestParallelClientEdits: edits of different fields at once all stay.
func TestParallelClientEdits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		bodies := []string{`{"name":"Renamed"}`, `{"status":"paused"}`, `{"settings":{"monthlyCap":7}}`,
			`{"settings":{"responseTime":"24_hours"}}`, `{"settings":{"queries":["crm"]}}`, `{"settings":{"delivery":["Slack alerts"]}}`}
		var wg sync.WaitGroup
		for _, b := range bodies {
			wg.Go(func() {
				if rec := httpxtest.Do(e.h, "PATCH", "/api/admin/clients/"+c.ID, jsonHeader, b); rec.Code != 200 {
					t.Errorf("%s: %d %s", b, rec.Code, rec.Body)
				}
			})
		}
		wg.Wait()
		got, err := e.store.Client(context.Background(), c.ID)
		if err != nil {
			t.Fatal(err)
		}
		st := got.Settings
		if got.Name != "Renamed" || got.Status != StatusPaused || st.MonthlyCap != 7 || st.ResponseTime != "24_hours" ||
			fmt.Sprint(st.Queries) != "[crm]" || fmt.Sprint(st.Delivery) != "[Slack alerts]" || len(got.ICP.TargetTitles) != 1 {
			t.Errorf("after parallel edits: %+v", got)
		}
	})
}

// TestPrecision: good / (good + noise) per agent and per source; null
// before any feedback.
func TestPrecision(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		idle := newAgent(t, e.store, c.ID, nil)
		addPosts(t, e, intentPost(1), intentPost(2), intentPost(3), intentPost(4))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 4 {
			t.Fatalf("run %+v", run)
		}
		var page struct{ Leads []ClientLead }
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads", "", 200, &page)
		for i, v := range []string{"good", "noise", "noise"} {
			e.do(t, "POST", "/api/admin/client-leads/"+page.Leads[i].ID+"/feedback", `{"verdict":"`+v+`"}`, 200, nil)
		}
		var rep PrecisionReport
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/precision", "", 200, &rep)
		if len(rep.Agents) != 2 || rep.Agents[0].Key != a.ID || rep.Agents[0].Leads != 4 || rep.Agents[0].Good != 1 ||
			rep.Agents[0].Noise != 2 || rep.Agents[0].Precision == nil || *rep.Agents[0].Precision != 1.0/3 {
			t.Errorf("agents %+v", rep.Agents)
		}
		if rep.Agents[1].Key != idle.ID || rep.Agents[1].Leads != 0 || rep.Agents[1].Precision != nil {
			t.Errorf("idle agent %+v", rep.Agents[1])
		}
		if len(rep.Sources) != 1 || rep.Sources[0].Key != "linkedin" || rep.Sources[0].Good != 1 || rep.Sources[0].Noise != 2 {
			t.Errorf("sources %+v", rep.Sources)
		}
		e.do(t, "GET", "/api/admin/clients/nope/precision", "", 404, nil)
	})
}

// TestExportLeads: every matching lead, read a page at a time, with its
// post link, date, reasons and draft; no cell starts a formula.
func TestExportLeads(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		defer func(n int) { exportPage = n }(exportPage)
		exportPage = 2
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		addPosts(t, e, intentPost(1), intentPost(2), intentPost(3), intentPost(4), intentPost(5))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 5 {
			t.Fatalf("run %+v", run)
		}
		var page struct{ Leads []ClientLead }
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/leads", "", 200, &page)
		e.do(t, "PATCH", "/api/admin/client-leads/"+page.Leads[0].ID, `{"state":"won","note":"=HYPERLINK(\"x\")"}`, 200, nil)
		rec := httpxtest.Do(e.h, "GET", "/api/admin/clients/"+c.ID+"/leads.csv", nil, "")
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "text/csv; charset=utf-8" {
			t.Fatalf("export: %d %s", rec.Code, rec.Header())
		}
		lines := strings.Split(strings.TrimSuffix(rec.Body.String(), "\r\n"), "\r\n")
		if len(lines) != 6 || !strings.HasPrefix(lines[0], `"id","created_at","state"`) {
			t.Fatalf("%d lines: %q", len(lines), lines[0])
		}
		first := lines[1]
		for _, want := range []string{`"` + page.Leads[0].ID + `"`, `"won"`, page.Leads[0].URL, "Hi Dana", `"'=HYPERLINK(""x"")"`} {
			if !strings.Contains(first, want) {
				t.Errorf("first row lacks %q: %s", want, first)
			}
		}
		rec = httpxtest.Do(e.h, "GET", "/api/admin/clients/"+c.ID+"/leads.csv?state=won", nil, "")
		if n := strings.Count(rec.Body.String(), "\r\n"); n != 2 {
			t.Errorf("filtered export has %d lines", n)
		}
		for path, want := range map[string]int{"/api/admin/clients/nope/leads.csv": 404,
			"/api/admin/clients/" + c.ID + "/leads.csv?cursor=abc": 400, "/api/admin/clients/" + c.ID + "/leads.csv?tier=x": 400} {
			if rec := httpxtest.Do(e.h, "GET", path, nil, ""); rec.Code != want {
				t.Errorf("%s: %d, want %d", path, rec.Code, want)
			}
		}
	})
}
