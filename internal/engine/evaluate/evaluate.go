// Package evaluate measures a detector against labelled posts: intent
// accuracy, per-type precision, recall and F1, and macro-F1 over the five
// signal types. It also holds the plain keyword baseline the detector is
// compared with.
package evaluate

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Example is one labelled post. Fields other than these are ignored.
type Example struct {
	ID         string            `json:"id"`
	Title      string            `json:"title"`
	Text       string            `json:"text"`
	Source     string            `json:"source"`
	SignalType engine.SignalType `json:"signal_type"`
	Intent     bool              `json:"intent"`
	Split      string            `json:"split,omitempty"`

	// IntentStated is false when the row had no "intent" field, so Intent
	// is the zero value rather than a label.
	IntentStated bool `json:"-"`
}

// Read parses JSON Lines of examples; blank lines are skipped.
func Read(r io.Reader) ([]Example, error) {
	var out []Example
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 8<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		// The outer Intent shadows Example's, so a missing field shows.
		var row struct {
			Example
			Intent *bool `json:"intent"`
		}
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		e := row.Example
		e.IntentStated = row.Intent != nil
		e.Intent = e.IntentStated && *row.Intent
		if !e.SignalType.Valid() {
			return nil, fmt.Errorf("line %d: unknown signal_type %q", n, e.SignalType)
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

// Labels are the rows and columns of Report.Confusion.
var Labels = append([]engine.SignalType{engine.None}, engine.SignalTypes...)

func labelIndex(t engine.SignalType) int {
	for i, l := range Labels {
		if l == t {
			return i
		}
	}
	return 0
}

// Classifier is anything that labels a post's title and text.
type Classifier func(title, text string) engine.Detection

// TypeScore is precision, recall and F1 for one signal type.
type TypeScore struct {
	Type                  engine.SignalType
	Precision, Recall, F1 float64
	Support               int // examples labelled with this type
}

// Report is the result of an evaluation.
type Report struct {
	N              int
	IntentAccuracy float64
	TypeAccuracy   float64
	Types          []TypeScore // the five signal types, in engine.SignalTypes order
	MacroF1        float64     // mean F1 over the five types
	Errors         []Miss

	// Confusion counts examples by label (row) and detector call
	// (column), indexed like Labels: none first, then the five types.
	// ShutConfusion counts, the same way, the rows labelled with a type
	// but without intent; Confusion's rows include them.
	Confusion, ShutConfusion [6][6]int

	// Label checks on the file itself, independent of any detector: rows
	// without an "intent" field (scored as intent false), and rows whose
	// intent disagrees with their type (intent true with type none is a
	// labelling error; a type without intent is "a signal without
	// intent", see docs/labelling.md).
	IntentMissing int
	// IntentWithoutType counts rows labelled intent true with type none;
	// TypeWithoutIntent rows with a signal type and intent false.
	IntentWithoutType, TypeWithoutIntent int

	// IntentPrecision and IntentRecall treat intent true as the positive
	// class.
	IntentPrecision, IntentRecall float64
}

// Miss is one wrongly typed example.
type Miss struct {
	ID        string
	Want, Got engine.SignalType
	Text      string
	Cues      []string
}

// Replay scores detections already made, one per example of ex in order.
func Replay(ex []Example, dets []engine.Detection) Report {
	i := 0
	return Run(ex, func(string, string) engine.Detection {
		i++
		return dets[i-1]
	})
}

// Run classifies every example, in order, and scores the result.
func Run(ex []Example, classify Classifier) Report {
	r := Report{N: len(ex)}
	tp := map[engine.SignalType]int{}
	fp := map[engine.SignalType]int{}
	fn := map[engine.SignalType]int{}
	support := map[engine.SignalType]int{}
	intentOK, typeOK := 0, 0
	intentTP, intentFP, intentFN := 0, 0, 0
	for _, e := range ex {
		d := classify(e.Title, e.Text)
		support[e.SignalType]++
		r.Confusion[labelIndex(e.SignalType)][labelIndex(d.SignalType)]++
		if e.SignalType != engine.None && !e.Intent {
			r.ShutConfusion[labelIndex(e.SignalType)][labelIndex(d.SignalType)]++
		}
		switch {
		case !e.IntentStated:
			r.IntentMissing++
		case e.Intent && e.SignalType == engine.None:
			r.IntentWithoutType++
		case !e.Intent && e.SignalType != engine.None:
			r.TypeWithoutIntent++
		}
		if d.Intent == e.Intent {
			intentOK++
		}
		switch {
		case d.Intent && e.Intent:
			intentTP++
		case d.Intent:
			intentFP++
		case e.Intent:
			intentFN++
		}
		if d.SignalType == e.SignalType {
			typeOK++
			tp[e.SignalType]++
			continue
		}
		fp[d.SignalType]++
		fn[e.SignalType]++
		r.Errors = append(r.Errors, Miss{ID: e.ID, Want: e.SignalType, Got: d.SignalType, Text: strings.TrimSpace(e.Title + " " + e.Text), Cues: d.Cues})
	}
	if r.N > 0 {
		r.IntentAccuracy = float64(intentOK) / float64(r.N)
		r.TypeAccuracy = float64(typeOK) / float64(r.N)
	}
	r.IntentPrecision = ratio(intentTP, intentTP+intentFP)
	r.IntentRecall = ratio(intentTP, intentTP+intentFN)
	for _, t := range engine.SignalTypes {
		s := TypeScore{Type: t, Support: support[t]}
		s.Precision = ratio(tp[t], tp[t]+fp[t])
		s.Recall = ratio(tp[t], tp[t]+fn[t])
		if s.Precision+s.Recall > 0 {
			s.F1 = 2 * s.Precision * s.Recall / (s.Precision + s.Recall)
		}
		r.Types = append(r.Types, s)
		r.MacroF1 += s.F1 / float64(len(engine.SignalTypes))
	}
	return r
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Write prints the report as a small table.
func (r Report) Write(w io.Writer, name string) {
	fmt.Fprintf(w, "%s (%d posts)\n", name, r.N)
	fmt.Fprintf(w, "  intent accuracy  %.3f (precision %.3f, recall %.3f)\n", r.IntentAccuracy, r.IntentPrecision, r.IntentRecall)
	fmt.Fprintf(w, "  type accuracy    %.3f\n", r.TypeAccuracy)
	fmt.Fprintf(w, "  %-22s %9s %7s %6s %8s\n", "signal type", "precision", "recall", "F1", "support")
	for _, s := range r.Types {
		fmt.Fprintf(w, "  %-22s %9.3f %7.3f %6.3f %8d\n", s.Type, s.Precision, s.Recall, s.F1, s.Support)
	}
	fmt.Fprintf(w, "  macro-F1         %.3f\n", r.MacroF1)
	fmt.Fprintf(w, "  confusion (rows: label, columns: call)\n  %-22s", "")
	for _, l := range Labels {
		fmt.Fprintf(w, " %5s", short(l))
	}
	fmt.Fprintln(w)
	row := func(name string, counts [6]int) {
		fmt.Fprintf(w, "  %-22s", name)
		for _, n := range counts {
			fmt.Fprintf(w, " %5d", n)
		}
		fmt.Fprintln(w)
	}
	for i, l := range Labels {
		row(string(l), r.Confusion[i])
		// The type's rows without intent, again on their own.
		if r.ShutConfusion[i] != [6]int{} {
			row("  of them no intent", r.ShutConfusion[i])
		}
	}
	if r.IntentMissing > 0 {
		fmt.Fprintf(w, "  note: %d rows have no intent field and count as intent false\n", r.IntentMissing)
	}
	if n := r.IntentWithoutType + r.TypeWithoutIntent; n > 0 {
		fmt.Fprintf(w, "  note: %d rows have an intent label that disagrees with their signal_type (%d intent true with type none, %d a signal type with intent false)\n",
			n, r.IntentWithoutType, r.TypeWithoutIntent)
	}
}

// short abbreviates a type for a table's column head.
func short(t engine.SignalType) string {
	switch t {
	case engine.HiringActivity:
		return "hire"
	case engine.FundingEvent:
		return "fund"
	case engine.CompetitorEngagement:
		return "comp"
	case engine.JobChange:
		return "job"
	case engine.TechResearch:
		return "tech"
	}
	return string(t)
}
