package detect

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
)

// Training is offline (go generate runs modelgen, which calls
// TrainModel on the labelled set's train split); nothing here runs when
// the detector classifies posts.

// minDF is how many training posts a word feature must appear in to be
// kept: a feature seen once is a fact about that post, not a phrasing.
const minDF = 2

// maxCount caps a feature's count in one post, so one repeated word
// cannot dominate.
const maxCount = 3

type sparse struct {
	idx []int32
	val []float32
}

type dataset struct {
	x      []sparse
	y      []int
	weight []float64 // each post's weight in the loss
	names  []string
	hash   []uint64
}

// TrainReport says how the model was chosen.
type TrainReport struct {
	Posts, Features int
	L2, Tau         float64
	// Arbiter is set when the model decides every post it is confident
	// about, rather than only those the rules call none.
	Arbiter bool
	// CVIntent and CVMacroF1 are the five-fold cross-validated scores of
	// the rules backed by the model at the chosen settings; RulesIntent
	// and RulesMacroF1 are the rules alone on the same posts.
	CVIntent, CVMacroF1, RulesIntent, RulesMacroF1 float64
	// PaddedIntent and PaddedMacroF1 are the same cross-validation with
	// every held-out post padded with neutral asides (see padPost);
	// RulesPaddedIntent and RulesPaddedMacroF1 the rules alone on the
	// padded posts.
	PaddedIntent, PaddedMacroF1, RulesPaddedIntent, RulesPaddedMacroF1 float64
	// KindL2 and KindTau are the kind model's settings (KindTau above 1:
	// never consulted), and the Kind scores the same cross-validation
	// with it added.
	KindL2, KindTau                                              float64
	KindIntent, KindMacroF1, KindPaddedIntent, KindPaddedMacroF1 float64
	// RealShaped counts the real-shaped posts (TrainOptions); RealWeight
	// is their chosen weight in the fit. RealIntent and RealMacroF1 are
	// the cross-validated scores on them alone at the chosen settings,
	// KindReal* with the kind model added, RulesReal* the rules alone.
	RealShaped                        int
	RealWeight                        float64
	RealIntent, RealMacroF1           float64
	KindRealIntent, KindRealMacroF1   float64
	RulesRealIntent, RulesRealMacroF1 float64
}

// asides are sentences with no signal in them, of the kind real posts
// wrap around the one sentence that matters (background, apologies,
// thanks, an unrelated remark). They were written for this purpose, not
// taken from any post.
var asides = []string{
	"Some context first: we're a small team, about twenty people, mostly remote, and the last year has been a lot.",
	"Anyway, the weather here has been awful all week and half the office is out sick, so apologies if this rambles.",
	"Quick background on me: I've been doing ops work for about nine years, mostly at companies under a hundred people.",
	"Also, unrelated, but if anyone has tips for keeping a sourdough starter alive over the holidays, I'm all ears.",
	"We had our quarterly planning last week and, as usual, everything is a priority and nothing is a priority.",
	"Edit: formatting, sorry, I'm on mobile.",
	"Thanks in advance, this community has been really helpful over the years.",
	"For what it's worth our stack is pretty boring: a monolith, one database and a couple of background workers.",
	"Long time lurker, first post, so be gentle.",
	"My manager asked me to write this up before Friday, so here goes.",
	"I'll try to keep this short but I've had three coffees already.",
	"Happy Monday everyone, hope the week is treating you better than mine.",
}

// padPost wraps a post's text in two or three asides chosen by r: real
// posts are longer than ours and their signal sits in the middle.
func padPost(e evaluate.Example, r *rand.Rand) evaluate.Example {
	pick := func() string { return asides[r.IntN(len(asides))] }
	e.Text = pick() + " " + pick() + "\n\n" + e.Text + "\n\n" + pick()
	return e
}

// TrainOptions says how TrainModel treats the posts it is given.
type TrainOptions struct {
	// RealShaped marks the posts written as paraphrases of single real
	// public posts, keeping their shape (docs/labelling.md, "Real-shaped
	// rows"). Cross-validation scores them again on their own, so the
	// settings chosen must hold up on text like the product reads; the
	// fit may weigh them more (RealWeights). Nil: no post is.
	RealShaped func(evaluate.Example) bool
}

// cvScore is one setting's five-fold cross-validated scores, pooled over
// the folds: as written, padded with asides, and the real-shaped posts
// alone.
type cvScore struct {
	intent, macro, pIntent, pMacro, rIntent, rMacro float64
}

func (c cvScore) sum() float64 {
	return c.intent + c.macro + c.pIntent + c.pMacro + c.rIntent + c.rMacro
}

// TrainModel fits the live model and the kind model on labelled posts
// (the train split: never the test split, never outside data) and writes
// the generated Go weight tables to w. The live model's L2 strength, the
// weight of real-shaped posts in its fit, its probability threshold tau
// and whether it backs up or arbitrates the rules (an arbiter with tau 0
// is the model alone) are chosen by five-fold cross-validation on the
// same posts, scored on the held-out folds as written, padded with
// neutral asides, and on the real-shaped posts alone; then, with those
// fixed, the kind model's L2 and tau the same way, or no kind model if
// none scores better.
func TrainModel(train []evaluate.Example, opt TrainOptions, w io.Writer) (TrainReport, error) {
	d, err := New(allCues())
	if err != nil {
		return TrainReport{}, err
	}
	rep := TrainReport{Posts: len(train)}
	ruleDets := detectAll(d, train)
	rules := evaluate.Replay(train, ruleDets)
	rep.RulesIntent, rep.RulesMacroF1 = rules.IntentAccuracy, rules.MacroF1
	pr := rand.New(rand.NewPCG(11, 11))
	padded := make([]evaluate.Example, len(train))
	for i, e := range train {
		padded[i] = padPost(e, pr)
	}
	rulesPadded := evaluate.Run(padded, d.DetectText)
	rep.RulesPaddedIntent, rep.RulesPaddedMacroF1 = rulesPadded.IntentAccuracy, rulesPadded.MacroF1
	var real []int // indices of the real-shaped posts
	for i, e := range train {
		if opt.RealShaped != nil && opt.RealShaped(e) {
			real = append(real, i)
		}
	}
	rep.RealShaped = len(real)
	rep.RulesRealIntent, rep.RulesRealMacroF1 = subsetScore(train, real, ruleDets)
	order := rand.New(rand.NewPCG(7, 7)).Perm(len(train))
	var folds [5]struct {
		fit  []evaluate.Example
		held []int
	}
	for i, j := range order {
		folds[i%5].held = append(folds[i%5].held, j)
		for o := range folds {
			if o != i%5 {
				folds[o].fit = append(folds[o].fit, train[j])
			}
		}
	}
	// cv runs one setting's detector for each fold on that fold's
	// held-out posts, as written and padded, and scores the pooled calls.
	cv := func(detector func(fold int) *Detector) cvScore {
		dets := make([]engine.Detection, len(train))
		pdets := make([]engine.Detection, len(train))
		for f := range folds {
			fd := detector(f)
			for _, j := range folds[f].held {
				dets[j] = fd.DetectText(train[j].Title, train[j].Text)
				pdets[j] = fd.DetectText(padded[j].Title, padded[j].Text)
			}
		}
		var c cvScore
		r := evaluate.Replay(train, dets)
		c.intent, c.macro = r.IntentAccuracy, r.MacroF1
		r = evaluate.Replay(padded, pdets)
		c.pIntent, c.pMacro = r.IntentAccuracy, r.MacroF1
		c.rIntent, c.rMacro = subsetScore(train, real, dets)
		return c
	}
	taus := []float64{0, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95}
	l2s := []float64{1e-4, 3e-4, 1e-3, 3e-3}
	realWeights := []float64{1}
	if len(real) > 0 {
		realWeights = []float64{1, 2, 4, 8}
	}
	weigh := func(rw float64) func(evaluate.Example) float64 {
		return func(e evaluate.Example) float64 {
			if opt.RealShaped != nil && opt.RealShaped(e) {
				return rw
			}
			return 1
		}
	}
	var mains [5]modelSpec // each fold's model at the chosen L2 and weight
	best := cvScore{intent: -1}
	for _, rw := range realWeights {
		for _, l2 := range l2s {
			var specs [5]modelSpec
			for f := range folds {
				specs[f] = fitSpec(d, folds[f].fit, l2, classIndex, weigh(rw))
			}
			for _, arbiter := range []bool{false, true} {
				for _, tau := range taus {
					if tau < 0.5 && !arbiter {
						continue // a backup below 0.5 is the same as the model alone on posts the rules miss
					}
					c := cv(func(f int) *Detector {
						spec := specs[f]
						spec.tau, spec.arbiter = tau, arbiter
						fd, _ := New(allCues())
						fd.model = newModel(spec)
						return fd
					})
					if c.sum() > best.sum()+1e-9 {
						best = c
						rep.L2, rep.Tau, rep.Arbiter, rep.RealWeight = l2, tau, arbiter, rw
						mains = specs
					}
				}
			}
		}
	}
	rep.CVIntent, rep.CVMacroF1 = best.intent, best.macro
	rep.PaddedIntent, rep.PaddedMacroF1 = best.pIntent, best.pMacro
	rep.RealIntent, rep.RealMacroF1 = best.rIntent, best.rMacro
	// The kind model, with the live model fixed as chosen: its settings
	// are chosen the same way, and "never" (tau above 1) is one of them.
	rep.KindTau = 2
	rep.KindIntent, rep.KindMacroF1 = rep.CVIntent, rep.CVMacroF1
	rep.KindPaddedIntent, rep.KindPaddedMacroF1 = rep.PaddedIntent, rep.PaddedMacroF1
	rep.KindRealIntent, rep.KindRealMacroF1 = rep.RealIntent, rep.RealMacroF1
	kindTaus := []float64{0.4, 0.5, 0.6, 0.7, 0.8, 0.9}
	for _, l2 := range l2s[1:] {
		var specs [5]modelSpec
		for f := range folds {
			specs[f] = fitSpec(d, folds[f].fit, l2, kindIndex, weigh(rep.RealWeight))
		}
		for _, tau := range kindTaus {
			c := cv(func(f int) *Detector {
				live, kind := mains[f], specs[f]
				live.tau, live.arbiter = rep.Tau, rep.Arbiter
				kind.tau = tau
				fd, _ := New(allCues())
				fd.model, fd.kind = newModel(live), newModel(kind)
				return fd
			})
			if c.sum() > best.sum()+1e-9 {
				best = c
				rep.KindL2, rep.KindTau = l2, tau
				rep.KindIntent, rep.KindMacroF1 = c.intent, c.macro
				rep.KindPaddedIntent, rep.KindPaddedMacroF1 = c.pIntent, c.pMacro
				rep.KindRealIntent, rep.KindRealMacroF1 = c.rIntent, c.rMacro
			}
		}
	}
	digest := TrainDigest(train)
	spec := fitSpec(d, train, rep.L2, classIndex, weigh(rep.RealWeight))
	spec.tau, spec.arbiter, spec.digest = rep.Tau, rep.Arbiter, digest
	spec.l2, spec.realWeight = rep.L2, rep.RealWeight
	rep.Features = len(spec.feats)
	kind := modelSpec{tau: rep.KindTau, digest: digest}
	if rep.KindTau <= 1 {
		kind = fitSpec(d, train, rep.KindL2, kindIndex, weigh(rep.RealWeight))
		kind.tau, kind.digest = rep.KindTau, digest
		kind.l2, kind.realWeight = rep.KindL2, rep.RealWeight
	}
	return rep, writeSpecs(w, spec, kind)
}

// detectAll runs d on every post of ex.
func detectAll(d *Detector, ex []evaluate.Example) []engine.Detection {
	out := make([]engine.Detection, len(ex))
	for i, e := range ex {
		out[i] = d.DetectText(e.Title, e.Text)
	}
	return out
}

// subsetScore is the intent accuracy and macro-F1 of the detections of
// the posts at idx (zero when there are none).
func subsetScore(ex []evaluate.Example, idx []int, dets []engine.Detection) (intent, macro float64) {
	if len(idx) == 0 {
		return 0, 0
	}
	sub := make([]evaluate.Example, len(idx))
	sd := make([]engine.Detection, len(idx))
	for k, j := range idx {
		sub[k], sd[k] = ex[j], dets[j]
	}
	r := evaluate.Replay(sub, sd)
	return r.IntentAccuracy, r.MacroF1
}

// fitSpec builds the vocabulary from ex and fits the weights to the
// targets target gives (an index into Classes), each post counting as
// much in the loss as weight says (nil: one each).
func fitSpec(d *Detector, ex []evaluate.Example, l2 float64, target func(evaluate.Example) int, weight func(evaluate.Example) float64) modelSpec {
	ds := buildDataset(d, ex, target, weight)
	wt, bias := fit(ds, l2)
	spec := modelSpec{bias: bias}
	for i, h := range ds.hash {
		// Weights the fit left near zero are dropped to keep the table
		// small; they would not move a decision.
		big := false
		for _, v := range wt[i] {
			big = big || math.Abs(float64(v)) >= 0.01
		}
		if big {
			spec.feats = append(spec.feats, modelFeature{hash: h, name: ds.names[i], w: wt[i]})
		}
	}
	return spec
}

func buildDataset(d *Detector, ex []evaluate.Example, target func(evaluate.Example) int, weight func(evaluate.Example) float64) dataset {
	type doc struct {
		counts map[uint64]int
		y      int
		weight float64
	}
	names := map[uint64]string{}
	df := map[uint64]int{}
	docs := make([]doc, len(ex))
	for i, e := range ex {
		c := map[uint64]int{}
		d.Features(e.Title, e.Text, func(h uint64, name string) {
			names[h] = name
			c[h]++
		})
		for h := range c {
			df[h]++
		}
		wt := 1.0
		if weight != nil {
			wt = weight(e)
		}
		docs[i] = doc{c, target(e), wt}
	}
	var ds dataset
	index := map[uint64]int32{}
	var hs []uint64
	for h, n := range df {
		if n >= minDF {
			hs = append(hs, h)
		}
	}
	sort.Slice(hs, func(i, j int) bool { return hs[i] < hs[j] })
	for _, h := range hs {
		index[h] = int32(len(ds.hash))
		ds.hash = append(ds.hash, h)
		ds.names = append(ds.names, names[h])
	}
	for _, dc := range docs {
		var sp sparse
		keys := make([]uint64, 0, len(dc.counts))
		for h := range dc.counts {
			keys = append(keys, h)
		}
		sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
		for _, h := range keys {
			if i, ok := index[h]; ok {
				sp.idx = append(sp.idx, i)
				sp.val = append(sp.val, float32(min(dc.counts[h], maxCount)))
			}
		}
		ds.x = append(ds.x, sp)
		ds.y = append(ds.y, dc.y)
		ds.weight = append(ds.weight, dc.weight)
	}
	return ds
}

// classIndex is the model's target for a labelled post. A post with a
// signal type but no intent (docs/labelling.md, "A signal without
// intent") trains as none: the detector reports only live signals, and
// such a post is not one.
func classIndex(e evaluate.Example) int {
	if !e.Intent {
		return 0
	}
	return typeClass(e)
}

// kindIndex is the kind model's target: the type a post reports, with
// intent or without.
func kindIndex(e evaluate.Example) int { return typeClass(e) }

func typeClass(e evaluate.Example) int {
	for k, c := range Classes {
		if c == e.SignalType {
			return k
		}
	}
	panic(fmt.Sprintf("unknown signal type %q", e.SignalType))
}

// fit minimises the weighted mean cross-entropy plus l2·|w|² by full-batch
// gradient descent with AdaGrad step sizes: deterministic, and fast
// enough for a few thousand posts.
func fit(ds dataset, l2 float64) ([][nClasses]float32, [nClasses]float32) {
	const iters, rate = 300, 0.5
	nf := len(ds.hash)
	w := make([][nClasses]float64, nf)
	gw := make([][nClasses]float64, nf)
	acc := make([][nClasses]float64, nf)
	var b, gb, accb [nClasses]float64
	n := 0.0
	for _, v := range ds.weight {
		n += v
	}
	for range iters {
		clear(gw)
		gb = [nClasses]float64{}
		for i, x := range ds.x {
			var z [nClasses]float64
			z = b
			for j, f := range x.idx {
				for k := range z {
					z[k] += w[f][k] * float64(x.val[j])
				}
			}
			p := softmax(z)
			p[ds.y[i]]--
			wi := ds.weight[i] / n
			for k := range p {
				gb[k] += p[k] * wi
			}
			for j, f := range x.idx {
				v := float64(x.val[j]) * wi
				for k := range p {
					gw[f][k] += p[k] * v
				}
			}
		}
		for f := range w {
			for k := range w[f] {
				g := gw[f][k] + 2*l2*w[f][k]
				acc[f][k] += g * g
				w[f][k] -= rate * g / (math.Sqrt(acc[f][k]) + 1e-8)
			}
		}
		for k := range b {
			accb[k] += gb[k] * gb[k]
			b[k] -= rate * gb[k] / (math.Sqrt(accb[k]) + 1e-8)
		}
	}
	out := make([][nClasses]float32, nf)
	for f := range w {
		for k := range w[f] {
			out[f][k] = float32(w[f][k])
		}
	}
	var ob [nClasses]float32
	for k := range b {
		ob[k] = float32(b[k])
	}
	return out, ob
}

// TrainDigest fingerprints what a model is trained from: the posts and
// their labels, and the cue table (whose cues are features). A test
// compares it with the generated table's, so a change to either without
// running go generate is caught.
func TrainDigest(train []evaluate.Example) string {
	h := sha256.New()
	for _, e := range train {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%v\n", e.ID, e.Title, e.Text, e.SignalType, e.Intent)
	}
	for _, c := range allCues() {
		fmt.Fprintf(h, "%s\x00%s\x00%g\x00%d\x00%q\n", c.name, c.typ, c.weight, c.gate, c.phrases)
	}
	fmt.Fprintf(h, "%q\n%q\n%q\n", sortedWords(vendorWords), sortedWords(toolWords), sortedWords(roleWords))
	return hex.EncodeToString(h.Sum(nil)[:8])
}

func sortedWords(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for w := range m {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}

// writeSpecs writes the generated Go source of the live model
// (modelData) and the kind model (kindData).
func writeSpecs(w io.Writer, live, kind modelSpec) error {
	p := func(format string, a ...any) { fmt.Fprintf(w, format, a...) }
	p("// Code generated by modelgen from the labelled set's train split; DO NOT EDIT.\n\npackage detect\n")
	for _, m := range []struct {
		name string
		spec modelSpec
	}{{"modelData", live}, {"kindData", kind}} {
		p("\nvar %s = modelSpec{\n\tdigest: %q,\n\ttau: %g,\n\tarbiter: %v,\n\tl2: %g,\n\trealWeight: %g,\n\tbias: %s,\n\tfeats: []modelFeature{\n", m.name, m.spec.digest, m.spec.tau, m.spec.arbiter, m.spec.l2, m.spec.realWeight, weights(m.spec.bias))
		for _, f := range m.spec.feats {
			p("\t\t{%#x, %q, %s},\n", f.hash, f.name, weights(f.w))
		}
		p("\t},\n}\n")
	}
	return nil
}

func weights(w [nClasses]float32) string {
	s := "[nClasses]float32{"
	for k, v := range w {
		if k > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%.4g", v)
	}
	return s + "}"
}
