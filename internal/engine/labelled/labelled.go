// Package labelled embeds Signalpipe's own hand-labelled posts, written
// independently of the corpus generator's templates and of any outside
// evaluation file. Each post records its split (rows from L0545 on were
// assigned by a hash of their text): the detector's cues were tuned, and
// its model trained, on "train" only; "test" is kept for measuring.
package labelled

import (
	_ "embed"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
)

//go:embed labelled.jsonl
var data string

// All returns every labelled example.
func All() []evaluate.Example {
	ex, err := evaluate.Read(strings.NewReader(data))
	if err != nil {
		panic("labelled.jsonl: " + err.Error())
	}
	return ex
}

// Split returns the examples of one split ("train" or "test").
func Split(name string) []evaluate.Example {
	var out []evaluate.Example
	for _, e := range All() {
		if e.Split == name {
			out = append(out, e)
		}
	}
	return out
}
