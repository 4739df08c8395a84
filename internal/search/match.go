package search

import (
	"context"
	"strings"
	"unicode"
)

// TermsQuery builds a query from free-text terms (an ingest query, a CLI
// argument), cleaned like an ICP's: letters and digits only, lower case,
// de-duplicated, empty terms dropped.
func TermsQuery(terms ...string) Query {
	var q Query
	seen := map[string]bool{}
	for _, raw := range terms {
		t := cleanTerm(raw)
		if t == "" || seen[t] || len(q.Terms) >= maxTerms {
			continue
		}
		seen[t] = true
		q.Terms = append(q.Terms, t)
	}
	return q
}

// Matches reports whether text holds any of q's terms, a term matching when
// all of its words appear as words of text (in any order), as the index's
// own matching does. Connectors that cannot search remotely (the official
// HN API, RSS feeds) filter with it. An empty query matches everything.
func (q Query) Matches(text string) bool {
	if q.Empty() {
		return true
	}
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		words[w] = true
	}
	for _, t := range q.Terms {
		all := true
		for _, w := range strings.Fields(t) {
			if !words[w] {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

type jobKeyCtx struct{}

// WithJobKey marks ctx as belonging to one search job (or one ingest run).
// Connectors whose remote work must be safe to retry (Exa's externalId)
// derive their idempotency keys from it, so a retried job finds what the
// first attempt created instead of paying for it twice.
func WithJobKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, jobKeyCtx{}, key)
}

// JobKey returns the key WithJobKey set, or "".
func JobKey(ctx context.Context) string {
	k, _ := ctx.Value(jobKeyCtx{}).(string)
	return k
}
