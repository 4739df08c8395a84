package icp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
)

// Example is one (ICP, post) pair for training: its features, whether it
// is labelled relevant, and the group (the ICP's category) it belongs to.
type Example struct {
	X     []float64
	Y     bool
	Group string
}

// Features computes the model's features of a subject (for training and
// tests; the pipeline calls Relevance).
func (m *Matcher) Features(s Subject) []float64 {
	r := m.features(s)
	return r.x[:]
}

// TrainOptions set the fit. The zero value is the shipped model's.
type TrainOptions struct {
	Seed   uint64  // shuffling; 0 means 30
	Epochs int     // 0 means 150
	LR     float64 // the first step's learning rate; 0 means 0.2
	L2     float64 // 0 means 1e-3
	// Beta weighs recall against precision when the threshold is chosen
	// (F-beta); 0 means 0.7, leaning to precision.
	Beta float64
	// Folds: the threshold is chosen on out-of-fold probabilities, the
	// examples split into this many folds by group (whole categories out),
	// so it is the threshold that holds on categories the fit did not see;
	// 0 means 5.
	Folds int
	// Logistic fits the logistic regression (Epochs, LR, L2) instead of
	// the boosted trees the shipped model is (gbdt.go; Trees and Depth set
	// them, BoostOptions' defaults when 0).
	Logistic bool
	Trees    int
	Depth    int
	// Bag fits this many boosted models, each with its own seed (Seed,
	// Seed+1, ...), and averages their log-odds: one model is a draw of its
	// row samples, and on categories it never saw its figures move by a few
	// points from seed to seed; the average moves less. 0 means 1.
	Bag int
}

func (o *TrainOptions) defaults() {
	if o.Seed == 0 {
		o.Seed = 30
	}
	if o.Epochs == 0 {
		o.Epochs = 150
	}
	if o.LR == 0 {
		o.LR = 0.2
	}
	if o.L2 == 0 {
		o.L2 = 1e-3
	}
	if o.Beta == 0 {
		o.Beta = 0.7
	}
	if o.Folds == 0 {
		o.Folds = 5
		if !o.Logistic {
			o.Folds = 3 // a boosted fit costs more; 3 folds hold 9-10 categories out each
		}
	}
}

// Train fits the relevance model: boosted trees (gbdt.go), or with
// opt.Logistic a logistic regression by stochastic gradient descent; each
// with a fixed seed (so the same examples give the same model), positives
// weighted up to balance the classes; then the threshold that maximises
// F-beta on group-held-out probabilities.
func Train(ex []Example, opt TrainOptions) (*Model, error) {
	opt.defaults()
	pos := 0
	for _, e := range ex {
		if len(e.X) != int(nFeatures) {
			return nil, fmt.Errorf("train: an example has %d features, want %d", len(e.X), nFeatures)
		}
		if e.Y {
			pos++
		}
	}
	if pos == 0 || pos == len(ex) {
		return nil, fmt.Errorf("train: need relevant and other examples (%d of %d relevant)", pos, len(ex))
	}
	// The model and the fold models that choose its threshold are fitted
	// side by side (each is deterministic on its own examples).
	var m *Model
	var wg sync.WaitGroup
	wg.Go(func() { m = fitModel(ex, opt) })
	// Threshold on out-of-fold probabilities, folds by group.
	var groups []string
	seen := map[string]bool{}
	for _, e := range ex {
		if !seen[e.Group] {
			seen[e.Group] = true
			groups = append(groups, e.Group)
		}
	}
	slices.Sort(groups)
	fold := map[string]int{}
	for i, g := range groups {
		fold[g] = i % opt.Folds
	}
	probs := make([]float64, len(ex))
	for k := range min(opt.Folds, len(groups)) {
		wg.Go(func() {
			var train []Example
			for _, e := range ex {
				if fold[e.Group] != k {
					train = append(train, e)
				}
			}
			fm := fitModel(train, opt)
			for i, e := range ex {
				if fold[e.Group] == k {
					probs[i] = fm.Prob(e.X)
				}
			}
		})
	}
	wg.Wait()
	if len(groups) < 2 {
		for i, e := range ex {
			probs[i] = m.Prob(e.X)
		}
	}
	m.Threshold = bestThreshold(ex, probs, opt.Beta)
	var tp, fp int
	for i, e := range ex {
		if probs[i] >= m.Threshold {
			if e.Y {
				tp++
			} else {
				fp++
			}
		}
	}
	fitted := fmt.Sprintf("SGD %d epochs, rate %g, L2 %g, seed %d", opt.Epochs, opt.LR, opt.L2, opt.Seed)
	if !opt.Logistic {
		b := opt.boost()
		b.defaults()
		fitted = fmt.Sprintf("boosted trees: %d of depth %d, rate %g, rows %g, seed %d", b.Trees, b.Depth, b.Rate, b.Subsample, b.Seed)
		if opt.Bag > 1 {
			fitted += fmt.Sprintf(", %d bagged models (seeds %d-%d) averaged", opt.Bag, b.Seed, b.Seed+uint64(opt.Bag)-1)
		}
	}
	m.Trained = fmt.Sprintf("%d pairs (%d relevant) over %d groups; %s; threshold by F%.1f on %d-fold group-held-out probabilities (there: pair precision %.2f, recall %.2f)",
		len(ex), pos, len(groups), fitted, opt.Beta, opt.Folds, ratio(tp, tp+fp), ratio(tp, pos))
	return m, nil
}

// fitModel fits the model kind opt asks for.
func fitModel(ex []Example, opt TrainOptions) *Model {
	if opt.Logistic {
		return fit(ex, opt)
	}
	bag := max(1, opt.Bag)
	var trees []Tree
	var means [][]float64
	var base float64
	for b := range bag {
		bo := opt.boost()
		bo.defaults()
		bo.Seed += uint64(b)
		t, bb, mm := fitBoost(ex, bo)
		trees, means, base = append(trees, t...), append(means, mm...), base+bb/float64(bag)
	}
	for k, t := range trees {
		for i := range t {
			t[i].Value = math.Round(t[i].Value/float64(bag)*1e6) / 1e6
			means[k][i] = math.Round(means[k][i]/float64(bag)*1e6) / 1e6
		}
	}
	return &Model{Features: slices.Clone(FeatureNames), Bias: math.Round(base*1e6) / 1e6, Trees: trees, Means: means, Threshold: 0.5}
}

func (o TrainOptions) boost() BoostOptions {
	return BoostOptions{Trees: o.Trees, Depth: o.Depth, Seed: o.Seed}
}

func fit(ex []Example, opt TrainOptions) *Model {
	pos := 0
	for _, e := range ex {
		if e.Y {
			pos++
		}
	}
	wPos := 1.0
	if pos > 0 {
		wPos = math.Min(8, float64(len(ex)-pos)/float64(pos))
	}
	w := make([]float64, nFeatures)
	b := 0.0
	order := make([]int, len(ex))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5167))
	step := 0
	for range opt.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			e := &ex[i]
			step++
			lr := opt.LR / (1 + float64(step)/float64(len(ex)*5))
			z := b
			for f, v := range e.X {
				z += w[f] * v
			}
			p := 1 / (1 + math.Exp(-z))
			y, cw := 0.0, 1.0
			if e.Y {
				y, cw = 1, wPos
			}
			g := cw * (p - y)
			for f, v := range e.X {
				w[f] -= lr * (g*v + opt.L2*w[f])
			}
			b -= lr * g
		}
	}
	for f := range w {
		w[f] = math.Round(w[f]*1e6) / 1e6
	}
	return &Model{Features: slices.Clone(FeatureNames), Weights: w, Bias: math.Round(b*1e6) / 1e6, Threshold: 0.5}
}

// bestThreshold is the probability cut with the best F-beta, over cuts
// 0.05-0.95 by 0.01.
func bestThreshold(ex []Example, probs []float64, beta float64) float64 {
	best, at := -1.0, 0.5
	b2 := beta * beta
	for c := 5; c <= 95; c++ {
		t := float64(c) / 100
		var tp, fp, fn float64
		for i, e := range ex {
			switch {
			case probs[i] >= t && e.Y:
				tp++
			case probs[i] >= t:
				fp++
			case e.Y:
				fn++
			}
		}
		if tp == 0 {
			continue
		}
		p, r := tp/(tp+fp), tp/(tp+fn)
		if f := (1 + b2) * p * r / (b2*p + r); f > best {
			best, at = f, t
		}
	}
	return at
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
