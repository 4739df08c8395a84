// Package labelled embeds Signalpipe's own hand-labelled posts, written
// independently of the corpus generator's templates. Each post records its
// split: the detector's cues and weights were tuned on "train" only; "test"
// is kept for measuring.
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
