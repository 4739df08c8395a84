// Command relgen trains the relevance model (package icp) on the
// real-post corpus (package realcorpus) with a fixed seed and writes it as
// JSON: `go generate ./internal/engine/icp`.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus/examples"
)

func main() {
	out := flag.String("out", "relevance_model.json", "the model file to write")
	corpus := flag.String("corpus", "../realcorpus/testdata", "the training corpus")
	beta := flag.Float64("beta", 0, "F-beta of the threshold (0: the default)")
	epochs := flag.Int("epochs", 0, "SGD epochs (0: the default)")
	lr := flag.Float64("lr", 0, "learning rate (0: the default)")
	l2 := flag.Float64("l2", 0, "L2 penalty (0: the default)")
	logistic := flag.Bool("logistic", false, "a logistic regression instead of boosted trees")
	trees := flag.Int("trees", 0, "boosted trees: how many (0: the default)")
	depth := flag.Int("depth", 0, "boosted trees: depth (0: the default)")
	veto := flag.Float64("veto", 0.8, "the speaker model's probability from which its reading of a non-buyer or a closed move rules a post out (above 1: never)")
	flag.Parse()
	c, err := realcorpus.Load(*corpus)
	if err != nil {
		fail(err)
	}
	oof, err := examples.OutOfFold(c)
	if err != nil {
		fail(err)
	}
	ex, err := examples.Examples(c, &oof, nil)
	if err != nil {
		fail(err)
	}
	m, err := icp.Train(ex, icp.TrainOptions{Beta: *beta, Epochs: *epochs, LR: *lr, L2: *l2, Logistic: *logistic, Trees: *trees, Depth: *depth})
	if err != nil {
		fail(err)
	}
	m.Veto = *veto
	m.Trained += fmt.Sprintf("; speaker veto from %.2f; readings and the stance feature out of fold (5 category folds)", *veto)
	// The stance model the feature "stance" reads, fitted on every post.
	if m.Stance, err = examples.Stance(c, &oof, nil); err != nil {
		fail(err)
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("relevance model: %s; threshold %.2f\n", m.Trained, m.Threshold)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "relgen:", err)
	os.Exit(1)
}
