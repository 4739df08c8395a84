package icp

import (
	"fmt"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// The criteria: each judges one ICP field against what is known of a
// lead and says why.

func nonEmpty(xs []string) bool {
	for _, x := range xs {
		if strings.TrimSpace(x) != "" {
			return true
		}
	}
	return false
}

// exclusion is one compiled ICP exclusion: the entry's stems, matched as a
// phrase anywhere in the post or its author's fields ("Agencies" excludes
// "our agency"; "job seekers" excludes "advice for job seekers"). An entry
// that only describes ("tutorials, news and product announcements") is
// not split into its words: "news" alone would exclude every funding
// announcement; such posts are the detector's to reject.
type exclusion struct {
	text  string
	whole []string
}

func compileExclusions(es []string) []exclusion {
	var out []exclusion
	for _, e := range es {
		e = strings.TrimSpace(e)
		if ws := stems(e); len(ws) > 0 {
			out = append(out, exclusion{text: e, whole: ws})
		}
	}
	return out
}

// excluded names the exclusion a subject hits, or "".
func (m *Matcher) excluded(s Subject, _ string) string {
	if len(m.exclusions) == 0 {
		return ""
	}
	all := stems(strings.Join([]string{s.Title, s.Company, s.Industry, s.Location, s.Text}, " \n "))
	for _, x := range m.exclusions {
		if containsSeq(all, x.whole) {
			return x.text
		}
	}
	return ""
}

// titleVerdict judges the lead's title against the target titles by
// function and seniority (titles.go, docs/icp-fit.md "Title taxonomy").
func (m *Matcher) titleVerdict(title string) verdict {
	if strings.TrimSpace(title) == "" {
		return notStated("title unknown")
	}
	have := readTitle(title)
	best, bestT, why := 0.0, "", ""
	for _, t := range m.titles {
		if sc, w := matchTitle(have, t); sc > best {
			best, bestT, why = sc, t.text, w
		}
	}
	switch {
	case best == 1:
		return fact(1, fmt.Sprintf("title %q matches %q (%s)", title, bestT, why))
	case best > 0:
		return fact(best, fmt.Sprintf("title %q is in the function of %q (%s)", title, bestT, why))
	}
	return fact(0, fmt.Sprintf("title %q is not a target title", title))
}

// size compares the lead's company size, a range or a number, with the
// ICP's range as ranges: within when wholly inside, overlapping when they
// share more than a point, close when near (within a factor of two).
func size(w span, want, employees string) verdict {
	if !w.ok {
		return notStated("company size criterion unreadable")
	}
	h, ok := parseSpan(employees)
	if !ok {
		return notStated("company size unknown")
	}
	sc, rel := compareSpans(w, h)
	return fact(sc, fmt.Sprintf("company size %s %s %s", strings.TrimSpace(employees), rel, want))
}

// compareSpans scores have against want: 1 within, 0.5 overlapping, 0.25
// close, 0 outside, with the word for it.
func compareSpans(want, have span) (float64, string) {
	switch {
	case want.contains(have):
		return 1, "within"
	case want.overlapsOpen(have):
		return 0.5, "overlapping"
	case want.near(have):
		return 0.25, "close to"
	}
	return 0, "outside"
}

func revenue(w span, want, known, text string) verdict {
	if !w.ok {
		return notStated("revenue criterion unreadable")
	}
	mention := known
	if mention == "" {
		mention = findRevenue(text)
	}
	v, ok := annualRevenue(mention)
	if !ok {
		return notStated("revenue unknown")
	}
	sc, rel := compareSpans(w, span{lo: v, hi: v, ok: true})
	return fact(sc, fmt.Sprintf("revenue %s %s %s", strings.TrimSpace(mention), rel, want))
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

func funding(ws map[int]bool, want, text string) verdict {
	if len(ws) == 0 {
		return notStated("funding stage criterion unreadable")
	}
	got := stagesOf(text)
	if len(got) == 0 {
		return notStated("funding stage unknown")
	}
	for _, g := range got {
		if ws[g] {
			return fact(1, fmt.Sprintf("funding stage %s matches %s", stageWords[g][0], want))
		}
	}
	for _, g := range got {
		if ws[g-1] || ws[g+1] {
			return fact(0.5, fmt.Sprintf("funding stage %s next to %s", stageWords[g][0], want))
		}
	}
	return fact(0, fmt.Sprintf("funding stage %s outside %s", stageWords[got[0]][0], want))
}

// mentions scores a list the post should name: verb and the names found
// ("uses Go, Postgres"), or none ("uses none of Go, Postgres"); noun, when
// set, names the list in that case ("mentions none of the competitors
// HubSpot, Salesforce").
func mentions(verb, noun string, items []string, all string, miss float64) verdict {
	var hit []string
	for _, it := range items {
		if n := norm(it); n != "" && containsWord(all, n) {
			hit = append(hit, strings.TrimSpace(it))
		}
	}
	if len(hit) > 0 {
		if noun != "" {
			verb += " " + noun
			if len(hit) > 1 {
				verb += "s"
			}
		}
		return fact(1, verb+" "+strings.Join(hit, ", "))
	}
	none := verb + " none of "
	if noun != "" {
		none += "the " + noun + "s "
	}
	return absent(miss, none+strings.Join(trimAll(items), ", "))
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

func industries(want []string, known, all string) verdict {
	k := norm(known)
	for _, w := range want {
		n := norm(w)
		if n == "" {
			continue
		}
		if k != "" && (containsWord(k, n) || containsWord(n, k)) {
			return fact(1, "industry "+known+" matches "+strings.TrimSpace(w))
		}
	}
	for _, w := range want {
		if n := norm(w); n != "" && containsWord(all, n) {
			return fact(0.8, "mentions industry "+strings.TrimSpace(w))
		}
	}
	if k != "" {
		return fact(0, "industry "+known+" not targeted")
	}
	return notStated("industry unknown")
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

func budget(indicators []string, signal, text string) verdict {
	for _, b := range indicators {
		n := norm(b)
		if n == "" {
			continue
		}
		if containsWord(text, n) {
			return fact(1, "budget indicator: "+strings.TrimSpace(b))
		}
		for _, stem := range budgetBySignal[signal] {
			if strings.Contains(n, stem) {
				return fact(1, "budget indicator: "+strings.TrimSpace(b)+" ("+signal+")")
			}
		}
	}
	return absent(0.3, "no budget indicator")
}
