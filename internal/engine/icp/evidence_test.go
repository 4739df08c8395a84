package icp

import (
	"slices"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// A pain point is claimed only when the post states most of its content
// words, and not from the category words alone.
func TestPainPointOnlyWhenStated(t *testing.T) {
	p := engine.ICP{
		KnowledgeBase: "We sell a feature flag platform for engineering teams.",
		PainPoints:    []string{"feature flag debt", "slow releases", "manual invoice processing"},
	}
	m := Compile(p)
	tests := []struct {
		name, text string
		want       string // the pain point claimed, "" none
	}{
		{"category words alone", "We use feature flags everywhere and want a better feature flag tool.", ""},
		{"stated in full", "Our feature flag debt is out of hand: 400 stale flags nobody owns.", "feature flag debt"},
		{"other order", "The debt from old feature flags slows every deploy.", "feature flag debt"},
		{"one word of two", "Our releases are fine, we ship daily.", ""},
		{"both words", "Releases are slow because QA is manual.", "slow releases"},
		{"two of three words", "We process every invoice by hand.", ""},
		{"all three", "Manual invoice processing eats two days a month.", "manual invoice processing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := m.pains(p.PainPoints, tt.text)
			got := strings.TrimPrefix(v.reason, "pain point: ")
			if v.reason == "no listed pain point" {
				got = ""
			}
			if got != tt.want {
				t.Errorf("pains(%q) = %q, want %q", tt.text, v.reason, tt.want)
			}
		})
	}
}

// A competitor matches the product, not a company or a person whose name
// contains it; the lead's company is checked apart from the text.
func TestCompetitorMatchesTheProduct(t *testing.T) {
	comps := []string{"Lattice", "HubSpot", "Culture Amp"}
	tests := []struct {
		name string
		s    Subject
		want string // the competitors named, "" none
	}{
		{"product named", Subject{Text: "We are replacing Lattice for our review cycles."}, "Lattice"},
		{"inside a company field", Subject{Company: "Lattice Grove Systems", Text: "Hiring a CISO at Lattice Grove Systems."}, ""},
		{"inside the employer", Subject{Employer: "Lattice Grove", Text: "I run marketing at Lattice Grove and we need a new CRM."}, ""},
		{"company name in the text", Subject{Text: "Joined Lattice Grove Systems as VP Marketing."}, ""},
		{"company suffix", Subject{Text: "Congrats to the team at HubSpot Labs Inc. on the launch"}, ""},
		{"the word in lower case", Subject{Text: "a lattice of small services"}, ""},
		{"inside a longer word", Subject{Text: "Our latticework of spreadsheets"}, ""},
		{"lower case of a coined name", Subject{Text: "leaving hubspot for something cheaper"}, "HubSpot"},
		{"company and product apart", Subject{Company: "Lattice Grove Systems", Text: "At Lattice Grove Systems we outgrew Lattice reviews."}, "Lattice"},
		{"the competitor's own company is no mention", Subject{Company: "Lattice", Text: "Great quarter for us."}, ""},
		{"two words", Subject{Text: "Comparing Culture Amp and Lattice"}, "Lattice, Culture Amp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := namedCompetitors(comps, tt.s)
			got := ""
			if v.score == 1 {
				got = strings.TrimPrefix(strings.TrimPrefix(v.reason, "mentions competitors "), "mentions competitor ")
			}
			if got != tt.want {
				t.Errorf("%+v: %q, want %q", tt.s, v.reason, tt.want)
			}
		})
	}
}

// A post by an employee of a company whose name merely contains a
// competitor's is not the competitor's own post, and the company's name
// is no evidence of relevance.
func TestCompanyContainingACompetitorIsNoEvidence(t *testing.T) {
	m := Compile(engine.ICP{Competitors: []string{"Lattice"}, KnowledgeBase: "We sell performance review software."})
	s := Subject{Title: "CISO", Company: "Lattice Grove Systems", Employer: "Lattice Grove Systems",
		Text: "Lattice Grove Systems is hiring a security engineer.", Signal: string(engine.HiringActivity)}
	rel, ok, f := m.Judge(s)
	if slices.Contains(rel.Terms, "Lattice") {
		t.Errorf("terms %v name Lattice from the company name", rel.Terms)
	}
	if ok && strings.Contains(strings.Join(f.Reasons, ";"), "competitor Lattice") {
		t.Errorf("reasons %v", f.Reasons)
	}
	if !isCompetitorName("Lattice Inc.", "Lattice") || isCompetitorName("Lattice Grove Systems", "Lattice") {
		t.Error("isCompetitorName: Lattice Inc. is Lattice; Lattice Grove Systems is not")
	}
	// The employer rule reads the same names: a company whose name
	// contains the competitor's is not its staff.
	if r := m.features(s); r.x[fCompEmployer] != 0 {
		t.Error("competitor_employer set for Lattice Grove Systems")
	}
	if r := m.features(Subject{Employer: "Lattice Inc.", Text: s.Text}); r.x[fCompEmployer] != 1 {
		t.Error("competitor_employer not set for Lattice Inc.")
	}
	// The competitor's own post is still ruled out.
	if _, ok, _ := m.Judge(Subject{Employer: "Lattice", Text: "Lattice launches performance review software for managers"}); ok {
		t.Error("the competitor's own post is relevant")
	}
}

// No lone generic or loose word is shown as a reason; phrases, products
// and category words are.
func TestNoLoneGenericWordAsAReason(t *testing.T) {
	m := Compile(engine.ICP{
		Competitors:   []string{"Zendesk"},
		TechStack:     []string{"Salesforce"},
		KnowledgeBase: "We sell help desk software. Teams cut ticket backlog in half.",
		PainPoints:    []string{"ticket backlog"},
	})
	tests := []struct {
		in, want []string
	}{
		{[]string{"Zendesk", "cut", "ticket backlog"}, []string{"Zendesk", "ticket backlog"}},
		{[]string{"help desk", "half", "Salesforce", "teams"}, []string{"help desk", "Salesforce"}},
		{[]string{"new VP Support"}, []string{"new VP Support"}},
		{[]string{"desk"}, []string{"desk"}}, // a category word stays
	}
	for _, tt := range tests {
		if got := m.shownTerms(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("shownTerms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
