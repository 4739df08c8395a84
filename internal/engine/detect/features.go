package detect

import (
	"math/bits"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// The model's features are hashed so the detector looks them up without
// building strings: word unigrams and bigrams within a sentence, the same
// with words replaced by their classes ("hiring @role", "@money seed",
// "alternatives to @name", which generalise beyond the words seen in
// training), and the rule cues that fired or were negated.

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func hashString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

func hashByte(h uint64, b byte) uint64 {
	h ^= uint64(b)
	return h * fnvPrime
}

// Feature-kind seeds keep a unigram "a" apart from a bigram or a cue.
var (
	seedUni = hashString(fnvOffset, "u:")
	seedBi  = hashString(fnvOffset, "b:")
	seedCue = hashString(fnvOffset, "c:")
	seedNeg = hashString(fnvOffset, "n:")
)

// classForm is the feature spelling of each class bit, in bit order.
var classForm = [...]string{"@money", "@num", "@role", "@senior", "@vendor", "@tool", "@round", "@verbjoin", "@glad", "@bad", "@name"}

// maxForms bounds the spellings of one token: itself and a few classes.
const maxForms = 4

// forms lists a token's spellings: the word (not for numbers, whose value
// says nothing) and its classes.
func forms(tok string, flag uint8, c classBit, out *[maxForms]string) int {
	n := 0
	if flag&flagNum == 0 {
		out[n] = tok
		n++
	}
	for c != 0 && n < maxForms {
		b := bits.TrailingZeros16(uint16(c))
		out[n] = classForm[b]
		n++
		c &^= 1 << b
	}
	return n
}

// feature is one feature occurrence: its hash and, to spell it when a
// name is wanted, the words (a, b: a bigram; b alone: a unigram) or the cue.
type feature struct {
	hash    uint64
	a, b    string
	cue     *cue
	negated bool
}

// name spells a feature for the weight table and explanations.
func (f *feature) name() string {
	switch {
	case f.cue != nil && f.negated:
		return "negated " + string(f.cue.typ) + ": " + f.cue.name
	case f.cue != nil:
		return "cue " + string(f.cue.typ) + ": " + f.cue.name
	case f.a != "":
		return f.a + " " + f.b
	}
	return f.b
}

// features calls visit for every feature of a scanned post (s.toks,
// s.cls, s.fired and s.negged filled by scan). Features repeat when their
// words do: the model is trained on counts. visit gets a pointer it must
// not keep.
func features(s *scratch, visit func(f *feature)) {
	var fa, fb [maxForms]string
	var f feature
	na := 0
	for i, t := range s.toks {
		if t == boundary {
			na = 0
			continue
		}
		nb := forms(t, s.flags[i], s.cls[i], &fb)
		for k := 0; k < nb; k++ {
			w := fb[k]
			f = feature{hash: hashString(seedUni, w), b: w}
			visit(&f)
			for j := 0; j < na; j++ {
				f = feature{hash: hashString(hashByte(hashString(seedBi, fa[j]), 0), w), a: fa[j], b: w}
				visit(&f)
			}
		}
		fa, na = fb, nb
	}
	for c := range s.fired {
		f = feature{hash: cueHash(seedCue, c), cue: c}
		visit(&f)
	}
	for c := range s.negged {
		if !s.fired[c] {
			f = feature{hash: cueHash(seedNeg, c), cue: c, negated: true}
			visit(&f)
		}
	}
}

func cueHash(seed uint64, c *cue) uint64 {
	return hashString(hashByte(hashString(seed, string(c.typ)), 0), c.name)
}

// Classes are the model's outputs, in the order of its weight rows: none
// first, then the five signal types.
var Classes = [nClasses]engine.SignalType{engine.None, hir, fun, cmp, job, tec}

const nClasses = 6

// Features calls visit with the hash and the readable name of every
// feature of a post, as the detector's model sees them (repeats
// included). It is what the offline trainer (go generate) learns from.
func (d *Detector) Features(title, text string, visit func(h uint64, name string)) {
	s := d.pool.Get().(*scratch)
	defer d.pool.Put(s)
	d.prepare(s, title, text)
	features(s, func(f *feature) { visit(f.hash, f.name()) })
}
