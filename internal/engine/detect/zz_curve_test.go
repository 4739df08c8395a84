package detect

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
	"github.com/signalpipe/signalpipe/internal/engine/labelled"
)

// Learning curve: fraction of real-shaped train rows in the fit folds.
func TestZZCurve(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	train := labelled.Split("train")
	d, _ := New(allCues())
	order := rand.New(rand.NewPCG(7, 7)).Perm(len(train))
	var real []int
	for i, e := range train {
		if labelled.RealShaped(e) {
			real = append(real, i)
		}
	}
	keep := rand.New(rand.NewPCG(3, 3)).Perm(len(train)) // rank for subsampling
	for _, frac := range []float64{0, 0.25, 0.5, 0.75, 1} {
		dets := make([]engine.Detection, len(train))
		for f := 0; f < 5; f++ {
			var fit []evaluate.Example
			var held []int
			for i, j := range order {
				if i%5 == f {
					held = append(held, j)
					continue
				}
				if labelled.RealShaped(train[j]) && float64(keep[j]) >= frac*float64(len(train)) {
					continue
				}
				fit = append(fit, train[j])
			}
			w := func(e evaluate.Example) float64 {
				if labelled.RealShaped(e) {
					return 4
				}
				return 1
			}
			live := fitSpec(d, fit, 3e-3, classIndex, w)
			live.tau, live.arbiter = 0.8, true
			kind := fitSpec(d, fit, 3e-4, kindIndex, w)
			kind.tau = 0.4
			fd, _ := New(allCues())
			fd.model, fd.kind = newModel(live), newModel(kind)
			for _, j := range held {
				dets[j] = fd.DetectText(train[j].Title, train[j].Text)
			}
		}
		r := replay(train, dets)
		ri, rm := subsetScore(train, real, dets)
		fmt.Printf("frac %.2f: all %.3f / %.3f  real %.3f / %.3f\n", frac, r.IntentAccuracy, r.MacroF1, ri, rm)
	}
}
