package jetstream

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/search/querylang"
)

// Filter is the prefilter every post passes before the detector: the
// queries of the active agents and of ingest, in the agents' query
// language (docs/clients.md "Query language"). Asking every query of every
// agent of each post would cost queries x posts; instead each query's
// clauses are indexed by a key of one of their words (its first three
// bytes, which every form of the word the language's Match accepts shares),
// and only the queries sharing a key with one of the post's words are
// asked, through querylang.Match itself so a post passes exactly when some
// query matches it.
type Filter struct {
	queries []querylang.Query
	byKey   map[string][]int32
}

// NewFilter indexes queries. No queries pass nothing: without agents or
// ingest queries there is nothing to look for.
func NewFilter(queries []querylang.Query) *Filter {
	f := &Filter{queries: queries, byKey: map[string][]int32{}}
	for i, q := range queries {
		for _, c := range q.Any {
			w := longest(c)
			if w == "" {
				continue
			}
			k := key(w)
			if l := f.byKey[k]; len(l) == 0 || l[len(l)-1] != int32(i) {
				f.byKey[k] = append(l, int32(i))
			}
		}
	}
	return f
}

// Len is how many queries the filter holds.
func (f *Filter) Len() int { return len(f.queries) }

// longest is the clause's longest word, its words' and phrases' alike:
// every clause word must be in a matching post, and a long one is the
// rarest key.
func longest(c querylang.Clause) string {
	best := ""
	for _, w := range c.Words {
		if len(w) > len(best) {
			best = w
		}
	}
	for _, p := range c.Phrases {
		for _, w := range strings.Fields(p) {
			if len(w) > len(best) {
				best = w
			}
		}
	}
	return best
}

// key is a word's index key: its first three bytes, or the word when
// shorter. querylang.Match takes two words for the same when they are equal
// or share at least their first three letters, so a word and each form of
// it Match accepts have the same key.
func key(w string) string {
	if len(w) > 3 {
		return w[:3]
	}
	return w
}

// Pass reports whether text matches one of the queries.
func (f *Filter) Pass(text string) bool {
	if len(f.byKey) == 0 {
		return false
	}
	var cand []int32
	seen := map[int32]bool{}
	eachWord(text, func(w string) {
		for _, i := range f.byKey[key(w)] {
			if !seen[i] {
				seen[i] = true
				cand = append(cand, i)
			}
		}
	})
	if len(cand) == 0 {
		return false
	}
	qs := make([]querylang.Query, len(cand))
	for j, i := range cand {
		qs[j] = f.queries[i]
	}
	return querylang.Match(qs, text)
}

// eachWord calls fn with text's lower-case runs of letters and digits, as
// the query language splits text (querylang.Match).
func eachWord(text string, fn func(string)) {
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			fn(b.String())
			b.Reset()
		}
	}
	for i := 0; i < len(text); {
		r, n := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(text[i:])
		}
		i += n
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		flush()
	}
	flush()
}
