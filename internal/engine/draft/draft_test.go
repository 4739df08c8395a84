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
		if !strings.Contains(tp.Template, "[name]") || !strings.Contains(tp.Subject+tp.Template, "[company]") {
			t.Errorf("%s: template lacks [name] or [company]", tp.Title)
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

func TestFill(t *testing.T) {
	tp, _ := ByID("fresh-funding")
	d := Fill(tp, "Dana Reyes", "Brightwell", "scaling the sales team")
	if d.Subject != "Congrats on the round, Brightwell" || !strings.HasPrefix(d.Body, "Hi Dana,") ||
		!strings.Contains(d.Body, "scaling the sales team") || strings.Contains(d.Body, "[") {
		t.Fatalf("filled: %+v", d)
	}
	d = Fill(tp, "@dreyes", "", "")
	if !strings.HasPrefix(d.Body, "Hi there,") || strings.Contains(d.Subject+d.Body, "[") {
		t.Fatalf("defaults: %+v", d)
	}
	if got := Topic("", "We're moving off HubSpot. Any advice?"); got != "We're moving off HubSpot" {
		t.Errorf("Topic = %q", got)
	}
	if got := Topic(strings.Repeat("word ", 30), ""); len(got) > 64 || !strings.HasSuffix(got, "…") {
		t.Errorf("long Topic = %q", got)
	}
}
