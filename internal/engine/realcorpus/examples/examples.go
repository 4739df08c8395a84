// Package examples turns the real-post corpus into the relevance model's
// training pairs. It lives apart from package realcorpus, which the
// detector's and the speaker's own tests read, so that those tests do not
// import the engine stages built on them.
package examples

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/detect/train"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/labelled"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus"
	"github.com/signalpipe/signalpipe/internal/engine/speaker"
)

// Examples are the (ICP, post) pairs of the corpus as the relevance model
// trains on them: every ICP with every post, relevant when labelled, read
// the way a search reads a post (pipeline.ReadFrom) but by models that
// never saw the post's category (r; nil: OutOfFold's), and the feature
// "stance" by a stance model fitted without the ICP's and the post's
// categories (folds of categories, as OutOfFold's). keep, when set,
// chooses the pairs by the ICP's id and the post's category; the group of
// a pair is its ICP's id.
func Examples(c *realcorpus.Corpus, r *Readings, keep func(icpID, postCategory string) bool) ([]icp.Example, error) {
	if r == nil {
		oof, err := OutOfFold(c)
		if err != nil {
			return nil, err
		}
		r = &oof
	}
	rel := c.Relevant()
	subs := subjects(c, r)
	fold := categoryFolds(c)
	docs, cats := stanceDocs(c, subs)
	// One stance model for each pair of folds, fitted without both.
	var models [readingFolds][readingFolds]*icp.Stance
	var wg sync.WaitGroup
	for k1 := range readingFolds {
		for k2 := k1; k2 < readingFolds; k2++ {
			wg.Go(func() {
				var in []icp.StanceDoc
				for i, d := range docs {
					if f := fold[cats[i]]; f != k1 && f != k2 {
						in = append(in, d)
					}
				}
				st := icp.FitStance(in, icp.StanceOptions{})
				models[k1][k2], models[k2][k1] = st, st
			})
		}
	}
	wg.Wait()
	// The features do not read the model; a placeholder keeps a model file
	// being regenerated out of the way.
	placeholder := Placeholder()
	var out []icp.Example
	for _, row := range c.ICPs {
		m := icp.CompileWith(row.ICP, placeholder)
		for i, p := range c.Posts {
			if keep != nil && !keep(row.ID, p.Category) {
				continue
			}
			pr := m.ReadPair(subs[i])
			pr.X[icp.StanceFeature] = models[fold[row.ID]][fold[p.Category]].Prob(&pr)
			out = append(out, icp.Example{X: pr.X, Y: rel[row.ID][p.ID], Group: row.ID})
		}
	}
	return out, nil
}

// Placeholder is a relevance model that reads nothing, for reading pairs
// while the model file is being regenerated.
func Placeholder() *icp.Model {
	return &icp.Model{Features: icp.FeatureNames, Weights: make([]float64, len(icp.FeatureNames)), Threshold: 0.5}
}

// subjects are the corpus' posts as the relevance model reads them, with
// the readings r.
func subjects(c *realcorpus.Corpus, r *Readings) []icp.Subject {
	subs := make([]icp.Subject, len(c.Posts))
	for i, p := range c.Posts {
		ep := p.Engine()
		subs[i], _, _ = pipeline.ReadFrom(&ep, r.Live[i])
		subs[i].Speaker = r.Speaker[i]
	}
	return subs
}

// stanceDocs are the stance model's training posts: each post read for
// its own category's ICP, relevant when labelled; cats are their
// categories.
func stanceDocs(c *realcorpus.Corpus, subs []icp.Subject) ([]icp.StanceDoc, []string) {
	rel := c.Relevant()
	placeholder := Placeholder()
	var docs []icp.StanceDoc
	var cats []string
	for _, row := range c.ICPs {
		m := icp.CompileWith(row.ICP, placeholder)
		for i, p := range c.Posts {
			if p.Category != row.ID {
				continue
			}
			pr := m.ReadPair(subs[i])
			docs = append(docs, icp.StanceDoc{Features: pr.StanceFeatures(), Relevant: rel[row.ID][p.ID]})
			cats = append(cats, p.Category)
		}
	}
	return docs, cats
}

// Stance fits the stance model on the corpus' posts (each for its own
// category's ICP) whose category leave does not hold (nil: every post),
// read with r (nil: OutOfFold's).
func Stance(c *realcorpus.Corpus, r *Readings, leave func(category string) bool) (*icp.Stance, error) {
	if r == nil {
		oof, err := OutOfFold(c)
		if err != nil {
			return nil, err
		}
		r = &oof
	}
	docs, cats := stanceDocs(c, subjects(c, r))
	var in []icp.StanceDoc
	for i, d := range docs {
		if leave == nil || !leave(cats[i]) {
			in = append(in, d)
		}
	}
	return icp.FitStance(in, icp.StanceOptions{}), nil
}

// Readings are what the detector and the speaker model read of each post
// of a corpus (in corpus order), each read by models fitted without the
// post's category.
type Readings struct {
	Live    []detect.LiveReading
	Speaker []speaker.Reading
}

// key is how ByText finds a post: its title and text.
func key(title, text string) string { return title + "\x00" + text }

// ByText returns the readings as the pipeline's overrides
// (pipeline.Options ReadLive and Speaker), looked up by a post's title and
// text; a post not of the corpus is read by the shipped models.
func (r Readings) ByText(c *realcorpus.Corpus) (func(engine.Post) detect.LiveReading, func(title, text string) speaker.Reading) {
	idx := make(map[string]int, len(c.Posts))
	for i, p := range c.Posts {
		idx[key(p.Title, p.Text)] = i
	}
	live := func(p engine.Post) detect.LiveReading {
		if i, ok := idx[key(p.Title, p.Text)]; ok {
			return r.Live[i]
		}
		return detect.Default().ReadLive(p)
	}
	spk := func(title, text string) speaker.Reading {
		if i, ok := idx[key(title, text)]; ok {
			return r.Speaker[i]
		}
		return speaker.Read(title, text)
	}
	return live, spk
}

// readingFolds is how many folds of categories the out-of-fold readings
// use.
const readingFolds = 5

// OutOfFold reads every post of the corpus with a detector and a speaker
// model fitted (the shipped settings: train.FitLike, speaker.ShippedOptions)
// without the post's category. The shipped models were fitted on these
// very posts, so their readings of them are better than of any post they
// never saw, and a relevance model trained on those readings would trust
// them more than a new post deserves (on posts of categories never seen
// the speaker's in-sample readings cost half the recall). Categories are
// dealt to folds in sorted order. The detectors are fitted on the labelled
// set's train split and the corpus' other categories; the headline corpus
// the shipped detector also reads (train/testdata/realshort) is left out:
// it holds no post of the corpus' shape and is not in every checkout's
// reach of this package's callers.
func OutOfFold(c *realcorpus.Corpus) (Readings, error) {
	fold := categoryFolds(c)
	r := Readings{Live: make([]detect.LiveReading, len(c.Posts)), Speaker: make([]speaker.Reading, len(c.Posts))}
	errs := make([]error, readingFolds)
	var wg sync.WaitGroup
	for k := range readingFolds {
		wg.Go(func() {
			// A category of speaker.jsonl has no fold: its posts train
			// every fold's speaker.
			leave := func(cat string) bool { f, ok := fold[cat]; return ok && f == k }
			m := SpeakerWithout(c, leave)
			ex, err := train.CorpusPosts(c, leave)
			if err != nil {
				errs[k] = err
				return
			}
			det := train.FitLike(append(labelled.Split("train"), ex...), train.TrainOptions{RealShaped: train.RealPost})
			for i, p := range c.Posts {
				if fold[p.Category] == k {
					r.Speaker[i] = m.Read(p.Title, p.Text)
					r.Live[i] = det.ReadLive(p.Engine())
				}
			}
		})
	}
	wg.Wait()
	return r, errors.Join(errs...)
}

// categoryFolds deals the corpus' categories to readingFolds folds, in
// sorted order.
func categoryFolds(c *realcorpus.Corpus) map[string]int {
	var cats []string
	for _, p := range c.Posts {
		if !slices.Contains(cats, p.Category) {
			cats = append(cats, p.Category)
		}
	}
	slices.Sort(cats)
	fold := map[string]int{}
	for i, cat := range cats {
		fold[cat] = i % readingFolds
	}
	return fold
}

// Keyword is the ten-line keyword matcher relevance is compared with: a
// post is relevant when it names one of the ICP's competitors or tech
// stack (docs/performance.md, "Relevance").
func Keyword(p engine.ICP, title, text string) bool {
	return icp.NamesAny(title+"\n"+text, append(append([]string{}, p.Competitors...), p.TechStack...))
}

// SpeakerWithout fits the speaker model (the shipped settings) on the
// corpus' posts whose category leave does not hold, those labelled only
// for the speaker (speaker.jsonl) included.
func SpeakerWithout(c *realcorpus.Corpus, leave func(category string) bool) speaker.Model {
	var samples []speaker.Sample
	for _, p := range append(slices.Clone(c.Posts), c.Speaker...) {
		if !leave(p.Category) {
			samples = append(samples, speaker.Sample{ID: p.ID, Group: p.Category, Title: p.Title, Text: p.Text,
				Role: speaker.Role(p.AuthorRole), Stage: speaker.Stage(p.Stage)})
		}
	}
	m, err := speaker.Fit(samples, speaker.ShippedOptions())
	if err != nil {
		panic(fmt.Sprintf("speaker fit on the corpus: %v", err)) // the corpus loaded, so its labels are valid
	}
	return m
}
