package icp

import (
	"fmt"
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

// unknown is the score of a criterion the lead gives no facts for: below
// a match, above a mismatch.
const unknown = 0.4

// emptyICPFit is the fit when the ICP sets no criterion at all.
const emptyICPFit = 0.5

type criterion struct {
	weight float64
	score  float64
	reason string
}

// Fit scores a subject against an ICP.
func Fit(p engine.ICP, s Subject) engine.Fit {
	text := norm(s.Text)
	all := norm(strings.Join([]string{s.Title, s.Company, s.Industry, s.Location, s.Text}, " \n "))
	if ex := excluded(p.Exclusions, all); ex != "" {
		return engine.Fit{Score: 0, Excluded: true, Reasons: []string{"excluded: " + ex}}
	}
	var cs []criterion
	add := func(set bool, w float64, f func() (float64, string)) {
		if set {
			sc, why := f()
			cs = append(cs, criterion{w, sc, why})
		}
	}
	add(nonEmpty(p.TargetTitles), wTitles, func() (float64, string) { return titles(p.TargetTitles, s.Title) })
	add(p.CompanySize != "", wSize, func() (float64, string) { return size(p.CompanySize, s.Employees) })
	add(p.RevenueRange != "", wRevenue, func() (float64, string) { return revenue(p.RevenueRange, s.Revenue, s.Text) })
	add(p.FundingStage != "", wFunding, func() (float64, string) { return funding(p.FundingStage, s.Funding+" "+text) })
	add(p.Geographic != "", wGeo, func() (float64, string) { return geo(p.Geographic, s.Location, text) })
	add(nonEmpty(p.TechStack), wTech, func() (float64, string) { return mentions("uses", p.TechStack, all, 0.3) })
	add(nonEmpty(p.PainPoints), wPain, func() (float64, string) { return pains(p.PainPoints, text) })
	add(nonEmpty(p.Competitors), wCompetitor, func() (float64, string) { return mentions("mentions competitor", p.Competitors, all, 0.3) })
	add(nonEmpty(p.Industries), wIndustry, func() (float64, string) { return industries(p.Industries, s.Industry, all) })
	add(nonEmpty(p.BudgetIndicators), wBudget, func() (float64, string) { return budget(p.BudgetIndicators, s.Signal, text) })
	if len(cs) == 0 {
		return engine.Fit{Score: emptyICPFit, Reasons: []string{"no ICP criteria set"}}
	}
	var sum, wsum float64
	reasons := make([]string, 0, len(cs))
	for _, c := range cs {
		sum += c.weight * c.score
		wsum += c.weight
		reasons = append(reasons, c.reason)
	}
	return engine.Fit{Score: math.Round(sum/wsum*1000) / 1000, Reasons: reasons}
}

func nonEmpty(xs []string) bool {
	for _, x := range xs {
		if strings.TrimSpace(x) != "" {
			return true
		}
	}
	return false
}

func excluded(exclusions []string, all string) string {
	for _, e := range exclusions {
		if n := norm(e); n != "" && containsWord(all, n) {
			return strings.TrimSpace(e)
		}
	}
	return ""
}

func titles(targets []string, title string) (float64, string) {
	if strings.TrimSpace(title) == "" {
		return unknown, "title unknown"
	}
	best, bestT := 0.0, ""
	for _, t := range targets {
		if sc := titleMatch(title, t); sc > best {
			best, bestT = sc, t
		}
	}
	switch {
	case best == 1:
		return 1, fmt.Sprintf("title %q matches %q", title, bestT)
	case best > 0:
		return best, fmt.Sprintf("title %q is close to %q", title, bestT)
	}
	return 0, fmt.Sprintf("title %q is not a target title", title)
}

func size(want, employees string) (float64, string) {
	w, ok := parseSpan(want)
	if !ok {
		return unknown, "company size criterion unreadable"
	}
	h, ok := parseSpan(employees)
	switch {
	case !ok:
		return unknown, "company size unknown"
	case w.overlaps(h):
		return 1, fmt.Sprintf("company size %s within %s", employees, want)
	case w.near(h):
		return 0.5, fmt.Sprintf("company size %s close to %s", employees, want)
	}
	return 0, fmt.Sprintf("company size %s outside %s", employees, want)
}

func revenue(want, known, text string) (float64, string) {
	w, ok := parseSpan(want)
	if !ok {
		return unknown, "revenue criterion unreadable"
	}
	mention := known
	if mention == "" {
		mention = findRevenue(text)
	}
	v, ok := annualRevenue(mention)
	switch {
	case !ok:
		return unknown, "revenue unknown"
	case w.overlaps(span{v, v}):
		return 1, fmt.Sprintf("revenue %s within %s", strings.TrimSpace(mention), want)
	case w.near(span{v, v}):
		return 0.5, fmt.Sprintf("revenue %s close to %s", strings.TrimSpace(mention), want)
	}
	return 0, fmt.Sprintf("revenue %s outside %s", strings.TrimSpace(mention), want)
}

// stageWords lists the phrases of each funding stage, earliest first.
var stageWords = [][]string{
	{"bootstrapped", "self-funded", "self funded", "profitable"},
	{"pre-seed", "preseed", "seed", "angel round", "friends-and-family"},
	{"series a"}, {"series b"}, {"series c"}, {"series d", "series e", "growth round", "growth equity", "late stage"},
}

func stagesOf(s string) []int {
	var out []int
	for i, ws := range stageWords {
		for _, w := range ws {
			if containsWord(s, w) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// wantedStages reads "Series A-B", "Seed", "Series C+", "Bootstrapped".
func wantedStages(want string) map[int]bool {
	w := norm(want)
	m := map[int]bool{}
	for _, i := range stagesOf(w) {
		m[i] = true
	}
	if strings.Contains(w, "a-b") || strings.Contains(w, "a - b") || strings.Contains(w, "a to b") {
		m[2], m[3] = true, true
	}
	if strings.Contains(w, "c+") || strings.Contains(w, "c +") {
		m[4], m[5] = true, true
	}
	return m
}

func funding(want, text string) (float64, string) {
	ws := wantedStages(want)
	if len(ws) == 0 {
		return unknown, "funding stage criterion unreadable"
	}
	got := stagesOf(text)
	if len(got) == 0 {
		return unknown, "funding stage unknown"
	}
	for _, g := range got {
		if ws[g] {
			return 1, fmt.Sprintf("funding stage %s matches %s", stageWords[g][0], want)
		}
	}
	for _, g := range got {
		if ws[g-1] || ws[g+1] {
			return 0.5, fmt.Sprintf("funding stage %s next to %s", stageWords[g][0], want)
		}
	}
	return 0, fmt.Sprintf("funding stage %s outside %s", stageWords[got[0]][0], want)
}

func mentions(verb string, items []string, all string, miss float64) (float64, string) {
	var hit []string
	for _, it := range items {
		if n := norm(it); n != "" && containsWord(all, n) {
			hit = append(hit, strings.TrimSpace(it))
		}
	}
	if len(hit) > 0 {
		return 1, verb + " " + strings.Join(hit, ", ")
	}
	return miss, verb + " none of " + strings.Join(trimAll(items), ", ")
}

func trimAll(xs []string) []string {
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// pains matches a pain point when most of its content words appear.
func pains(points []string, text string) (float64, string) {
	for _, p := range points {
		words := contentWords(p)
		if len(words) == 0 {
			continue
		}
		hit := 0
		for _, w := range words {
			if containsWord(text, w) || len(w) > 5 && strings.Contains(text, w[:len(w)-2]) {
				hit++
			}
		}
		if float64(hit) >= math.Ceil(float64(len(words))*0.6) {
			return 1, "pain point: " + strings.TrimSpace(p)
		}
	}
	return 0.2, "no listed pain point"
}

func contentWords(s string) []string {
	var out []string
	for _, w := range strings.Fields(norm(strings.NewReplacer(",", " ", ".", " ", "-", " ").Replace(s))) {
		if len(w) > 2 && !stop[w] {
			out = append(out, w)
		}
	}
	return out
}

var stop = map[string]bool{"the": true, "and": true, "for": true, "with": true, "our": true, "too": true, "not": true,
	"are": true, "lack": true, "poor": true, "low": true, "high": true, "bad": true, "of": true}

func industries(want []string, known, all string) (float64, string) {
	k := norm(known)
	for _, w := range want {
		n := norm(w)
		if n == "" {
			continue
		}
		if k != "" && (containsWord(k, n) || containsWord(n, k)) {
			return 1, "industry " + known + " matches " + strings.TrimSpace(w)
		}
	}
	for _, w := range want {
		if n := norm(w); n != "" && containsWord(all, n) {
			return 0.8, "mentions industry " + strings.TrimSpace(w)
		}
	}
	if k != "" {
		return 0, "industry " + known + " not targeted"
	}
	return unknown, "industry unknown"
}

// budgetBySignal lets budget indicators such as "recent funding" or
// "hiring" match the detected signal itself.
var budgetBySignal = map[string][]string{
	string(engine.FundingEvent):         {"fund", "raise", "investment", "series", "capital"},
	string(engine.HiringActivity):       {"hiring", "headcount", "growing", "expansion", "team growth"},
	string(engine.JobChange):            {"new leader", "new executive", "leadership", "new role", "new hire"},
	string(engine.CompetitorEngagement): {"renewal", "switch", "contract", "competitor"},
	string(engine.TechResearch):         {"evaluat", "rfp", "research", "budget", "buying"},
}

func budget(indicators []string, signal, text string) (float64, string) {
	for _, b := range indicators {
		n := norm(b)
		if n == "" {
			continue
		}
		if containsWord(text, n) {
			return 1, "budget indicator: " + strings.TrimSpace(b)
		}
		for _, stem := range budgetBySignal[signal] {
			if strings.Contains(n, stem) {
				return 1, "budget indicator: " + strings.TrimSpace(b) + " (" + signal + ")"
			}
		}
	}
	return 0.3, "no budget indicator"
}
