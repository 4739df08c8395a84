package clients

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/signalpipe/signalpipe/internal/search/querylang"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Suggestion is an exclusion the agent's noise feedback points to
// (docs/clients.md "Precision"): a phrase found in Noise leads judged
// noise and in no lead judged good.
type Suggestion struct {
	Phrase string `json:"phrase"`
	// Exclusion is the phrase in the query language, ready to add to the
	// agent's queries.
	Exclusion string `json:"exclusion"`
	Noise     int    `json:"noise"`
}

// Bounds of the suggestions.
const (
	suggestMinNoise = 2
	suggestMax      = 5
	suggestMaxWords = 3
)

// stopWords are words no exclusion is made of alone.
var stopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an and are as at be but by for from has have i in is it its me my no not of on or our so
		that the their this to was we were will with you your just im am been can do if they them he she his her us`) {
		stopWords[w] = true
	}
}

// Suggestions reads the agent's judged leads and proposes exclusions: the
// phrases of one to three words that appear (in the post or the noise
// reason) in at least two noise leads and in no good lead, most noise
// first, longer phrases before the shorter ones they contain, at most five,
// leaving out what the agent's queries already exclude. An unknown agent
// is ErrNotFound.
func (s *Store) Suggestions(ctx context.Context, agentID string) ([]Suggestion, error) {
	a, err := s.Agent(ctx, agentID)
	if err != nil {
		return nil, err
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT lead, feedback, feedback_reason FROM client_leads
		WHERE agent_id = ? AND feedback <> ''`), agentID)
	if err != nil {
		return nil, fmt.Errorf("judged leads: %w", err)
	}
	defer rows.Close()
	noise, good := map[string]int{}, map[string]bool{}
	for rows.Next() {
		var raw, verdict, reason string
		if err := rows.Scan(&raw, &verdict, &reason); err != nil {
			return nil, fmt.Errorf("judged leads: %w", err)
		}
		var l engine.Lead
		_ = json.Unmarshal([]byte(raw), &l) // an unreadable lead adds only its reason
		found := grams(l.FullContext)
		maps.Copy(found, grams(reason)) // apart: no phrase spans the post's end and the reason
		for g := range found {
			if verdict == VerdictGood {
				good[g] = true
			} else {
				noise[g]++
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("judged leads: %w", err)
	}
	return pick(noise, good, excludedAlready(a.Queries)), nil
}

// grams are the distinct phrases of one to three words of text that start
// and end with a word that is not a stop word (a word alone has at least
// 3 letters).
func grams(text string) map[string]bool {
	ws := querylang.Words(text)
	out := map[string]bool{}
	for i := range ws {
		for n := 1; n <= suggestMaxWords && i+n <= len(ws); n++ {
			part := ws[i : i+n]
			if stopWords[part[0]] || stopWords[part[n-1]] || n == 1 && len(part[0]) < 3 {
				continue
			}
			out[strings.Join(part, " ")] = true
		}
	}
	return out
}

func excludedAlready(queries []string) map[string]bool {
	out := map[string]bool{}
	qs, _ := querylang.ParseQueries(queries)
	for _, q := range qs {
		for _, e := range q.Exclude {
			out[e] = true
		}
	}
	return out
}

// pick ranks the candidates and drops a phrase sharing a word with a
// chosen phrase of the same count: the same evidence, said again.
func pick(noise map[string]int, good, skip map[string]bool) []Suggestion {
	var cands []Suggestion
	for g, n := range noise {
		if n >= suggestMinNoise && !good[g] && !skip[g] {
			cands = append(cands, Suggestion{Phrase: g, Noise: n})
		}
	}
	slices.SortFunc(cands, func(x, y Suggestion) int {
		return cmp.Or(cmp.Compare(y.Noise, x.Noise), cmp.Compare(len(strings.Fields(y.Phrase)), len(strings.Fields(x.Phrase))),
			cmp.Compare(x.Phrase, y.Phrase))
	})
	out := []Suggestion{}
	for _, c := range cands {
		if len(out) == suggestMax {
			break
		}
		if slices.ContainsFunc(out, func(o Suggestion) bool { return o.Noise == c.Noise && sharesWord(o.Phrase, c.Phrase) }) {
			continue
		}
		c.Exclusion = "-" + c.Phrase
		if strings.Contains(c.Phrase, " ") {
			c.Exclusion = `-"` + c.Phrase + `"`
		}
		out = append(out, c)
	}
	return out
}

func sharesWord(a, b string) bool {
	bs := strings.Fields(b)
	return slices.ContainsFunc(strings.Fields(a), func(w string) bool { return !stopWords[w] && slices.Contains(bs, w) })
}
