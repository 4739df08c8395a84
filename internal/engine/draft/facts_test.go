package draft

import (
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

func TestFactsOf(t *testing.T) {
	tests := []struct {
		name, kb string
		want     Facts
	}{
		{"labelled lines", "Offer: A feature-flag platform for product teams.\nProof point: teams cut rollbacks by 40%\nCase study: Northwind retired 300 flags in a week.\nSender: Maya Lindqvist",
			Facts{Product: "a feature-flag platform for product teams", Proof: "Teams cut rollbacks by 40%.", Case: "Northwind retired 300 flags in a week.", Sender: "Maya Lindqvist"}},
		{"prose", "The vendor sells a cloud accounts-payable platform for mid-market finance teams (roughly 200-1,000 employees). Customers close the month 3x faster. It does not sell payroll.",
			Facts{Product: "a cloud accounts-payable platform for mid-market finance teams", Proof: "Customers close the month 3x faster."}},
		{"onboarding's answers", "Offer: We offer AI-powered lead generation for B2B SaaS companies\n\nKey benefits: Sales teams book 30% more meetings.",
			Facts{Product: "AI-powered lead generation for B2B SaaS companies", Proof: "Sales teams book 30% more meetings."}},
		{"a size is no proof", "We sell help desk software for teams of 50-200 employees.", Facts{Product: "help desk software for teams of 50-200 employees"}},
		{"not sold is no product", "It does not sell BI dashboards.", Facts{}},
		{"a sender that is an address", "Sender: maya@example.com", Facts{}},
		{"nothing", "", Facts{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FactsOf(engine.ICP{KnowledgeBase: tt.kb}); got != tt.want {
				t.Errorf("FactsOf(%q)\n got %+v\nwant %+v", tt.kb, got, tt.want)
			}
		})
	}
}

func TestFactsFillTheDraft(t *testing.T) {
	tp, _ := ByID("pain-point-posts")
	f := Facts{Product: "a feature-flag platform", Proof: "Teams cut rollbacks by 40%.", Sender: "Maya Lindqvist"}
	d := Write(tp, SlotsOf("Dana Reyes", "Shipwright", "", "", "").With(f))
	want := "Hi Dana,\n\nYour post hit home; we hear the same from a lot of teams.\n\nWe offer a feature-flag platform. Teams cut rollbacks by 40%. " +
		"Happy to share exactly how others fixed it if you're interested.\n\nBest,\nMaya Lindqvist"
	if d.Body != want {
		t.Errorf("body\n%s\nwant\n%s", d.Body, want)
	}
	if strings.Contains(d.Body, "Shipwright") {
		t.Error("the prospect is named in the pitch")
	}
}

func TestCompanyIsNoName(t *testing.T) {
	for _, tt := range []struct{ name, company, want string }{
		{"Paystream", "Paystream", ""},
		{"Paystream Careers", "", ""},
		{"Acme Labs", "", ""},
		{"Dana Reyes", "Paystream", "Dana"},
		{"Dana", "", "Dana"},
	} {
		if got := SlotsOf(tt.name, tt.company, "", "", "").Name; got != tt.want {
			t.Errorf("SlotsOf(%q, %q).Name = %q, want %q", tt.name, tt.company, got, tt.want)
		}
	}
}

func TestBookValidate(t *testing.T) {
	tests := []struct {
		name string
		b    Book
		key  string // the field error expected, "" none
	}{
		{"good", Book{"hiring-spree": {Subject: "Your roles{ at [company]}", Body: "Hi [name],\n\n{We offer [product]. }Chat?\n\nBest,{\n[sender]}"}}, ""},
		{"unknown template", Book{"cold-call": {Body: "Hi"}}, "templates.cold-call"},
		{"unknown slot", Book{"hiring-spree": {Body: "Hi [first_name],"}}, "templates.hiring-spree.body"},
		{"open group", Book{"hiring-spree": {Subject: "Roles{ at [company]"}}, "templates.hiring-spree.subject"},
		{"nested group", Book{"hiring-spree": {Body: "{a {b}}"}}, "templates.hiring-spree.body"},
		{"too long", Book{"hiring-spree": {Body: strings.Repeat("x", MaxBody+1)}}, "templates.hiring-spree.body"},
		{"two-line subject", Book{"hiring-spree": {Subject: "a\nb"}}, "templates.hiring-spree.subject"},
		{"prospect as reference", Book{"hiring-spree": {Body: "teams{ like [company]}"}}, "templates.hiring-spree.body"},
		{"greeting a company", Book{"hiring-spree": {Body: "Hi [company],"}}, "templates.hiring-spree.body"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := tt.b.Validate()
			if tt.key == "" && len(errs) > 0 || tt.key != "" && errs[tt.key] == "" {
				t.Errorf("Validate() = %v, want an error on %q", errs, tt.key)
			}
		})
	}
	if got := (Book{"hiring-spree": {Subject: "Roles"}}).Template("hiring-spree"); got.Subject != "Roles" || got.Template == "" {
		t.Errorf("Template: %+v", got)
	}
}
