package icp

import (
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/score"
)

// demoLike is an ICP shaped like the demo's worked example: every
// criterion set, as a visitor who fills the whole form would.
var demoLike = engine.ICP{
	TargetTitles: []string{"VP of Sales", "Head of Growth", "Revenue Operations Lead"},
	CompanySize:  "50-200", RevenueRange: "$1M - $10M ARR", FundingStage: "Series A-B",
	Geographic: "North America, Western Europe", TechStack: []string{"Salesforce", "HubSpot", "Outreach"},
	PainPoints:  []string{"Low reply rates", "Stale contact data", "Slow pipeline"},
	Competitors: []string{"ZoomInfo", "Apollo", "6sense"}, Industries: []string{"SaaS", "Fintech"},
	Exclusions: []string{"Agencies", "Students"}, BudgetIndicators: []string{"Recent funding", "Hiring SDRs"},
}

// TestCalibration checks the lead score (0.6 × fit + 0.4 × strength) at
// the ends that matter: a post matching what it states, with a strong
// signal, is 'Ready to Buy' although it leaves facts unstated; a post
// matching nothing stays out of the warm tier; an exclusion is zero.
func TestCalibration(t *testing.T) {
	tests := []struct {
		name     string
		s        Subject
		strength float64
		min, max int
	}{
		{"stated facts all match, strong signal", Subject{Title: "VP of Sales", Employees: "120", Industry: "SaaS", Location: "Boston",
			Text: "We closed our Series A and are hiring SDRs; our HubSpot data is stale.", Signal: "funding_event"}, 0.9, 80, 100},
		{"title and industry match, rest unstated", Subject{Title: "Head of Growth", Industry: "Fintech",
			Text: "We're moving off ZoomInfo, the contact data is stale.", Signal: "competitor_engagement"}, 0.93, 80, 100},
		{"a few facts match, weak signal", Subject{Title: "VP of Sales", Industry: "SaaS", Text: "Any tips on replacing ZoomInfo?", Signal: "tech_research"}, 0.5, 60, 79},
		{"nothing stated, strong signal", Subject{Text: "Any Apollo alternatives?", Signal: "tech_research"}, 0.9, 55, 70},
		{"every stated fact mismatches", Subject{Title: "Line Cook", Employees: "8", Industry: "Restaurants", Location: "Sydney",
			Text: "We are bootstrapped.", Signal: "hiring_activity"}, 0.9, 36, 46},
		{"wrong title and size, strong signal", Subject{Title: "Warehouse Associate", Employees: "5000",
			Text: "Evaluating tools.", Signal: "tech_research"}, 0.95, 38, 50},
		{"exclusion", Subject{Title: "VP of Sales", Industry: "SaaS", Text: "Our agencies need a new CRM", Signal: "tech_research"}, 1, 40, 40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Fit(demoLike, tt.s)
			got := score.Score(f.Score, tt.strength)
			if got < tt.min || got > tt.max {
				t.Errorf("score %d (fit %.3f), want %d-%d; reasons %v", got, f.Score, tt.min, tt.max, f.Reasons)
			}
			if tt.name == "exclusion" && (!f.Excluded || f.Score != 0) {
				t.Errorf("exclusion not applied: %+v", f)
			}
		})
	}
}

// TestUnknownDoesNotCountAsMismatch: leaving a fact out must score
// between stating a match and stating a mismatch.
func TestUnknownDoesNotCountAsMismatch(t *testing.T) {
	p := engine.ICP{TargetTitles: []string{"CTO"}, CompanySize: "50-200", Industries: []string{"SaaS"}}
	match := Fit(p, Subject{Title: "CTO", Employees: "80", Industry: "SaaS"}).Score
	unstated := Fit(p, Subject{Title: "CTO", Industry: "SaaS"}).Score
	mismatch := Fit(p, Subject{Title: "CTO", Employees: "5000", Industry: "SaaS"}).Score
	if !(match > unstated && unstated > mismatch) || match != 1 || unstated < 0.85 {
		t.Fatalf("match %.3f, unstated %.3f, mismatch %.3f", match, unstated, mismatch)
	}
}
