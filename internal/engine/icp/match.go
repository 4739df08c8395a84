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
	{"cio", "chief information officer"}, {"cdo", "chief data officer"}, {"chro", "chief human resources officer"},
	{"ap", "accounts payable"}, {"ar", "accounts receivable"}, {"ta", "talent acquisition"}, {"fpa", "fp"}, {"ciso", "chief information security officer"}, {"cpo", "chief product officer"},
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
