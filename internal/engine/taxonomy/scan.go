package taxonomy

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Hit is one term of a category found in a text: Start and End are byte
// offsets of the matched words in the text; Term is the taxonomy's term
// (a vendor's usual name even when another spelling matched).
type Hit struct {
	Category string `json:"category"`
	Kind     string `json:"kind"` // "vendor", "synonym" or "job"
	Term     string `json:"term"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
}

// Kinds of Hit.
const (
	KindVendor  = "vendor"
	KindSynonym = "synonym"
	KindJob     = "job"
)

// The matcher works on words: a text is split into runs of letters and
// digits (so a term matches whole words only: "Sentry" never inside
// "Sentryish"), each word lower-cased and lightly stemmed ("tracking",
// "tracked", "tracks" → "track"), a few filler words dropped ("a", "the",
// "our", "we"…: "we need a CI" reads as "need CI"). Terms are stored in a
// trie keyed by word class; Scan walks it from every word of the text and
// keeps the longest term at each start ("GitHub Actions", not "GitHub").
// A term spelt like an English word ("Front", "Linear") matches only in
// its exact case.

// fillers are dropped from texts and terms alike.
var fillers = map[string]bool{
	"a": true, "an": true, "the": true, "our": true, "my": true, "your": true, "their": true,
	"its": true, "this": true, "that": true, "these": true, "those": true, "some": true,
	"we": true, "i": true, "you": true, "they": true, "us": true,
}

// irregular verb forms read as their base.
var irregular = map[string]string{
	"sent": "send", "ran": "run", "paid": "pay", "built": "build", "bought": "buy", "found": "find",
	"chose": "choose", "chosen": "choose", "kept": "keep", "got": "get", "gotten": "get",
	"wrote": "write", "written": "write", "took": "take", "taken": "take", "made": "make",
	"went": "go", "gone": "go", "lost": "lose", "spent": "spend", "left": "leave", "grew": "grow",
	"grown": "grow", "outgrew": "outgrow", "outgrown": "outgrow", "did": "do", "done": "do",
	"saw": "see", "seen": "see", "held": "hold", "led": "lead", "broke": "break", "broken": "break",
}

// stem reduces a lower-case word to its class in place and returns it:
// plural and verb endings go, so every form of a word reads the same. It
// is not a linguistic stemmer, only a consistent one.
func stem(w []byte) []byte {
	n := len(w)
	if n <= 3 {
		return w
	}
	switch {
	case hasSuffix(w, "ies") && n > 4:
		w = append(w[:n-3], 'i')
	case hasSuffix(w, "sses"):
		w = w[:n-2]
	case w[n-1] == 's' && !hasSuffix(w, "ss") && !hasSuffix(w, "us") && !hasSuffix(w, "is"):
		w = w[:n-1]
	}
	n = len(w)
	switch {
	case hasSuffix(w, "ing") && n-3 >= 3:
		w = undouble(w[:n-3])
	case hasSuffix(w, "ed") && n-2 >= 3:
		w = undouble(w[:n-2])
	}
	n = len(w)
	if n >= 3 && w[n-1] == 'y' {
		w[n-1] = 'i'
	}
	if n >= 4 && w[n-1] == 'e' {
		w = w[:n-1]
	}
	return w
}

func hasSuffix(w []byte, s string) bool {
	return len(w) >= len(s) && string(w[len(w)-len(s):]) == s
}

// undouble drops one of two equal final consonants ("runn" → "run"),
// except l, s and z ("bill", "pass").
func undouble(w []byte) []byte {
	n := len(w)
	if n >= 2 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouylsz", rune(w[n-1])) && w[n-1] >= 'a' && w[n-1] <= 'z' {
		return w[:n-1]
	}
	return w
}

// word is one word of a text: its class id (-1: no term has it) and
// where it is.
type word struct {
	id         int32
	start, end int32
}

// output is a term ending at a trie node.
type output struct {
	cat  int32
	kind string
	term string // the taxonomy's term
	// words are the spelling's words as written, for a vendor or an
	// exact-case term (nil otherwise): a vendor's words must be the text's
	// up to case (no stemming: "inSided" is not "inside"), an exact-case
	// term's exactly.
	words []string
	exact bool
}

type trie struct {
	classes map[string]int32 // stemmed word → class
	next    map[uint64]int32 // node<<32 | class → node
	outs    [][]output       // by node
}

func edge(node, class int32) uint64 { return uint64(uint32(node))<<32 | uint64(uint32(class)) }

// words splits s into words (letters and digits), lower-cased and stemmed,
// filler words left out; each word's class comes from classes, or is
// added when add is set (building), or is -1.
func words(s string, buf []byte, out []word, t *trie, add bool) ([]word, []byte) {
	i := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if !isASCIIWord(c) {
				i++
				continue
			}
		} else if r, size := utf8.DecodeRuneInString(s[i:]); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			i += size
			continue
		}
		start := i
		buf = buf[:0]
		for i < len(s) {
			c := s[i]
			if c < utf8.RuneSelf {
				if !isASCIIWord(c) {
					break
				}
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				buf = append(buf, c)
				i++
				continue
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			buf = utf8.AppendRune(buf, unicode.ToLower(r))
			i += size
		}
		// "A/B", "CI/CD", "I/O": short words around a slash are one word
		if len(buf) <= 2 && i+1 < len(s) && s[i] == '/' {
			k := i + 1
			for k < len(s) && k-i <= 3 && isASCIIWord(s[k]) {
				k++
			}
			if n := k - i - 1; n >= 1 && n <= 2 && (k == len(s) || !isASCIIWord(s[k]) && s[k] < utf8.RuneSelf) {
				for _, c := range []byte(s[i+1 : k]) {
					if 'A' <= c && c <= 'Z' {
						c += 'a' - 'A'
					}
					buf = append(buf, c)
				}
				i = k
			}
		}
		if fillers[string(buf)] {
			continue
		}
		if base, ok := irregular[string(buf)]; ok {
			buf = append(buf[:0], base...)
		}
		buf = stem(buf)
		id, ok := t.classes[string(buf)]
		if !ok {
			id = -1
			if add {
				id = int32(len(t.classes))
				t.classes[string(buf)] = id
			}
		}
		out = append(out, word{id: id, start: int32(start), end: int32(i)})
	}
	return out, buf
}

func isASCIIWord(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// build makes the trie of every category's terms: each vendor spelling
// (and, for a spelling of several words, the words written together:
// "Help Scout" → "HelpScout"), synonym and job; a two-word synonym or
// job also as one word ("sign up" → "signup", "on-call" → "oncall").
func build(es []entry) *trie {
	t := &trie{classes: map[string]int32{}, next: map[uint64]int32{}, outs: [][]output{nil}}
	var buf []byte
	var ws []word
	add := func(cat int, kind, term, spelling string, exact bool) {
		ws, buf = words(spelling, buf, ws[:0], t, true)
		if len(ws) == 0 {
			return
		}
		o := output{cat: int32(cat), kind: kind, term: term, exact: exact || short(spelling)}
		if o.exact || kind == KindVendor {
			for _, w := range ws {
				o.words = append(o.words, spelling[w.start:w.end])
			}
		}
		node := int32(0)
		for _, w := range ws {
			n, ok := t.next[edge(node, w.id)]
			if !ok {
				n = int32(len(t.outs))
				t.outs = append(t.outs, nil)
				t.next[edge(node, w.id)] = n
			}
			node = n
		}
		for _, prev := range t.outs[node] {
			if prev.cat == o.cat && prev.kind == o.kind && (prev.term == o.term || o.kind != KindVendor) && prev.exact == o.exact && strings.Join(prev.words, " ") == strings.Join(o.words, " ") {
				return
			}
		}
		t.outs[node] = append(t.outs[node], o)
	}
	joined := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				b.WriteRune(r)
			}
		}
		return b.String()
	}
	for i, e := range es {
		exact := map[string]bool{}
		for _, x := range e.ExactCase {
			exact[x] = true
		}
		for _, v := range e.Vendors {
			sp := spellings(v)
			for _, s := range sp {
				add(i, KindVendor, sp[0], s, exact[s])
				if j := joined(s); j != s && strings.ContainsAny(s, " -") {
					add(i, KindVendor, sp[0], j, exact[s])
				}
			}
		}
		for _, s := range e.Synonyms {
			add(i, KindSynonym, s, s, exact[s])
			if n := len(strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })); n == 2 {
				add(i, KindSynonym, s, joined(s), exact[s])
			}
		}
		for _, s := range e.Jobs {
			add(i, KindJob, s, s, exact[s])
		}
	}
	return t
}

type scratch struct {
	buf   []byte
	words []word
}

var pool = sync.Pool{New: func() any { return &scratch{buf: make([]byte, 0, 64), words: make([]word, 0, 256)} }}

// Scan returns the vendor, synonym and job-phrase hits of every category
// in text, in text order. Where terms overlap, the longest wins ("GitHub
// Actions" is a CI/CD vendor, not GitHub); one term of several categories
// ("Okta") gives a hit for each.
func Scan(text string) []Hit {
	return index.scan(text)
}

func (t *trie) scan(text string) []Hit {
	sc := pool.Get().(*scratch)
	defer pool.Put(sc)
	sc.words, sc.buf = words(text, sc.buf, sc.words[:0], t, false)
	ws := sc.words
	var hits []Hit
	maxEnd := int32(-1)
	for i := range ws {
		if ws[i].id < 0 {
			continue
		}
		node := int32(0)
		bestNode, bestJ := int32(-1), -1
		for j := i; j < len(ws) && ws[j].id >= 0; j++ {
			n, ok := t.next[edge(node, ws[j].id)]
			if !ok {
				break
			}
			node = n
			if len(t.outs[node]) > 0 && t.anyValid(node, text, ws[i:j+1]) {
				bestNode, bestJ = node, j
			}
		}
		if bestNode < 0 || ws[bestJ].end <= maxEnd {
			continue // nothing here, or inside a longer term found before
		}
		maxEnd = ws[bestJ].end
		for _, o := range t.outs[bestNode] {
			if !valid(o, text, ws[i:bestJ+1]) {
				continue
			}
			hits = append(hits, Hit{Category: entries[o.cat].ID, Kind: o.kind, Term: o.term, Start: int(ws[i].start), End: int(ws[bestJ].end)})
		}
	}
	return hits
}

func (t *trie) anyValid(node int32, text string, ws []word) bool {
	for _, o := range t.outs[node] {
		if valid(o, text, ws) {
			return true
		}
	}
	return false
}

// valid: a vendor's words are the text's up to case, an exact-case
// term's exactly (filler words aside, the word counts agree: both went
// through the same split).
func valid(o output, text string, ws []word) bool {
	if o.words == nil {
		return true
	}
	if len(o.words) != len(ws) {
		return false
	}
	for k, w := range ws {
		got := text[w.start:w.end]
		if o.exact && got != o.words[k] || !o.exact && !strings.EqualFold(got, o.words[k]) {
			return false
		}
	}
	return true
}

// short: a spelling of at most three letters and digits ("CI", "GA",
// "Box") is matched in its exact case only; lower-case it is too often
// another word.
func short(spelling string) bool {
	n := 0
	for _, r := range spelling {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n <= 3
}
