package icp

import (
	"slices"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

func TestRelevanceRules(t *testing.T) {
	ap := engine.ICP{Competitors: []string{"Bill.com", "Tipalti"}, TechStack: []string{"NetSuite"},
		KnowledgeBase: "The vendor sells an accounts-payable automation platform for finance teams. It does not sell travel booking or insurance."}
	ats := engine.ICP{Competitors: []string{"Greenhouse", "Lever"}, KnowledgeBase: "Acme is an applicant tracking system (ATS) for growing companies."}
	grc := engine.ICP{Competitors: []string{"Vanta"}, PainPoints: []string{"security questionnaires"},
		KnowledgeBase: "We sell a compliance platform (audit readiness) for SOC 2, ISO 27001 and HIPAA."}
	obs := engine.ICP{Competitors: []string{"Amazon Redshift", "Help Scout"}}
	// An onboarding answer that only names the product, with no "sells".
	crm := engine.ICP{PainPoints: []string{"spreadsheets"}, KnowledgeBase: "A CRM and sales pipeline tool"}
	tests := []struct {
		name     string
		icp      engine.ICP
		s        Subject
		relevant bool
		term     string // a term the lead must show, "" for none
	}{
		{"Bill.com as written", ap, Subject{Text: "We are leaving Bill.com, what next?"}, true, "Bill.com"},
		{"bill dot com", ap, Subject{Text: "anyone moved off bill dot com?"}, true, "Bill.com"},
		{"billcom", ap, Subject{Text: "billcom keeps breaking our sync"}, true, "Bill.com"},
		{"BILL in capitals", ap, Subject{Text: "Our BILL renewal is due"}, true, "Bill.com"},
		{"a bill is not BILL", ap, Subject{Text: "The electricity bill came in high this month"}, false, ""},
		{"the category in words", ap, Subject{Text: "Shortlisting accounts payable tools this month"}, true, "accounts payable"},
		{"the category's abbreviation", ap, Subject{Text: "Our AP process is all email"}, true, "AP"},
		{"'ap' in lower case is no abbreviation", ap, Subject{Text: "the ap is down again"}, false, ""},
		{"tech stack alone is not enough", ap, Subject{Text: "We run NetSuite and need a CRM"}, false, ""},
		{"another category with strong intent", ap, Subject{Text: "Evaluating travel booking tools for 400 people, decision this week"}, false, ""},
		{"a competitor as written", ats, Subject{Text: "Greenhouse renewal doubled"}, true, "Greenhouse"},
		{"a dictionary word alone", ats, Subject{Text: "we need a commercial greenhouse builder"}, false, ""},
		{"lower case plus the category", ats, Subject{Text: "moving off lever, which ATS?"}, true, "Lever"},
		{"a verb 'is an' clause", ats, Subject{Text: "Looking for an applicant tracking system"}, true, "applicant tracking"},
		{"the competitor's own post", ats, Subject{Text: "Greenhouse is hiring engineers", Employer: "Greenhouse"}, false, ""},
		{"a guessed company is not the employer", ats, Subject{Text: "Looking at Greenhouse and Lever", Company: "Greenhouse"}, true, "Greenhouse"},
		{"acronym and number", grc, Subject{Text: "An enterprise deal needs SOC 2 by March"}, true, "SOC 2"},
		{"pain point stated", grc, Subject{Text: "Drowning in security questionnaires from customers"}, true, "security questionnaires"},
		{"the parenthesis of what it sells", grc, Subject{Text: "We need audit readiness before our compliance review"}, true, "audit readiness"},
		{"parent brand dropped", obs, Subject{Text: "Redshift costs are out of hand"}, true, "Amazon Redshift"},
		{"joined name", obs, Subject{Text: "HelpScout or Zendesk?"}, true, "Help Scout"},
		{"a product named without a verb", crm, Subject{Text: "Our sales pipeline lives in five spreadsheets, which tool fixed it for you?"}, true, "sales pipeline"},
		{"a verbless product is still a topic", crm, Subject{Text: "Evaluating travel booking tools for 400 people, decision this week"}, false, ""},
	}
	// "relevant" here is the topic: the post holds a strong term of the
	// ICP itself (taxonomy hits aside) and is not the competitor's own;
	// whether it is a lead is the model's call on all features.
	for _, tt := range tests {
		m := Compile(tt.icp)
		r := m.features(tt.s)
		named := (r.x[fCompTitle]+r.x[fCompBody] > 0) && r.x[fCompLower] == 0
		ok := (named || r.x[fCatTitle]+r.x[fCatBody]+r.x[fPain] > 0) && r.x[fCompEmployer] == 0
		if ok != tt.relevant {
			t.Errorf("%s: topical %v, want %v (%v)", tt.name, ok, tt.relevant, r.x)
			continue
		}
		if tt.term == "" {
			continue
		}
		var terms []string
		for _, ts := range r.terms {
			terms = append(terms, ts...)
		}
		if !slices.Contains(terms, tt.term) {
			t.Errorf("%s: terms %v lack %q", tt.name, terms, tt.term)
		}
	}
	// An ICP that names nothing topical does not judge relevance.
	if rel, ok := Compile(engine.ICP{TargetTitles: []string{"CTO"}, BudgetIndicators: []string{"recent funding"}}).Relevance(Subject{Text: "anything"}); !ok || len(rel.Terms) != 0 {
		t.Errorf("no topic: %v %+v", ok, rel)
	}
}

func TestWordsAndStems(t *testing.T) {
	if got := words("It's our company's Bill.com/Tipalti 'test' re-do"); !slices.Equal(got, []string{"It", "our", "company", "Bill", "com", "Tipalti", "test", "re", "do"}) {
		t.Errorf("words: %q", got)
	}
	if stem("invoices") != stem("invoicing") || stem("invoice") != stem("invoices") {
		t.Errorf("stems: %s %s %s", stem("invoices"), stem("invoicing"), stem("invoice"))
	}
}

func TestBuyerRoles(t *testing.T) {
	m := Compile(engine.ICP{TargetTitles: []string{"Recruiter", "Head of Talent"}, PainPoints: []string{"slow interview scheduling"},
		KnowledgeBase: "The vendor sells an applicant tracking system for growing companies."})
	tests := []struct {
		name string
		s    Subject
		role string
	}{
		{"an opening in the text", Subject{Signal: "hiring_activity", Text: "\nWe're hiring our first in-house recruiter! Our recruiting is all spreadsheets."}, "hiring Recruiter"},
		{"an opening as the post's title", Subject{Signal: "hiring_activity", Text: "Senior Technical Recruiter\nJoin our recruiting team."}, "hiring Recruiter"},
		{"a scope, not an opening", Subject{Signal: "hiring_activity", Text: "\nYou will own hiring for engineering and data roles."}, ""},
		{"a new leader", Subject{Signal: "job_change", Title: "Director of Talent Acquisition", Text: "Day one! Rebuilding our recruiting."}, "new Head of Talent"},
		{"another function", Subject{Signal: "job_change", Title: "VP Engineering", Text: "Day one! Rebuilding our recruiting."}, ""},
		{"not a hiring post", Subject{Signal: "tech_research", Text: "\nWe're hiring a recruiter and need an ATS"}, ""},
	}
	for _, tt := range tests {
		if got := m.buyerRole(tt.s); got != tt.role {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.role)
		}
	}
}
