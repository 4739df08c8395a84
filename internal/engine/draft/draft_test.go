package draft

import (
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

func TestTemplatesAreTheSpecsTen(t *testing.T) {
	want := map[string]string{"Competitor Engagement": "73%", "New Role Alert": "81%", "Fresh Funding": "84%",
		"Hiring Spree": "76%", "Event Registration": "78%", "Content Consumption": "71%", "Profile Stalking": "69%",
		"Internal Engagement": "85%", "Tool Migration": "82%", "Pain Point Posts": "79%"}
	if len(Templates) != 10 {
		t.Fatalf("%d templates, want 10", len(Templates))
	}
	ids := map[string]bool{}
	for _, tp := range Templates {
		if want[tp.Title] != tp.ResponseRate {
			t.Errorf("%s: response rate %q, want %q", tp.Title, tp.ResponseRate, want[tp.Title])
		}
		if ids[tp.ID] || tp.ID == "" || tp.Subject == "" || tp.Description == "" || tp.Source == "" || tp.Color == "" {
			t.Errorf("%s: missing or duplicate field", tp.Title)
		}
		ids[tp.ID] = true
		if !strings.HasPrefix(tp.Template, "Hi [name],") || !strings.HasSuffix(tp.Template, "Best,{\n[sender]}") {
			t.Errorf("%s: template does not greet [name] and sign with [sender]", tp.Title)
		}
		if strings.Contains(tp.Subject+tp.Template, "like [company]") {
			t.Errorf("%s: names the prospect as its own reference", tp.Title)
		}
		if errs := (Book{tp.ID: {Subject: tp.Subject, Body: tp.Template}}).Validate(); len(errs) > 0 {
			t.Errorf("%s: %v", tp.Title, errs)
		}
	}
}

func TestSelect(t *testing.T) {
	tests := []struct {
		d    engine.Detection
		text string
		want string
	}{
		{engine.Detection{SignalType: engine.HiringActivity}, "", "hiring-spree"},
		{engine.Detection{SignalType: engine.FundingEvent}, "", "fresh-funding"},
		{engine.Detection{SignalType: engine.JobChange}, "see you at the summit", "new-role-alert"},
		{engine.Detection{SignalType: engine.CompetitorEngagement, Cues: []string{"vendor complaint"}}, "", "competitor-engagement"},
		{engine.Detection{SignalType: engine.CompetitorEngagement, Cues: []string{"switching vendor"}}, "", "tool-migration"},
		{engine.Detection{SignalType: engine.TechResearch, Cues: []string{"looking for a tool", "pain"}}, "", "pain-point-posts"},
		{engine.Detection{SignalType: engine.TechResearch}, "", "content-consumption"},
		{engine.Detection{SignalType: engine.TechResearch}, "Anyone attending the RevOps Summit?", "event-registration"},
	}
	for _, tt := range tests {
		if got := Select(tt.d, tt.text).ID; got != tt.want {
			t.Errorf("Select(%v, %q) = %s, want %s", tt.d, tt.text, got, tt.want)
		}
	}
}

func TestWrite(t *testing.T) {
	tp, _ := ByID("new-role-alert")
	d := Write(tp, Slots{Name: "Dana", Company: "Brightwell", Role: "VP of Sales"})
	if d.Subject != "Congrats on the new role, Dana" || !strings.HasPrefix(d.Body, "Hi Dana,\n\nCongratulations on the new role as VP of Sales at Brightwell. ") {
		t.Fatalf("filled: %+v", d)
	}
	d = Write(tp, Slots{})
	if d.Subject != "Congrats on the new role" || !strings.HasPrefix(d.Body, "Hi there,\n\nCongratulations on the new role. The first") {
		t.Fatalf("nothing known: %+v", d)
	}
	if d.TemplateID != "new-role-alert" {
		t.Errorf("template id %q", d.TemplateID)
	}
}

func TestSlotsOf(t *testing.T) {
	tests := []struct {
		name, company, role, title, text string
		want                             Slots
	}{
		{"Dana Reyes", "Brightwell", "VP of Sales", "", "We're leaving zendesk's help desk.", Slots{Name: "Dana", Company: "Brightwell", Role: "VP of Sales", Topic: "Zendesk"}},
		{"@dreyes", "Brightwell. We are hiring!", "", "Moving off HubSpot?", "", Slots{Company: "", Topic: "HubSpot"}},
		{"u/ops_guy", "", "I run ops for a small team and we need a new tool", "", "no product here", Slots{}},
		{"dana", "Acme Corp", "", "", "Comparing Bill.com and Tipalti", Slots{Company: "Acme Corp", Topic: "Bill.com"}},
		{"J.", "", "", "", "A box of front-end work", Slots{}},
	}
	for _, tt := range tests {
		if got := SlotsOf(tt.name, tt.company, tt.role, tt.title, tt.text); got != tt.want {
			t.Errorf("SlotsOf(%q, %q, %q, %q, %q) = %+v, want %+v", tt.name, tt.company, tt.role, tt.title, tt.text, got, tt.want)
		}
	}
}

func TestProductPrefersTheOneBeingLeft(t *testing.T) {
	for text, want := range map[string]string{
		"Is PandaDoc better than DocuSign? We're moving off docusign next month.": "DocuSign",
		"Has anyone switched from Notion.so to Confluence?":                       "Notion.so",
		"Comparing Asana and Jira for a 40-person team":                           "Asana",
		"We need a better tool, nothing named here":                               "",
	} {
		if got := Product(text); got != want {
			t.Errorf("Product(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestProductSkipsEverydayWordsInLowerCase(t *testing.T) {
	if got := Product("We need to ramp new reps faster and cut the zoom calls"); got != "" {
		t.Errorf("everyday words read as products: %q", got)
	}
	if got := Product("Moving our cards off Ramp to Brex"); got != "Ramp" {
		t.Errorf("Product = %q, want Ramp", got)
	}
}
