package icp

import (
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// The rules of issue 21 item 2, one table each (docs/icp-fit.md).

func TestRangesCompareAsRanges(t *testing.T) {
	tests := []struct {
		want, have string
		score      float64
		word       string
	}{
		{"200-1000", "1000+", 0.25, "close to"},
		{"50-200", "11-50", 0.25, "close to"},
		{"200-1000", "201-1000", 1, "within"},
		{"50-200", "120", 1, "within"},
		{"50-200", "51-200", 1, "within"},
		{"200-1000", "100-300", 0.5, "overlapping"},
		{"200-1000", "51-200", 0.25, "close to"},
		{"50-200", "5000", 0, "outside"},
		{"1000+ employees", "201-1000", 0.25, "close to"},
		{"1000+ employees", "5000", 1, "within"},
	}
	for _, tt := range tests {
		f := Fit(engine.ICP{CompanySize: tt.want}, Subject{Employees: tt.have})
		if f.Score != tt.score || !strings.Contains(f.Reasons[0], " "+tt.word+" ") {
			t.Errorf("%s against %s: %.2f %v, want %.2f %q", tt.have, tt.want, f.Score, f.Reasons, tt.score, tt.word)
		}
		if tt.word != "within" && strings.Contains(f.Reasons[0], " within ") {
			t.Errorf("%s against %s claims within: %v", tt.have, tt.want, f.Reasons)
		}
	}
	f := Fit(engine.ICP{RevenueRange: "$1M - $10M ARR"}, Subject{Revenue: "$12M ARR"})
	if f.Score > 0.25 || strings.Contains(f.Reasons[0], "within") {
		t.Errorf("revenue $12M against $1M-$10M: %.2f %v", f.Score, f.Reasons)
	}
}

func TestTitlesMatchByFunctionAndSeniority(t *testing.T) {
	tests := []struct {
		title, target string
		want          float64
	}{
		{"VP Engineering", "VP Finance", 0},
		{"COO", "CFO", 0},
		{"Head of Product", "Head of Finance Operations", 0},
		{"VP Engineering", "VP Sales", 0},
		{"Chief Operating Officer", "Chief Financial Officer", 0},
		{"Vice President, Finance", "VP Finance", 1},
		{"Chief Financial Officer", "CFO", 1},
		{"Director of Finance & Controller", "Controller", 1},
		{"Head of Finance", "Director of Finance", 1},
		{"Accounts Payable Specialist", "AP Supervisor", 0.7},
		{"VP Finance", "CFO", 0.7},
		{"Finance Manager", "CFO", 0.4},
		{"Head of RevOps", "Revenue Operations Lead", 0.7},
		{"Technical Recruiter", "Recruiter", 1},
		{"CTO", "VP Engineering", 0.7},
		{"CISO", "Head of Security", 0.4},
		{"Head of Data", "Chief Data Officer", 0.4},
		{"Marketing Coordinator", "CTO", 0},
		{"Barista", "Barista", 1},
	}
	for _, tt := range tests {
		if got := titleMatch(tt.title, tt.target); got != tt.want {
			t.Errorf("titleMatch(%q, %q) = %.2f, want %.2f (%+v / %+v)", tt.title, tt.target, got, tt.want, readTitle(tt.title), readTitle(tt.target))
		}
	}
	f := Fit(engine.ICP{TargetTitles: []string{"CFO", "VP Finance"}}, Subject{Title: "VP Engineering"})
	if f.Score != 0 || strings.Contains(strings.Join(f.Reasons, " "), "close") {
		t.Errorf("VP Engineering for a finance ICP: %.2f %v", f.Score, f.Reasons)
	}
}

func TestOutsideGeography(t *testing.T) {
	p := engine.ICP{Geographic: "United States", Competitors: []string{"Datadog"}}
	tests := []struct {
		loc     string
		outside bool
	}{{"London", true}, {"Austin, TX", false}, {"", false}, {"Berlin, Germany", true}}
	for _, tt := range tests {
		f := Fit(p, Subject{Location: tt.loc, Text: "Datadog vs New Relic for our team"})
		if f.OutsideGeography != tt.outside {
			t.Errorf("%q: outside %v, want %v (%v)", tt.loc, f.OutsideGeography, tt.outside, f.Reasons)
		}
	}
}

func TestUnknownFactsNeverLift(t *testing.T) {
	p := engine.ICP{TargetTitles: []string{"CFO"}, CompanySize: "200-1000", Industries: []string{"Manufacturing"}}
	mismatch := Fit(p, Subject{Employees: "5000"})
	if mismatch.Score != 0 {
		t.Errorf("one known mismatch and two unknowns: fit %.3f, want 0 (unknowns must not lift it): %v", mismatch.Score, mismatch.Reasons)
	}
	all := Fit(p, Subject{Title: "CFO", Employees: "400", Industry: "Manufacturing"}).Score
	some := Fit(p, Subject{Title: "CFO"}).Score
	none := Fit(p, Subject{}).Score
	if !(all > some && some > none) || all != 1 {
		t.Errorf("all known %.3f, title only %.3f, nothing %.3f", all, some, none)
	}
	for _, r := range Fit(p, Subject{}).Reasons {
		if !strings.Contains(r, "unknown") {
			t.Errorf("an unknown fact gave the reason %q", r)
		}
	}
}

func TestExclusionsExclude(t *testing.T) {
	tests := []struct {
		name       string
		exclusions []string
		s          Subject
		excluded   bool
	}{
		{"plural entry, singular post", []string{"Agencies"}, Subject{Text: "Our agency needs a new CRM"}, true},
		{"author's company", []string{"Agencies", "Students"}, Subject{Company: "Brightpath Agency", Text: "We need a CRM"}, true},
		{"the author's title", []string{"Agencies", "Students"}, Subject{Title: "Student at State U", Text: "Which CRM?"}, true},
		{"a describing entry is not split into words", []string{"tutorials, news and product announcements"},
			Subject{Title: "Staff Reporter, Business News", Text: "Acme raised $40M to automate its accounts payable"}, false},
		{"whole phrase", []string{"job seekers"}, Subject{Text: "Advice for job seekers: tailor your resume"}, true},
		{"no match", []string{"Agencies"}, Subject{Text: "We need a CRM"}, false},
	}
	for _, tt := range tests {
		f := Fit(engine.ICP{Exclusions: tt.exclusions, Industries: []string{"SaaS"}}, tt.s)
		if f.Excluded != tt.excluded || tt.excluded && f.Score != 0 {
			t.Errorf("%s: excluded %v score %.2f, want %v", tt.name, f.Excluded, f.Score, tt.excluded)
		}
	}
}
