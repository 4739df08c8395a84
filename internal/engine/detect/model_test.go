package detect

import (
	"bytes"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
	"github.com/signalpipe/signalpipe/internal/engine/labelled"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus"
)

// TestModelTableIsCurrent fails when the labelled train split, the
// real-post corpus, the headline corpus, the cue tables or the word
// classes changed since model_table.go was generated.
func TestModelTableIsCurrent(t *testing.T) {
	c, err := realcorpus.Load("../realcorpus/testdata")
	if err != nil {
		t.Fatal(err)
	}
	train := samplesOf(labelled.Split("train"))
	for _, p := range c.Posts { // as train.TrainingSet adds them
		train = append(train, Sample{ID: p.ID, Title: p.Title, Text: p.Text, SignalType: engine.SignalType(p.SignalType), Intent: p.Intent})
	}
	short, err := realcorpus.LoadShort("train/testdata/realshort/posts.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range short {
		train = append(train, Sample{ID: p.ID, Title: p.Title, Text: p.Text, SignalType: engine.SignalType(p.SignalType), Intent: p.Intent})
	}
	if got := TrainDigest(train); got != modelData.digest {
		t.Fatalf("model_table.go was trained on %s, the train split, real posts and cues are now %s: run go generate ./internal/engine/detect", modelData.digest, got)
	}
	if len(modelData.feats) < 1000 || modelData.tau <= 0 || modelData.tau > 1 {
		t.Fatalf("implausible table: %d features, tau %v", len(modelData.feats), modelData.tau)
	}
	if kindData.digest != modelData.digest || kindData.tau <= 1 && len(kindData.feats) < 1000 {
		t.Fatalf("kind table: digest %s, %d features, tau %v", kindData.digest, len(kindData.feats), kindData.tau)
	}
}

// TestTrainModel trains on a small set and checks the generated source
// parses and that the model learned the obvious.
func TestTrainModel(t *testing.T) {
	var ex []Sample
	add := func(typ engine.SignalType, texts ...string) {
		for _, s := range texts {
			ex = append(ex, Sample{ID: s, Text: s, SignalType: typ, Intent: typ != engine.None})
		}
	}
	add(engine.HiringActivity, "We're hiring engineers, apply now", "Join our team as a designer, apply today", "Hiring: sales reps, apply")
	add(engine.FundingEvent, "We raised a $5M seed round", "Acme raises $20M Series A", "We closed our seed round")
	add(engine.None, "Nice weather today", "I like pizza", "What a game last night")
	spec := fitSpec(RulesOnly(), ex, 1e-3, classIndex, nil)
	d := RulesOnly()
	d.model = newModel(spec)
	s := d.pool.Get().(*scratch)
	d.prepare(s, "", "apply now, we're hiring")
	p := softmax(d.model.logits(s))
	if k := slices.Index(Classes[:], engine.HiringActivity); p[k] < 0.5 {
		t.Errorf("hiring probability %.2f", p[k])
	}
	if why := d.model.explain(s, slices.Index(Classes[:], engine.HiringActivity), 3); len(why) == 0 || !strings.HasPrefix(why[0], "model: ") {
		t.Errorf("explanation %v", why)
	}
	var buf bytes.Buffer
	if err := writeSpecs(&buf, spec, spec); err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "model_table.go", buf.Bytes(), 0); err != nil {
		t.Fatalf("generated source does not parse: %v", err)
	}
}

// TestModelCuesExplain: when a model overrules the rules its cues say
// so, and the detection stays well-formed: a live signal has strength,
// a signal without intent (the kind model's call) has none. (The strength
// is a calibrated probability of intent, so a live call the model makes
// against the rules may have less than 0.5.)
func TestModelCuesExplain(t *testing.T) {
	d := Default()
	for _, e := range labelled.Split("test") {
		got := d.DetectText(e.Title, e.Text)
		rules := RulesOnly().DetectText(e.Title, e.Text)
		if got.SignalType == rules.SignalType {
			continue
		}
		model := false
		for _, c := range got.Cues {
			model = model || strings.HasPrefix(c, "model: ")
		}
		live := got.Intent && got.SignalType != engine.None && got.Strength > 0
		shut := !got.Intent && got.Strength == 0
		if !model || !live && !shut {
			t.Errorf("%s: %+v (rules said %s)", e.ID, got, rules.SignalType)
		}
	}
}

// TestShutRowsTrainAsNone: a labelled post with a type but no intent
// trains the live model as none, and the kind model as its type.
func TestShutRowsTrainAsNone(t *testing.T) {
	live := Sample{SignalType: engine.JobChange, Intent: true}
	shut := Sample{SignalType: engine.JobChange, Intent: false}
	if Classes[classIndex(live)] != engine.JobChange || Classes[classIndex(shut)] != engine.None {
		t.Fatalf("live trains as %s, shut as %s", Classes[classIndex(live)], Classes[classIndex(shut)])
	}
	if Classes[kindIndex(live)] != engine.JobChange || Classes[kindIndex(shut)] != engine.JobChange {
		t.Fatalf("kind model: live trains as %s, shut as %s", Classes[kindIndex(live)], Classes[kindIndex(shut)])
	}
	n := 0
	for _, e := range labelled.Split("train") {
		if e.SignalType != engine.None && !e.Intent {
			n++
		}
	}
	if n == 0 {
		t.Fatal("no train rows with a type and no intent")
	}
}

// TestKindModelOnlyWithoutLiveSignal: the kind model names the type of a
// post with no live signal (intent false, strength 0) and never touches
// a live one.
func TestKindModelOnlyWithoutLiveSignal(t *testing.T) {
	var ex []Sample
	add := func(typ engine.SignalType, intent bool, texts ...string) {
		for _, s := range texts {
			ex = append(ex, Sample{ID: s, Text: s, SignalType: typ, Intent: intent})
		}
	}
	add(engine.JobChange, false, "Looking for work, resume attached", "Looking for work as a welder", "Still looking for work after the layoff")
	add(engine.HiringActivity, true, "We're hiring engineers, apply now", "Join our team as a designer, apply today")
	add(engine.None, false, "Nice weather today", "I like pizza", "What a game last night")
	spec := fitSpec(RulesOnly(), ex, 1e-3, kindIndex, nil)
	spec.tau = 0.4
	d := RulesOnly()
	d.kind = newModel(spec)
	if got := d.DetectText("", "looking for work"); got.SignalType != engine.JobChange || got.Intent || got.Strength != 0 {
		t.Errorf("no live signal: %+v", got)
	}
	live := RulesOnly().DetectText("", "We're hiring engineers, apply now")
	if got := d.DetectText("", "We're hiring engineers, apply now"); !slices.Equal(got.Cues, live.Cues) || got.SignalType != live.SignalType || !got.Intent {
		t.Errorf("live signal changed: %+v, rules alone %+v", got, live)
	}
	if got := d.DetectLive(engine.Post{Text: "looking for work"}); got.SignalType != engine.None {
		t.Errorf("DetectLive consulted the kind model: %+v", got)
	}
	spec.tau = 2 // never confident enough
	d.kind = newModel(spec)
	if got := d.DetectText("", "looking for work"); got.SignalType != engine.None {
		t.Errorf("kind model below tau: %+v", got)
	}
}

// TestFitWeighsPosts: when the same words carry two labels, the post that
// weighs more in the loss decides what the model learns.
func TestFitWeighsPosts(t *testing.T) {
	ex := []Sample{
		{ID: "a", Text: "quarterly planning offsite", SignalType: engine.None},
		{ID: "b", Text: "quarterly planning offsite", SignalType: engine.TechResearch, Intent: true},
		{ID: "c", Text: "quarterly planning offsite", SignalType: engine.None},
	}
	heavy := func(id string) func(Sample) float64 {
		return func(e Sample) float64 {
			if e.ID == id {
				return 4
			}
			return 1
		}
	}
	call := func(weight func(Sample) float64) engine.SignalType {
		d := RulesOnly()
		d.model = newModel(fitSpec(d, ex, 1e-4, classIndex, weight))
		s := d.pool.Get().(*scratch)
		defer d.pool.Put(s)
		d.prepare(s, "", "quarterly planning offsite")
		k, _ := d.model.call(softmax(d.model.logits(s)))
		return Classes[k]
	}
	if got := call(nil); got != engine.None {
		t.Errorf("equal weights: %s, want the majority none", got)
	}
	if got := call(heavy("b")); got != engine.TechResearch {
		t.Errorf("tech research weighing 4: %s", got)
	}
}

// TestModelCannotOverruleContextCues: however sure the model is, it may
// not call a type the rules' context cues rule out (here an unnamed
// startup's round, which the rule book calls commentary).
func TestModelCannotOverruleContextCues(t *testing.T) {
	var ex []Sample
	for _, s := range []string{"Another AI startup raised $200M", "a startup raised $50M today", "startup raised $10M seed", "Acme raised $20M"} {
		ex = append(ex, Sample{ID: s, Text: s, SignalType: engine.FundingEvent, Intent: true})
	}
	for _, s := range []string{"Nice weather today", "I like pizza", "What a game last night", "The train was late"} {
		ex = append(ex, Sample{ID: s, Text: s, SignalType: engine.None})
	}
	spec := fitSpec(RulesOnly(), ex, 1e-4, classIndex, nil)
	spec.tau, spec.arbiter = 0, true // the model alone, wherever it may decide
	d := RulesOnly()
	d.model = newModel(spec)
	const commentary = "Another AI startup raised $200M at a $2B valuation with no revenue. Bubble."
	s := d.pool.Get().(*scratch)
	d.prepare(s, "", commentary)
	_, scores := ruleDecide(s.fired, s.negged, s.vendor)
	d.pool.Put(s)
	if scores[typeIndex[engine.FundingEvent]] >= 0 {
		t.Fatalf("the rules' funding evidence is %v: the case no longer tests the veto", scores[typeIndex[engine.FundingEvent]])
	}
	if got := d.DetectText("", commentary); got.SignalType == engine.FundingEvent {
		t.Errorf("commentary called a funding event: %+v", got)
	}
	if got := d.DetectText("", "Acme raised $20M, congrats team"); got.SignalType != engine.FundingEvent {
		t.Errorf("a named round with no context cue against it: %+v", got)
	}
}

// samplesOf is the labelled posts as the fitter sees them (as
// internal/engine/detect/train gives them).
func samplesOf(ex []evaluate.Example) []Sample {
	out := make([]Sample, len(ex))
	for i, e := range ex {
		out[i] = Sample{ID: e.ID, Title: e.Title, Text: e.Text, SignalType: e.SignalType, Intent: e.Intent}
	}
	return out
}
