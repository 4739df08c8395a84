// Package examples turns the real-post corpus into the relevance model's
// training pairs. It lives apart from package realcorpus, which the
// detector's and the speaker's own tests read, so that those tests do not
// import the engine stages built on them.
package examples

import (
	"fmt"
	"slices"
	"sync"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus"
	"github.com/signalpipe/signalpipe/internal/engine/speaker"
)

// Examples are the (ICP, post) pairs of the corpus as the relevance model
// trains on them: every ICP with every post, relevant when labelled, read
// the way a search reads a post (pipeline.Read). keep, when set, chooses
// the pairs by the ICP's id and the post's category; the group of a pair
// is its ICP's id.
func Examples(c *realcorpus.Corpus, det *detect.Detector, keep func(icpID, postCategory string) bool) []icp.Example {
	if det == nil {
		det = detect.Default()
	}
	rel := c.Relevant()
	spk := OutOfFoldSpeaker(c)
	subs := make([]icp.Subject, len(c.Posts))
	for i, p := range c.Posts {
		ep := p.Engine()
		subs[i], _, _ = pipeline.Read(&ep, det)
		subs[i].Speaker = spk[i]
	}
	// The features do not read the model; a placeholder keeps a model file
	// being regenerated out of the way.
	placeholder := &icp.Model{Features: icp.FeatureNames, Weights: make([]float64, len(icp.FeatureNames)), Threshold: 0.5}
	var out []icp.Example
	for _, row := range c.ICPs {
		m := icp.CompileWith(row.ICP, placeholder)
		for i, p := range c.Posts {
			if keep != nil && !keep(row.ID, p.Category) {
				continue
			}
			out = append(out, icp.Example{X: m.Features(subs[i]), Y: rel[row.ID][p.ID], Group: row.ID})
		}
	}
	return out
}

// Keyword is the ten-line keyword matcher relevance is compared with: a
// post is relevant when it names one of the ICP's competitors or tech
// stack (docs/performance.md, "Relevance").
func Keyword(p engine.ICP, title, text string) bool {
	return icp.NamesAny(title+"\n"+text, append(append([]string{}, p.Competitors...), p.TechStack...))
}

// speakerFolds is how many folds of categories the out-of-fold speaker
// readings use.
const speakerFolds = 5

// OutOfFoldSpeaker reads every post of the corpus with a speaker model
// fitted (package speaker, the shipped settings) without the post's
// category: the shipped speaker model was fitted on these very posts, so
// its readings of them are better than of any post it never saw, and a
// relevance model trained on those readings would trust them more than a
// new post deserves (on posts of categories never seen it lost half its
// recall). Categories are dealt to folds in sorted order.
func OutOfFoldSpeaker(c *realcorpus.Corpus) []speaker.Reading {
	var cats []string
	for _, p := range c.Posts {
		if !slices.Contains(cats, p.Category) {
			cats = append(cats, p.Category)
		}
	}
	slices.Sort(cats)
	fold := map[string]int{}
	for i, cat := range cats {
		fold[cat] = i % speakerFolds
	}
	out := make([]speaker.Reading, len(c.Posts))
	var wg sync.WaitGroup
	for k := range speakerFolds {
		wg.Go(func() {
			m := SpeakerWithout(c, func(cat string) bool { return fold[cat] == k })
			for i, p := range c.Posts {
				if fold[p.Category] == k {
					out[i] = m.Read(p.Title, p.Text)
				}
			}
		})
	}
	wg.Wait()
	return out
}

// SpeakerWithout fits the speaker model (the shipped settings) on the
// corpus' posts whose category leave does not hold.
func SpeakerWithout(c *realcorpus.Corpus, leave func(category string) bool) speaker.Model {
	var samples []speaker.Sample
	for _, p := range c.Posts {
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
