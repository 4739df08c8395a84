package labelled

import (
	"strconv"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
)

func TestSetShape(t *testing.T) {
	all := All()
	if len(all) < 2700 {
		t.Fatalf("%d labelled posts, want at least 2,700", len(all))
	}
	ids := map[string]bool{}
	perType := map[engine.SignalType]int{}
	for _, e := range all {
		if ids[e.ID] || e.Text == "" || (e.Split != "train" && e.Split != "test") || e.Intent && e.SignalType == engine.None {
			t.Errorf("bad example %+v", e)
		}
		ids[e.ID] = true
		perType[e.SignalType]++
	}
	for _, typ := range append(engine.SignalTypes, engine.None) {
		if perType[typ] < 50 {
			t.Errorf("%s: only %d examples", typ, perType[typ])
		}
	}
	if n := len(Split("test")); n < 680 {
		t.Errorf("test split has %d posts", n)
	}
}

// TestHeldOutSplitGoal guards the detector against regressions on the
// test split, which is never used to tune it.
func TestHeldOutSplitGoal(t *testing.T) {
	r := evaluate.Run(Split("test"), detect.Default().DetectText)
	if r.IntentAccuracy < 0.92 || r.MacroF1 < 0.85 {
		t.Fatalf("test split: intent accuracy %.3f, macro-F1 %.3f (goal 0.92 / 0.85)", r.IntentAccuracy, r.MacroF1)
	}
	base := evaluate.Run(Split("test"), evaluate.Baseline)
	if base.MacroF1 >= r.MacroF1 {
		t.Fatalf("detector macro-F1 %.3f does not beat the keyword baseline %.3f", r.MacroF1, base.MacroF1)
	}
}

// TestHashSplit checks that every row from HashSplitFrom on has the split
// its text hashes to, so no new row was moved between splits by hand.
func TestHashSplit(t *testing.T) {
	n := 0
	for _, e := range All() {
		id, err := strconv.Atoi(strings.TrimPrefix(e.ID, "L"))
		if err != nil {
			t.Fatalf("id %q", e.ID)
		}
		if id < HashSplitFrom {
			continue
		}
		n++
		if want := HashSplit(e.Title, e.Text); e.Split != want {
			t.Errorf("%s: split %q, its text hashes to %q", e.ID, e.Split, want)
		}
	}
	if n < 500 {
		t.Errorf("%d rows from L%04d on, want at least 500", n, HashSplitFrom)
	}
}
