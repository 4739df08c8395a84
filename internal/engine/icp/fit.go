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

// Fit scores a subject against an ICP; see Matcher.Fit. It compiles the
// ICP for this one call: a search compiles once (Compile) instead.
func Fit(p engine.ICP, s Subject) engine.Fit { return Compile(p).Fit(s) }

// wRelevance is the weight of topical relevance (docs/icp-fit.md) among
// the criteria, when the ICP names anything topical.
const wRelevance = 0.25

// Fit scores a subject: the confidence-weighted mean of the criteria the
// ICP sets, topical relevance among them, with the criteria left unknown
// standing in at a neutral prior that never lifts the fit above what the
// known facts give (min(prior, mean of the known)). An exclusion zeroes it
// whatever else matches; a stated location outside the ICP's geography
// marks it OutsideGeography (such a lead cannot be hot).
func (m *Matcher) Fit(s Subject) engine.Fit {
	s = m.apart(s)
	_, _, topic := m.judge(s)
	return m.fit(s, topic)
}

func (m *Matcher) fit(s Subject, rel engine.Relevance) engine.Fit {
	p := &m.p
	text := norm(s.Text)
	all := norm(strings.Join([]string{s.Title, s.Company, s.Industry, s.Location, s.Text}, " \n "))
	if ex := m.excluded(s, all); ex != "" {
		return engine.Fit{Score: 0, Excluded: true, Reasons: []string{"excluded: " + ex}}
	}
	var sum, wsum, total float64
	reasons := make([]string, 0, 11)
	outside := false
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
	add(!m.rel.empty, wRelevance, func() verdict { return relevanceVerdict(rel) })
	add(len(m.titles) > 0, wTitles, func() verdict { return m.titleVerdict(s.Title) })
	add(m.size.ok || p.CompanySize != "", wSize, func() verdict { return size(m.size, p.CompanySize, s.Employees) })
	add(m.revenue.ok || p.RevenueRange != "", wRevenue, func() verdict { return revenue(m.revenue, p.RevenueRange, s.Revenue, s.Text) })
	add(p.FundingStage != "", wFunding, func() verdict { return funding(m.stages, p.FundingStage, s.Funding+" "+text) })
	add(p.Geographic != "", wGeo, func() verdict {
		v := geo(m.places, p.Geographic, s.Location, text)
		outside = v.conf == stated && v.score == 0
		return v
	})
	add(nonEmpty(p.TechStack), wTech, func() verdict { return mentions("uses", "", p.TechStack, all, 0.3) })
	add(nonEmpty(p.PainPoints), wPain, func() verdict { return m.pains(p.PainPoints, s.Text) })
	add(nonEmpty(p.Competitors), wCompetitor, func() verdict { return namedCompetitors(m.rel.competitors, s) })
	add(nonEmpty(p.Industries), wIndustry, func() verdict { return industries(p.Industries, s.Industry, all) })
	add(nonEmpty(p.BudgetIndicators), wBudget, func() verdict { return budget(p.BudgetIndicators, s.Signal, text) })
	if total == 0 {
		return engine.Fit{Score: emptyICPFit, Reasons: []string{"no ICP criteria set"}}
	}
	// Unknown criteria stand in at the prior, or at the mean of what is
	// known when that is lower: not knowing is never a plus.
	neutral := prior
	if wsum > 0 {
		neutral = min(prior, sum/wsum)
	}
	k := priorShare * (total - wsum)
	return engine.Fit{Score: math.Round((sum+k*neutral)/(wsum+k)*1000) / 1000, Reasons: reasons, OutsideGeography: outside}
}

// relevanceVerdict turns topical relevance into a criterion.
func relevanceVerdict(r engine.Relevance) verdict {
	if len(r.Terms) == 0 {
		return fact(0, "about none of the ICP's topics")
	}
	return fact(r.Score, "about "+strings.Join(r.Terms[:min(len(r.Terms), 4)], ", "))
}
