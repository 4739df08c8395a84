package detect

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
)

// A live detection's Strength is a calibrated probability that the post
// shows a live buying signal (its intent label is true), so a threshold on
// it means a precision (docs/performance.md, "Calibrated signal
// strength"). The rules' evidence and the model's probabilities are
// scores, not probabilities: on posts the detector calls live, the old
// strength's precision hardly moved with its threshold. calibgen (go
// generate) fits a Platt scaling on the train split only, from out-of-fold
// readings: each post is read by a model fitted on the other four fifths,
// as TrainModel's cross-validation does, so the fit sees the model as it
// does on posts it was not trained on.

// calibration is the fitted Platt scaling: the probability is
// σ(bias[type] + evidence·min(ev, maxEvidence) + model·logit(pIntent)),
// with ev the rules' evidence for the type called and pIntent the live
// model's probability that the post shows any live signal.
type calibration struct {
	digest   string // modelData's digest: the model it was fitted for
	bias     [5]float64
	evidence float64
	model    float64
	posts    int // live calls it was fitted on
}

// maxEvidence caps the rules' evidence as a feature: past it, more cues
// say nothing new.
const maxEvidence = 4.0

// reading is decideLive's finding before calibration.
type reading struct {
	det     engine.Detection // Strength uncalibrated
	ev      float64          // the rules' evidence for det's type (0 if none)
	pIntent float64          // the live model's 1 − p(none); -1 without a model
}

func logit(p float64) float64 {
	p = math.Min(math.Max(p, 1e-3), 1-1e-3)
	return math.Log(p / (1 - p))
}

func (r reading) features() [7]float64 {
	var x [7]float64
	x[typeIndex[r.det.SignalType]] = 1
	x[5] = math.Min(math.Max(r.ev, 0), maxEvidence)
	x[6] = logit(r.pIntent)
	return x
}

func (c *calibration) weights() [7]float64 {
	return [7]float64{c.bias[0], c.bias[1], c.bias[2], c.bias[3], c.bias[4], c.evidence, c.model}
}

// prob is the calibrated probability of a live call, to two decimals.
func (c *calibration) prob(r reading) float64 {
	x, w := r.features(), c.weights()
	z := 0.0
	for i := range x {
		z += x[i] * w[i]
	}
	return math.Round(100/(1+math.Exp(-z))) / 100
}

// CalibrationReport says what FitCalibration fitted on.
type CalibrationReport struct {
	Posts, Live int // train posts read out of fold; those called live
	// BrierRaw and BrierCalibrated are the out-of-fold Brier scores of
	// the live calls' strength before and after calibration (in sample
	// for the calibration itself).
	BrierRaw, BrierCalibrated float64
}

// FitCalibration fits the strength calibration on labelled posts (the
// train split: never the test split, never outside data) and writes it as
// Go source to w (calibration_table.go). The live model is refitted on each
// fifth's complement at the settings in model_table.go, so each post is
// read by a model that did not see it.
func FitCalibration(train []evaluate.Example, opt TrainOptions, w io.Writer) (CalibrationReport, error) {
	if modelData.digest != TrainDigest(train) {
		return CalibrationReport{}, fmt.Errorf("model_table.go was trained on %s, the posts given are %s: run modelgen first", modelData.digest, TrainDigest(train))
	}
	d, err := New(allCues())
	if err != nil {
		return CalibrationReport{}, err
	}
	weigh := func(e evaluate.Example) float64 {
		if opt.RealShaped != nil && opt.RealShaped(e) {
			return modelData.realWeight
		}
		return 1
	}
	order := rand.New(rand.NewPCG(7, 7)).Perm(len(train)) // TrainModel's folds
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
	var xs [][7]float64
	var ys, raw []float64
	for f := range folds {
		spec := fitSpec(d, folds[f].fit, modelData.l2, classIndex, weigh)
		spec.tau, spec.arbiter = modelData.tau, modelData.arbiter
		fd, _ := New(allCues())
		fd.model = newModel(spec)
		for _, j := range folds[f].held {
			r := fd.read(train[j].Title, train[j].Text)
			if !r.det.Intent {
				continue
			}
			xs = append(xs, r.features())
			raw = append(raw, r.det.Strength)
			y := 0.0
			if train[j].Intent {
				y = 1
			}
			ys = append(ys, y)
		}
	}
	if len(xs) < 100 {
		return CalibrationReport{}, fmt.Errorf("only %d live calls to calibrate on", len(xs))
	}
	wt := platt(xs, ys)
	c := calibration{digest: modelData.digest, evidence: wt[5], model: wt[6], posts: len(xs)}
	copy(c.bias[:], wt[:5])
	rep := CalibrationReport{Posts: len(train), Live: len(xs)}
	for i := range xs {
		z := 0.0
		for k := range wt {
			z += xs[i][k] * wt[k]
		}
		p := 1 / (1 + math.Exp(-z))
		rep.BrierRaw += (raw[i] - ys[i]) * (raw[i] - ys[i])
		rep.BrierCalibrated += (p - ys[i]) * (p - ys[i])
	}
	rep.BrierRaw /= float64(len(xs))
	rep.BrierCalibrated /= float64(len(xs))
	fmt.Fprintf(w, "// Code generated by calibgen from the labelled set's train split; DO NOT EDIT.\n\npackage detect\n\n")
	fmt.Fprintf(w, "var calibrationData = calibration{\n\tdigest: %q,\n\tbias: [5]float64{%.4g, %.4g, %.4g, %.4g, %.4g},\n\tevidence: %.4g,\n\tmodel: %.4g,\n\tposts: %d,\n}\n",
		c.digest, c.bias[0], c.bias[1], c.bias[2], c.bias[3], c.bias[4], c.evidence, c.model, c.posts)
	return rep, nil
}

// platt fits a logistic regression of ys on xs (no separate intercept:
// the type indicators are the intercepts) by Newton's method, with a
// light L2 penalty so a type with few calls stays finite.
func platt(xs [][7]float64, ys []float64) [7]float64 {
	const l2 = 1e-3
	var w [7]float64
	n := float64(len(xs))
	for range 50 {
		var g [7]float64
		var h [7][7]float64
		for i, x := range xs {
			z := 0.0
			for k := range w {
				z += x[k] * w[k]
			}
			p := 1 / (1 + math.Exp(-z))
			for a := range x {
				g[a] += (p - ys[i]) * x[a] / n
				for b := range x {
					h[a][b] += p * (1 - p) * x[a] * x[b] / n
				}
			}
		}
		for a := range w {
			g[a] += 2 * l2 * w[a]
			h[a][a] += 2 * l2
		}
		step := solve(h, g)
		done := true
		for a := range w {
			w[a] -= step[a]
			done = done && math.Abs(step[a]) < 1e-9
		}
		if done {
			break
		}
	}
	return w
}

// solve solves h·x = g by Gaussian elimination with partial pivoting (h is
// symmetric positive definite here).
func solve(h [7][7]float64, g [7]float64) [7]float64 {
	const n = 7
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(h[r][c]) > math.Abs(h[p][c]) {
				p = r
			}
		}
		h[c], h[p] = h[p], h[c]
		g[c], g[p] = g[p], g[c]
		for r := c + 1; r < n; r++ {
			f := h[r][c] / h[c][c]
			for k := c; k < n; k++ {
				h[r][k] -= f * h[c][k]
			}
			g[r] -= f * g[c]
		}
	}
	var x [7]float64
	for r := n - 1; r >= 0; r-- {
		s := g[r]
		for k := r + 1; k < n; k++ {
			s -= h[r][k] * x[k]
		}
		x[r] = s / h[r][r]
	}
	return x
}
