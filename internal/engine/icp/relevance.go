package icp

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Topical relevance: is a post about what the ICP's vendor sells? The ICP
// is compiled once per search into terms of several kinds (competitors,
// what the vendor sells, pain points, tech stack...); features.go reads
// which of them a post holds and where, and the trained model (model.go)
// decides. The term kinds are in docs/icp-fit.md, "Topical relevance".

// Term classes: the weight a term carries tells its kind apart (a pair of
// category words from a single one, a competitor as written from one in
// lower case); the decision's weights come from training (model.go).
const (
	// wCompetitorCased: a competitor named as the ICP writes it (or in
	// capitals): enough alone.
	wCompetitorCased = 2.0
	// wCompetitorLower: a competitor in lower case, which may be the
	// dictionary word ("lever", "greenhouse").
	wCompetitorLower = 1.5
	// wCategoryPair: two words of what the vendor sells, side by side
	// ("accounts payable", "data warehouse"), or its abbreviation ("AP").
	wCategoryPair = 2.0
	// wCategoryMixed: a word of what the vendor sells followed by a
	// generic noun ("observability platform").
	wCategoryMixed = 1.0
	// wCategoryWord: one word of what the vendor sells.
	wCategoryWord = 0.75
	// wPainPhrase: most of a pain point's words.
	wPainPhrase = 2.0
	// wPair: two content words side by side from a pain point, a budget
	// indicator or the knowledge base.
	wPair = 1.0
	// wWord: one content word of the knowledge base or a pain point.
	wWord = 0.25
	// wAcronym: an acronym of the ICP's text, written in capitals ("SOC",
	// "HIPAA", "ERP").
	wAcronym = 0.75
	// wTechTerm: a tool of the ICP's tech stack.
	wTechTerm = 0.5
	// wNegative: a word the knowledge base says the vendor does not sell.
	wNegative = -1.0
)

// termKind says where a term came from.
type termKind uint8

const (
	kindCompetitor termKind = iota
	kindCategory
	kindPain
	kindPair
	kindWord
	kindTech
	kindNegative
)

// term is a sequence of stems with its weight. upper: a single
// abbreviation that counts only written in capitals. cased: a competitor
// that counts in full only with its capitals.
type term struct {
	stems  []string
	upper  bool
	label  string
	weight float64
	kind   termKind
	// lower is the weight when a cased term is written in lower case.
	lower float64
	cased string // the exact form (its first word) that earns weight
	// need, for a pain phrase: how many of stems must appear (any order).
	need int
	// text is a competitor spelling as words, for the index query.
	text string
	// capitals: a competitor's name cut at its inner capitals ("Pager
	// Duty") counts only with each word capitalised.
	capitals bool
	// exact: a competitor's one-word alias ("BILL", "Kit") counts only
	// as written or in capitals.
	exact bool
}

// relevanceSet is the compiled topical part of an ICP.
type relevanceSet struct {
	terms []term
	// competitors are the product names of the ICP's competitor entries
	// (competitorNames: "VictorOps (Splunk On-Call)" is two), not the
	// aliases that count only as written: the employer rule, the fit's
	// competitor criterion and the displacing reason read them.
	competitors []string
	// empty: the ICP names nothing topical; relevance is then not judged.
	empty bool
	// query are the strong terms as words, for the index query: the
	// competitors' spellings and what the vendor sells.
	query []string
}

var (
	sellsRe   = regexp.MustCompile(`(?i)\b(?:sells?|offers?|provides?|builds?|makes?|develops?|(?:is|are) (?:an?|the))\s+(?:an?\s+|the\s+)?([^.;:]+)`)
	notSellRe = regexp.MustCompile(`(?i)\b(?:does not|doesn't|do not|don't|never)\s+(?:sell|offer|provide|build|make|cover)\s+([^.;]+)`)
	clauseEnd = regexp.MustCompile(`(?i)\s(?:for|that|which|to|who|with|so|where|priced|aimed|used)\s|,|\(`)
)

func compileRelevance(p engine.ICP) relevanceSet {
	var rs relevanceSet
	seen := map[string]bool{}
	add := func(t term) {
		if len(t.stems) == 0 {
			return
		}
		k := strings.Join(t.stems, " ")
		if t.upper {
			k = "^" + k
		}
		if seen[k] {
			return
		}
		seen[k] = true
		rs.terms = append(rs.terms, t)
	}
	addCompetitor := func(c string, exact bool) {
		for _, t := range competitorTerms(c) {
			t.exact = exact
			add(t)
			if !t.upper {
				rs.query = append(rs.query, t.text)
			}
		}
	}
	for _, entry := range p.Competitors {
		names, exact := competitorNames(entry)
		for _, c := range names {
			addCompetitor(c, false)
			rs.competitors = append(rs.competitors, c)
		}
		// An alias that counts only as written ("BILL") is not matched
		// in an employer's name: "Bill & Melinda Gates Foundation" is not
		// the competitor's own staff.
		for _, c := range exact {
			addCompetitor(c, true)
		}
	}
	kb := p.KnowledgeBase
	// What the vendor does not sell: the words of its "does not sell …"
	// clause that the rest of the ICP's text does not use.
	negatives := map[string]bool{}
	if m := notSellRe.FindStringSubmatch(kb); m != nil {
		for _, part := range splitList(m[1]) {
			for _, w := range contentStems(part) {
				negatives[w] = true
			}
		}
	}
	// What the vendor sells: the words after "sells" up to the first
	// "for", "that", comma… of the first such sentence.
	category := ""
	if m := sellsRe.FindStringSubmatch(kb); m != nil && !notSellRe.MatchString(m[0]) {
		category = m[1]
		if loc := clauseEnd.FindStringIndex(category); loc != nil {
			// "an observability platform (application performance
			// monitoring, logs…)": the parenthesis says what it is too.
			if rest := category[loc[0]:]; strings.HasPrefix(strings.TrimSpace(rest), "(") {
				if inner, _, ok := strings.Cut(strings.TrimSpace(rest)[1:], ")"); ok {
					category = category[:loc[0]] + ", " + inner
				} else {
					category = category[:loc[0]]
				}
			} else {
				category = category[:loc[0]]
			}
		}
	}
	// A knowledge base that only names the product ("A CRM and sales
	// pipeline tool", as onboarding answers often do) says what the vendor
	// sells without a verb: its first sentence, when short, is the category.
	if category == "" && !notSellRe.MatchString(kb) {
		if first := strings.TrimSpace(firstOf(sentences(kb))); first != "" && len(strings.Fields(first)) <= 12 {
			category = first
			if loc := clauseEnd.FindStringIndex(category); loc != nil {
				category = category[:loc[0]]
			}
		}
	}
	positive := map[string]bool{}
	if category != "" {
		ws := stems(category)
		for i := range ws {
			w := ws[i]
			if stopWords[w] || generic[w] {
				continue
			}
			positive[w] = true
			if i+1 < len(ws) && !stopWords[ws[i+1]] {
				label := phrase(category, w, ws[i+1])
				if !generic[ws[i+1]] {
					add(term{stems: []string{w, ws[i+1]}, label: label, weight: wCategoryPair, kind: kindCategory})
					rs.query = append(rs.query, label)
				} else if !isFiller(ws[i+1]) {
					// "observability platform": what it is, then a generic noun.
					add(term{stems: []string{w, ws[i+1]}, label: label, weight: wCategoryMixed, kind: kindCategory})
				}
			}
			if i > 0 && generic[ws[i-1]] && !stopWords[ws[i-1]] && !isFiller(ws[i-1]) {
				add(term{stems: []string{ws[i-1], w}, label: phrase(category, ws[i-1], w), weight: wCategoryPair, kind: kindCategory})
			}
			add(term{stems: []string{w}, label: word(category, w), weight: wCategoryWord, kind: kindCategory})
		}
		for _, ab := range abbreviations {
			if containsSeq(ws, stems(ab.long)) {
				add(term{stems: []string{stem(strings.ToLower(ab.short))}, upper: true, label: ab.short, weight: wCategoryPair, kind: kindCategory})
				add(term{stems: stems(ab.long), label: ab.long, weight: wCategoryPair, kind: kindCategory})
				rs.query = append(rs.query, ab.long)
				if len(ab.short) > 2 {
					rs.query = append(rs.query, ab.short)
				}
			}
		}
	}
	for _, pp := range p.PainPoints {
		cs := contentStems(pp)
		if len(cs) >= 2 {
			add(term{stems: cs, label: strings.TrimSpace(pp), weight: wPainPhrase, kind: kindPain, need: painNeed(len(cs))})
		}
	}
	pairSources := append(append([]string{}, p.PainPoints...), sentences(kb)...)
	// Budget indicators ("recent funding", "hiring SDRs") add evidence
	// but are no topic: an ICP naming nothing else is not judged on
	// relevance.
	topical := len(rs.terms) > 0 || len(pairSources) > 0 || nonEmpty(p.TechStack)
	pairSources = append(pairSources, p.BudgetIndicators...)
	for _, src := range pairSources {
		if notSellRe.MatchString(src) {
			continue
		}
		for _, w := range stems(src) {
			positive[w] = true
		}
		// Acronyms and model numbers the ICP writes ("SOC 2", "ISO
		// 27001", "HIPAA", "ERP") name the category precisely.
		raw, toks := words(src), tokenize(src)
		for i, t := range toks {
			if !t.upper || i >= len(raw) || stopWords[t.stem] || generic[t.stem] {
				continue
			}
			add(term{stems: []string{t.stem}, upper: true, label: raw[i], weight: wAcronym, kind: kindCategory})
			if i+1 < len(toks) && isNumber(toks[i+1].stem) {
				add(term{stems: []string{t.stem, toks[i+1].stem}, label: raw[i] + " " + raw[i+1], weight: wPair, kind: kindPair})
			}
		}
		ws := stems(src)
		for i := range ws {
			w := ws[i]
			if stopWords[w] || generic[w] || negatives[w] && !positive[w] || isNumber(w) {
				continue
			}
			if i+1 < len(ws) && !stopWords[ws[i+1]] && !generic[ws[i+1]] && !isNumber(ws[i+1]) {
				add(term{stems: []string{w, ws[i+1]}, label: phrase(src, w, ws[i+1]), weight: wPair, kind: kindPair})
			}
			if len(w) > 2 {
				add(term{stems: []string{w}, label: word(src, w), weight: wWord, kind: kindWord})
			}
		}
	}
	for _, t := range p.TechStack {
		if ws := stems(t); len(ws) > 0 {
			add(term{stems: ws, label: strings.TrimSpace(t), weight: wTechTerm, kind: kindTech})
		}
	}
	negs := make([]string, 0, len(negatives))
	for w := range negatives {
		negs = append(negs, w)
	}
	slices.Sort(negs)
	for _, w := range negs {
		if !positive[w] && !generic[w] {
			add(term{stems: []string{w}, label: "not sold: " + w, weight: wNegative, kind: kindNegative})
		}
	}
	rs.empty = !topical
	return rs
}

// painNeed is how many of a pain point's n content words a post must hold
// to state that pain: all of up to three, all but one of more.
func painNeed(n int) int {
	if n <= 3 {
		return n
	}
	return n - 1
}

func isFiller(w string) bool { return w == "cloud" || w == "new" || w == "modern" }

func isNumber(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

// stop are function words: never part of a term.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the and or but nor of for to in on at by with from into onto over under as is are
		was were be been being it its this that these those their them they we our us you your he she his her i me my
		not no do does did has have had can could will would should may might must than then so such who whom whose which
		what when where why how there here s t e g ie eg vs`) {
		m[w] = true
	}
	return m
}()

// contentStems are the stems of s that are neither function nor generic
// words.
func contentStems(s string) []string {
	var out []string
	for _, w := range stems(s) {
		if !stopWords[w] && !generic[w] && !isNumber(w) {
			out = append(out, w)
		}
	}
	return out
}

// splitList splits "expense cards, travel booking, payroll or ERP
// software" into its items.
func splitList(s string) []string {
	s = strings.NewReplacer(" or ", ",", " and ", ",", "/", ",").Replace(s)
	return strings.Split(s, ",")
}

// firstOf is the first of xs, or "".
func firstOf(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[0]
}

func sentences(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == '.' || r == ';' || r == ':' || r == '\n' || r == '(' || r == ')' })
}

// phrase and word return the words of src whose stems are given, as
// written, for a lead's relevance terms; the stems when not found.
func phrase(src, a, b string) string {
	ts, raw := tokenize(src), words(src)
	for i := 0; i+1 < len(ts) && i+1 < len(raw); i++ {
		if ts[i].stem == a && ts[i+1].stem == b {
			return strings.ToLower(raw[i] + " " + raw[i+1])
		}
	}
	return a + " " + b
}

func word(src, a string) string {
	ts, raw := tokenize(src), words(src)
	for i := 0; i < len(ts) && i < len(raw); i++ {
		if ts[i].stem == a {
			return strings.ToLower(raw[i])
		}
	}
	return a
}

func containsSeq(hay, needle []string) bool {
	if len(needle) == 0 || len(needle) > len(hay) {
		return false
	}
	for i := 0; i+len(needle) <= len(hay); i++ {
		if slices.Equal(hay[i:i+len(needle)], needle) {
			return true
		}
	}
	return false
}

// parentBrands are makers whose product names are often written without
// them: "Amazon Redshift" is "Redshift", "Google BigQuery" is "BigQuery".
var parentBrands = map[string]bool{"amazon": true, "aws": true, "google": true, "microsoft": true, "azure": true,
	"oracle": true, "sap": true, "ibm": true, "adobe": true, "atlassian": true, "salesforce": true, "zoho": true}

// competitorNames are the product names one competitor entry holds, as
// ICPs write them: "VictorOps (Splunk On-Call)" and "Netlify CMS / Decap
// CMS" are two names each, "Dropbox Sign (formerly HelloSign)" two.
// A parenthesis naming the maker ("Statuspage (Atlassian)") is not a
// name of the product: every post about another of its products would
// name it. A one-word name in parentheses ("Bill.com (BILL)", "ConvertKit
// (Kit)", "MessageBird (Bird)") is often an everyday word too: it is
// returned in exact, and counts only as written (or in capitals), never
// in lower case, and not for the fit's competitor criterion.
func competitorNames(entry string) (names, exact []string) {
	addName := func(s string, inner bool) {
		s = strings.TrimSpace(s)
		for _, pre := range []string{"formerly ", "ex-", "ex ", "now ", "aka ", "by "} {
			if len(s) > len(pre) && strings.EqualFold(s[:len(pre)], pre) {
				if pre == "by " {
					return // the maker
				}
				s = strings.TrimSpace(s[len(pre):])
			}
		}
		ws := words(s)
		if len(ws) == 0 || inner && len(ws) == 1 && parentBrands[strings.ToLower(ws[0])] {
			return
		}
		for _, o := range append(slices.Clone(names), exact...) {
			if strings.EqualFold(o, s) {
				return
			}
		}
		if inner && len(ws) == 1 {
			exact = append(exact, s)
		} else {
			names = append(names, s)
		}
	}
	head, rest, paren := strings.Cut(entry, "(")
	for part := range strings.SplitSeq(head, " / ") {
		addName(part, false)
	}
	if paren {
		inner, _, _ := strings.Cut(rest, ")")
		for _, part := range strings.FieldsFunc(inner, func(r rune) bool { return r == '/' || r == ',' || r == ';' }) {
			addName(part, true)
		}
	}
	if len(names)+len(exact) == 0 {
		addName(entry, false)
	}
	return names, exact
}

// camelParts cuts a one-word name at its inner capitals: "PagerDuty" is
// "Pager" "Duty", "SonarCloud" is "Sonar" "Cloud"; nil when it has none
// ("Opsgenie", "HUBSPOT").
func camelParts(w string) []string {
	rs := []rune(w)
	var out []string
	start := 0
	for i := 1; i < len(rs); i++ {
		if unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1]) {
			out = append(out, string(rs[start:i]))
			start = i
		}
	}
	if len(out) == 0 {
		return nil
	}
	return append(out, string(rs[start:]))
}

// competitorTerms are the obvious ways to write a product's name:
// "Bill.com" is also "bill com", "billcom", "bill dot com" and "BILL";
// "Help Scout" is also "HelpScout"; "Amazon Redshift" is also "Redshift";
// "PagerDuty" is also "Pager Duty" (each word capitalised).
func competitorTerms(name string) []term {
	name = strings.TrimSpace(name)
	ws := words(name)
	if len(ws) == 0 {
		return nil
	}
	ss := stemsOf(ws)
	mk := func(st []string, cased string, text ...string) term {
		return term{stems: st, label: name, weight: wCompetitorCased, lower: wCompetitorLower, cased: cased, kind: kindCompetitor,
			text: strings.ToLower(strings.Join(text, " "))}
	}
	out := []term{mk(ss, ws[0], ws...)}
	if parts := camelParts(ws[0]); len(ws) == 1 && parts != nil {
		t := mk(stemsOf(parts), parts[0], parts...)
		t.capitals = true
		out = append(out, t)
	}
	if len(ws) > 1 {
		joined := strings.ToLower(strings.Join(ws, ""))
		out = append(out, mk([]string{joined}, "", joined))
		if strings.EqualFold(ws[len(ws)-1], "com") || strings.EqualFold(ws[len(ws)-1], "io") || strings.EqualFold(ws[len(ws)-1], "ai") {
			dot := append(append(slices.Clone(ss[:len(ss)-1]), "dot"), ss[len(ss)-1])
			out = append(out, mk(dot, "", append(append(slices.Clone(ws[:len(ws)-1]), "dot"), ws[len(ws)-1])...))
			if len(ws) == 2 {
				// "BILL": the brand alone, only in capitals.
				out = append(out, term{stems: []string{stem(strings.ToLower(ws[0]))}, upper: true, label: name, weight: wCompetitorCased, kind: kindCompetitor})
			}
		}
		if parentBrands[strings.ToLower(ws[0])] {
			rest := ws[1:]
			out = append(out, mk(stemsOf(rest), rest[0], rest...))
		}
	}
	return out
}

func stemsOf(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = stem(strings.ToLower(w))
	}
	return out
}

// postText is what relevance reads: the post's title and text. The
// author's headline is left out: a Controller posting about insurance is
// not about accounts payable.
type postText struct {
	toks []token
	raw  []string
	pos  map[string][]int
}

func readPost(title, text string) postText {
	s := title + "\n" + text
	toks, raw := tokenize(s), words(s)
	pt := postText{toks: toks, raw: raw, pos: make(map[string][]int, len(toks))}
	for i, t := range toks {
		pt.pos[t.stem] = append(pt.pos[t.stem], i)
	}
	return pt
}

// spells reports whether the post's words from i on are the words of
// name (lower case, space-separated) as written, or with a plural or
// possessive "s": a product's name is matched as a name, not by its stem
// ("Timely" stems to "time", "Notable" to "notabl").
func (pt *postText) spells(i int, name string) bool {
	for j, w := range strings.Fields(name) {
		if i+j >= len(pt.raw) {
			return false
		}
		r := strings.ToLower(pt.raw[i+j])
		if r != w && r != w+"s" && r != w+"es" {
			return false
		}
	}
	return true
}

// capitalised reports whether the post's n words from i on each begin
// with a capital.
func (pt *postText) capitalised(i, n int) bool {
	for j := range n {
		if i+j >= len(pt.raw) || !startsUpper(pt.raw[i+j]) {
			return false
		}
	}
	return true
}

// capitalisedAs: the word is the name with its first letter a capital,
// whatever the case of the rest ("OpsGenie" for "Opsgenie").
func capitalisedAs(word, name string) bool {
	return startsUpper(word) && strings.EqualFold(word, name)
}

func startsUpper(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// find returns the weight a term earns in the post (0: absent).
func (pt *postText) find(t *term) float64 {
	if t.need > 0 {
		n := 0
		for _, s := range t.stems {
			if len(pt.pos[s]) > 0 {
				n++
			}
		}
		if n >= t.need {
			return t.weight
		}
		return 0
	}
	best := 0.0
	for _, i := range pt.pos[t.stems[0]] {
		if i+len(t.stems) > len(pt.toks) {
			continue
		}
		ok := true
		for j := 1; j < len(t.stems); j++ {
			if pt.toks[i+j].stem != t.stems[j] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if t.upper && !pt.toks[i].upper {
			continue
		}
		if t.kind == kindCompetitor && t.text != "" && !pt.spells(i, t.text) {
			continue // the same stem, another word: "time" is not Timely
		}
		if t.capitals && !pt.capitalised(i, len(t.stems)) {
			continue
		}
		if t.exact && (i >= len(pt.raw) || !(pt.raw[i] == t.cased || pt.toks[i].upper && len(pt.raw[i]) > 1)) {
			continue
		}
		w := t.weight
		if t.kind == kindCompetitor && t.cased != "" && !t.upper {
			if i >= len(pt.raw) || !(pt.raw[i] == t.cased || capitalisedAs(pt.raw[i], t.cased) || pt.toks[i].upper && len(pt.raw[i]) > 1) {
				w = t.lower
			}
		}
		if w > best {
			best = w
		}
		if best == t.weight {
			break
		}
	}
	return best
}
