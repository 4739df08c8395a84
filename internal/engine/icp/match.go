package icp

import (
	"strings"
)

// containsWord reports whether needle occurs in hay (both lower-case) at
// word boundaries, so "ai" does not match "maintain".
func containsWord(hay, needle string) bool {
	if needle == "" {
		return false
	}
	for off := 0; ; {
		i := strings.Index(hay[off:], needle)
		if i < 0 {
			return false
		}
		start, end := off+i, off+i+len(needle)
		if (start == 0 || !isAlnum(hay[start-1])) && (end == len(hay) || !isAlnum(hay[end])) {
			return true
		}
		off = start + 1
	}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

func norm(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

var titlePunct = strings.NewReplacer(",", " ", "&", " and ", "/", " ", "-", " ", "(", " ", ")", " ", ".", " ")

// titleExpand maps each abbreviation to the words it stands for.
var titleExpand = func() map[string][]string {
	m := map[string][]string{}
	for _, s := range titleSynonyms {
		m[s.short] = strings.Fields(s.long)
	}
	return m
}()

// titleSynonyms expands abbreviations so "VP Sales" matches "Vice President
// of Sales" and "CTO" matches "Chief Technology Officer".
var titleSynonyms = []struct{ short, long string }{
	{"vp", "vice president"}, {"svp", "senior vice president"}, {"evp", "executive vice president"},
	{"cto", "chief technology officer"}, {"ceo", "chief executive officer"}, {"cfo", "chief financial officer"},
	{"coo", "chief operating officer"}, {"cmo", "chief marketing officer"}, {"cro", "chief revenue officer"},
	{"cio", "chief information officer"}, {"ciso", "chief information security officer"}, {"cpo", "chief product officer"},
	{"revops", "revenue operations"}, {"eng", "engineering"}, {"dir", "director"}, {"mktg", "marketing"},
	{"sr", "senior"}, {"hr", "human resources"}, {"it", "information technology"},
}

// canonTitle lower-cases a title, expands abbreviations and drops filler
// words, returning its significant words.
func canonTitle(s string) []string {
	var out []string
	for _, w := range strings.Fields(strings.ToLower(titlePunct.Replace(s))) {
		if long, ok := titleExpand[w]; ok {
			out = append(out, long...)
			continue
		}
		switch w {
		case "of", "the", "and", "for", "a", "an", "at", "in", "new", "head":
			if w == "head" {
				out = append(out, w)
			}
			continue
		}
		out = append(out, w)
	}
	return out
}

// titleMatch scores how well a lead's title matches one target: 1 when
// every significant word of the target is in the title, 0.5 when they
// share the function word (sales, engineering…) or both are senior.
func titleMatch(title, target string) float64 {
	tw, gw := canonTitle(title), canonTitle(target)
	if len(tw) == 0 || len(gw) == 0 {
		return 0
	}
	have := map[string]bool{}
	for _, w := range tw {
		have[w] = true
	}
	all, some := true, false
	for _, w := range gw {
		if have[w] {
			some = true
		} else {
			all = false
		}
	}
	switch {
	case all:
		return 1
	case some && seniority(tw) > 0 && seniority(gw) > 0:
		return 0.6
	case some:
		return 0.4
	}
	return 0
}

var seniorWords = map[string]int{"chief": 3, "president": 3, "founder": 3, "cofounder": 3, "head": 2, "director": 2,
	"vice": 2, "principal": 1, "lead": 1, "manager": 1, "owner": 3, "partner": 2}

func seniority(words []string) int {
	best := 0
	for _, w := range words {
		if s := seniorWords[w]; s > best {
			best = s
		}
	}
	return best
}
