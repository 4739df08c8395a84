package train

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
)

// TestTrainModelScoresRealShaped: the real-shaped posts are counted and
// scored on their own, and their weight is one of the offered ones.
func TestTrainModelScoresRealShaped(t *testing.T) {
	var ex []evaluate.Example
	for _, set := range []struct {
		typ   engine.SignalType
		texts []string
	}{
		{engine.HiringActivity, []string{"We're hiring engineers, apply now", "Join our team as a designer, apply today", "Hiring: sales reps, apply", "We are hiring a bookkeeper, DM me", "Now hiring two nurses for the night shift"}},
		{engine.FundingEvent, []string{"We raised a $5M seed round", "Acme raises $20M Series A", "We closed our seed round", "Borealis raised a $3M pre-seed", "Quill announces $12M Series A"}},
		{engine.None, []string{"Nice weather today", "I like pizza", "What a game last night", "The train was late again", "My cat knocked over a plant"}},
	} {
		for i, s := range set.texts {
			ex = append(ex, evaluate.Example{ID: fmt.Sprintf("%s-%d", set.typ, i), Text: s, SignalType: set.typ, Intent: set.typ != engine.None})
		}
	}
	real := func(e evaluate.Example) bool { return strings.HasSuffix(e.ID, "-0") || strings.HasSuffix(e.ID, "-1") }
	var buf bytes.Buffer
	rep, err := TrainModel(ex, TrainOptions{RealShaped: real}, &buf)
	if err != nil {
		t.Fatal(err)
	}
	if rep.RealShaped != 6 || rep.RealWeight < 1 || rep.RealIntent <= 0 || rep.RulesRealIntent <= 0 {
		t.Errorf("report: %+v", rep)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "model_table.go", buf.Bytes(), 0); err != nil {
		t.Errorf("generated source does not parse: %v", err)
	}
}

// The generated table says what it was trained from: the train split, the
// real-post corpus and the cue tables as they are now (else run go
// generate).
func TestDigestMatchesTheGeneratedTable(t *testing.T) {
	ex, _, err := TrainingSet("../../realcorpus/testdata", "testdata/realshort/posts.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Digest(ex), detect.Generated().Digest(); got != want {
		t.Fatalf("Digest %s, model_table.go %s: run go generate ./internal/engine/detect", got, want)
	}
}
