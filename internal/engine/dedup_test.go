package engine

import (
	"strings"
	"testing"
)

func TestDedup(t *testing.T) {
	leads := []Lead{
		{ID: "1", Name: "Dana Reyes", Company: "Acme", PostURL: "https://www.reddit.com/r/sales/abc/"},
		{ID: "2", Name: "Someone Else", Company: "Other", PostURL: "https://reddit.com/r/sales/abc?utm=x"}, // same post
		{ID: "3", Name: "dana  reyes", Company: "ACME", PostURL: "https://x.com/dana/1"},                   // same person
		{ID: "4", Name: "Dana Reyes", Company: "Globex", PostURL: "https://x.com/dana/2"},                  // namesake elsewhere
		{ID: "5", Name: "Lee", LinkedIn: "https://linkedin.com/in/lee", PostURL: "https://a.example/1"},
		{ID: "6", Name: "Lee Park", LinkedIn: "https://www.linkedin.com/in/lee/", PostURL: "https://a.example/2"},
		{ID: "7", Email: "Kim@Example.com", PostURL: "https://a.example/3"},
		{ID: "8", Email: "kim@example.com", PostURL: "https://a.example/4"},
	}
	got := Dedup(leads)
	var ids []string
	for _, l := range got {
		ids = append(ids, l.ID)
	}
	want := []string{"1", "4", "5", "7"}
	if len(ids) != len(want) {
		t.Fatalf("got %v, want %v", ids, want)
	}
	for i := range want {
		if ids[i] != want[i] {
			t.Fatalf("got %v, want %v", ids, want)
		}
	}
}

// TestDedupJobPosts: one poster's openings (a recruiter, a job board's
// mirror) stay apart; the same opening posted twice is one lead.
func TestDedupJobPosts(t *testing.T) {
	hiring := Detection{SignalType: HiringActivity}
	leads := []Lead{
		{ID: "0", Name: "Dana Reyes", Company: "Brightwell", Signal: "We're hiring 5 account executives", Platform: "x", PostURL: "https://x.example/2", Detection: hiring},
		{ID: "0b", Name: "Dana Reyes", Company: "Brightwell", Signal: "And two SDRs!", Platform: "x", PostURL: "https://x.example/3", Detection: hiring}, // a person, not a board
		{ID: "1", Name: "jobs-mirror", Signal: "Payroll Accountant\nWe are hiring", Company: "Acme", Platform: "job-board-issue", PostURL: "https://github.com/m/jobs/issues/1", Detection: hiring},
		{ID: "2", Name: "jobs-mirror", Signal: "HR Business Partner", Company: "Globex", Platform: "job-board-issue", PostURL: "https://github.com/m/jobs/issues/2", Detection: hiring},
		{ID: "3", Name: "jobs-mirror", Signal: "HR Coordinator", Platform: "job-board-issue", PostURL: "https://github.com/m/jobs/issues/3", Detection: hiring},
		{ID: "4", Name: "Pat Recruiter", Email: "pat@acme.example", Signal: "payroll accountant", Company: "ACME", Source: "greenhouse", PostURL: "https://a.example/jobs/9", Detection: hiring}, // same opening elsewhere
		{ID: "5", Name: "jobs-mirror", Signal: "Payroll Accountant", Platform: "job-board-issue", PostURL: "https://github.com/m/jobs/issues/1/", Detection: hiring},                             // same post
	}
	var ids []string
	for _, l := range Dedup(leads) {
		ids = append(ids, l.ID)
	}
	if want := "0 1 2 3"; strings.Join(ids, " ") != want {
		t.Fatalf("got %v, want %s", ids, want)
	}
}
