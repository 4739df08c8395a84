package speaker

import "strings"

// token is one word of a post, hashed as it is read (no string is built
// on the hot path).
type token struct {
	h     uint64 // hash of the lower-cased word
	str   string // the word, only when scratch.names is set
	class uint64 // hash of its class form (@num, @cap, @url), 0 if none
	start bool   // first token of a sentence (bigrams do not reach back past it)
	title bool   // a word of the title
	tail  bool   // a word of a thread's last part (after its last " [...] ")
	word  bool   // emitted as a word (numbers and links are only their class)
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hashWord is the hash of a word as the tokenizer computes it (lower-case
// ASCII, a typographic apostrophe read as ').
func hashWord(w string) uint64 {
	h := uint64(fnvOffset)
	for i := 0; i < len(w); i++ {
		h = (h ^ uint64(lowerByte(w[i]))) * fnvPrime
	}
	return h
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c >= 0x80
}

var (
	hNum = hashWord("@num")
	hCap = hashWord("@cap")
	hURL = hashWord("@url")
)

// tokenize appends the tokens of text to s.toks. Links become @url; a
// word starting with a digit is @num; a capitalised word that does not
// start a sentence also has the class @cap (a name: "hiring at Acme").
// Words keep inner apostrophes, dots, hyphens and slashes ("we're",
// "next.js", "self-hosted", "ci/cd"). Sentence ends and line breaks start
// a new sentence.
func tokenize(s *scratch, text string, title bool) {
	if len(text) > maxBytes {
		text = text[:maxBytes]
	}
	n := len(text)
	start := true
	for i := 0; i < n; {
		c := text[i]
		switch {
		case c == 'h' && (strings.HasPrefix(text[i:], "https://") || strings.HasPrefix(text[i:], "http://")):
			j := i
			for j < n && text[j] > ' ' {
				j++
			}
			s.toks = append(s.toks, token{h: hURL, class: hURL, start: start, title: title, str: s.str("@url")})
			start = false
			i = j
		case c == 0xE2 && i+2 < n && text[i+1] == 0x80:
			// General punctuation (dashes, quotes, ellipsis, bullets):
			// a separator; an ellipsis ends a sentence.
			if text[i+2] == 0xA6 {
				start = true
			}
			i += 3
		case isWordByte(c):
			h := uint64(fnvOffset)
			j := i
			for j < n {
				d := text[j]
				if d == 0xE2 && j+2 < n && text[j+1] == 0x80 {
					if text[j+2] == 0x99 && j+3 < n && isWordByte(text[j+3]) && text[j+3] != 0xE2 {
						h = (h ^ uint64('\'')) * fnvPrime // we’re → we're
						j += 3
						continue
					}
					break
				}
				if isWordByte(d) {
					h = (h ^ uint64(lowerByte(d))) * fnvPrime
					j++
					continue
				}
				if (d == '\'' || d == '.' || d == '-' || d == '/') && j+1 < n && isWordByte(text[j+1]) && text[j+1] != 0xE2 {
					h = (h ^ uint64(d)) * fnvPrime
					j++
					continue
				}
				break
			}
			t := token{h: h, start: start, title: title, word: true}
			switch {
			case '0' <= c && c <= '9':
				t.h, t.class, t.word = hNum, hNum, false
			case 'A' <= c && c <= 'Z' && !start:
				t.class = hCap
			}
			if s.names {
				if t.word {
					t.str = strings.ToLower(strings.ReplaceAll(text[i:j], "’", "'"))
				} else {
					t.str = "@num"
				}
			}
			s.toks = append(s.toks, t)
			start = false
			i = j
		default:
			if c == '.' || c == '!' || c == '?' || c == '\n' || c == ';' || c == ':' || c == '|' {
				start = true
			}
			i++
		}
	}
}

// str returns v when names are recorded, else "".
func (s *scratch) str(v string) string {
	if s.names {
		return v
	}
	return ""
}

// scan tokenizes a post and finds the cues that fire.
func scan(s *scratch, title, text string) {
	s.toks = s.toks[:0]
	s.fired = s.fired[:0]
	tokenize(s, title, true)
	// An excerpt of a thread joins its opening and its concluding comment
	// with " [...] ": the words after the last one are also read as the
	// thread's last part, where a move is settled ("we went with X,
	// closing this").
	if len(text) > maxBytes {
		text = text[:maxBytes]
	}
	if i := strings.LastIndex(text, "[...]"); i > 0 {
		tokenize(s, text[:i], false)
		m := len(s.toks)
		tokenize(s, text[i:], false) // starts a sentence: no pair spans the cut
		for k := m; k < len(s.toks); k++ {
			s.toks[k].tail = true
		}
	} else {
		tokenize(s, text, false)
	}
	findCues(s)
}

// Feature-kind seeds keep a unigram apart from a title word, a bigram or
// a cue.
var (
	seedUni   = hashWord("u:")
	seedTitle = hashWord("t:")
	seedFirst = hashWord("f:")
	seedBi    = hashWord("b:")
	seedCue   = hashWord("c:")
	seedTail  = hashWord("z:")
)

func mix(a, b uint64) uint64 {
	h := (a ^ (b * 0x9E3779B97F4A7C15)) * fnvPrime
	return h ^ h>>29
}

// eachFeature calls visit with every feature hash of a scanned post
// (repeats included): its words (or their class), its title's words, the
// title's first word, the word pairs within a sentence (in word and class
// forms) and the cues that fired.
func eachFeature(s *scratch, visit func(h uint64)) {
	for i := range s.toks {
		t := &s.toks[i]
		visit(mix(seedUni, t.h))
		if t.tail {
			visit(mix(seedTail, t.h))
		}
		if t.title {
			visit(mix(seedTitle, t.h))
			if i == 0 {
				visit(mix(seedFirst, t.h))
			}
		}
		if t.start || i == 0 {
			continue
		}
		p := &s.toks[i-1]
		visit(mix(mix(seedBi, p.h), t.h))
		if t.class != 0 && t.word {
			visit(mix(mix(seedBi, p.h), t.class))
		}
		if p.class != 0 && p.word {
			visit(mix(mix(seedBi, p.class), t.h))
		}
	}
	for _, c := range s.fired {
		visit(cueTable[c].hash)
	}
}

// eachNamedFeature is eachFeature with each feature's name (the trainer
// and explanations read them). It must visit the same hashes.
func eachNamedFeature(s *scratch, visit func(h uint64, name string)) {
	for i := range s.toks {
		t := &s.toks[i]
		visit(mix(seedUni, t.h), t.str)
		if t.tail {
			visit(mix(seedTail, t.h), "last part: "+t.str)
		}
		if t.title {
			visit(mix(seedTitle, t.h), "title: "+t.str)
			if i == 0 {
				visit(mix(seedFirst, t.h), "title starts: "+t.str)
			}
		}
		if t.start || i == 0 {
			continue
		}
		p := &s.toks[i-1]
		visit(mix(mix(seedBi, p.h), t.h), p.str+" "+t.str)
		if t.class != 0 && t.word {
			visit(mix(mix(seedBi, p.h), t.class), p.str+" "+className(t.class))
		}
		if p.class != 0 && p.word {
			visit(mix(mix(seedBi, p.class), t.h), className(p.class)+" "+t.str)
		}
	}
	for _, c := range s.fired {
		visit(cueTable[c].hash, "!"+cueTable[c].label())
	}
}

func className(h uint64) string {
	switch h {
	case hNum:
		return "@num"
	case hCap:
		return "@cap"
	case hURL:
		return "@url"
	}
	return "@?"
}
