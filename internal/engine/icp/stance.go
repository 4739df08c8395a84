package icp

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// The stance model reads how a post speaks about the ICP's topic, with the
// topic itself masked: every competitor, product of the ICP's taxonomy
// categories, phrase of what the vendor sells, tool of its tech stack and
// word of its knowledge base becomes a placeholder ("Try @comp as an
// alternative to @comp", "@comp is flaky", "we need a @cat"), and a term
// of another category becomes @other. It is a logistic regression over
// the masked words and word pairs of the title and the body, trained on
// the corpus' (ICP, post of its own category) pairs against their
// relevance labels (FitStance; package examples fits it, go generate
// ships it in the model file). With the topic's words gone, what it learns
// is the shape of a buying move, which carries to categories it never saw;
// the relevance model reads its probability as the feature "stance".

// Placeholders of the masked text.
const (
	maskCompetitor = "@comp"
	maskCategory   = "@cat"
	maskJob        = "@job"
	maskTech       = "@tech"
	maskWord       = "@kw"
	maskNotSold    = "@notsold"
	maskOther      = "@other"
)

// stanceMaxTokens bounds the words of a title or body the stance model
// reads (the start of a post holds its point).
const stanceMaxTokens = 400

// Stance is the fitted stance model: a bias and a weight per masked word
// or word pair ("t:" before a title's), as the model file holds it.
type Stance struct {
	Bias    float64            `json:"bias"`
	Weights map[string]float64 `json:"weights"`
	// L2 is the fit's penalty, and MinDocs how many training posts a
	// feature needed to be kept.
	L2      float64 `json:"l2"`
	MinDocs int     `json:"minDocs"`
	hashed  map[uint64]float64
}

func (st *Stance) check() error {
	if math.IsNaN(st.Bias) || math.IsInf(st.Bias, 0) {
		return fmt.Errorf("stance model: the bias is not a number")
	}
	st.hashed = make(map[uint64]float64, len(st.Weights))
	for f, w := range st.Weights {
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("stance model: the weight of %q is not a number", f)
		}
		st.hashed[hashFeature(f)] = w
	}
	return nil
}

// prob is the model's probability for a post read as units.
func (st *Stance) prob(u *stanceUnits) float64 {
	z := st.Bias
	u.each(func(h uint64, _ func() string) { z += st.hashed[h] })
	return 1 / (1 + math.Exp(-z))
}

const (
	fnvOffset64 = 14695981039346656037
	fnvPrime64  = 1099511628211
)

func fnvAdd(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * fnvPrime64
	}
	return h
}

// hashFeature is a feature's hash, as each computes it while reading.
func hashFeature(f string) uint64 { return fnvAdd(fnvOffset64, f) }

// stanceUnits are a post's title and body as the stance model reads them:
// stems, with the ICP's terms and other categories' terms replaced by
// placeholders.
type stanceUnits struct {
	title, body []string
}

// each calls fn with every feature's hash, and a function that spells it
// (for fitting only: reading never builds the strings).
func (u *stanceUnits) each(fn func(h uint64, name func() string)) {
	for part, us := range [2][]string{u.title, u.body} {
		prefix := ""
		if part == 0 {
			prefix = "t:"
		}
		base := fnvAdd(fnvOffset64, prefix)
		for i, w := range us {
			h1 := fnvAdd(base, w)
			fn(h1, func() string { return prefix + w })
			if i+1 < len(us) {
				v := us[i+1]
				fn(fnvAdd(fnvAdd(h1, " "), v), func() string { return prefix + w + " " + v })
			}
		}
	}
}

// names are the features of u, each once.
func (u *stanceUnits) names() []string {
	seen := map[uint64]bool{}
	var out []string
	u.each(func(h uint64, name func() string) {
		if !seen[h] {
			seen[h] = true
			out = append(out, name())
		}
	})
	return out
}

// maskUnits replaces the spans of pt that hold one of the ICP's terms, or
// a taxonomy term (own: its categories'; anything else: @other), by their
// placeholders, and returns the post's stems as the stance model reads
// them.
func (m *Matcher) maskUnits(pt *postText, own map[string]string, other map[string]bool) []string {
	n := min(len(pt.toks), stanceMaxTokens)
	units := make([]string, n)
	for i := range n {
		units[i] = pt.toks[i].stem
	}
	marked := make([]bool, n)
	mark := func(start, length int, ph string) {
		if start+length > n || marked[start] {
			return
		}
		units[start] = ph
		marked[start] = true
		for j := start + 1; j < start+length; j++ {
			units[j], marked[j] = "", true
		}
	}
	for i := range m.rel.terms {
		t := &m.rel.terms[i]
		var ph string
		switch t.kind {
		case kindCompetitor:
			ph = maskCompetitor
		case kindCategory:
			ph = maskCategory
		case kindTech:
			ph = maskTech
		case kindWord:
			ph = maskWord
		case kindNegative:
			ph = maskNotSold
		default:
			continue // pains and pairs are loose, not spans
		}
		if t.need > 0 || len(t.stems) == 0 {
			continue
		}
		for _, at := range pt.spans(t.stems, t) {
			mark(at, len(t.stems), ph)
		}
	}
	maskTerms := func(terms []string, ph func(string) string) {
		for _, name := range terms {
			ss := stems(name)
			if len(ss) == 0 {
				continue
			}
			for _, at := range pt.spans(ss, nil) {
				mark(at, len(ss), ph(name))
			}
		}
	}
	ownTerms := make([]string, 0, len(own))
	for t := range own {
		ownTerms = append(ownTerms, t)
	}
	otherTerms := make([]string, 0, len(other))
	for t := range other {
		otherTerms = append(otherTerms, t)
	}
	// Longer terms first, so "GitHub Actions" is not read as GitHub.
	byLength := func(a, b string) int {
		if d := len(b) - len(a); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	}
	slices.SortFunc(ownTerms, byLength)
	slices.SortFunc(otherTerms, byLength)
	maskTerms(ownTerms, func(t string) string { return own[t] })
	maskTerms(otherTerms, func(string) string { return maskOther })
	out := units[:0]
	for _, u := range units {
		if u != "" {
			out = append(out, u)
		}
	}
	return out
}

// spans returns where in pt the stems ss start, in a row; for an ICP term
// t (nil for a plain phrase) also in its case and, for a competitor,
// spelled as its name (see spells).
func (pt *postText) spans(ss []string, t *term) []int {
	var out []int
	for _, i := range pt.pos[ss[0]] {
		if i+len(ss) > len(pt.toks) {
			continue
		}
		ok := true
		for j := 1; j < len(ss); j++ {
			if pt.toks[i+j].stem != ss[j] {
				ok = false
				break
			}
		}
		if !ok || t != nil && (t.upper && !pt.toks[i].upper || t.kind == kindCompetitor && t.text != "" && !pt.spells(i, t.text)) {
			continue
		}
		out = append(out, i)
	}
	return out
}

// StanceFeature is the index of the feature "stance" in FeatureNames.
const StanceFeature = fStance

// PairReading is an (ICP, post) pair as the relevance model reads it (the
// features of Features) with the post as the stance model reads it, for
// training pairs whose stance comes from a model fitted without them.
type PairReading struct {
	X      []float64
	stance stanceUnits
}

// ReadPair reads a pair as Features does, keeping the stance model's
// reading.
func (m *Matcher) ReadPair(s Subject) PairReading {
	r := m.features(s)
	return PairReading{X: append([]float64(nil), r.x[:]...), stance: r.stance}
}

// StanceFeatures are the masked words and word pairs the stance model
// reads of the pair's post, each once: what FitStance is given.
func (p *PairReading) StanceFeatures() []string { return p.stance.names() }

// Prob is the stance model's probability for the pair's post.
func (st *Stance) Prob(p *PairReading) float64 { return st.prob(&p.stance) }

// StanceDoc is one training post of the stance model.
type StanceDoc struct {
	Features []string
	Relevant bool
}

// StanceOptions set the stance fit; the zero value is the shipped one's.
type StanceOptions struct {
	L2      float64 // 0 means 1e-3
	MinDocs int     // 0 means 3
	Iters   int     // 0 means 300
}

// FitStance fits the stance model on docs: full-batch gradient descent
// with AdaGrad steps on the mean cross-entropy plus L2 (deterministic: no
// sampling). A feature found in fewer than MinDocs posts is not weighed.
func FitStance(docs []StanceDoc, opt StanceOptions) *Stance {
	if opt.L2 == 0 {
		opt.L2 = 1e-3
	}
	if opt.MinDocs == 0 {
		opt.MinDocs = 3
	}
	if opt.Iters == 0 {
		opt.Iters = 300
	}
	df := map[string]int{}
	for _, d := range docs {
		for _, f := range d.Features {
			df[f]++
		}
	}
	var names []string
	for f, n := range df {
		if n >= opt.MinDocs {
			names = append(names, f)
		}
	}
	sort.Strings(names)
	index := make(map[string]int32, len(names))
	for i, f := range names {
		index[f] = int32(i)
	}
	idx := make([][]int32, len(docs))
	for i, d := range docs {
		for _, f := range d.Features {
			if j, ok := index[f]; ok {
				idx[i] = append(idx[i], j)
			}
		}
	}
	const rate = 0.3
	w := make([]float64, len(names))
	g := make([]float64, len(names))
	acc := make([]float64, len(names))
	var b, accb float64
	n := float64(max(1, len(docs)))
	for range opt.Iters {
		clear(g)
		gb := 0.0
		for i, d := range docs {
			z := b
			for _, f := range idx[i] {
				z += w[f]
			}
			p := 1 / (1 + math.Exp(-z))
			y := 0.0
			if d.Relevant {
				y = 1
			}
			e := (p - y) / n
			gb += e
			for _, f := range idx[i] {
				g[f] += e
			}
		}
		for f := range w {
			gf := g[f] + 2*opt.L2*w[f]
			acc[f] += gf * gf
			w[f] -= rate * gf / (math.Sqrt(acc[f]) + 1e-8)
		}
		accb += gb * gb
		b -= rate * gb / (math.Sqrt(accb) + 1e-8)
	}
	st := &Stance{Bias: math.Round(b*1e4) / 1e4, Weights: map[string]float64{}, L2: opt.L2, MinDocs: opt.MinDocs}
	for i, f := range names {
		// Weights the fit left near zero would not move a call: they are
		// dropped to keep the model file small.
		if math.Abs(w[i]) >= 0.005 {
			st.Weights[f] = math.Round(w[i]*1e4) / 1e4
		}
	}
	if err := st.check(); err != nil {
		panic(err) // the fit's own numbers: a NaN is a bug here
	}
	return st
}
