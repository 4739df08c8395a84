package detect

import (
	"fmt"
	"strings"
)

// elemKind is what one element of a pattern matches.
type elemKind uint8

const (
	elemWord   elemKind = iota // one of a set of words: "hire|hiring"
	elemPrefix                 // a word starting with a prefix: "recruit*"
	elemAny                    // any one word: "_"
	elemGap                    // zero to four words in the same sentence: "..."
	elemClass                  // a word class: "@role", "@vendor", "@money"
)

type elem struct {
	kind  elemKind
	words []string
	class classBit
}

// pattern is one compiled phrase of a cue.
type pattern struct {
	elems []elem
	cue   *cue
	// hasNeg is set when the pattern itself spells a negation ("not
	// hiring"), so negation around it must not cancel it.
	hasNeg bool
	// atStart patterns ("^hiring …") match only at the start of a sentence.
	atStart bool
}

const maxGap = 4

// compile turns a phrase such as "we ... hiring|recruiting @role" into a
// pattern. The first element must be words or a class, so patterns can be
// indexed by their first token.
func compile(src string, c *cue) (*pattern, error) {
	p := &pattern{cue: c}
	if rest, ok := strings.CutPrefix(src, "^"); ok {
		p.atStart, src = true, rest
	}
	for _, f := range strings.Fields(src) {
		var e elem
		switch {
		case f == "_":
			e.kind = elemAny
		case f == "...":
			e.kind = elemGap
		case strings.HasSuffix(f, "*") && len(f) > 1:
			e.kind, e.words = elemPrefix, strings.Split(strings.TrimSuffix(f, "*"), "|")
		case f == "|":
			e.kind, e.words = elemWord, []string{"|"}
		default:
			// Words and classes may alternate: "has|@money|round".
			e.kind = elemWord
			for _, w := range strings.Split(f, "|") {
				if name, ok := strings.CutPrefix(w, "@"); ok {
					cls, known := classNames[name]
					if !known {
						return nil, fmt.Errorf("pattern %q: unknown class @%s", src, name)
					}
					e.class |= cls
					continue
				}
				e.words = append(e.words, w)
				if negators[w] {
					p.hasNeg = true
				}
			}
			if len(e.words) == 0 {
				e.kind = elemClass
			}
		}
		p.elems = append(p.elems, e)
	}
	if len(p.elems) == 0 || p.elems[0].kind == elemAny || p.elems[0].kind == elemGap || p.elems[0].kind == elemPrefix {
		return nil, fmt.Errorf("pattern %q: must start with a word or a class", src)
	}
	return p, nil
}

// matchAt reports whether p matches toks starting at i, and where the
// match ends (exclusive).
func (p *pattern) matchAt(toks []string, cls []classBit, i int) (int, bool) {
	return matchFrom(p.elems, toks, cls, i)
}

func matchFrom(elems []elem, toks []string, cls []classBit, i int) (int, bool) {
	if len(elems) == 0 {
		return i, true
	}
	e := elems[0]
	if e.kind == elemGap {
		for g := 0; g <= maxGap; g++ {
			if end, ok := matchFrom(elems[1:], toks, cls, i+g); ok {
				return end, true
			}
			if i+g >= len(toks) || toks[i+g] == boundary || negators[toks[i+g]] {
				break
			}
		}
		return 0, false
	}
	if i >= len(toks) || toks[i] == boundary {
		return 0, false
	}
	if !e.matches(toks[i], cls[i]) {
		return 0, false
	}
	return matchFrom(elems[1:], toks, cls, i+1)
}

func (e *elem) matches(tok string, cls classBit) bool {
	switch e.kind {
	case elemAny:
		return true
	case elemClass:
		return cls&e.class != 0
	case elemPrefix:
		for _, w := range e.words {
			if strings.HasPrefix(tok, w) {
				return true
			}
		}
		return false
	default:
		if cls&e.class != 0 {
			return true
		}
		for _, w := range e.words {
			if tok == w {
				return true
			}
		}
		return false
	}
}

// negators cancel a cue when they appear in its span or in the three words
// before it, within the sentence.
var negators = map[string]bool{
	"not": true, "no": true, "never": true, "without": true, "nor": true, "neither": true,
	"stopped": true, "paused": true, "freeze": true, "froze": true, "frozen": true,
}

const negWindow = 3

// negated reports whether a negator appears within negWindow words before
// start (in the same sentence) or inside [start, end).
func negated(toks []string, flags []uint8, start, end int) bool {
	for k := start - 1; k >= 0 && k >= start-negWindow; k-- {
		if toks[k] == boundary || flags[k+1]&flagClause != 0 {
			break
		}
		if negators[toks[k]] && !softNegation(toks, k) {
			return true
		}
	}
	for k := start; k < end; k++ {
		if negators[toks[k]] {
			return true
		}
	}
	return false
}

// softNegation reports a negator that does not negate: "not only", "no
// matter", "no doubt", "not just".
func softNegation(toks []string, k int) bool {
	if k+1 >= len(toks) {
		return false
	}
	switch toks[k] + " " + toks[k+1] {
	case "not only", "not just", "no matter", "no doubt", "no longer":
		return toks[k+1] != "longer"
	}
	return false
}
