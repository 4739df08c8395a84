package icp

import (
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestHiringFunction: a job post hiring into the function of one of the
// ICP's target titles, at any level, reads as the team that uses the
// product growing; engineering apart, which a developer-tool ICP shares
// with nearly every opening; another function, or no hiring, is neither.
func TestHiringFunction(t *testing.T) {
	job := func(title, body string) Subject {
		return Subject{PostTitle: title, Body: body, Text: title + "\n" + body, Signal: string(engine.HiringActivity), Platform: "job-board-issue", Live: true}
	}
	for _, c := range []struct {
		name    string
		titles  []string
		s       Subject
		spec    bool
		engOnly bool
	}{
		{"recruiter for an ATS", []string{"Head of Talent"}, job("Technical Recruiter", "Source and screen candidates."), true, false},
		{"HR coordinator for payroll", []string{"Head of People", "HR Manager"}, job("Human Resources Coordinator", "Support onboarding."), true, false},
		{"accountant for AP", []string{"Controller", "CFO"}, job("Staff Accountant", "Close the books monthly."), true, false},
		{"engineer for a dev tool", []string{"VP Engineering"}, job("Senior Backend Engineer", "Build APIs."), false, true},
		{"designer for payroll", []string{"Head of People"}, job("Product Designer", "Design flows."), false, false},
		{"not hiring", []string{"Head of Talent"}, Subject{PostTitle: "Technical Recruiter", Body: "I am a recruiter.", Text: "Technical Recruiter\nI am a recruiter.", Signal: string(engine.TechResearch)}, false, false},
	} {
		m := CompileWith(engine.ICP{TargetTitles: c.titles, KnowledgeBase: "We sell software."}, mustDefault())
		r := m.features(c.s)
		if got := r.x[fHiringFunction] == 1; got != c.spec {
			t.Errorf("%s: hiring_function %v, want %v", c.name, got, c.spec)
		}
		if got := r.x[fHiringFunctionEng] == 1; got != c.engOnly {
			t.Errorf("%s: hiring_function_eng %v, want %v", c.name, got, c.engOnly)
		}
	}
}

// TestTaxonomyOther: a post about a neighbouring category (secrets
// managers, for a team password manager's ICP) holds mostly that
// category's terms; a post about the ICP's own holds its; a post naming
// no category's terms is neutral.
func TestTaxonomyOther(t *testing.T) {
	m := CompileWith(engine.ICP{Competitors: []string{"1Password", "Bitwarden", "LastPass"},
		KnowledgeBase: "We sell a team password manager."}, mustDefault())
	for _, c := range []struct {
		name       string
		text       string
		other      bool
		shareBelow float64
		shareAbove float64
	}{
		{"neighbour", "Evaluate HashiCorp Vault and Doppler for secrets management of our services", true, 0.5, -1},
		{"own", "We need a shared password manager for the team; LastPass or Bitwarden?", false, 1.01, 0.99},
		{"neither", "The build is red again after the merge", false, 0.51, 0.49},
	} {
		r := m.features(Subject{PostTitle: c.name, Body: c.text})
		if got := r.x[fTaxOther] > 0; got != c.other {
			t.Errorf("%s: taxonomy_other %.2f", c.name, r.x[fTaxOther])
		}
		if sh := r.x[fTaxShare]; sh >= c.shareBelow || sh <= c.shareAbove {
			t.Errorf("%s: taxonomy_share %.2f, want in (%.2f, %.2f)", c.name, sh, c.shareAbove, c.shareBelow)
		}
	}
}

// TestCompetitorIsAName: a product is matched by its name, not by its
// stem ("Timely" stems to "time"): a post about tracking time names no
// competitor and shows none in its reasons; the name itself, its plural
// and a possessive do.
func TestCompetitorIsAName(t *testing.T) {
	m := CompileWith(engine.ICP{Competitors: []string{"Timely", "Harvest"}, KnowledgeBase: "We sell time tracking."}, mustDefault())
	for _, c := range []struct {
		text string
		want bool
	}{
		{"We need to track the time each person spends on projects", false},
		{"We moved off Timely last week and want something cheaper", true},
		{"Timely's pricing went up again", true},
		{"Comparing Harvest and other tools", true},
	} {
		r := m.features(Subject{PostTitle: "", Body: c.text})
		got := r.x[fCompBody] > 0
		if got != c.want {
			t.Errorf("%q: competitor named %v, want %v (terms %v)", c.text, got, c.want, r.terms[fCompBody])
		}
		for _, term := range r.terms[fCompBody] {
			if !c.want && term == "Timely" {
				t.Errorf("%q: Timely shown as a reason", c.text)
			}
		}
	}
}
