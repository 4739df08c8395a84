package detect

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Fitting is offline: go generate runs modelgen and calibgen, which choose
// the settings in internal/engine/detect/train (cross-validation scored
// with internal/engine/evaluate) and fit through the kit below; nothing
// here runs when the detector classifies posts, and this package does not
// import evaluate.

// Sample is one labelled post as the fitter sees it (train builds them
// from the labelled set's train split).
type Sample struct {
	ID, Title, Text string
	SignalType      engine.SignalType
	Intent          bool
	// Weight is the post's weight in the loss through Spec fitting (0: 1).
	Weight float64
}

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

// fitSpec builds the vocabulary from ex and fits the weights to the
// targets target gives (an index into Classes), each post counting as
// much in the loss as weight says (nil: one each).
func fitSpec(d *Detector, ex []Sample, l2 float64, target func(Sample) int, weight func(Sample) float64) modelSpec {
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

func buildDataset(d *Detector, ex []Sample, target func(Sample) int, weight func(Sample) float64) dataset {
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
func classIndex(e Sample) int {
	if !e.Intent {
		return 0
	}
	return typeClass(e)
}

// kindIndex is the kind model's target: the type a post reports, with
// intent or without.
func kindIndex(e Sample) int { return typeClass(e) }

func typeClass(e Sample) int {
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
func TrainDigest(train []Sample) string {
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
