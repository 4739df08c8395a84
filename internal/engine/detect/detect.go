package detect

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Threshold is the evidence a type needs, after counter-evidence, to be
// called; below it a post is "none" with no intent.
const Threshold = 1.0

// negatedPenalty is taken from a type for each of its cues that appeared
// but was negated ("we're not hiring").
const negatedPenalty = 0.6

// incumbentBonus is added to competitor engagement when a vendor is named
// and the type already has enough evidence on its own.
const incumbentBonus = 0.6

// Detector finds signals in posts. It is safe for concurrent use; the zero
// value is not usable, call New or use Default.
type Detector struct {
	model *model // nil: rules only
	// kind names the type of a post in which no live signal was found
	// (a signal whose window is shut); nil: such posts are none.
	kind *model
	// cal turns a live call's evidence into a calibrated probability
	// (calibrate.go); nil: Strength is the uncalibrated score.
	cal     *calibration
	byWord  map[string][]*pattern
	atStart map[string][]*pattern // patterns written "^word …": only at the start of a sentence
	byClass []*pattern
	pool    sync.Pool
}

type scratch struct {
	toks   []string
	flags  []uint8
	cls    []classBit
	fired  map[*cue]bool
	negged map[*cue]bool
	vendor bool // a known vendor is named somewhere in the post
	// count and counted let the model cap a feature's count per post,
	// as training does (maxCount).
	count   []uint8
	counted []int32
	// hashes are the post's feature hashes (repeats included), worked out
	// once by the first model that asks and shared by the second.
	hashes []uint64
	hashed bool
}

var (
	defaultOnce sync.Once
	defaultDet  *Detector
)

// allCues is the detector's whole cue table: cueTable with breadthCues
// and longformCues merged in. A later cue with the name and type of an
// existing cue adds phrases to it (keeping its weight), so one idea counts
// once however many ways it is phrased.
func allCues() []cue {
	out := slices.Clone(cueTable)
	for _, b := range slices.Concat(breadthCues, longformCues) {
		merged := false
		for i := range out {
			if out[i].name == b.name && out[i].typ == b.typ && out[i].gate == b.gate {
				out[i].phrases = append(append([]string{}, out[i].phrases...), b.phrases...)
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, b)
		}
	}
	return out
}

// Default returns the detector built from the package's cue tables and
// its trained model (model_table.go).
func Default() *Detector {
	defaultOnce.Do(func() {
		d, err := New(allCues())
		if err != nil {
			panic(err)
		}
		d.model = newModel(modelData)
		d.kind = newModel(kindData)
		if calibrationData.digest == modelData.digest {
			d.cal = &calibrationData // else stale: a test fails, go generate refits it
		}
		defaultDet = d
	})
	return defaultDet
}

// RulesOnly returns a detector with the package's cue tables and no
// model, to measure what the model adds.
func RulesOnly() *Detector {
	d, err := New(allCues())
	if err != nil {
		panic(err)
	}
	return d
}

// New compiles a cue table; the detector it returns uses the rules alone.
func New(cues []cue) (*Detector, error) {
	d := &Detector{byWord: map[string][]*pattern{}, atStart: map[string][]*pattern{}}
	for i := range cues {
		c := &cues[i]
		if c.unless != "" && !slices.ContainsFunc(cues, func(o cue) bool { return o.typ == c.typ && o.name == c.unless }) {
			return nil, fmt.Errorf("cue %q: unless names no %s cue %q", c.name, c.typ, c.unless)
		}
		for _, ph := range c.phrases {
			p, err := compile(ph, c)
			if err != nil {
				return nil, fmt.Errorf("cue %q: %w", c.name, err)
			}
			if p.elems[0].class != 0 {
				d.byClass = append(d.byClass, p)
				if p.elems[0].kind == elemClass {
					continue
				}
			}
			for _, w := range p.elems[0].words {
				if p.atStart {
					d.atStart[w] = append(d.atStart[w], p)
					continue
				}
				d.byWord[w] = append(d.byWord[w], p)
			}
		}
	}
	d.pool.New = func() any {
		return &scratch{toks: make([]string, 0, 256), flags: make([]uint8, 0, 256), cls: make([]classBit, 0, 256),
			fired: map[*cue]bool{}, negged: map[*cue]bool{}}
	}
	return d, nil
}

// Detect classifies a post (title and text; other fields are not used).
func (d *Detector) Detect(p engine.Post) engine.Detection {
	return d.DetectText(p.Title, p.Text)
}

// DetectLive is Detect for callers that want live signals only (leads):
// a post with no live signal is none, and the kind model, which names the
// type of a signal whose window is shut, is not consulted.
func (d *Detector) DetectLive(p engine.Post) engine.Detection {
	s := d.pool.Get().(*scratch)
	defer d.pool.Put(s)
	d.prepare(s, p.Title, p.Text)
	return withLabels(d.decideLive(s))
}

// DetectText classifies a title and body.
func (d *Detector) DetectText(title, text string) engine.Detection {
	s := d.pool.Get().(*scratch)
	defer d.pool.Put(s)
	d.prepare(s, title, text)
	return withLabels(d.decide(s))
}

// withLabels adds the readable cue labels to a live signal.
func withLabels(det engine.Detection) engine.Detection {
	if det.Intent {
		det.CueLabels = Labels(det.Cues)
	}
	return det
}

// prepare tokenizes a post into s and runs the cue scan.
func (d *Detector) prepare(s *scratch, title, text string) {
	s.toks, s.flags = tokenize(plainText(title), s.toks[:0], s.flags[:0])
	s.toks, s.flags = append(s.toks, boundary), append(s.flags, 0)
	s.toks, s.flags = tokenize(plainText(text), s.toks, s.flags)
	clear(s.fired)
	clear(s.negged)
	s.vendor, s.hashed = false, false
	d.scan(s)
}

func (d *Detector) scan(s *scratch) {
	toks, flags := s.toks, s.flags
	s.cls = s.cls[:0]
	for i, t := range toks {
		c := tokenClasses(t, flags[i])
		s.cls = append(s.cls, c)
		s.vendor = s.vendor || c&clsVendor != 0
	}
	cls := s.cls
	try := func(p *pattern, i int) {
		if s.fired[p.cue] {
			return
		}
		end, ok := p.matchAt(toks, cls, i)
		if !ok {
			return
		}
		if !p.hasNeg && negated(toks, flags, i, end) {
			// A negated cue does not fire; a negated signal cue ("we're
			// not hiring") also counts against its type, a negated
			// context cue ("not a retrospective") just stays silent.
			if p.cue.weight > 0 {
				s.negged[p.cue] = true
			}
			return
		}
		s.fired[p.cue] = true
	}
	for i, t := range toks {
		if t == boundary {
			continue
		}
		for _, p := range d.byWord[t] {
			try(p, i)
		}
		if i == 0 || toks[i-1] == boundary {
			for _, p := range d.atStart[t] {
				try(p, i)
			}
		}
		for _, p := range d.byClass {
			if cls[i]&p.elems[0].class != 0 {
				try(p, i)
			}
		}
	}
}

// decide turns the scan into a detection: the live signal, if any (see
// decideLive); failing that, the kind of signal the post reports with its
// window shut, where the kind model is confident.
func (d *Detector) decide(s *scratch) engine.Detection {
	det := d.decideLive(s)
	if det.SignalType != engine.None || d.kind == nil {
		return det
	}
	p := softmax(d.kind.logits(s))
	k, ok := d.kind.call(p)
	if !ok || k == 0 {
		return det
	}
	return engine.Detection{SignalType: Classes[k], Cues: append(det.Cues, d.kind.explain(s, k, 3)...)}
}

// decideLive finds a live signal: the rule cues, then the model where it
// is confident (see model); a live call's Strength is then calibrated
// (calibrate.go).
func (d *Detector) decideLive(s *scratch) engine.Detection {
	r := d.findLive(s)
	if r.det.Intent && d.cal != nil && r.pIntent >= 0 {
		r.det.Strength = d.cal.prob(r)
	}
	return r.det
}

// read is decideLive's reading of a title and body, before calibration.
func (d *Detector) read(title, text string) reading {
	s := d.pool.Get().(*scratch)
	defer d.pool.Put(s)
	d.prepare(s, title, text)
	return d.findLive(s)
}

// findLive is decideLive before calibration: the detection with its raw
// strength, and the evidence calibration reads.
func (d *Detector) findLive(s *scratch) reading {
	det, scores := ruleDecide(s.fired, s.negged, s.vendor)
	ev := func(t engine.SignalType) float64 {
		if t == engine.None {
			return 0
		}
		return scores[typeIndex[t]]
	}
	if d.model == nil || det.Intent && !d.model.arbiter && d.cal == nil {
		return reading{det: det, ev: ev(det.SignalType), pIntent: -1}
	}
	p := softmax(d.model.logits(s))
	r := reading{det: det, ev: ev(det.SignalType), pIntent: 1 - p[0]}
	if det.Intent && !d.model.arbiter {
		return r
	}
	k, ok := d.model.call(p)
	typ := Classes[k]
	if !ok || typ == det.SignalType || ruledOut(scores, typ) {
		return r
	}
	if typ == engine.None {
		r.det = engine.Detection{SignalType: engine.None, Cues: append(noneCues(s.fired, s.negged), d.model.explain(s, k, 3)...)}
		return r
	}
	r.ev = ev(typ)
	r.det = engine.Detection{
		SignalType: typ,
		Intent:     true,
		Strength:   math.Max(strength(math.Max(scores[typeIndex[typ]], 0)), math.Round(p[k]*100)/100),
		Cues:       append(typeCues(s.fired, typ, s.vendor), d.model.explain(s, k, 3)...),
	}
	return r
}

// ruledOut reports whether the rules' evidence counts against typ: their
// context cues encode the rule book's exclusions (an unnamed startup's
// round, a launch, a job seeker), and where they outweigh the cues for a
// type the live model may not call it. In cross-validation this was a
// wash (0.906 / 0.874 against 0.905 / 0.873; real-shaped rows 0.753 /
// 0.616 against 0.755 / 0.610), so the rule book decides.
func ruledOut(scores [5]float64, typ engine.SignalType) bool {
	return typ != engine.None && scores[typeIndex[typ]] < 0
}

// ruleDecide turns fired cues into a detection: the type with the most
// evidence wins if it clears Threshold. It also returns every type's
// evidence, indexed like engine.SignalTypes.
func ruleDecide(fired, negged map[*cue]bool, vendor bool) (engine.Detection, [5]float64) {
	var score [5]float64 // indexed like engine.SignalTypes
	for c := range fired {
		if c.gate == gateVendor && !vendor || silenced(c, fired) {
			continue
		}
		score[typeIndex[c.typ]] += c.weight
	}
	// The cues are summed in map order, so the same post's sum can differ
	// in its last bits from one call to the next; rounded to 1e-9, every
	// call sees the same evidence (a threshold test or the calibrated
	// strength never flips on the order).
	for i := range score {
		score[i] = math.Round(score[i]*1e9) / 1e9
	}
	// A named incumbent turns "we need something" into "we want out of
	// what we have": competitor engagement wins close calls.
	if ci := typeIndex[cmp]; vendor && score[ci] >= Threshold {
		score[ci] += incumbentBonus
	}
	for c := range negged {
		if !fired[c] {
			score[typeIndex[c.typ]] -= negatedPenalty
		}
	}
	best, bestScore := -1, Threshold-1e-9
	for i, sc := range score {
		if sc > bestScore {
			best, bestScore = i, sc
		}
	}
	if best < 0 {
		return engine.Detection{SignalType: engine.None, Cues: noneCues(fired, negged)}, score
	}
	typ := engine.SignalTypes[best]
	return engine.Detection{
		SignalType: typ,
		Intent:     true,
		Strength:   strength(bestScore),
		Cues:       typeCues(fired, typ, vendor),
	}, score
}

// silenced reports whether c names, in unless, a cue of its type that
// fired.
func silenced(c *cue, fired map[*cue]bool) bool {
	if c.unless == "" {
		return false
	}
	for f := range fired {
		if f.typ == c.typ && f.name == c.unless {
			return true
		}
	}
	return false
}

var typeIndex = func() map[engine.SignalType]int {
	m := map[engine.SignalType]int{}
	for i, t := range engine.SignalTypes {
		m[t] = i
	}
	return m
}()

// strength maps evidence to 0-1: Threshold gives about 0.5, twice that
// about 0.75, and it saturates toward 1.
func strength(ev float64) float64 {
	s := 1 - math.Exp(-ev*math.Ln2/Threshold)
	return math.Round(s*100) / 100
}

func typeCues(fired map[*cue]bool, typ engine.SignalType, vendor bool) []string {
	var cs []*cue
	for c := range fired {
		if c.typ == typ && c.weight > 0 && (c.gate != gateVendor || vendor) {
			cs = append(cs, c)
		}
	}
	sortCues(cs)
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.name)
	}
	return out
}

// noneCues explains a "none": the evidence that was seen and what
// cancelled it.
func noneCues(fired, negged map[*cue]bool) []string {
	var cs, ns []*cue
	for c := range fired {
		if !silenced(c, fired) {
			cs = append(cs, c)
		}
	}
	for c := range negged {
		ns = append(ns, c)
	}
	sortCues(cs)
	sortCues(ns)
	out := []string{}
	for _, c := range cs {
		if c.weight < 0 {
			out = append(out, "against "+string(c.typ)+": "+c.name)
		} else {
			out = append(out, "weak "+string(c.typ)+": "+c.name)
		}
	}
	for _, c := range ns {
		out = append(out, "negated "+string(c.typ)+": "+c.name)
	}
	return out
}

func sortCues(cs []*cue) {
	sort.Slice(cs, func(i, j int) bool {
		if a, b := math.Abs(cs[i].weight), math.Abs(cs[j].weight); a != b {
			return a > b
		}
		if cs[i].typ != cs[j].typ {
			return cs[i].typ < cs[j].typ
		}
		return cs[i].name < cs[j].name
	})
}
