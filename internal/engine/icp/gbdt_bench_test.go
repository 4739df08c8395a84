package icp

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkFitBoost fits the boosted model on 50,000 synthetic pairs of the
// real feature count (the corpus' size: 28 ICPs × 1,795 posts).
func BenchmarkFitBoost(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	ex := make([]Example, 50000)
	for i := range ex {
		x := make([]float64, nFeatures)
		for f := range x {
			if rng.Float64() < 0.2 {
				x[f] = float64(rng.IntN(4)) / 3
			}
		}
		ex[i] = Example{X: x, Y: x[0]+x[1] > 1 && x[2] > 0, Group: "g"}
	}
	for b.Loop() {
		fitBoost(ex, BoostOptions{})
	}
}
