package clients

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// A client's draft settings are validated field by field, and its runs'
// drafts are signed by its sender with its product (issue 31 item 2).
func TestClientDraftSettings(t *testing.T) {
	e := newEnv(t, dbtest.SQLite(t))
	c := newClient(t, e.store, 0)
	path := "/api/admin/clients/" + c.ID
	for _, tt := range []struct{ name, body, field string }{
		{"unknown key", `{"settings":{"drafts":{"signature":"x"}}}`, `"settings.drafts"`},
		{"unknown slot", `{"settings":{"drafts":{"templates":{"hiring-spree":{"body":"Hi [first],"}}}}}`, `"settings.drafts.templates.hiring-spree.body"`},
		{"unknown template", `{"settings":{"drafts":{"templates":{"cold":{"body":"Hi"}}}}}`, `"settings.drafts.templates.cold"`},
		{"sender is an address", `{"settings":{"drafts":{"sender":"maya@example.com"}}}`, `"settings.drafts.sender"`},
		{"proof too long", `{"settings":{"drafts":{"proofPoint":"` + strings.Repeat("x", 400) + `"}}}`, `"settings.drafts.proofPoint"`},
	} {
		rec := httpxtest.Do(e.h, "PATCH", path, jsonHeader, tt.body)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), tt.field) {
			t.Errorf("%s: %d %s, want 400 naming %s", tt.name, rec.Code, rec.Body, tt.field)
		}
	}
	var got Client
	e.do(t, "PATCH", path, `{"settings":{"drafts":{"sender":"Maya Lindqvist","product":"a sales-data platform","proofPoint":"reps book 30% more meetings",
		"templates":{"fresh-funding":{"subject":"Congrats{, [company]}"}}}}}`, 200, &got)
	if d := got.Settings.Drafts; d.Sender != "Maya Lindqvist" || d.Proof != "Reps book 30% more meetings." || d.Templates["fresh-funding"].Subject == "" {
		t.Fatalf("stored drafts %+v", d)
	}
	a := newAgent(t, e.store, c.ID, nil)
	addPosts(t, e, intentPost(1))
	if run := e.runNow(t, a.ID); run.LeadsAdded != 1 {
		t.Fatalf("run %+v", run)
	}
	leads, _, err := e.store.Leads(context.Background(), c.ID, LeadFilter{Limit: 10})
	if err != nil || len(leads) != 1 {
		t.Fatalf("leads %v %v", leads, err)
	}
	var l engine.Lead
	if err := json.Unmarshal(leads[0].Lead, &l); err != nil {
		t.Fatal(err)
	}
	d := l.Draft
	if d.Subject != "Congrats, Brightwell1" || !strings.Contains(d.Body, "We offer a sales-data platform. Reps book 30% more meetings.") ||
		!strings.HasSuffix(d.Body, "Best,\nMaya Lindqvist") {
		t.Errorf("draft %+v", d)
	}
}

// The preview drafts the client's real leads with settings not yet
// saved, and refuses bad ones with field errors.
func TestDraftPreview(t *testing.T) {
	e := newEnv(t, dbtest.SQLite(t))
	c := newClient(t, e.store, 0)
	a := newAgent(t, e.store, c.ID, nil)
	addPosts(t, e, intentPost(1), intentPost(2))
	if run := e.runNow(t, a.ID); run.LeadsAdded != 2 {
		t.Fatalf("run %+v", run)
	}
	path := "/api/admin/clients/" + c.ID + "/draft-preview"
	var got draftPreviewAnswer
	e.do(t, "POST", path, `{"limit":1,"drafts":{"sender":"Maya Lindqvist","templates":{"fresh-funding":{"subject":"Well done{, [company]}","body":"Hi [name],\n\n{We offer [product]. }Talk?\n\nBest,{\n[sender]}"}}}}`, 200, &got)
	if len(got.Previews) != 1 || got.Facts.Sender != "Maya Lindqvist" {
		t.Fatalf("preview %+v", got)
	}
	p := got.Previews[0]
	if !strings.HasPrefix(p.Draft.Subject, "Well done, Brightwell") || p.Draft.Body != "Hi Dana,\n\nTalk?\n\nBest,\nMaya Lindqvist" ||
		p.Current.Subject == p.Draft.Subject || p.LeadID == "" {
		t.Errorf("preview %+v", p)
	}
	// Nothing was saved.
	stored, _ := e.store.Client(context.Background(), c.ID)
	if stored.Settings.Drafts.Sender != "" {
		t.Errorf("the preview saved its settings: %+v", stored.Settings.Drafts)
	}
	for body, field := range map[string]string{
		`{"limit":0}`: `"limit"`,
		`{"drafts":{"templates":{"fresh-funding":{"body":"Hi [nom]"}}}}`: `"settings.drafts.templates.fresh-funding.body"`,
	} {
		rec := httpxtest.Do(e.h, "POST", path, jsonHeader, body)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), field) {
			t.Errorf("%s: %d %s", body, rec.Code, rec.Body)
		}
	}
	if rec := httpxtest.Do(e.h, "POST", "/api/admin/clients/nope/draft-preview", jsonHeader, `{}`); rec.Code != 404 {
		t.Errorf("unknown client: %d", rec.Code)
	}
}
