package icp

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// Evidence a lead shows must be what the post says (issue 31 item 3): a
// pain point only when the post states it, a competitor only where the
// post names the product (not a company or person whose name contains
// it), and no lone generic word as a reason. See docs/icp-fit.md,
// "Evidence".

// everydayNames are products whose names are also ordinary words or
// names: written in lower case they are the word, not the product
// ("a lattice of", "apollo 11", "the gong"). A post names such a product
// only with its capital.
var everydayNames = set(`lattice apollo gong lever greenhouse notion linear monday outreach clay front box drift segment heap
	loom slack zoom ramp sage toast clover sigma hex vertex keeper plex insomnia oyster chrome windows outlook remote
	bruno neon crunchy airflow prefect mural framer otter fathom keap podia nooks close copilot gusto jobber glean chorus
	seismic bamboo buffer sprout render railway wave drip stitch copper elastic podium sketch dynamics nutshell teamwork
	sanity crisp octopus mosaic guru slab asana harvest pilot rippling deel brex mercury carta workday`)

func set(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// companySuffixes end a company's name: a competitor followed by
// capitalised words ending in one of them ("Lattice Grove Systems") is
// part of another company's name.
var companySuffixes = set(`systems inc incorporated llc ltd limited co corp corporation group labs partners holdings
	technologies technology solutions capital ventures consulting health bank gmbh ag sa plc studio studios works
	industries enterprises associates agency networks software`)

// competitorNamed reports whether text names the competitor product name
// (as the ICP writes it): at word boundaries, with its capitals when its
// name is an everyday word, and not as part of a longer proper name that
// ends as a company's does ("Lattice Grove Systems"). The lead's company
// and employer are masked out of the text before (maskNames).
func competitorNamed(text, name string) bool {
	name = strings.TrimSpace(name)
	if name == "" {
		return false
	}
	low := strings.ToLower(name)
	re, err := regexp.Compile(`(?i)(^|[^\p{L}\p{N}])(` + regexp.QuoteMeta(name) + `)($|[^\p{L}\p{N}])`)
	if err != nil {
		return false
	}
	for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
		start, end := m[4], m[5]
		got := text[start:end]
		if got == strings.ToLower(got) && everydayNames[low] {
			continue // the word, not the product
		}
		if got != strings.ToLower(got) && partOfCompanyName(text[end:]) {
			continue
		}
		return true
	}
	return false
}

// partOfCompanyName reports whether rest, the text right after a name,
// continues it into a company's name: one to three capitalised words, the
// last a company suffix ("Grove Systems", "Labs", "Inc.").
func partOfCompanyName(rest string) bool {
	fs := strings.Fields(rest)
	if len(fs) == 0 || !strings.HasPrefix(rest, " ") {
		return false
	}
	for i := 0; i < len(fs) && i < 3; i++ {
		w := strings.TrimRight(fs[i], ".,;:!?)'’\"")
		r := []rune(w)
		if len(r) == 0 || !unicode.IsUpper(r[0]) {
			return false
		}
		if companySuffixes[strings.ToLower(w)] {
			return true
		}
		if w != fs[i] {
			return false // punctuation ends the name
		}
	}
	return false
}

// maskNames blanks out of text each of names (the lead's company, the
// author's employer) that contains one of the competitors without being
// it, so "I run security at Lattice Grove" does not name Lattice. A name
// that is the competitor itself is left: the post is then the
// competitor's own (Relevance rules it out).
func maskNames(text string, names []string, competitors []string) string {
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" || len(n) > 200 {
			continue
		}
		for _, c := range competitors {
			if isCompetitorName(n, c) || !competitorIn(n, c) {
				continue
			}
			re, err := regexp.Compile(`(?i)` + regexp.QuoteMeta(n))
			if err != nil {
				continue
			}
			text = re.ReplaceAllStringFunc(text, func(m string) string { return strings.Repeat("_", len(m)) })
			break
		}
	}
	return text
}

// competitorIn reports whether the competitor's words occur in the name
// as whole words, in any case.
func competitorIn(name, competitor string) bool {
	c := stems(competitor)
	return len(c) > 0 && containsSeq(stems(name), c)
}

// isCompetitorName reports whether a company name is the competitor
// itself: the same words, give or take a company suffix ("Lattice",
// "Lattice Inc.", "lattice HQ").
func isCompetitorName(name, competitor string) bool {
	n, c := stems(name), stems(competitor)
	if len(c) == 0 || len(n) < len(c) || !containsSeq(n[:len(c)], c) {
		return false
	}
	for _, w := range n[len(c):] {
		if !companySuffixes[w] && w != "hq" && w != "com" && w != "io" {
			return false
		}
	}
	return true
}

// namedCompetitors is the competitors criterion: the competitors the
// post names (competitorNamed) once the lead's company and employer are
// masked; the company field itself is no mention.
func namedCompetitors(items []string, s Subject) verdict {
	text := maskNames(s.Text, []string{s.Company, s.Employer}, items)
	var hit []string
	for _, it := range items {
		if competitorNamed(text, it) {
			hit = append(hit, strings.TrimSpace(it))
		}
	}
	if len(hit) > 0 {
		noun := "competitor"
		if len(hit) > 1 {
			noun += "s"
		}
		return fact(1, fmt.Sprintf("mentions %s %s", noun, strings.Join(hit, ", ")))
	}
	return absent(0.3, "mentions none of the competitors "+strings.Join(trimAll(items), ", "))
}

// painStated reports whether text (its stems) states the pain point: its
// content words, all of up to three and all but one of more (painNeed),
// and among them at least one word that is not a category word: "feature
// flag debt" is not stated by "feature flag" alone. category holds the
// stems of what the vendor sells and its competitors' names.
func painStated(point string, have map[string]bool, category map[string]bool) bool {
	cs := contentStems(point)
	if len(cs) == 0 {
		return false
	}
	hit, own, owns := 0, 0, 0
	for _, w := range cs {
		if !category[w] {
			owns++
		}
		if have[w] {
			hit++
			if !category[w] {
				own++
			}
		}
	}
	if hit < painNeed(len(cs)) {
		return false
	}
	return owns == 0 || own > 0
}

// categoryStems are the stems of what the ICP's vendor sells (the
// category terms of its knowledge base) and of its competitors' names.
func (m *Matcher) categoryStems() map[string]bool {
	out := map[string]bool{}
	for _, t := range m.rel.terms {
		if t.kind == kindCategory || t.kind == kindCompetitor {
			for _, s := range t.stems {
				out[s] = true
			}
		}
	}
	return out
}

// pains is the pain-point criterion: the first pain point the post
// states (painStated).
func (m *Matcher) pains(points []string, text string) verdict {
	have := map[string]bool{}
	for _, s := range stems(text) {
		have[s] = true
	}
	cat := m.categoryStems()
	for _, p := range points {
		if painStated(p, have, cat) {
			return fact(1, "pain point: "+strings.TrimSpace(p))
		}
	}
	return absent(0.2, "no listed pain point")
}

// shownTerms drops from a lead's relevance terms a lone word that is no
// evidence by itself: a generic word, or a single loose word of the
// knowledge base or a pain point ("cut") that is not also a competitor,
// a tool of the tech stack, a category word or an acronym. A phrase, or
// a word the ICP names as a product or category, stays.
func (m *Matcher) shownTerms(terms []string) []string {
	if len(terms) == 0 {
		return terms
	}
	strong, loose := map[string]bool{}, map[string]bool{}
	for _, t := range m.rel.terms {
		l := strings.ToLower(t.label)
		switch t.kind {
		case kindWord, kindPair:
			loose[l] = true
		case kindNegative:
		default:
			strong[l] = true
		}
	}
	out := make([]string, 0, len(terms))
	for _, t := range terms {
		l := strings.ToLower(strings.TrimSpace(t))
		if !strings.Contains(l, " ") && !strong[l] && (loose[l] || generic[l] || generic[stem(l)] || stopWords[l]) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// apart is the subject with the lead's company and the author's employer
// masked out of its text where they contain a competitor's name without
// being that competitor (maskNames): the company field is checked apart.
func (m *Matcher) apart(s Subject) Subject {
	if len(m.rel.competitors) > 0 && (s.Company != "" || s.Employer != "") {
		s.Text = maskNames(s.Text, []string{s.Company, s.Employer}, m.rel.competitors)
	}
	return s
}
