package train

import (
	"fmt"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
	"github.com/signalpipe/signalpipe/internal/engine/labelled"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus"
)

// RealPosts reads the real public posts of the training corpus (issue 30:
// verbatim excerpts labelled by docs/labelling.md, loaded and checked by
// realcorpus.Load) as labelled examples. Every post is a training post
// (Split "train"): none is in the labelled set's test split, and the
// corpus holds no post of an outside evaluation file (realcorpus's leak
// test).
func RealPosts(dir string) ([]evaluate.Example, error) {
	c, err := realcorpus.Load(dir)
	if err != nil {
		return nil, err
	}
	out, err := CorpusPosts(c, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return out, nil
}

// CorpusPosts are the posts of a loaded corpus as labelled training
// examples, without those whose category leave holds (nil: none left).
func CorpusPosts(c *realcorpus.Corpus, leave func(category string) bool) ([]evaluate.Example, error) {
	out := make([]evaluate.Example, 0, len(c.Posts))
	for _, p := range c.Posts {
		if leave != nil && leave(p.Category) {
			continue
		}
		typ := engine.SignalType(p.SignalType)
		if !typ.Valid() {
			return nil, fmt.Errorf("post %s: unknown signal_type %q", p.ID, p.SignalType)
		}
		out = append(out, evaluate.Example{ID: p.ID, Title: p.Title, Text: p.Text, Source: p.Source,
			SignalType: typ, Intent: p.Intent, IntentStated: true, Split: "train"})
	}
	return out, nil
}

// ShortPosts reads the real headline corpus (realcorpus.LoadShort: Hacker
// News titles, news headlines, tweets, verbatim) as labelled training
// examples.
func ShortPosts(path string) ([]evaluate.Example, error) {
	posts, err := realcorpus.LoadShort(path)
	if err != nil {
		return nil, err
	}
	out := make([]evaluate.Example, 0, len(posts))
	for _, p := range posts {
		out = append(out, evaluate.Example{ID: p.ID, Title: p.Title, Text: p.Text, Source: p.Source,
			SignalType: engine.SignalType(p.SignalType), Intent: p.Intent, IntentStated: true, Split: "train"})
	}
	return out, nil
}

// TrainingSet is what modelgen and calibgen fit on: the labelled set's
// train split and, when realDir is not empty, the real posts of RealPosts,
// and when shortPath is not empty the headlines of ShortPosts. Every real
// post weighs as the real-shaped rows do (RealPost): cross-validation
// chooses that weight and scores the real posts on their own, so the
// settings are the ones that read real posts best, not the written rows.
// (Until 2026-12-07 the corpus and headline posts were ordinary rows of
// weight 1 and the real score counted the paraphrases alone.)
func TrainingSet(realDir, shortPath string) ([]evaluate.Example, TrainOptions, error) {
	train := labelled.Split("train")
	if realDir != "" {
		posts, err := RealPosts(realDir)
		if err != nil {
			return nil, TrainOptions{}, err
		}
		train = append(train, posts...)
	}
	if shortPath != "" {
		posts, err := ShortPosts(shortPath)
		if err != nil {
			return nil, TrainOptions{}, err
		}
		train = append(train, posts...)
	}
	opt := TrainOptions{RealShaped: RealPost}
	return train, opt, nil
}

// RealPost reports whether e is a real post or a paraphrase of one: a
// real-shaped row of the labelled set, or a post of the real corpus or the
// headline corpus (whose ids do not start with "L").
func RealPost(e evaluate.Example) bool {
	return labelled.RealShaped(e) || !strings.HasPrefix(e.ID, "L")
}
