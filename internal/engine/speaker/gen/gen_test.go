package main

import (
	"os"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine/speaker"
)

// TestTableIsCurrent: model_table.go was fitted on the training corpus and
// written rows as they are now (with or without the written rows, as
// cross-validation chose) and the current cue table; a change to any of
// them without `go generate ./internal/engine/speaker` fails here.
func TestTableIsCurrent(t *testing.T) {
	const dir = "../../realcorpus/testdata"
	if _, err := os.Stat(dir + "/posts.jsonl"); err != nil {
		t.Skipf("no training corpus at %s yet", dir)
	}
	samples, err := loadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	written, err := loadWritten("../testdata/written.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	got := speaker.GeneratedDigest()
	with := speaker.Digest(append(append([]speaker.Sample{}, samples...), written...))
	if without := speaker.Digest(samples); got != with && got != without {
		t.Fatalf("model_table.go was fitted on %s; the corpus gives %s (with the written rows %s): run go generate ./internal/engine/speaker", got, without, with)
	}
}
