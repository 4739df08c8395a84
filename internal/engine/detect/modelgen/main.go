// Command modelgen trains the detector's models on the labelled
// set's train split and writes its weight table (go generate in
// internal/engine/detect). The test split and any outside data are never
// read.
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
	out := flag.String("out", "model_table.go", "file to write")
	real := flag.String("real", "", "folder of the real-post training corpus (posts.jsonl, or <prefix>/posts.jsonl); empty: the labelled set alone")
	short := flag.String("short", "", "file of the real headline corpus (realshort/posts.jsonl); empty: none")
	flag.Parse()
	ex, opt, err := train.TrainingSet(*real, *short)
	if err != nil {
		log.Fatal(err)
	}
	var buf bytes.Buffer
	rep, err := train.TrainModel(ex, opt, &buf)
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
	fmt.Fprintf(os.Stderr, "modelgen: %d posts (%d real-shaped, weight %g), %d features, l2 %g, tau %g, arbiter %v\n", rep.Posts, rep.RealShaped, rep.RealWeight, rep.Features, rep.L2, rep.Tau, rep.Arbiter)
	fmt.Fprintf(os.Stderr, "  5-fold CV, rules + model: intent accuracy %.3f, macro-F1 %.3f\n", rep.CVIntent, rep.CVMacroF1)
	fmt.Fprintf(os.Stderr, "  rules alone on the same posts: intent accuracy %.3f, macro-F1 %.3f\n", rep.RulesIntent, rep.RulesMacroF1)
	fmt.Fprintf(os.Stderr, "  padded with asides, rules + model: intent accuracy %.3f, macro-F1 %.3f; rules alone %.3f, %.3f\n", rep.PaddedIntent, rep.PaddedMacroF1, rep.RulesPaddedIntent, rep.RulesPaddedMacroF1)
	if rep.RealShaped > 0 {
		fmt.Fprintf(os.Stderr, "  real-shaped posts alone, rules + model: intent accuracy %.3f, macro-F1 %.3f; rules alone %.3f, %.3f\n", rep.RealIntent, rep.RealMacroF1, rep.RulesRealIntent, rep.RulesRealMacroF1)
	}
	if rep.KindTau > 1 {
		fmt.Fprintf(os.Stderr, "  kind model: not used (it did not help in cross-validation)\n")
	} else {
		fmt.Fprintf(os.Stderr, "  with the kind model (l2 %g, tau %g): intent accuracy %.3f, macro-F1 %.3f; padded %.3f, %.3f; real-shaped %.3f, %.3f\n", rep.KindL2, rep.KindTau, rep.KindIntent, rep.KindMacroF1, rep.KindPaddedIntent, rep.KindPaddedMacroF1, rep.KindRealIntent, rep.KindRealMacroF1)
	}
}
