package icp

import (
	"slices"
	"strings"
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

// TestCompetitorSpellings: a competitor is found as real posts write it
// (issue 30's misses): an entry holding two names or its maker in
// parentheses, two names either side of a slash, a name cut at its
// capitals (each word capitalised), another inner case. A name in lower
// case only still counts as the word might (competitor_lower), and the
// maker in parentheses is not a competitor.
func TestCompetitorSpellings(t *testing.T) {
	m := CompileWith(engine.ICP{Competitors: []string{"PagerDuty", "Opsgenie", "Statuspage (Atlassian)", "VictorOps (Splunk On-Call)",
		"Netlify CMS / Decap CMS", "Ghost", "Dropbox Sign (formerly HelloSign)"}, KnowledgeBase: "We sell incident response."}, mustDefault())
	for _, c := range []struct {
		text  string
		want  string // the competitor shown, "" for none
		lower bool   // competitor_lower: maybe the dictionary word
	}{
		{"We need to investigate companies we could use to replace Pager Duty.", "PagerDuty", false},
		{"Preparing to move from OpsGenie to Splunk On-Call.", "Opsgenie", false},
		{"Get a statuspage.io page for the project", "Statuspage", true},
		{"our pagerduty bill doubled", "PagerDuty", true},
		{"Should we move the blog off Netlify CMS?", "Netlify CMS", false},
		{"Decap CMS cannot upload images", "Decap CMS", false},
		{"Switching contracts to HelloSign", "HelloSign", false},
		{"We moved the wiki to Confluence and Jira, both Atlassian", "", false},
		{"hello, sign the CLA please", "", false},
		{"the ghost of a deadline", "Ghost", true},
		{"a pager duty rotation for the team", "", false},
	} {
		r := m.features(Subject{Body: c.text})
		got := ""
		if r.x[fCompBody] > 0 && len(r.terms[fCompBody]) > 0 {
			got = r.terms[fCompBody][0]
		}
		if got != c.want {
			t.Errorf("%q: competitor %q, want %q", c.text, got, c.want)
		}
		if lower := r.x[fCompLower] > 0; c.want != "" && lower != c.lower {
			t.Errorf("%q: competitor_lower %v, want %v", c.text, lower, c.lower)
		}
	}
	if got := compileRelevance(engine.ICP{Competitors: []string{"Statuspage (Atlassian)", "Salesforce", "Adobe Acrobat Sign", "Magento (Adobe Commerce)", "Forestry / TinaCMS", "Bill.com (BILL)"}}).competitors; strings.Join(got, "|") != "Statuspage|Salesforce|Adobe Acrobat Sign|Magento|Adobe Commerce|Forestry|TinaCMS|Bill.com" {
		t.Errorf("competitor names: %q", got)
	}
	// A one-word alias in parentheses counts only as written: "the bill"
	// is not BILL, "a starter kit" is not Kit.
	alias := CompileWith(engine.ICP{Competitors: []string{"Bill.com (BILL)", "ConvertKit (Kit)"}, KnowledgeBase: "We sell accounts payable automation."}, mustDefault())
	for text, want := range map[string]bool{
		"We pay every bill by hand":           false,
		"a starter kit for new hires":         false,
		"Moving our payables off BILL":        true,
		"Our newsletter moved to Kit":         true,
		"Comparing ConvertKit with Mailchimp": true,
	} {
		if got := alias.features(Subject{Body: text}).x[fCompBody] > 0; got != want {
			t.Errorf("%q: competitor named %v, want %v", text, got, want)
		}
	}
	// The alias does not make an employer the competitor's own staff; a
	// product name of an entry does.
	if r := alias.features(Subject{Body: "We pay every bill by hand", Employer: "Bill & Melinda Gates Foundation"}); r.x[fCompEmployer] != 0 {
		t.Error("an employer named Bill is taken for BILL's staff")
	}
	if r := m.features(Subject{Body: "Our on-call rotation", Employer: "Splunk On-Call"}); r.x[fCompEmployer] != 1 {
		t.Error("an employer that is one of an entry's product names is not the competitor's own staff")
	}
	// The fit's competitor criterion reads the product names too.
	f := m.fit(Subject{Text: "We need a status page. Get a Statuspage.io account?"}, engine.Relevance{})
	if !slices.Contains(f.Reasons, "mentions competitor Statuspage") {
		t.Errorf("fit reasons %q, want \"mentions competitor Statuspage\"", f.Reasons)
	}
}
