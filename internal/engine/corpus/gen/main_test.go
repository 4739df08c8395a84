package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedOutputIsCurrent checks that the committed corpus is what
// the generator writes today (run `go generate ./internal/engine/corpus`
// after changing it).
func TestCommittedOutputIsCurrent(t *testing.T) {
	out := filepath.Join(t.TempDir(), "posts.jsonl.gz")
	if err := write(out, generate(1200)); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../posts.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("posts.jsonl.gz is stale: run go generate ./internal/engine/corpus")
	}
}
