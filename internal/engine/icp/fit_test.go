package icp

import (
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

func TestFit(t *testing.T) {
	full := engine.ICP{
		TargetTitles: []string{"VP Sales", "Head of Revenue Operations", "CRO"},
		CompanySize:  "50-200", RevenueRange: "$10M - $50M ARR", FundingStage: "Series A-B",
		Geographic: "North America", TechStack: []string{"Salesforce"}, PainPoints: []string{"data quality"},
		Competitors: []string{"ZoomInfo"}, Industries: []string{"fintech"}, Exclusions: []string{"agency"},
		BudgetIndicators: []string{"recent funding"},
	}
	tests := []struct {
		name     string
		icp      engine.ICP
		s        Subject
		min, max float64
		reason   string
	}{
		{"perfect fit", full, Subject{Title: "Vice President of Sales", Employees: "120", Industry: "Fintech", Location: "Toronto",
			Text: "We closed our Series B, $20M ARR, and our ZoomInfo data quality is poor. We run on Salesforce.", Signal: "funding_event"},
			0.95, 1, `matches "VP Sales"`},
		{"abbreviation", engine.ICP{TargetTitles: []string{"Chief Revenue Officer"}}, Subject{Title: "CRO"}, 1, 1, "matches"},
		{"wrong title and size", engine.ICP{TargetTitles: []string{"CTO"}, CompanySize: "1000+ employees"},
			Subject{Title: "Marketing Coordinator", Employees: "12"}, 0, 0, "not a target title"},
		{"unknown facts are neutral", full, Subject{Text: "Any ZoomInfo alternatives? Our data quality is poor."}, 0.65, 0.85, "title unknown"},
		{"exclusion zeroes", full, Subject{Title: "VP Sales", Text: "Our agency is growing"}, 0, 0, "excluded: agency"},
		{"exclusion needs a whole word", engine.ICP{Exclusions: []string{"ai"}, Industries: []string{"fintech"}},
			Subject{Industry: "fintech", Text: "we maintain our stack"}, 1, 1, "industry fintech"},
		{"empty ICP", engine.ICP{}, Subject{Title: "CEO"}, 0.5, 0.5, "no ICP criteria"},
		{"size near", engine.ICP{CompanySize: "50-200"}, Subject{Employees: "40"}, 0.25, 0.25, "close to"},
		{"revenue from MRR", engine.ICP{RevenueRange: "Under $1M ARR"}, Subject{Text: "we are at $30k MRR"}, 1, 1, "within"},
		{"seed vs series A-B", engine.ICP{FundingStage: "Seed"}, Subject{Text: "we raised our series b"}, 0, 0, "outside"},
		{"bootstrapped", engine.ICP{FundingStage: "Bootstrapped"}, Subject{Text: "we are bootstrapped and profitable"}, 1, 1, "matches"},
		{"geo mismatch", engine.ICP{Geographic: "Europe"}, Subject{Location: "Austin, TX"}, 0, 0, "outside"},
		{"budget via signal", engine.ICP{BudgetIndicators: []string{"hiring"}}, Subject{Signal: "hiring_activity"}, 1, 1, "hiring"},
		{"competitor named", engine.ICP{Competitors: []string{"HubSpot", "Salesforce"}}, Subject{Text: "Our HubSpot renewal doubled"}, 0.6, 0.75,
			"mentions competitor HubSpot"},
		{"no competitor named", engine.ICP{Competitors: []string{"HubSpot", "Salesforce"}}, Subject{Text: "Any CRM tips?"}, 0, 0.1,
			"mentions none of the competitors HubSpot, Salesforce"},
		{"tech stack missing", engine.ICP{TechStack: []string{"Go", "Postgres"}}, Subject{Text: "Any CRM tips?"}, 0, 0.1,
			"uses none of Go, Postgres"},
		{"pain point words", engine.ICP{PainPoints: []string{"manual data entry"}}, Subject{Text: "Our reps waste hours on manual entry of data"}, 0.7, 0.85, "pain point"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Fit(tt.icp, tt.s)
			if f.Score < tt.min || f.Score > tt.max {
				t.Errorf("score %.3f, want %.2f-%.2f; reasons %v", f.Score, tt.min, tt.max, f.Reasons)
			}
			if !strings.Contains(strings.Join(f.Reasons, "; "), tt.reason) {
				t.Errorf("reasons %v lack %q", f.Reasons, tt.reason)
			}
		})
	}
}

func TestSizeHelpers(t *testing.T) {
	for in, want := range map[string]string{"a 40-person team": "40", "team of 12 engineers": "12", "120 employees": "120", "no size": ""} {
		if got := FindEmployees(in); got != want {
			t.Errorf("FindEmployees(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"8": "1-10", "40": "11-50", "120": "51-200", "900": "201-1000", "5000": "1000+", "51-200": "51-200", "": ""} {
		if got := SizeBucket(in); got != want {
			t.Errorf("SizeBucket(%q) = %q, want %q", in, got, want)
		}
	}
}
