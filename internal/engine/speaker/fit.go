package speaker

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"sort"
)

// Fitting is offline: go generate runs ./gen, which reads the training
// corpus, chooses the settings by cross-validation and fits through the
// kit below. Nothing here runs when Read classifies a post.

// modelSpec is what the trainer writes (model_table.go).
type modelSpec struct {
	digest     string  // Digest of what it was trained from
	l2         float64 // the fit's settings, as chosen
	priorScale float64
	balanced   bool
	bias       [nOut]float32
	feats      []feat
}

// Sample is one labelled post as the fitter sees it.
type Sample struct {
	ID, Group   string // Group: the post's category (cross-validation holds categories out)
	Title, Text string
	Role        Role
	Stage       Stage
}

// FitOptions are the fit's settings.
type FitOptions struct {
	L2         float64 // L2 penalty on the weights
	PriorScale float64 // how much the cues' fixed priors count (0: not at all)
	// Balanced weighs each post by the inverse frequency of its role (in
	// the role loss) and of its stage (in the stage loss), so a rare class
	// counts as much as a common one.
	Balanced bool
}

// Model is a fitted model, to read posts with before it is written.
type Model struct{ t *table }

// Read is speaker.Read with this model.
func (m Model) Read(title, text string) Reading {
	return m.t.read(&scratch{}, title, text, false)
}

// minDF is how many training posts a feature must appear in to be kept.
const minDF = 2

func roleIndex(r Role) (int, error) {
	for k, v := range Roles {
		if v == r {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown author role %q", r)
}

func stageIndex(st Stage) (int, error) {
	for k, v := range Stages {
		if v == st {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown stage %q", st)
}

// Fit fits both models on samples. It is deterministic: the same samples
// and options give the same weights.
func Fit(samples []Sample, opt FitOptions) (Model, error) {
	spec, err := fitSpec(samples, opt)
	if err != nil {
		return Model{}, err
	}
	return Model{newTable(spec)}, nil
}

func fitSpec(samples []Sample, opt FitOptions) (modelSpec, error) {
	type doc struct {
		idx   []int32
		prior [nOut]float64
		y     [2]int
		wt    [2]float64
	}
	names := map[uint64]string{}
	df := map[uint64]int{}
	feats := make([][]Feature, len(samples))
	docs := make([]doc, len(samples))
	var count [2][nRoles]int
	for i, e := range samples {
		fs, pr := Features(e.Title, e.Text)
		feats[i] = fs
		for _, f := range fs {
			names[f.Hash] = f.Name
			df[f.Hash]++
		}
		ri, err := roleIndex(e.Role)
		if err != nil {
			return modelSpec{}, fmt.Errorf("%s: %w", e.ID, err)
		}
		si, err := stageIndex(e.Stage)
		if err != nil {
			return modelSpec{}, fmt.Errorf("%s: %w", e.ID, err)
		}
		docs[i] = doc{prior: pr, y: [2]int{ri, si}, wt: [2]float64{1, 1}}
		count[0][ri]++
		count[1][si]++
	}
	if opt.Balanced {
		for i := range docs {
			for h, n := range [2]int{nRoles, nStages} {
				present := 0
				for _, c := range count[h][:n] {
					if c > 0 {
						present++
					}
				}
				docs[i].wt[h] = float64(len(samples)) / float64(present*count[h][docs[i].y[h]])
			}
		}
	}
	var hs []uint64
	for h, n := range df {
		if n >= minDF {
			hs = append(hs, h)
		}
	}
	sort.Slice(hs, func(i, j int) bool { return hs[i] < hs[j] })
	index := make(map[uint64]int32, len(hs))
	for i, h := range hs {
		index[h] = int32(i)
	}
	for i, fs := range feats {
		for _, f := range fs {
			if j, ok := index[f.Hash]; ok {
				docs[i].idx = append(docs[i].idx, j)
			}
		}
	}
	// Full-batch gradient descent with AdaGrad steps on the weighted mean
	// cross-entropy of both heads plus l2·|w|²: deterministic.
	const iters, rate = 250, 0.5
	nf := len(hs)
	w := make([][nOut]float64, nf)
	gw := make([][nOut]float64, nf)
	acc := make([][nOut]float64, nf)
	var b, gb, accb [nOut]float64
	var norm [2]float64
	for _, d := range docs {
		norm[0] += d.wt[0]
		norm[1] += d.wt[1]
	}
	for range iters {
		clear(gw)
		gb = [nOut]float64{}
		for _, d := range docs {
			var z [nOut]float64
			for k := range z {
				z[k] = b[k] + d.prior[k]*opt.PriorScale
			}
			for _, f := range d.idx {
				for k := range z {
					z[k] += w[f][k]
				}
			}
			var g [nOut]float64
			softmax(z[:nRoles], g[:nRoles])
			softmax(z[nRoles:], g[nRoles:])
			g[d.y[0]]--
			g[nRoles+d.y[1]]--
			for k := range g {
				h := 0
				if k >= nRoles {
					h = 1
				}
				g[k] *= d.wt[h] / norm[h]
				gb[k] += g[k]
			}
			for _, f := range d.idx {
				for k := range g {
					gw[f][k] += g[k]
				}
			}
		}
		for f := range w {
			for k := range w[f] {
				g := gw[f][k] + 2*opt.L2*w[f][k]
				acc[f][k] += g * g
				w[f][k] -= rate * g / (math.Sqrt(acc[f][k]) + 1e-8)
			}
		}
		for k := range b {
			accb[k] += gb[k] * gb[k]
			b[k] -= rate * gb[k] / (math.Sqrt(accb[k]) + 1e-8)
		}
	}
	spec := modelSpec{l2: opt.L2, priorScale: opt.PriorScale, balanced: opt.Balanced}
	for k := range b {
		spec.bias[k] = float32(b[k])
	}
	for i, h := range hs {
		// Weights the fit left near zero would not move a decision: they
		// are dropped to keep the table small.
		big := false
		var fw [nOut]float32
		for k, v := range w[i] {
			fw[k] = float32(v)
			big = big || math.Abs(v) >= 0.01
		}
		if big {
			spec.feats = append(spec.feats, feat{hash: h, name: names[h], w: fw})
		}
	}
	return spec, nil
}

// Digest fingerprints what a model is trained from: the posts, their
// labels and the cue table (whose cues are features and priors). A test
// compares it with the generated table's, so a change to either without
// go generate is caught.
func Digest(samples []Sample) string {
	h := sha256.New()
	for _, e := range samples {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00%s\n", e.ID, e.Group, e.Title, e.Text, e.Role, e.Stage)
	}
	for _, c := range cueTable {
		fmt.Fprintf(h, "%s\x00%d\x00%g\x00%v\x00%q\n", c.name, c.out, c.weight, c.title, c.phrases)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// GeneratedDigest is the digest model_table.go was trained from.
func GeneratedDigest() string { return modelData.digest }

// WriteTable writes m as the Go source of model_table.go, stamped with
// digest.
func WriteTable(w io.Writer, m Model, digest string) error {
	t := m.t
	p := func(format string, a ...any) { fmt.Fprintf(w, format, a...) }
	p("// Code generated by speaker/gen from the real-post training corpus; DO NOT EDIT.\n\npackage speaker\n\n")
	p("var modelData = modelSpec{\n\tdigest: %q,\n\tl2: %g,\n\tpriorScale: %g,\n\tbalanced: %v,\n\tbias: %s,\n\tfeats: []feat{\n", digest, t.l2, t.priorScale, t.balanced, weights(t.bias))
	for _, f := range t.feats {
		p("\t\t{%#x, %q, %s},\n", f.hash, f.name, weights(f.w))
	}
	p("\t},\n}\n")
	return nil
}

func weights(w [nOut]float32) string {
	s := "[nOut]float32{"
	for k, v := range w {
		if k > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%.4g", v)
	}
	return s + "}"
}

// ShippedOptions are the settings the shipped table was fitted with (the
// ones speaker/gen chose by cross-validation), to fit the same model on
// part of the corpus (the relevance model's out-of-fold readings).
func ShippedOptions() FitOptions {
	return FitOptions{L2: modelData.l2, PriorScale: modelData.priorScale, Balanced: modelData.balanced}
}
