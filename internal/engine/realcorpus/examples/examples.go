// Package examples turns the real-post corpus into the relevance model's
// training pairs. It lives apart from package realcorpus, which the
// detector's and the speaker's own tests read, so that those tests do not
// import the engine stages built on them.
package examples

import (
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus"
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
	subs := make([]icp.Subject, len(c.Posts))
	for i, p := range c.Posts {
		ep := p.Engine()
		subs[i], _, _ = pipeline.Read(&ep, det)
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
