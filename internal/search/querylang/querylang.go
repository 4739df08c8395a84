package querylang

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/search"
)

// Bounds on an agent's queries (docs/clients.md "Query language").
const (
	MaxQueries   = 20
	MaxQueryLen  = 300
	maxIndexTerm = 64
)

// Clause is one alternative of a query: every word and every phrase must
// be in the post.
type Clause struct {
	Words   []string `json:"words"`
	Phrases []string `json:"phrases"`
}

// Query is one parsed agent query: any clause may match, and a post holding
// any exclusion is dropped. Words and phrases are lower case, reduced to
// letters and digits separated by single spaces.
type Query struct {
	Any     []Clause `json:"any"`
	Exclude []string `json:"exclude"`
}

// token is a lexical unit of the query language.
type token struct {
	text    string
	phrase  bool // was quoted
	exclude bool // had a leading '-'
	or      bool // the OR operator
}

// ParseQuery parses one query of the agent query language:
//
//	word                 the word (the index also finds other endings)
//	"exact phrase"       the words, together and in this order
//	a b                  both (juxtaposition is AND)
//	a OR b               either (OR in capitals; lower-case "or" is a word)
//	-word, -"a phrase"   drop posts holding it
//
// Bad input is an error that says what and where.
func ParseQuery(s string) (Query, error) {
	if utf8.RuneCountInString(s) > MaxQueryLen {
		return Query{}, fmt.Errorf("must be at most %d characters", MaxQueryLen)
	}
	toks, err := lex(s)
	if err != nil {
		return Query{}, err
	}
	var q Query
	cur := Clause{}
	prevOR := true // at the start an OR has nothing on its left
	for _, t := range toks {
		switch {
		case t.or:
			if prevOR {
				return Query{}, errors.New("OR needs a word or phrase on each side")
			}
			q.Any = append(q.Any, cur)
			cur, prevOR = Clause{}, true
			continue
		case t.exclude:
			q.Exclude = append(q.Exclude, t.text)
			continue // an exclusion neither starts nor ends a clause
		case t.phrase:
			cur.Phrases = append(cur.Phrases, t.text)
		default:
			cur.Words = append(cur.Words, strings.Fields(t.text)...)
		}
		prevOR = false
	}
	if prevOR && len(q.Any) > 0 {
		return Query{}, errors.New("OR needs a word or phrase on each side")
	}
	if len(cur.Words)+len(cur.Phrases) > 0 {
		q.Any = append(q.Any, cur)
	}
	if len(q.Any) == 0 {
		return Query{}, errors.New("needs at least one word or phrase to look for")
	}
	return q, nil
}

// lex splits s into tokens.
func lex(s string) ([]token, error) {
	var out []token
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			i++
			continue
		case r == '(' || r == ')':
			return nil, fmt.Errorf("parentheses are not supported (at character %d); write alternatives with OR", i+1)
		}
		t := token{}
		start := i
		if r == '-' {
			t.exclude = true
			i++
			if i >= len(rs) || unicode.IsSpace(rs[i]) {
				return nil, fmt.Errorf("'-' at character %d must be followed by a word or a quoted phrase", start+1)
			}
		}
		if rs[i] == '"' {
			end := i + 1
			for end < len(rs) && rs[end] != '"' {
				end++
			}
			if end >= len(rs) {
				return nil, fmt.Errorf("unclosed quote at character %d", i+1)
			}
			t.text, t.phrase = Clean(string(rs[i+1:end])), true
			if t.text == "" {
				return nil, fmt.Errorf("empty phrase at character %d", i+1)
			}
			i = end + 1
			out = append(out, t)
			continue
		}
		end := i
		for end < len(rs) && !unicode.IsSpace(rs[end]) && rs[end] != '"' && rs[end] != '(' && rs[end] != ')' {
			end++
		}
		raw := string(rs[i:end])
		i = end
		if raw == "OR" && !t.exclude {
			out = append(out, token{or: true})
			continue
		}
		t.text = Clean(raw)
		if t.text == "" {
			if t.exclude {
				return nil, fmt.Errorf("'-' at character %d must be followed by a word or a quoted phrase", start+1)
			}
			continue // punctuation only: nothing to look for
		}
		out = append(out, t)
	}
	return out, nil
}

// Clean lower-cases s and keeps letters and digits, other runs becoming
// single spaces, as the index's own terms are (search.Query).
func Clean(s string) string {
	return strings.Join(Words(s), " ")
}

// Words are s's lower-case runs of letters and digits.
func Words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// ParseQueries parses each of an agent's queries, reporting the first bad
// one by its position.
func ParseQueries(list []string) ([]Query, error) {
	if len(list) > MaxQueries {
		return nil, fmt.Errorf("must have at most %d queries", MaxQueries)
	}
	out := make([]Query, 0, len(list))
	for i, s := range list {
		q, err := ParseQuery(s)
		if err != nil {
			return nil, fmt.Errorf("query %d: %w", i+1, err)
		}
		out = append(out, q)
	}
	return out, nil
}

// IndexQuery is what the posts index is asked for: one term per clause
// (its words and its phrases' words, which the index finds in any order),
// de-duplicated and capped. Exact phrase order and exclusions are checked
// afterwards by Match. No queries give the empty search.Query.
func IndexQuery(qs []Query) search.Query {
	var terms []string
	seen := map[string]bool{}
	for _, q := range qs {
		for _, c := range q.Any {
			var parts []string
			for _, w := range append(append([]string{}, c.Words...), c.Phrases...) {
				for _, x := range strings.Fields(w) {
					if x != "or" { // the websearch operator; a stop word anyway
						parts = append(parts, x)
					}
				}
			}
			t := strings.Join(parts, " ")
			if t != "" && !seen[t] && len(terms) < maxIndexTerm {
				seen[t] = true
				terms = append(terms, t)
			}
		}
	}
	return search.Query{Terms: terms}
}

// Match reports whether text passes the queries: no queries pass
// everything; otherwise some query must have a clause whose phrases all
// appear word for word and whose words all appear, allowing other endings
// as the index does (see sameWord), and none of that query's exclusions
// may appear word for word.
func Match(qs []Query, text string) bool {
	if len(qs) == 0 {
		return true
	}
	list := Words(text)
	toks := " " + strings.Join(list, " ") + " "
	for _, q := range qs {
		if excluded(q.Exclude, toks) {
			continue
		}
		for _, c := range q.Any {
			if clauseHolds(c, list, toks) {
				return true
			}
		}
	}
	return false
}

func excluded(ex []string, toks string) bool {
	for _, e := range ex {
		if strings.Contains(toks, " "+e+" ") {
			return true
		}
	}
	return false
}

func clauseHolds(c Clause, list []string, toks string) bool {
	for _, p := range c.Phrases {
		if !strings.Contains(toks, " "+p+" ") {
			return false
		}
	}
	for _, w := range c.Words {
		if !slices.ContainsFunc(list, func(t string) bool { return sameWord(w, t) }) {
			return false
		}
	}
	return true
}

// sameWord approximates the index's stemming: the words are equal, one
// is the other plus at most three letters (crm, crms; hire, hired), or
// they share all but their last two letters (hiring, hire; company,
// companies), at least three.
func sameWord(w, t string) bool {
	if w == t {
		return true
	}
	short, long := w, t
	if len(short) > len(long) {
		short, long = long, short
	}
	if len(short) >= 3 && len(long)-len(short) <= 3 && strings.HasPrefix(long, short) {
		return true
	}
	n := len(short)
	if n < 4 {
		return false
	}
	common := 0
	for common < n && w[common] == t[common] {
		common++
	}
	return common >= max(3, n-2)
}
