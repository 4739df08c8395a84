package labelled

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
)

// readmeBucket is one bucket the README quotes: "0.9–1.0: 97 in 100 (453
// calls)".
var readmeBucket = regexp.MustCompile(`(\d\.\d)–(\d\.\d): (\d+) in 100 \((\d+) calls?\)`)

// minQuoted is the size from which a reliability bucket must be quoted:
// smaller buckets may be left out (their share says little).
const minQuoted = 10

// TestREADMEStrengthClaim: the README's claim about what a strength means
// (the `signalpipe detect` row) quotes the reliability table `signalpipe
// eval internal/engine/labelled/labelled.jsonl --split test` prints, bucket
// by bucket: each quoted bucket's share with intent and number of calls
// are the ones the default detector gives today, and every bucket of
// minQuoted calls or more is quoted. Retraining or recalibrating the
// detector without rewriting the sentence fails here.
func TestREADMEStrengthClaim(t *testing.T) {
	b, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "| `signalpipe detect` |") {
			line = l
		}
	}
	if line == "" {
		t.Fatal("README.md has no `signalpipe detect` row")
	}
	quoted := readmeBucket.FindAllStringSubmatch(line, -1)
	if len(quoted) == 0 {
		t.Fatal("the README's `signalpipe detect` row quotes no reliability bucket (\"0.9–1.0: 97 in 100 (453 calls)\")")
	}
	ex := Split("test")
	d := detect.Default()
	dets := make([]engine.Detection, len(ex))
	for i, e := range ex {
		dets[i] = d.DetectText(e.Title, e.Text)
	}
	rel := evaluate.Reliable(ex, dets)
	seen := map[int]bool{}
	for _, q := range quoted {
		lo, _ := strconv.ParseFloat(q[1], 64)
		hi, _ := strconv.ParseFloat(q[2], 64)
		share, _ := strconv.Atoi(q[3])
		calls, _ := strconv.Atoi(q[4])
		k := int(math.Round(lo * 10))
		if k < 0 || k > 9 || math.Abs(hi-lo-0.1) > 1e-9 {
			t.Errorf("README quotes a bucket %s–%s that the table does not have", q[1], q[2])
			continue
		}
		seen[k] = true
		bk := rel.Buckets[k]
		// The share as the table prints it (two decimals), in hundredths.
		want, _ := strconv.Atoi(strings.ReplaceAll(fmt.Sprintf("%.2f", bk.Observed), ".", ""))
		if bk.N != calls || share != want {
			t.Errorf("README: strength %s–%s: %d in 100 (%d calls); the table says %d in 100 (%d calls)", q[1], q[2], share, calls, want, bk.N)
		}
	}
	for k, bk := range rel.Buckets {
		if bk.N >= minQuoted && !seen[k] {
			t.Errorf("README does not quote the bucket %.1f–%.1f (%d calls, %.0f in 100)", bk.Lo, bk.Hi, bk.N, bk.Observed*100)
		}
	}
}
