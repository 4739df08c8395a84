package detect

import (
	"math"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// A live detection's Strength is a calibrated probability that the post
// shows a live buying signal (its intent label is true), so a threshold on
// it means a precision (docs/performance-log.md, "Calibrated signal
// strength"). The rules' evidence and the model's probabilities are
// scores, not probabilities: on posts the detector calls live, the old
// strength's precision hardly moved with its threshold. calibgen (go
// generate, internal/engine/detect/train.FitCalibration) fits a Platt scaling on the train split only, from out-of-fold
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
