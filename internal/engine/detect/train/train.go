package train

import (
	"io"
	"math/rand/v2"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
)

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
	// RealShaped marks the real posts: paraphrases of single real public
	// posts keeping their shape (docs/labelling.md, "Real-shaped rows"),
	// and, with RealPost, the real posts themselves. Cross-validation
	// scores them again on their own, so the settings chosen must hold up
	// on text like the product reads; the fit may weigh them more
	// (RealWeights). Nil: no post is.
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
	d := detect.RulesOnly()
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
		fit  []int
		held []int
	}
	for i, j := range order {
		folds[i%5].held = append(folds[i%5].held, j)
		for o := range folds {
			if o != i%5 {
				folds[o].fit = append(folds[o].fit, j)
			}
		}
	}
	// cv runs one setting's detector for each fold on that fold's
	// held-out posts, as written and padded, and scores the pooled calls.
	cv := func(detector func(fold int) *detect.Detector) cvScore {
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
	// The grid: every run with real-shaped rows chose L2 1e-3 or 3e-3 and
	// a real weight of 4 or 8 for the live model, 3e-4 or 1e-3 for the kind
	// model, and a fit of the train set takes minutes on the shared
	// machine, so the grid keeps that region; since every real post weighs
	// as real-shaped (RealPost), 3e-4 is in it too (chosen on 2026-12-07:
	// rare words of short real posts, "joins", "alternatives", need room).
	l2s := []float64{3e-4, 1e-3, 3e-3}
	realWeights := []float64{1}
	if len(real) > 0 {
		realWeights = []float64{4, 8}
	}
	// samples are the posts at idx, real-shaped ones weighing rw.
	samples := func(idx []int, rw float64) []detect.Sample {
		out := make([]detect.Sample, len(idx))
		for k, j := range idx {
			wt := 1.0
			if opt.RealShaped != nil && opt.RealShaped(train[j]) {
				wt = rw
			}
			out[k] = sample(train[j], wt)
		}
		return out
	}
	all := make([]int, len(train))
	for i := range all {
		all[i] = i
	}
	var mains [5]detect.Spec // each fold's model at the chosen L2 and weight
	best := cvScore{intent: -1}
	for _, rw := range realWeights {
		for _, l2 := range l2s {
			var specs [5]detect.Spec
			for f := range folds {
				specs[f] = detect.FitLive(d, samples(folds[f].fit, rw), l2)
			}
			for _, arbiter := range []bool{false, true} {
				for _, tau := range taus {
					if tau < 0.5 && !arbiter {
						continue // a backup below 0.5 is the same as the model alone on posts the rules miss
					}
					c := cv(func(f int) *detect.Detector {
						return detect.WithModels(specs[f].Deciding(tau, arbiter), nil)
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
	for _, l2 := range []float64{3e-4, 1e-3} {
		var specs [5]detect.Spec
		for f := range folds {
			specs[f] = detect.FitKind(d, samples(folds[f].fit, rep.RealWeight), l2)
		}
		for _, tau := range kindTaus {
			c := cv(func(f int) *detect.Detector {
				kind := specs[f].Deciding(tau, false)
				return detect.WithModels(mains[f].Deciding(rep.Tau, rep.Arbiter), &kind)
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
	digest := Digest(train)
	spec := detect.FitLive(d, samples(all, rep.RealWeight), rep.L2).
		Deciding(rep.Tau, rep.Arbiter).Stamped(digest, rep.L2, rep.RealWeight)
	rep.Features = spec.NumFeatures()
	kind := detect.NoKind(rep.KindTau, digest)
	if rep.KindTau <= 1 {
		kind = detect.FitKind(d, samples(all, rep.RealWeight), rep.KindL2).
			Deciding(rep.KindTau, false).Stamped(digest, rep.KindL2, rep.RealWeight)
	}
	return rep, detect.WriteTables(w, spec, kind)
}

// sample is e as the fitter sees it, weighing weight in the loss.
func sample(e evaluate.Example, weight float64) detect.Sample {
	return detect.Sample{ID: e.ID, Title: e.Title, Text: e.Text, SignalType: e.SignalType, Intent: e.Intent, Weight: weight}
}

// Digest is detect.TrainDigest of the labelled posts: what a generated
// table says it was trained from.
func Digest(train []evaluate.Example) string {
	s := make([]detect.Sample, len(train))
	for i, e := range train {
		s[i] = sample(e, 1)
	}
	return detect.TrainDigest(s)
}

// detectAll runs d on every post of ex.
func detectAll(d *detect.Detector, ex []evaluate.Example) []engine.Detection {
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

// FitLike fits the live and kind models on train with the settings the
// generated tables record (each model's L2 strength, tau and role, the
// real-shaped rows' weight): a detector made like the shipped one from
// other posts, its strengths calibrated by the shipped calibration. The relevance model's training pairs are read by such
// detectors fitted without the post's category (package examples), since
// the shipped detector's readings of posts it was fitted on are better
// than of any new post.
func FitLike(train []evaluate.Example, opt TrainOptions) *detect.Detector {
	live, kind := detect.Generated(), detect.GeneratedKind()
	rw := live.RealWeight()
	samples := make([]detect.Sample, len(train))
	for i, e := range train {
		wt := 1.0
		if opt.RealShaped != nil && opt.RealShaped(e) {
			wt = rw
		}
		samples[i] = sample(e, wt)
	}
	d := detect.RulesOnly()
	ls := detect.FitLive(d, samples, live.L2()).Deciding(live.Tau(), live.Arbiter())
	if kind.Tau() > 1 {
		return detect.Calibrated(detect.WithModels(ls, nil))
	}
	ks := detect.FitKind(d, samples, kind.L2()).Deciding(kind.Tau(), false)
	return detect.Calibrated(detect.WithModels(ls, &ks))
}
