package score_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/corpus"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/engine/score"
)

// demoICP is the demo form's default worked example
// (web/src/features/demo/content/icp-options.ts), with every signal
// admitted so the whole distribution shows.
var demoICP = engine.ICP{
	TargetTitles: []string{"VP of Sales", "Head of Growth", "Revenue Operations Lead"},
	CompanySize:  "50-200", RevenueRange: "$1M - $10M ARR", FundingStage: "Series A-B",
	Geographic:       "North America, Western Europe",
	TechStack:        []string{"Salesforce", "HubSpot", "Outreach"},
	PainPoints:       []string{"Low reply rates", "Stale contact data", "Slow pipeline"},
	Competitors:      []string{"ZoomInfo", "Apollo", "6sense"},
	Industries:       []string{"SaaS", "Fintech", "Artificial Intelligence"},
	Exclusions:       []string{"Agencies", "Students"},
	SignalThreshold:  "All signals 40%+ match",
	BudgetIndicators: []string{"Recent funding", "Hiring SDRs"},
	// The form's example leaves knowledgeBase empty; with it, relevance
	// also reads what the vendor sells.
	KnowledgeBase: "The vendor sells a B2B sales intelligence and sales engagement platform: verified contact data, intent data, prospecting and outbound sequences for sales teams, SDRs and RevOps.",
}

// TestDemoICPDistribution scores the bundled corpus with the demo's
// default ICP: the best leads must reach 'Ready to Buy' (≥ 80), most must
// not, so the 'High 80%+' threshold is selective but not empty. Run with
// -v to print the histogram recorded in docs/performance.md.
func TestDemoICPDistribution(t *testing.T) {
	posts, err := corpus.Fresh(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	scored := pipeline.Score(posts, demoICP, nil)
	var buckets [11]int
	top := 0
	for _, s := range scored {
		buckets[s.Score/10]++
		top = max(top, s.Score)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d posts, %d with intent at ≥ 40, top score %d\n", len(posts), len(scored), top)
	for i := 4; i <= 10; i++ {
		fmt.Fprintf(&b, "  %3d-%-3d %5d\n", i*10, min(i*10+9, 100), buckets[i])
	}
	t.Log("\n" + b.String())
	hot := buckets[8] + buckets[9] + buckets[10]
	// With relevance and recency (docs/icp-fit.md) the corpus's posts,
	// spread over four weeks, reach the warm tier; hot needs fresher or
	// better-described posts.
	if top < score.WarmMin {
		t.Fatalf("no lead reaches %d with the demo ICP:\n%s", score.WarmMin, b.String())
	}
	for _, sc := range scored {
		if len(sc.Relevance.Terms) == 0 {
			t.Fatalf("lead %s carries no relevance terms", sc.Post.ID)
		}
	}
	if hot*4 > len(scored) {
		t.Fatalf("%d of %d leads are ≥ 80: the top tier is not selective:\n%s", hot, len(scored), b.String())
	}
}
