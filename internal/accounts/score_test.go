package accounts

import (
	"strings"
	"testing"
	"time"
)

var now = time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)

func daysAgo(d int) time.Time { return now.Add(-time.Duration(d) * 24 * time.Hour) }

func TestScoreStacks(t *testing.T) {
	complaint := Signal{Type: "competitor_engagement", At: daysAgo(3), Strength: 0.8}
	hiring := Signal{Type: "hiring_activity", At: daysAgo(10), Strength: 0.8}
	vp := Signal{Type: "job_change", At: daysAgo(20), Strength: 0.8}
	score := func(s ...Signal) int { return Score(s, now) }
	stacked := score(complaint, hiring, vp)
	for _, tc := range []struct {
		name string
		lo   []Signal // lo must score strictly below hi
		hi   []Signal
	}{
		{"complaint + hiring + new VP > complaint alone", []Signal{complaint}, []Signal{complaint, hiring, vp}},
		{"> hiring alone", []Signal{hiring}, []Signal{complaint, hiring, vp}},
		{"> new VP alone", []Signal{vp}, []Signal{complaint, hiring, vp}},
		{"two types > one", []Signal{complaint}, []Signal{complaint, hiring}},
		{"another type stacks more than a repeat", []Signal{complaint, {Type: "competitor_engagement", At: daysAgo(3), Strength: 0.8}},
			[]Signal{complaint, {Type: "tech_research", At: daysAgo(3), Strength: 0.8}}},
		{"a repeat still adds", []Signal{hiring}, []Signal{hiring, hiring}},
		{"fresh > old", []Signal{{Type: "competitor_engagement", At: daysAgo(60), Strength: 0.8}}, []Signal{complaint}},
		{"strong > weak", []Signal{{Type: "competitor_engagement", At: daysAgo(3), Strength: 0.4}}, []Signal{complaint}},
	} {
		if lo, hi := score(tc.lo...), score(tc.hi...); lo >= hi {
			t.Errorf("%s: %d >= %d", tc.name, lo, hi)
		}
	}
	for _, tc := range []struct {
		name string
		in   []Signal
		want int
	}{
		{"nothing", nil, 0},
		{"older than the window", []Signal{{Type: "competitor_engagement", At: daysAgo(91), Strength: 1}}, 0},
		// 0.65 · 1 · 2^0 = 0.65
		{"one fresh full complaint", []Signal{{Type: "competitor_engagement", At: now, Strength: 1}}, 65},
		// a half-life later: 0.325 (32.49… in floating point)
		{"decays by half in 30 days", []Signal{{Type: "competitor_engagement", At: daysAgo(30), Strength: 1}}, 32},
		// no score: DefaultStrength 0.6 · 0.5 = 0.30
		{"unknown strength", []Signal{{Type: "hiring_activity", At: now}}, 30},
		// 1 - (1-0.65)(1-0.5)(1-0.5) = 0.9125
		{"three fresh types", []Signal{{Type: "competitor_engagement", At: now, Strength: 1}, {Type: "hiring_activity", At: now, Strength: 1},
			{Type: "job_change", At: now, Strength: 1}}, 91},
		// 1 - (1-0.65)(1-0.325)(1-0.1625) = 0.802
		{"three fresh complaints", []Signal{{Type: "competitor_engagement", At: now, Strength: 1}, {Type: "competitor_engagement", At: now, Strength: 1},
			{Type: "competitor_engagement", At: now, Strength: 1}}, 80},
		{"a future date counts as now", []Signal{{Type: "competitor_engagement", At: now.Add(time.Hour), Strength: 1}}, 65},
	} {
		if got := Score(tc.in, now); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
	many := make([]Signal, 0, 50)
	for range 50 {
		many = append(many, complaint, hiring, vp, Signal{Type: "funding_event", At: now, Strength: 1})
	}
	if s := score(many...); s > 100 || s < stacked {
		t.Errorf("many signals: %d", s)
	}
}

func TestWhyNow(t *testing.T) {
	ev := []Event{
		{Signal: Signal{Type: "job_change", At: daysAgo(20)}, Person: "Ana Ruiz", Title: "VP Engineering"},
		{Signal: Signal{Type: "competitor_engagement", At: daysAgo(3)}, Platform: "hackernews", Title: "Head of Platform", Terms: []string{"LaunchDarkly"}},
		{Signal: Signal{Type: "hiring_activity", At: daysAgo(10)}, Platform: "greenhouse", Openings: 2, Roles: []string{"SRE", "Platform Engineer"}},
		{Signal: Signal{Type: "hiring_activity", At: daysAgo(12)}, Platform: "greenhouse", Openings: 1, Roles: []string{"SRE"}},
		{Signal: Signal{Type: "funding_event", At: daysAgo(120)}}, // outside the window: not named
	}
	want := "In the last 30 days: discussed LaunchDarkly on Hacker News (Head of Platform); opened 3 roles (SRE, Platform Engineer); new VP Engineering (Ana Ruiz)."
	if got := WhyNow(ev, now); got != want {
		t.Errorf("WhyNow:\n got %q\nwant %q", got, want)
	}
	for _, tc := range []struct {
		name string
		in   []Event
		want string
	}{
		{"none", nil, ""},
		{"only old", ev[4:], ""},
		{"a week", []Event{{Signal: Signal{Type: "funding_event", At: daysAgo(2)}}}, "In the last 7 days: announced funding."},
		{"one role, no title", []Event{{Signal: Signal{Type: "hiring_activity", At: daysAgo(40)}}}, "In the last 60 days: opened a role."},
		{"many posts", []Event{
			{Signal: Signal{Type: "tech_research", At: daysAgo(1)}, Platform: "reddit"},
			{Signal: Signal{Type: "tech_research", At: daysAgo(2)}, Platform: "reddit", Terms: []string{"feature flags"}},
			{Signal: Signal{Type: "tech_research", At: daysAgo(3)}, Platform: "reddit"},
		}, "In the last 7 days: researched the category on Reddit; researched feature flags on Reddit and 1 more post."},
		// The bundled corpus's platforms read as words, not ids ("on slack" was said).
		{"corpus platforms", []Event{
			{Signal: Signal{Type: "competitor_engagement", At: daysAgo(1)}, Platform: "slack"},
			{Signal: Signal{Type: "tech_research", At: daysAgo(2)}, Platform: "forum"},
			{Signal: Signal{Type: "tech_research", At: daysAgo(3)}, Platform: "indiehackers"},
		}, "In the last 7 days: discussed a competitor on Slack; researched the category on a forum; researched the category on Indie Hackers."},
	} {
		if got := WhyNow(tc.in, now); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := WhyNow(ev[:3], now); !strings.Contains(got, "LaunchDarkly") || !strings.Contains(got, "opened 2 roles") || !strings.Contains(got, "VP Engineering") {
		t.Errorf("three signals from three sources name all three: %q", got)
	}
}
