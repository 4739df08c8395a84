package pipeline

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/corpus"
	"github.com/signalpipe/signalpipe/internal/engine/enrich"
	"github.com/signalpipe/signalpipe/internal/engine/enrich/dnstest"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/score"
)

func TestRun(t *testing.T) {
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	posts := []engine.Post{
		{ID: "1", Source: "test", Platform: "linkedin", URL: "https://linkedin.example/p/1", Author: "Dana Reyes",
			Text:    "We just closed our $20M Series B led by Granite Growth! The funding will go into sales. Reach me at dana@brightwell.example or sales@brightwell.example.",
			Profile: map[string]string{"headline": "VP Sales at Brightwell", "employees": "120", "industry": "Fintech", "location": "Toronto"}},
		// The same person again, from another post: dropped as a duplicate.
		{ID: "2", Source: "test", Platform: "x", URL: "https://x.example/2", Author: "Dana Reyes", Company: "Brightwell",
			Text: "We're hiring 5 account executives, join our team!"},
		// The same URL as post 1 under a different id: dropped.
		{ID: "3", Source: "other", URL: "https://www.linkedin.example/p/1/", Author: "Someone", Text: "We just raised a $3M seed round."},
		{ID: "4", Source: "test", Text: "Monday motivation: ship something small today."},
		{ID: "5", Source: "test", Author: "Excluded Person", Text: "We're hiring at our agency! Join our team.",
			Profile: map[string]string{"headline": "VP Sales at Adcraft"}},
	}
	p := engine.ICP{TargetTitles: []string{"VP Sales"}, Industries: []string{"Fintech"}, Exclusions: []string{"agency"},
		SignalThreshold: "All signals 40%+ match"}
	dns := dnstest.Start(t, map[string]dnstest.Zone{"brightwell.example": {MX: []dnstest.MX{{Pref: 10, Host: "mx.brightwell.example"}}}})
	v := &enrich.Verifier{Resolver: dns.Resolver(), Now: func() time.Time { return now }}
	leads := Run(context.Background(), posts, p, Options{Verifier: v})
	if len(leads) != 1 {
		t.Fatalf("got %d leads: %+v", len(leads), leads)
	}
	l := leads[0]
	if l.PostID != "1" || l.Name != "Dana Reyes" || l.Title != "VP Sales" || l.Company != "Brightwell" || l.Employees != "51-200" {
		t.Errorf("lead %+v", l)
	}
	if l.Detection.SignalType != engine.FundingEvent || l.IntentScore < score.HotMin || l.IntentTier != engine.TierHot || l.Status != "Ready to Buy" {
		t.Errorf("scoring: %s score %d tier %s %q", l.Detection.SignalType, l.IntentScore, l.IntentTier, l.Status)
	}
	if l.Email != "dana@brightwell.example" || len(l.Emails) != 2 || l.Emails[1].Status != enrich.StatusRoleAccount || !l.Emails[0].CheckedAt.Equal(now) {
		t.Errorf("emails: %q %+v", l.Email, l.Emails)
	}
	if l.Draft.TemplateID != "fresh-funding" || !strings.HasPrefix(l.Draft.Body, "Hi Dana,") || strings.Contains(l.Draft.Body, "[") {
		t.Errorf("draft %+v", l.Draft)
	}
	if l.ID != LeadID(&posts[0]) || l.ID == LeadID(&posts[1]) {
		t.Errorf("lead id %s", l.ID)
	}
}

func TestThresholdFilters(t *testing.T) {
	posts, err := corpus.Fresh(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	all := Score(posts, engine.ICP{SignalThreshold: "All signals 40%+ match"}, nil)
	high := Score(posts, engine.ICP{SignalThreshold: "High 80%+ match", Industries: []string{"Fintech"}}, nil)
	if len(all) == 0 || len(high) == 0 || len(high) >= len(all) {
		t.Fatalf("all %d, high %d", len(all), len(high))
	}
	for _, s := range high {
		if s.Score < 80 {
			t.Fatalf("high threshold let %d through", s.Score)
		}
	}
	leads := Run(context.Background(), posts, engine.ICP{}, Options{Limit: 10})
	if len(leads) != 10 || leads[0].IntentScore < leads[9].IntentScore {
		t.Fatalf("limit/order: %d leads", len(leads))
	}
}

// TestAdjustBeforeThreshold: Options.Adjust moves each post's score before
// the threshold is applied (an agent's feedback tuning): a post moved under
// it is dropped, one moved over it kept, and the lead's score and tier are
// the adjusted ones.
func TestAdjustBeforeThreshold(t *testing.T) {
	posts, err := corpus.Fresh(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	p := engine.ICP{SignalThreshold: "60"}
	plain, _ := ScoreCounted(posts, icp.Compile(p), nil, Options{})
	low, _ := ScoreCounted(posts, icp.Compile(engine.ICP{SignalThreshold: "1"}), nil, Options{})
	if len(plain) == 0 || len(low) <= len(plain) {
		t.Fatalf("corpus scores: %d over 60, %d over 1", len(plain), len(low))
	}
	down := func(p *engine.Post, s int) int { return max(0, s-100) }
	if got, _ := ScoreCounted(posts, icp.Compile(p), nil, Options{Adjust: down}); len(got) != 0 {
		t.Errorf("%d posts kept after moving every score to 0", len(got))
	}
	up := func(p *engine.Post, s int) int { return min(100, s+100) }
	got, _ := ScoreCounted(posts, icp.Compile(p), nil, Options{Adjust: up})
	if len(got) != len(low) {
		t.Errorf("%d posts kept after lifting every score to 100, want all %d with intent", len(got), len(low))
	}
	leads := Run(context.Background(), posts[:200], p, Options{Adjust: up, Limit: 5})
	if len(leads) == 0 || leads[0].IntentScore != 100 || leads[0].IntentTier != engine.TierHot {
		t.Errorf("adjusted lead %+v", leads)
	}
}

// BenchmarkScoreCorpus100k measures detect + fit + score over a
// 100,000-post synthetic corpus (the search index comes later).
func BenchmarkScoreCorpus100k(b *testing.B) {
	posts, err := corpus.Synthetic(100_000)
	if err != nil {
		b.Fatal(err)
	}
	p := engine.ICP{TargetTitles: []string{"VP Sales", "Head of RevOps", "CTO"}, CompanySize: "50-200",
		FundingStage: "Series A-B", Geographic: "North America", TechStack: []string{"Salesforce"},
		Competitors: []string{"HubSpot", "ZoomInfo"}, Industries: []string{"Fintech", "Software"},
		Exclusions: []string{"agency"}, BudgetIndicators: []string{"recent funding"}, SignalThreshold: "Medium 60%+ match"}
	b.ResetTimer()
	n := 0
	for b.Loop() {
		n = len(Score(posts, p, nil))
	}
	b.ReportMetric(float64(len(posts))*float64(b.N)/b.Elapsed().Seconds(), "posts/s")
	b.ReportMetric(float64(n), "leads")
}
