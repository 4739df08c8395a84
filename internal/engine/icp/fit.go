package icp

import (
	"math"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Weights of each criterion. Only the criteria an ICP sets take part, so
// a profile with just titles and industries is judged on those alone.
const (
	wTitles     = 0.25
	wSize       = 0.15
	wRevenue    = 0.10
	wFunding    = 0.10
	wGeo        = 0.10
	wTech       = 0.10
	wPain       = 0.10
	wCompetitor = 0.15
	wIndustry   = 0.15
	wBudget     = 0.10
)

// Confidence of a verdict: how far it can be taken as known. A post
// rarely states every fact, so a criterion it says nothing about must not
// count like a stated mismatch (that capped typical scores near 75); it
// takes no part, and the fit is the confidence-weighted mean over what the
// post can be judged on.
const (
	// stated is a fact the post or its profile gives: it counts fully.
	stated = 1.0
	// silent is the confidence of "the post does not mention it" for
	// criteria that only a mention can satisfy (tech stack, competitors,
	// pain points, budget indicators): weak evidence against, since
	// a post that names none of them is a slightly worse lead.
	silent = 0.25
)

// prior is the fit assumed before any evidence, and priorShare how much
// of the weight of the criteria left unknown it stands in for (as much
// as a silent mention-only criterion counts). It keeps a
// post judged on one matching fact out of ten from scoring like a post
// matching all ten, and pulls a post with no facts to the middle; a post
// that states everything is judged on its facts alone.
const (
	prior      = 0.4
	priorShare = 0.25
)

// emptyICPFit is the fit when the ICP sets no criterion at all.
const emptyICPFit = 0.5

// verdict is one criterion judged on one lead.
type verdict struct {
	score  float64 // 0 mismatch … 1 match
	conf   float64 // 0 unknown … 1 stated
	reason string
}

// fact is a verdict on a stated fact.
func fact(score float64, reason string) verdict { return verdict{score, stated, reason} }

// notStated is a criterion the lead gives no facts for: it does not count.
func notStated(reason string) verdict { return verdict{prior, 0, reason} }

// absent is a mention-only criterion the post does not mention.
func absent(score float64, reason string) verdict { return verdict{score, silent, reason} }

// Fit scores a subject against an ICP: the confidence-weighted mean of
// the criteria it sets, shrunk toward prior as far as they are unknown. An exclusion
// zeroes it whatever else matches.
func Fit(p engine.ICP, s Subject) engine.Fit {
	text := norm(s.Text)
	all := norm(strings.Join([]string{s.Title, s.Company, s.Industry, s.Location, s.Text}, " \n "))
	if ex := excluded(p.Exclusions, all); ex != "" {
		return engine.Fit{Score: 0, Excluded: true, Reasons: []string{"excluded: " + ex}}
	}
	var sum, wsum, total float64
	reasons := make([]string, 0, 10)
	add := func(set bool, w float64, f func() verdict) {
		if !set {
			return
		}
		v := f()
		sum += w * v.conf * v.score
		wsum += w * v.conf
		total += w
		reasons = append(reasons, v.reason)
	}
	add(nonEmpty(p.TargetTitles), wTitles, func() verdict { return titles(p.TargetTitles, s.Title) })
	add(p.CompanySize != "", wSize, func() verdict { return size(p.CompanySize, s.Employees) })
	add(p.RevenueRange != "", wRevenue, func() verdict { return revenue(p.RevenueRange, s.Revenue, s.Text) })
	add(p.FundingStage != "", wFunding, func() verdict { return funding(p.FundingStage, s.Funding+" "+text) })
	add(p.Geographic != "", wGeo, func() verdict { return geo(p.Geographic, s.Location, text) })
	add(nonEmpty(p.TechStack), wTech, func() verdict { return mentions("uses", "", p.TechStack, all, 0.3) })
	add(nonEmpty(p.PainPoints), wPain, func() verdict { return pains(p.PainPoints, text) })
	add(nonEmpty(p.Competitors), wCompetitor, func() verdict { return mentions("mentions", "competitor", p.Competitors, all, 0.3) })
	add(nonEmpty(p.Industries), wIndustry, func() verdict { return industries(p.Industries, s.Industry, all) })
	add(nonEmpty(p.BudgetIndicators), wBudget, func() verdict { return budget(p.BudgetIndicators, s.Signal, text) })
	if total == 0 {
		return engine.Fit{Score: emptyICPFit, Reasons: []string{"no ICP criteria set"}}
	}
	k := priorShare * (total - wsum)
	return engine.Fit{Score: math.Round((sum+k*prior)/(wsum+k)*1000) / 1000, Reasons: reasons}
}
