package pipeline

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/score"
)

var apICP = engine.ICP{
	TargetTitles: []string{"CFO", "VP Finance", "Controller"}, Geographic: "United States", CompanySize: "200-1000",
	TechStack: []string{"NetSuite"}, Competitors: []string{"Bill.com", "Tipalti", "Coupa"}, SignalThreshold: "All signals 40%+ match",
	KnowledgeBase: "The vendor sells accounts-payable automation software for mid-market finance teams. It does not sell travel booking or insurance.",
}

// A strong-intent post about something else is no lead; each lead says
// which terms made it relevant; the counts say why the rest went.
func TestRelevanceGatesAndCounts(t *testing.T) {
	now := time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC)
	post := func(id, text string, age time.Duration) engine.Post {
		title, body, _ := strings.Cut(text, "\n")
		return engine.Post{ID: id, Source: "github", Platform: "GitHub issue", URL: "https://x.example/" + id, Title: title, Text: body, PublishedAt: now.Add(-age)}
	}
	posts := []engine.Post{
		post("datadog", "Datadog vs New Relic\nWe're evaluating both this month and need to decide before renewal. Recommendations?", time.Hour),
		post("billdot", "Evaluate Tipalti as bill dot com replacement\nOur bill dot com renewal went up 40%. We are evaluating Tipalti and others this month for our accounts payable; recommendations welcome before we decide.", time.Hour),
		post("caps", "Evaluate Tipalti as BILL replacement\nOur BILL renewal went up 40%. We are evaluating Tipalti and others this month for our accounts payable; recommendations welcome before we decide.", 2*time.Hour),
		post("old", "Evaluating Tipalti vs Coupa for AP automation, any recommendations? Need to decide this month.", 60*24*time.Hour),
	}
	leads, rep := RunReviewed(t.Context(), posts, apICP, Options{MaxAge: 30 * 24 * time.Hour, Now: func() time.Time { return now }})
	got := map[string]engine.Lead{}
	for _, l := range leads {
		got[l.PostID] = l
	}
	if _, ok := got["datadog"]; ok {
		t.Error("a Datadog post is a lead for an AP ICP")
	}
	if _, ok := got["old"]; ok {
		t.Error("a 60-day-old post is a lead with LEAD_MAX_AGE 30d")
	}
	for _, id := range []string{"billdot", "caps"} {
		l, ok := got[id]
		if !ok {
			t.Errorf("post %s is no lead (counts %+v)", id, rep.Counts)
			continue
		}
		if !slices.Contains(l.Relevance.Terms, "Bill.com") || l.Relevance.Score <= 0 {
			t.Errorf("post %s: relevance %+v, want Bill.com among its reasons", id, l.Relevance)
		}
		if sp := l.Detection.Speaker; sp == nil || sp.Role == "" || sp.Stage == "" {
			t.Errorf("post %s: the lead does not say who speaks: %+v", id, l.Detection)
		}
	}
	c := rep.Counts
	if c.Read != 4 || c.TooOld != 1 || c.NotRelevant != 1 || c.Kept != 2 {
		t.Errorf("counts %+v", c)
	}
}

func TestRecencyDecayAndGeographyCap(t *testing.T) {
	now := time.Now()
	fresh := leadScore(engine.Fit{Score: 0.9}, engine.Detection{SignalType: engine.TechResearch, Strength: 0.9}, now.Add(-time.Hour), now)
	twoWeeks := leadScore(engine.Fit{Score: 0.9}, engine.Detection{SignalType: engine.TechResearch, Strength: 0.9}, now.Add(-14*24*time.Hour), now)
	if fresh != score.Score(0.9, 0.9*score.Decay(engine.TechResearch, now.Add(-time.Hour), now)) || fresh-twoWeeks != 9 {
		t.Errorf("fresh %d, two weeks old %d: a research post should keep three quarters of its strength after 14 days", fresh, twoWeeks)
	}
	outside := leadScore(engine.Fit{Score: 1, OutsideGeography: true}, engine.Detection{SignalType: engine.TechResearch, Strength: 1}, now, now)
	if tier, _ := score.TierOf(outside); outside >= score.WarmMin || tier == engine.TierHot {
		t.Errorf("a lead outside the geography scores %d", outside)
	}
	if d := score.Decay(engine.JobChange, now.Add(-60*24*time.Hour), now); d < 0.749 || d > 0.751 {
		t.Errorf("job change after its 60-day half-life: %.3f", d)
	}
	if d := score.Decay(engine.TechResearch, now.Add(-365*24*time.Hour), now); d < 0.5 || d > 0.501 {
		t.Errorf("a year-old post: %.3f, want the floor 0.5", d)
	}
}
