package train

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
)

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
	gen := detect.Generated()
	if gen.Digest() != Digest(train) {
		return CalibrationReport{}, fmt.Errorf("model_table.go was trained on %s, the posts given are %s: run modelgen first", gen.Digest(), Digest(train))
	}
	d := detect.RulesOnly()
	weigh := func(e evaluate.Example) float64 {
		if opt.RealShaped != nil && opt.RealShaped(e) {
			return gen.RealWeight()
		}
		return 1
	}
	order := rand.New(rand.NewPCG(7, 7)).Perm(len(train)) // TrainModel's folds
	var folds [5]struct {
		fit  []detect.Sample
		held []int
	}
	for i, j := range order {
		folds[i%5].held = append(folds[i%5].held, j)
		for o := range folds {
			if o != i%5 {
				folds[o].fit = append(folds[o].fit, sample(train[j], weigh(train[j])))
			}
		}
	}
	var xs [][7]float64
	var ys, raw []float64
	for f := range folds {
		spec := detect.FitLive(d, folds[f].fit, gen.L2()).Deciding(gen.Tau(), gen.Arbiter())
		fd := detect.WithModels(spec, nil)
		for _, j := range folds[f].held {
			r := fd.Read(train[j].Title, train[j].Text)
			if !r.Live {
				continue
			}
			xs = append(xs, r.Features)
			raw = append(raw, r.Strength)
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
	detect.WriteCalibration(w, gen.Digest(), wt, len(xs))
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
