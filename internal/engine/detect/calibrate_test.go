package detect

import (
	"math"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
	"github.com/signalpipe/signalpipe/internal/engine/labelled"
)

func TestCalibrationIsFittedForThisModel(t *testing.T) {
	if calibrationData.digest != modelData.digest {
		t.Fatalf("calibration_table.go was fitted for model %q, model_table.go is %q: run go generate ./internal/engine/detect", calibrationData.digest, modelData.digest)
	}
	if calibrationData.posts < 500 || calibrationData.evidence <= 0 || calibrationData.model <= 0 {
		t.Fatalf("implausible calibration: %+v (more evidence and a surer model must mean a likelier intent)", calibrationData)
	}
	if Default().cal == nil {
		t.Fatal("the default detector is not calibrated")
	}
}

// ece is the expected calibration error over 0.1-wide buckets.
func ece(r evaluate.Reliability) float64 {
	e := 0.0
	for _, b := range r.Buckets {
		e += float64(b.N) * math.Abs(b.Predicted-b.Observed)
	}
	return e / float64(r.Live)
}

// On the test split, which neither the model nor the calibration saw, the
// calibrated strength is a better probability of intent than the raw one
// (Brier score and calibration error), and its buckets rise with it.
func TestCalibratedStrengthOnTheTestSplit(t *testing.T) {
	test := labelled.Split("test")
	d := Default()
	raw := make([]engine.Detection, len(test))
	cal := make([]engine.Detection, len(test))
	for i, e := range test {
		r := d.read(e.Title, e.Text)
		raw[i] = r.det
		cal[i] = d.DetectLive(engine.Post{Title: e.Title, Text: e.Text})
		if cal[i].Intent != r.det.Intent || cal[i].SignalType != r.det.SignalType {
			t.Fatalf("%s: calibration changed the call: %+v against %+v", e.ID, cal[i], r.det)
		}
		if cal[i].Intent && cal[i].Strength != d.cal.prob(r) {
			t.Fatalf("%s: strength %v, calibration says %v", e.ID, cal[i].Strength, d.cal.prob(r))
		}
	}
	rr, rc := evaluate.Reliable(test, raw), evaluate.Reliable(test, cal)
	t.Logf("test split, %d live calls: Brier %.4f raw, %.4f calibrated; ECE %.3f raw, %.3f calibrated", rc.Live, rr.Brier, rc.Brier, ece(rr), ece(rc))
	if rc.Brier >= rr.Brier {
		t.Errorf("Brier score calibrated %.4f, raw %.4f: calibration should help", rc.Brier, rr.Brier)
	}
	if ece(rc) >= ece(rr) || ece(rc) > 0.05 {
		t.Errorf("calibration error %.3f calibrated, %.3f raw", ece(rc), ece(rr))
	}
	// Monotone-ish: among buckets with enough calls to say, a stronger
	// bucket is not clearly less often right than a weaker one.
	last := -1.0
	for _, b := range rc.Buckets {
		if b.N < 20 {
			continue
		}
		if b.Observed < last-0.1 {
			t.Errorf("bucket %.1f–%.1f: %.2f with intent, below a weaker bucket's %.2f", b.Lo, b.Hi, b.Observed, last)
		}
		last = math.Max(last, b.Observed)
	}
	// A threshold buys precision.
	if rc.AtLeast[4] <= rc.AtLeast[0] {
		t.Errorf("precision at ≥0.9 %.2f, at ≥0.5 %.2f: a higher threshold should be more precise", rc.AtLeast[4], rc.AtLeast[0])
	}
}
