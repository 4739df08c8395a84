package detect

import "github.com/signalpipe/signalpipe/internal/engine"

// LiveReading is one read of a post for the relevance model (package icp):
// the live detection (DetectLive's), the kind of signal the post reports
// when its window is shut (Detect's type; None when neither), and the live
// model's probability of a live signal (-1 without a model).
type LiveReading struct {
	Live       engine.Detection
	Kind       engine.SignalType
	IntentProb float64
}

// ReadLive reads a post once for DetectLive's detection, Detect's type and the
// live model's probability.
func (d *Detector) ReadLive(p engine.Post) LiveReading {
	s := d.pool.Get().(*scratch)
	defer d.pool.Put(s)
	d.prepare(s, p.Title, p.Text)
	r := d.findLive(s)
	if r.det.Intent && d.cal != nil && r.pIntent >= 0 {
		r.det.Strength = d.cal.prob(r)
	}
	out := LiveReading{Live: withLabels(r.det), Kind: r.det.SignalType, IntentProb: r.pIntent}
	if out.Kind == engine.None && d.kind != nil {
		if k, ok := d.kind.call(softmax(d.kind.logits(s))); ok && k != 0 {
			out.Kind = Classes[k]
		}
	}
	return out
}
