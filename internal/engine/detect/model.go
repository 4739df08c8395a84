package detect

import (
	"math"
	"sort"
)

//go:generate go run ./modelgen -real ../realcorpus/testdata -short train/testdata/realshort/posts.jsonl -out model_table.go
//go:generate go run ./calibgen -real ../realcorpus/testdata -short train/testdata/realshort/posts.jsonl -out calibration_table.go

// modelFeature is one row of the generated weight table.
type modelFeature struct {
	hash uint64
	name string
	w    [nClasses]float32
}

// modelSpec is what the offline trainer writes (model_table.go).
type modelSpec struct {
	digest string // TrainDigest of what it was trained from
	bias   [nClasses]float32
	tau    float64 // probability the model needs to overrule the rules
	// arbiter: the model's confident call wins over the rules' whatever
	// they said; otherwise it only fills in posts the rules call none.
	arbiter bool
	// l2 and realWeight are the fit's settings (TrainModel), kept so
	// calibgen can refit the model on parts of the same posts.
	l2, realWeight float64
	feats          []modelFeature
}

// model is a multinomial logistic regression over hashed features,
// trained offline on the labelled set's train split (go generate). It
// works with the rule cues: as a backup, when no cue clears Threshold but
// the model is confident a post shows a signal, its call is taken; as an
// arbiter, its confident call wins whatever the rules said. The
// features that weighed most are reported as its cues.
type model struct {
	index   map[uint64]int32
	feats   []modelFeature
	bias    [nClasses]float32
	tau     float64
	arbiter bool
}

func newModel(spec modelSpec) *model {
	m := &model{index: make(map[uint64]int32, len(spec.feats)), feats: spec.feats, bias: spec.bias, tau: spec.tau, arbiter: spec.arbiter}
	for i, f := range spec.feats {
		m.index[f.hash] = int32(i)
	}
	return m
}

// logits sums the weights of the post's features, per class, counting a
// feature at most maxCount times as training does: a word a long post
// repeats must not outweigh the rest.
func (m *model) logits(s *scratch) [nClasses]float64 {
	var z [nClasses]float64
	for k, b := range m.bias {
		z[k] = float64(b)
	}
	if len(s.count) < len(m.feats) {
		s.count = make([]uint8, len(m.feats))
	}
	if !s.hashed {
		s.hashes = s.hashes[:0]
		features(s, func(f *feature) { s.hashes = append(s.hashes, f.hash) })
		s.hashed = true
	}
	s.counted = s.counted[:0]
	for _, h := range s.hashes {
		i, ok := m.index[h]
		if !ok || s.count[i] >= maxCount {
			continue
		}
		if s.count[i] == 0 {
			s.counted = append(s.counted, i)
		}
		s.count[i]++
		for k, w := range m.feats[i].w {
			z[k] += float64(w)
		}
	}
	for _, i := range s.counted {
		s.count[i] = 0
	}
	return z
}

// softmax turns logits into probabilities.
func softmax(z [nClasses]float64) [nClasses]float64 {
	mx := z[0]
	for _, v := range z[1:] {
		mx = math.Max(mx, v)
	}
	var p [nClasses]float64
	sum := 0.0
	for k, v := range z {
		p[k] = math.Exp(v - mx)
		sum += p[k]
	}
	for k := range p {
		p[k] /= sum
	}
	return p
}

// explain names the features that pushed class k up the most against
// the runner-up classes, best first (at most n).
func (m *model) explain(s *scratch, k, n int) []string {
	type contrib struct {
		name string
		w    float64
	}
	seen := map[int32]bool{}
	var cs []contrib
	features(s, func(ft *feature) {
		i, ok := m.index[ft.hash]
		if !ok || seen[i] {
			return
		}
		seen[i] = true
		f := &m.feats[i]
		w := float64(f.w[k])
		for j, o := range f.w {
			if j != k {
				w -= float64(o) / (nClasses - 1)
			}
		}
		if w > 0 {
			cs = append(cs, contrib{f.name, w})
		}
	})
	sort.Slice(cs, func(i, j int) bool { return cs[i].w > cs[j].w })
	out := make([]string, 0, n)
	for _, c := range cs[:min(n, len(cs))] {
		out = append(out, "model: "+c.name)
	}
	return out
}

// call returns the class (indexing Classes, none included) the model
// gives at least tau probability, if any.
func (m *model) call(p [nClasses]float64) (int, bool) {
	best := 0
	for k := 1; k < nClasses; k++ {
		if p[k] > p[best] {
			best = k
		}
	}
	return best, p[best] >= m.tau
}
