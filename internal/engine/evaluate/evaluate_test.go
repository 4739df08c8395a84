package evaluate

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

func TestRunMetrics(t *testing.T) {
	ex := []Example{
		{ID: "1", SignalType: engine.HiringActivity, Intent: true, Text: "h"},
		{ID: "2", SignalType: engine.HiringActivity, Intent: true, Text: "h"},
		{ID: "3", SignalType: engine.FundingEvent, Intent: true, Text: "f"},
		{ID: "4", SignalType: engine.None, Text: "n"},
	}
	// Says hiring for everything starting with h or n, funding for f.
	cls := func(_, text string) engine.Detection {
		switch text {
		case "f":
			return engine.Detection{SignalType: engine.FundingEvent, Intent: true}
		default:
			return engine.Detection{SignalType: engine.HiringActivity, Intent: true}
		}
	}
	r := Run(ex, cls)
	if r.IntentAccuracy != 0.75 || r.TypeAccuracy != 0.75 {
		t.Fatalf("accuracy %v %v", r.IntentAccuracy, r.TypeAccuracy)
	}
	h := r.Types[0]
	if h.Type != engine.HiringActivity || math.Abs(h.Precision-2.0/3) > 1e-9 || h.Recall != 1 || math.Abs(h.F1-0.8) > 1e-9 {
		t.Fatalf("hiring %+v", h)
	}
	if want := (0.8 + 1) / 5; math.Abs(r.MacroF1-want) > 1e-9 {
		t.Fatalf("macro-F1 %v, want %v", r.MacroF1, want)
	}
	// Rows are labels, columns calls: none called hiring once, hiring
	// called hiring twice, funding called funding once.
	var want [6][6]int
	want[0][1], want[1][1], want[2][2] = 1, 2, 1
	if r.Confusion != want {
		t.Fatalf("confusion %v, want %v", r.Confusion, want)
	}
	var buf bytes.Buffer
	r.Write(&buf, "x")
	for _, line := range []string{"macro-F1         0.360", "  hiring_activity            0     2     0", "  none                       0     1     0"} {
		if !strings.Contains(buf.String(), line) {
			t.Fatalf("report lacks %q:\n%s", line, buf.String())
		}
	}
}

func TestReadRejectsUnknownType(t *testing.T) {
	if _, err := Read(strings.NewReader(`{"id":"1","text":"x","signal_type":"spam"}`)); err == nil {
		t.Fatal("want error")
	}
	ex, err := Read(strings.NewReader("\n{\"id\":\"1\",\"text\":\"x\",\"signal_type\":\"none\",\"intent\":false}\n"))
	if err != nil || len(ex) != 1 {
		t.Fatalf("%v %v", ex, err)
	}
}

func TestBaseline(t *testing.T) {
	if d := Baseline("", "We're hiring engineers"); d.SignalType != engine.HiringActivity {
		t.Fatal(d)
	}
	// The baseline has no negation: that is the point of comparing.
	if d := Baseline("", "We are not hiring"); d.SignalType != engine.HiringActivity {
		t.Fatal(d)
	}
	if d := Baseline("", "Nice weather"); d.SignalType != engine.None || d.Intent {
		t.Fatal(d)
	}
}

// TestLabelChecks: a file's own labels are checked (a missing intent
// field, intent that disagrees with the type), and intent gets precision
// and recall of its own.
func TestLabelChecks(t *testing.T) {
	in := `{"id":"1","text":"a","signal_type":"hiring_activity","intent":true}
{"id":"2","text":"b","signal_type":"job_change","intent":false}
{"id":"3","text":"c","signal_type":"none"}
{"id":"4","text":"d","signal_type":"none","intent":true}
{"id":"5","text":"e","signal_type":"none","intent":false}
`
	ex, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	// Says hiring with intent for a and b, none for the rest.
	cls := func(_, text string) engine.Detection {
		if text == "a" || text == "b" {
			return engine.Detection{SignalType: engine.HiringActivity, Intent: true}
		}
		return engine.Detection{SignalType: engine.None}
	}
	r := Run(ex, cls)
	if r.IntentMissing != 1 || r.IntentWithoutType != 1 || r.TypeWithoutIntent != 1 {
		t.Fatalf("label checks: missing %d, intent without type %d, type without intent %d", r.IntentMissing, r.IntentWithoutType, r.TypeWithoutIntent)
	}
	// Intent labels: true for 1 and 4. Predicted true for 1 and 2.
	if r.IntentPrecision != 0.5 || r.IntentRecall != 0.5 || r.IntentAccuracy != 0.6 {
		t.Fatalf("intent precision %v recall %v accuracy %v", r.IntentPrecision, r.IntentRecall, r.IntentAccuracy)
	}
	// Row 2 (job change, no intent) was called hiring: it shows in both
	// confusion tables; no other row is in the second.
	var shut [6][6]int
	shut[4][1] = 1
	if r.ShutConfusion != shut || r.Confusion[4][1] != 1 {
		t.Fatalf("confusion %v, without intent %v", r.Confusion, r.ShutConfusion)
	}
	var buf bytes.Buffer
	r.Write(&buf, "x")
	for _, want := range []string{"precision 0.500, recall 0.500", "  job_change                 0     1     0     0     0     0\n    of them no intent        0     1     0     0     0     0\n", "1 rows have no intent field", "2 rows have an intent label that disagrees with their signal_type (1 intent true with type none, 1 a signal type with intent false)"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, buf.String())
		}
	}
}
