// Command calibgen fits the detector's strength calibration on the
// labelled set's train split, from out-of-fold readings, and writes
// calibration_table.go (go generate in internal/engine/detect, after
// modelgen). The test split and any outside data are never read.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"

	"github.com/signalpipe/signalpipe/internal/engine/detect/train"
)

func main() {
	out := flag.String("out", "calibration_table.go", "file to write")
	real := flag.String("real", "", "folder of the real-post training corpus (posts.jsonl, or <prefix>/posts.jsonl); empty: the labelled set alone")
	short := flag.String("short", "", "file of the real headline corpus (realshort/posts.jsonl); empty: none")
	flag.Parse()
	ex, opt, err := train.TrainingSet(*real, *short)
	if err != nil {
		log.Fatal(err)
	}
	var buf bytes.Buffer
	rep, err := train.FitCalibration(ex, opt, &buf)
	if err != nil {
		log.Fatal(err)
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		log.Fatalf("generated source: %v", err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "calibgen: %d train posts read out of fold, %d called live; Brier score of their strength %.4f raw, %.4f calibrated\n", rep.Posts, rep.Live, rep.BrierRaw, rep.BrierCalibrated)
}
