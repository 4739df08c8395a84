package icp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Boosted trees: the relevance model's second form. A logistic regression
// adds its features up one by one; trees read them together (a competitor
// named by a buyer in a live move is not the sum of the three), which is
// what the real posts need. Gradient boosting of small regression trees on
// the logistic loss, each split on one feature's threshold, fitted with
// histograms over the features' distinct values (most features are 0/1 or
// a few levels).

// Node is one node of a tree: a split (Feature >= 0: x[Feature] < Split
// goes Left, else Right) or a leaf (Feature < 0) holding Value, the
// log-odds it adds.
type Node struct {
	Feature int     `json:"f"`
	Split   float64 `json:"s,omitempty"`
	Left    int     `json:"l,omitempty"`
	Right   int     `json:"r,omitempty"`
	Value   float64 `json:"v,omitempty"`
}

// Tree is a regression tree; its first node is the root.
type Tree []Node

// BoostOptions set the boosted fit.
type BoostOptions struct {
	Trees     int     // rounds; 0 means 200
	Depth     int     // 0 means 3
	Rate      float64 // shrinkage; 0 means 0.15
	MinLeaf   float64 // the least hessian in a leaf; 0 means 5
	Lambda    float64 // L2 on leaf values; 0 means 1
	Subsample float64 // rows per tree; 0 means 0.8
	Seed      uint64
	MaxBins   int // 0 means 32
}

func (o *BoostOptions) defaults() {
	if o.Trees == 0 {
		o.Trees = 200
	}
	if o.Depth == 0 {
		o.Depth = 3
	}
	if o.Rate == 0 {
		o.Rate = 0.15
	}
	if o.MinLeaf == 0 {
		o.MinLeaf = 5
	}
	if o.Lambda == 0 {
		o.Lambda = 1
	}
	if o.Subsample == 0 {
		o.Subsample = 0.8
	}
	if o.Seed == 0 {
		o.Seed = 30
	}
	if o.MaxBins == 0 {
		o.MaxBins = 32
	}
}

// treesLogit is the trees' log-odds for x.
func treesLogit(trees []Tree, base float64, x []float64) float64 {
	z := base
	for _, t := range trees {
		i := 0
		for t[i].Feature >= 0 {
			if x[t[i].Feature] < t[i].Split {
				i = t[i].Left
			} else {
				i = t[i].Right
			}
		}
		z += t[i].Value
	}
	return z
}

// contributions splits x's log-odds over the features (each split's change
// of the node's mean value is its feature's, Saabas' method): the reasons a
// boosted model gives.
func treesContributions(trees []Tree, means [][]float64, x []float64, out []float64) {
	for k, t := range trees {
		i := 0
		for t[i].Feature >= 0 {
			next := t[i].Right
			if x[t[i].Feature] < t[i].Split {
				next = t[i].Left
			}
			out[t[i].Feature] += means[k][next] - means[k][i]
			i = next
		}
	}
}

// fitBoost fits boosted trees to examples, positives weighted as fit does.
// It returns the trees, the base log-odds and each tree's node means (for
// contributions).
func fitBoost(ex []Example, opt BoostOptions) ([]Tree, float64, [][]float64) {
	opt.defaults()
	nf := int(nFeatures)
	if len(ex) > 0 {
		nf = len(ex[0].X)
	}
	// Bins: each feature's cut points from its distinct values (quantiles
	// when there are many).
	cuts := make([][]float64, nf)
	for f := range nf {
		vals := make([]float64, len(ex))
		for i, e := range ex {
			vals[i] = e.X[f]
		}
		slices.Sort(vals)
		vals = slices.Compact(vals)
		if len(vals) > opt.MaxBins {
			q := make([]float64, 0, opt.MaxBins)
			for b := 1; b < opt.MaxBins; b++ {
				q = append(q, vals[b*len(vals)/opt.MaxBins])
			}
			vals = slices.Compact(q)
		} else if len(vals) > 0 {
			vals = vals[1:] // a cut at each value above the least
		}
		cuts[f] = vals
	}
	// Bins by feature (column-major: a node's histogram walks one feature's
	// column): bin b holds the values with b cuts at or below them.
	bin := make([][]uint8, nf)
	for f := range nf {
		bin[f] = make([]uint8, len(ex))
		for i, e := range ex {
			b, _ := slices.BinarySearch(cuts[f], e.X[f])
			if b < len(cuts[f]) && cuts[f][b] == e.X[f] {
				b++
			}
			bin[f][i] = uint8(b)
		}
	}
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
	w := make([]float64, len(ex))
	var sw, swy float64
	for i, e := range ex {
		w[i] = 1
		if e.Y {
			w[i] = wPos
			swy += wPos
		}
		sw += w[i]
	}
	base := math.Log(swy / (sw - swy))
	z := make([]float64, len(ex))
	for i := range z {
		z[i] = base
	}
	g, h := make([]float64, len(ex)), make([]float64, len(ex))
	rng := rand.New(rand.NewPCG(opt.Seed, 0xb005))
	var trees []Tree
	var means [][]float64
	rows := make([]int, 0, len(ex))
	for range opt.Trees {
		for i, e := range ex {
			p := 1 / (1 + math.Exp(-z[i]))
			y := 0.0
			if e.Y {
				y = 1
			}
			g[i], h[i] = w[i]*(p-y), w[i]*math.Max(p*(1-p), 1e-6)
		}
		rows = rows[:0]
		for i := range ex {
			if rng.Float64() < opt.Subsample {
				rows = append(rows, i)
			}
		}
		t, mean := growTree(rows, bin, cuts, g, h, opt)
		for i, e := range ex {
			z[i] += treesLogit([]Tree{t}, 0, e.X)
		}
		trees = append(trees, t)
		means = append(means, mean)
	}
	return trees, base, means
}

func growTree(rows []int, bin [][]uint8, cuts [][]float64, g, h []float64, opt BoostOptions) (Tree, []float64) {
	var t Tree
	var mean []float64
	hist, hist2 := make([]float64, 256), make([]float64, 256)
	leaf := func(rs []int) float64 {
		var G, H float64
		for _, i := range rs {
			G += g[i]
			H += h[i]
		}
		return -G / (H + opt.Lambda)
	}
	var grow func(rs []int, depth int) int
	grow = func(rs []int, depth int) int {
		id := len(t)
		v := leaf(rs)
		t = append(t, Node{Feature: -1, Value: v * opt.Rate})
		mean = append(mean, v*opt.Rate)
		if depth == opt.Depth || len(rs) < 2 {
			return id
		}
		var G, H float64
		for _, i := range rs {
			G += g[i]
			H += h[i]
		}
		parent := G * G / (H + opt.Lambda)
		bestGain, bestF, bestB := 1e-9, -1, 0
		for f := range cuts {
			nb := len(cuts[f]) + 1
			if nb < 2 {
				continue
			}
			hg, hh := hist[:nb], hist2[:nb]
			clear(hg)
			clear(hh)
			col := bin[f]
			for _, i := range rs {
				b := col[i]
				hg[b] += g[i]
				hh[b] += h[i]
			}
			var lg, lh float64
			for b := 0; b < nb-1; b++ {
				lg += hg[b]
				lh += hh[b]
				rg, rh := G-lg, H-lh
				if lh < opt.MinLeaf || rh < opt.MinLeaf {
					continue
				}
				gain := lg*lg/(lh+opt.Lambda) + rg*rg/(rh+opt.Lambda) - parent
				if gain > bestGain {
					bestGain, bestF, bestB = gain, f, b
				}
			}
		}
		if bestF < 0 {
			return id
		}
		var l, r []int
		for _, i := range rs {
			if int(bin[bestF][i]) <= bestB {
				l = append(l, i)
			} else {
				r = append(r, i)
			}
		}
		t[id].Feature, t[id].Split = bestF, cuts[bestF][bestB]
		li := grow(l, depth+1)
		ri := grow(r, depth+1)
		t[id].Left, t[id].Right, t[id].Value = li, ri, 0
		return id
	}
	grow(rows, 0)
	return t, mean
}

// checkTrees refuses trees that would index out of range: a split on a
// feature the code does not have, a child outside its tree, a loop, or
// node means that do not match the nodes.
func checkTrees(trees []Tree, means [][]float64) error {
	if len(means) != len(trees) {
		return fmt.Errorf("%d trees but %d node-mean lists", len(trees), len(means))
	}
	for k, t := range trees {
		if len(t) == 0 || len(means[k]) != len(t) {
			return fmt.Errorf("tree %d: %d nodes, %d means", k+1, len(t), len(means[k]))
		}
		for i, n := range t {
			if n.Feature < 0 {
				if math.IsNaN(n.Value) || math.IsInf(n.Value, 0) {
					return fmt.Errorf("tree %d: a leaf value is not a number", k+1)
				}
				continue
			}
			if n.Feature >= int(nFeatures) {
				return fmt.Errorf("tree %d: a split on feature %d of %d", k+1, n.Feature+1, nFeatures)
			}
			// Children come after their parent (the fit writes trees
			// depth first), so a walk always ends.
			if n.Left <= i || n.Right <= i || n.Left >= len(t) || n.Right >= len(t) {
				return fmt.Errorf("tree %d: node %d has a child out of order", k+1, i+1)
			}
		}
	}
	return nil
}
