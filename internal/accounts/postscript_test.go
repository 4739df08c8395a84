package accounts

import "testing"

func TestPostscript(t *testing.T) {
	hiring := Event{Signal: Signal{Type: "hiring_activity", At: daysAgo(5)}, Roles: []string{"SRE", "Platform Engineer"}, Openings: 3}
	vp := Event{Signal: Signal{Type: "job_change", At: daysAgo(20)}, Person: "Ana Ruiz", Title: "VP Engineering"}
	funding := Event{Signal: Signal{Type: "funding_event", At: daysAgo(10)}}
	complaint := Event{Signal: Signal{Type: "competitor_engagement", At: daysAgo(2)}, Person: "Sam Lee", Title: "Head of Platform", Terms: []string{"LaunchDarkly"}}
	for _, tc := range []struct {
		name   string
		events []Event
		want   string
	}{
		{"hiring and a new leader", []Event{hiring, vp, complaint}, "P.S. I noticed Acme is hiring (SRE, Platform Engineer) and has a new VP Engineering."},
		{"all three", []Event{funding, vp, hiring}, "P.S. I noticed Acme is hiring (SRE, Platform Engineer), has a new VP Engineering and has announced funding."},
		{"another person's post is never said", []Event{complaint, {Signal: Signal{Type: "tech_research", At: daysAgo(1)}}}, ""},
		{"too old", []Event{{Signal: Signal{Type: "funding_event", At: daysAgo(75)}}}, ""},
		{"a hiring batch without roles", []Event{{Signal: Signal{Type: "hiring_activity", At: daysAgo(3)}}}, "P.S. I noticed Acme is hiring."},
		{"none", nil, ""},
	} {
		if got := Postscript(tc.events, "Acme", now); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := Postscript([]Event{funding}, "", now); got != "P.S. I noticed your company has announced funding." {
		t.Errorf("no company: %q", got)
	}
}
