package search

import (
	"strings"
	"unicode"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
)

// maxTerms bounds how many terms one index query holds.
const maxTerms = 64

// Query is the set of terms a search looks for; a post matches when it
// holds any of them. Each term is a word or a phrase of plain words.
type Query struct {
	Terms []string
}

// QueryFor builds the index query from an ICP: first the strong topical
// terms relevance is judged on (the competitors' spellings, what the
// knowledge base says the vendor sells; docs/icp-fit.md), then target
// titles, competitors, tech stack, pain points, industries and budget
// indicators, with the synonyms and job phrases of the ICP's taxonomy
// categories before the industries (package taxonomy), so a post in plain
// language is found too. Terms are reduced to letters, digits and spaces,
// de-duplicated and capped.
func QueryFor(p engine.ICP) Query { return QueryForMatcher(icp.Compile(p)) }

// QueryForMatcher is QueryFor for an ICP already compiled (a search
// compiles it once for its query and its pipeline).
func QueryForMatcher(m *icp.Matcher) Query {
	p := m.ICP()
	return Query{Terms: terms(m.QueryTerms(), p.TargetTitles, p.Competitors, p.TechStack, p.PainPoints, m.TaxonomyTerms(), p.Industries, p.BudgetIndicators)}
}

// terms cleans, de-duplicates and caps the entries of lists, in order.
func terms(lists ...[]string) []string {
	var out []string
	seen := map[string]bool{}
	for _, list := range lists {
		for _, raw := range list {
			t := cleanTerm(raw)
			if t == "" || seen[t] || len(out) >= maxTerms {
				continue
			}
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// cleanTerm keeps letters and digits, turning everything else into single
// spaces, so no term can carry query syntax into either engine.
//
// The word "or" is dropped: websearch_to_tsquery (PostgreSQL) reads it as
// its OR operator wherever it stands, while FTS5 (SQLite) would require the
// literal word, so a phrase such as "new CFO or Controller" matched
// different posts on the two engines; without it both require the other
// words.
func cleanTerm(s string) string {
	var words []string
	for _, w := range strings.Fields(cleanWords(s)) {
		if w != "or" {
			words = append(words, w)
		}
	}
	return strings.Join(words, " ")
}

// cleanWords lower-cases s and keeps its letters and digits, one space
// between words.
func cleanWords(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		} else {
			space = true
		}
	}
	return b.String()
}

// Empty reports whether the query has no terms.
func (q Query) Empty() bool { return len(q.Terms) == 0 }

// QuotedOR is the query's first n terms as phrases a search engine's
// syntax knows (Reddit's, Bluesky's Lucene): each quoted (its own quotes
// dropped), joined by OR; "" when none is left.
func (q Query) QuotedOR(n int) string {
	var parts []string
	for _, t := range q.Terms[:min(len(q.Terms), n)] {
		if t = strings.TrimSpace(strings.ReplaceAll(t, `"`, "")); t != "" {
			parts = append(parts, `"`+t+`"`)
		}
	}
	return strings.Join(parts, " OR ")
}

// FTS5 renders the query for SQLite FTS5: each term's words must all
// appear (in any order), and any term may match.
func (q Query) FTS5() string {
	parts := make([]string, len(q.Terms))
	for i, t := range q.Terms {
		parts[i] = `("` + strings.ReplaceAll(t, " ", `" "`) + `")`
	}
	return strings.Join(parts, " OR ")
}

// Websearch renders the same query for PostgreSQL websearch_to_tsquery,
// where juxtaposed words are ANDed and bind tighter than "or".
func (q Query) Websearch() string {
	return strings.Join(q.Terms, " or ")
}
