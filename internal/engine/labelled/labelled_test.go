package labelled

import (
	"os"
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
// test split, which is never used to tune it. Its written rows meet the
// issue's goal (0.92 / 0.85); its real-shaped rows do not yet, and must
// not fall below where the detector stands on them (docs/performance.md).
func TestHeldOutSplitGoal(t *testing.T) {
	var written, real []evaluate.Example
	for _, e := range Split("test") {
		if RealShaped(e) {
			real = append(real, e)
		} else {
			written = append(written, e)
		}
	}
	d := detect.Default()
	for _, c := range []struct {
		name          string
		ex            []evaluate.Example
		intent, macro float64
	}{
		{"written rows", written, 0.92, 0.85},
		{"real-shaped rows", real, realShapedIntentFloor, realShapedMacroFloor},
	} {
		if len(c.ex) < 100 {
			t.Fatalf("%s: %d posts in the test split", c.name, len(c.ex))
		}
		r := evaluate.Run(c.ex, d.DetectText)
		if r.IntentAccuracy < c.intent || r.MacroF1 < c.macro {
			t.Errorf("test split, %s: intent accuracy %.3f, macro-F1 %.3f (floor %.2f / %.2f)", c.name, r.IntentAccuracy, r.MacroF1, c.intent, c.macro)
		}
		if base := evaluate.Run(c.ex, evaluate.Baseline); base.MacroF1 >= r.MacroF1 {
			t.Errorf("%s: detector macro-F1 %.3f does not beat the keyword baseline %.3f", c.name, r.MacroF1, base.MacroF1)
		}
	}
}

// The detector's floor on the test split's real-shaped rows: a little
// under what it scores there, so a change that reads real text worse
// fails. Raise it when the detector improves.
const (
	realShapedIntentFloor = 0.75
	// 0.60: the 31 rows that paraphrased evaluation pages left training
	// and testing (heldout.txt); the retrained detector scores 0.614.
	realShapedMacroFloor = 0.60
)

// TestProvenance: every row from L1804 on names the public post(s) it was
// modelled on, and every provenance line names a row.
func TestProvenance(t *testing.T) {
	provenance, err := os.ReadFile("provenance.tsv")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for i, line := range strings.Split(strings.TrimSpace(string(provenance)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		id, url, ok := strings.Cut(line, "\t")
		if !ok || !strings.Contains(url, ":") || named[id] {
			t.Fatalf("provenance.tsv line %d: %q", i+1, line)
		}
		named[id] = true
	}
	rows := map[string]bool{}
	for _, e := range All() {
		rows[e.ID] = true
		if idNumber(e.ID) >= 1804 && !named[e.ID] {
			t.Errorf("%s has no provenance line", e.ID)
		}
	}
	for id := range named {
		if !rows[id] {
			t.Errorf("provenance.tsv names %s, which is not a row", id)
		}
	}
}

// TestRealShaped: the rows from RealShapedFrom on are real-shaped, none
// before, and there are enough of them to measure with.
func TestRealShaped(t *testing.T) {
	n := 0
	for _, e := range All() {
		if RealShaped(e) != (idNumber(e.ID) >= RealShapedFrom) {
			t.Errorf("%s: RealShaped %v", e.ID, RealShaped(e))
		}
		if RealShaped(e) {
			n++
		}
	}
	if n < 500 {
		t.Errorf("%d real-shaped rows, want at least 500", n)
	}
	if RealShaped(evaluate.Example{ID: "x2773"}) || !RealShaped(evaluate.Example{ID: "L2773"}) || RealShaped(evaluate.Example{ID: "L2772"}) {
		t.Error("RealShaped misreads an id")
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

// TestHeldout: no row of heldout.txt (rows removed for paraphrasing an
// evaluation page) is back, and Split would leave one out.
func TestHeldout(t *testing.T) {
	if len(heldout) == 0 {
		t.Fatal("heldout.txt names no row")
	}
	for _, e := range All() {
		if Heldout(e.ID) {
			t.Errorf("%s was removed (heldout.txt) but is a row again", e.ID)
		}
	}
	if !Heldout("L3736") || Heldout("L0001") {
		t.Error("Heldout does not read heldout.txt")
	}
}
