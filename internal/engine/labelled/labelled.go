// Package labelled embeds Signalpipe's own hand-labelled posts, written
// independently of the corpus generator's templates and of any outside
// evaluation file. Each post records its split (rows from L0545 on were
// assigned by a hash of their text; from L1273 on the rule is HashSplit,
// checked by the tests): the detector's cues were tuned, and its model
// trained, on "train" only; "test" is kept for measuring. docs/labelling.md
// is the rule book; provenance.tsv names the public page behind each row
// from L1804 on.
package labelled

import (
	"crypto/sha256"
	_ "embed"
	"strconv"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
)

//go:embed labelled.jsonl
var data string

// heldoutList names the rows removed because they paraphrased a page of
// an evaluation set kept outside the repository (issue 30); Split leaves
// out any row under those ids, should one come back.
//
//go:embed heldout.txt
var heldoutList string

var heldout = func() map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(heldoutList, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			m[l] = true
		}
	}
	return m
}()

// Heldout reports whether id is one of the removed rows, which are
// neither trained nor measured on.
func Heldout(id string) bool { return heldout[id] }

// All returns every labelled example.
func All() []evaluate.Example {
	ex, err := evaluate.Read(strings.NewReader(data))
	if err != nil {
		panic("labelled.jsonl: " + err.Error())
	}
	return ex
}

// Split returns the examples of one split ("train" or "test"), the
// Heldout rows left out.
func Split(name string) []evaluate.Example {
	var out []evaluate.Example
	for _, e := range All() {
		if e.Split == name && !heldout[e.ID] {
			out = append(out, e)
		}
	}
	return out
}

// RealShapedFrom is the first real-shaped row: from here on each row is a
// paraphrase of one real public post (named in provenance.tsv) that keeps
// its shape, its length, format, register and where its signal sits
// (docs/labelling.md, "Real-shaped rows").
const RealShapedFrom = 2773

// RealShaped reports whether e is a real-shaped row.
func RealShaped(e evaluate.Example) bool { return idNumber(e.ID) >= RealShapedFrom }

// idNumber is the number of a row id ("L0042" is 42; -1 if it is not one).
func idNumber(id string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(id, "L"))
	if err != nil || !strings.HasPrefix(id, "L") {
		return -1
	}
	return n
}

// HashSplitFrom is the first row whose split is HashSplit of its title and
// text. The rule the rows L0545–L1272 were split by was not recorded, so
// their splits stay as they are.
const HashSplitFrom = 1273

// HashSplit is the split of a new row: "test" when the first byte of
// SHA-256(title + "\n" + text) is below 64 (about a quarter), else
// "train". It depends only on the text, never on the label or on how a
// detector does on the row.
func HashSplit(title, text string) string {
	if sha256.Sum256([]byte(title + "\n" + text))[0] < 64 {
		return "test"
	}
	return "train"
}
