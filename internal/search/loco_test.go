package search

import (
	"testing"
)

// locoSlice are the categories the test leaves out, one at a time: a fixed
// slice of the full run (docs/performance.md, "Relevance on categories
// never trained on"), small enough for CI.
var locoSlice = []string{"bi", "secrets"}

// Floors for the slice's macro figures, under what the full run measured
// on these categories, so a change that generalises worse fails. Measured
// with every post read by a detector, a speaker model and a stance model
// fitted without its category (before 2026-12-07 the detector's readings
// were in-sample, and the slice measured 0.90 / 0.86 / 0.72). The slice
// moves more than the 28-category macro: 11 more relevant labels left the
// model's readings as they were and took it to 0.65 / 0.60 / 0.57 (CI
// failed on that commit at the p@10 floor); the speaker model's second
// round of data (testdata/speaker.jsonl) brought it back.
const (
	locoFloorPrecisionAt = 0.65 // measured 0.85 (bi 0.90, secrets 0.80)
	locoFloorPrecision   = 0.55 // measured 0.69 (bi 0.78, secrets 0.60)
	locoFloorRecall      = 0.55 // measured 0.59 (bi 0.75, secrets 0.43)
)

// TestLeaveOneCategoryOut trains the relevance model without each category
// of the slice and measures that category through the real search path.
func TestLeaveOneCategoryOut(t *testing.T) {
	if testing.Short() {
		t.Skip("trains a model per category")
	}
	rep, err := EvalLOCO(t.Context(), "../engine/realcorpus/testdata", Options{}, locoSlice...)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.ICPs) != len(locoSlice) {
		t.Fatalf("measured %d categories, want %d", len(rep.ICPs), len(locoSlice))
	}
	for _, r := range rep.ICPs {
		t.Logf("%s: p@10 %.2f precision %.2f recall %.2f (keyword %.2f / %.2f)", r.ID, r.PrecisionAt, r.Precision, r.Recall, r.KeywordPrecision, r.KeywordRecall)
	}
	if rep.MacroPrecisionAt < locoFloorPrecisionAt || rep.MacroPrecision < locoFloorPrecision || rep.MacroRec < locoFloorRecall {
		t.Errorf("leave-one-category-out macro p@10 %.2f precision %.2f recall %.2f, under the floor %.2f / %.2f / %.2f",
			rep.MacroPrecisionAt, rep.MacroPrecision, rep.MacroRec, locoFloorPrecisionAt, locoFloorPrecision, locoFloorRecall)
	}
}

// TestEvalFolderExtraFields: an evaluation folder's post may carry origin,
// published and the training corpus's labels; they are read or left aside.
func TestEvalFolderExtraFields(t *testing.T) {
	p, err := decodeEvalPost([]byte(`{"id":"a","source":"github","text":"hi there","origin":"github:o/r issue #1","published":"2024-05-06","category":"esign","signal_type":"none","intent":false,"author_role":"buyer","stage":"none"}`))
	if err != nil {
		t.Fatal(err)
	}
	if p.PublishedAt.Format("2006-01-02") != "2024-05-06" {
		t.Errorf("published read as %v", p.PublishedAt)
	}
	if _, err := decodeEvalPost([]byte(`{"id":"a","source":"github","text":"hi","colour":"red"}`)); err == nil {
		t.Error("an unknown field was accepted")
	}
	if _, err := decodeEvalPost([]byte(`{"id":"a","source":"github","text":"hi","published":"May 6"}`)); err == nil {
		t.Error("a bad date was accepted")
	}
}
