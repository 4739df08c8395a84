package icp

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
)

//go:generate go run ./relgen -out relevance_model.json

// Model is the relevance model over FeatureNames: boosted trees (or a
// logistic regression: Weights without Trees), trained on the real-post
// corpus (package realcorpus) by `go generate` with a fixed seed (Train). A post is relevant to an ICP when its
// probability reaches Threshold.
type Model struct {
	// Features are the names the weights belong to, in order; they must
	// be FeatureNames exactly.
	Features []string  `json:"features"`
	Weights  []float64 `json:"weights,omitempty"`
	Bias     float64   `json:"bias"`
	// Trees, when there are any, make the model boosted trees (gbdt.go):
	// the probability is the sigmoid of Bias plus every tree's value, and
	// Weights are unused. Means are each tree's node values as the fit
	// saw them, for the reasons (a feature's share of the log-odds).
	Trees []Tree      `json:"trees,omitempty"`
	Means [][]float64 `json:"means,omitempty"`
	// Threshold is the probability from which a post is relevant.
	Threshold float64 `json:"threshold"`
	// Trained says on what and how: corpus counts, seed, settings.
	Trained string `json:"trained"`
	// Stance is the stance model whose probability is the feature
	// "stance" (stance.go); nil reads 0.5 for every post.
	Stance *Stance `json:"stance,omitempty"`
	// Veto is the speaker model's probability from which its reading of a
	// non-buyer or a closed move rules a post out (0: sureSpeaker; above 1:
	// never), a setting measured with the model.
	Veto float64 `json:"veto,omitempty"`
}

func (m *Model) veto() float64 {
	if m == nil || m.Veto == 0 {
		return sureSpeaker
	}
	return m.Veto
}

//go:embed relevance_model.json
var modelFile []byte

var (
	defaultOnce  sync.Once
	defaultModel *Model
	defaultErr   error
)

// DefaultModel is the model shipped in the binary. It fails when the
// model file does not match the code's feature list; the server and the
// CLI call it at start and refuse to run on an error.
func DefaultModel() (*Model, error) {
	defaultOnce.Do(func() { defaultModel, defaultErr = ParseModel(modelFile) })
	return defaultModel, defaultErr
}

func mustDefault() *Model {
	m, err := DefaultModel()
	if err != nil {
		panic(err)
	}
	return m
}

// ParseModel reads a model file and checks it against FeatureNames.
func ParseModel(b []byte) (*Model, error) {
	var m Model
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("relevance model: %w", err)
	}
	if err := m.check(); err != nil {
		return nil, err
	}
	return &m, nil
}

func (m *Model) check() error {
	if !slices.Equal(m.Features, FeatureNames) {
		return fmt.Errorf("relevance model: its feature list (%d features) does not match the code's (%d): %s; run `go generate ./internal/engine/icp` to retrain it",
			len(m.Features), len(FeatureNames), firstDiff(m.Features, FeatureNames))
	}
	if len(m.Trees) > 0 {
		if err := checkTrees(m.Trees, m.Means); err != nil {
			return fmt.Errorf("relevance model: %w", err)
		}
	} else if len(m.Weights) != len(FeatureNames) {
		return fmt.Errorf("relevance model: %d weights for %d features", len(m.Weights), len(FeatureNames))
	}
	if m.Stance == nil {
		// Without it the feature "stance" would read 0.5 for every post,
		// which no tree was fitted on.
		return fmt.Errorf("relevance model: the file holds no stance model, which its feature \"stance\" reads; run `go generate ./internal/engine/icp` to retrain it")
	}
	if err := m.Stance.check(); err != nil {
		return fmt.Errorf("relevance model: %w", err)
	}
	if !(m.Threshold > 0 && m.Threshold < 1) {
		return fmt.Errorf("relevance model: threshold %v is not a probability", m.Threshold)
	}
	for _, w := range append([]float64{m.Bias}, m.Weights...) {
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("relevance model: a weight is not a number")
		}
	}
	return nil
}

func firstDiff(have, want []string) string {
	for i := range max(len(have), len(want)) {
		h, w := "(none)", "(none)"
		if i < len(have) {
			h = have[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if h != w {
			return fmt.Sprintf("feature %d is %q in the file, %q in the code", i+1, h, w)
		}
	}
	return "same names"
}

// Prob is the model's probability that a post with features x is
// relevant.
func (m *Model) Prob(x []float64) float64 {
	if len(m.Trees) > 0 {
		return 1 / (1 + math.Exp(-treesLogit(m.Trees, m.Bias, x)))
	}
	z := m.Bias
	for i, w := range m.Weights {
		z += w * x[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// reasons are the features that raised a post's probability most, as a
// client reads them: the ICP's terms for a term feature, a phrase for the
// others; at most n.
func (m *Model) reasons(r *reading, n int) []string {
	type c struct {
		f int
		v float64
	}
	var cs []c
	contrib := make([]float64, nFeatures)
	if len(m.Trees) > 0 {
		treesContributions(m.Trees, m.Means, r.x[:], contrib)
	} else {
		for f := range nFeatures {
			contrib[f] = m.Weights[f] * r.x[f]
		}
	}
	for f := range nFeatures {
		// A feature that is off raises nothing a client could read.
		if v := contrib[f]; v > 0 && r.x[f] != 0 {
			cs = append(cs, c{f, v})
		}
	}
	slices.SortStableFunc(cs, func(a, b c) int { return -cmpFloat(a.v, b.v) })
	var out []string
	seen := map[string]bool{}
	push := func(s string) {
		k := strings.ToLower(s)
		if s == "" || seen[k] || len(out) == n {
			return
		}
		// A single word already inside a shown phrase is not repeated.
		for _, o := range out {
			if !strings.Contains(s, " ") && slices.Contains(strings.Fields(strings.ToLower(o)), k) {
				return
			}
		}
		seen[k] = true
		out = append(out, s)
	}
	for _, c := range cs {
		switch {
		case len(r.terms[c.f]) > 0:
			for _, t := range r.terms[c.f] {
				push(t)
			}
		case c.f == fCompTitle || c.f == fCompBody || c.f == fComps || c.f == fTopical || c.f == fTopicalLive || c.f == fTopicalBuyer || c.f == fTopicalStageLive:
			for _, f := range []int{fCompBody, fCatBody, fPain, fTaxVendor, fTaxSynonym, fTaxJob} {
				for _, t := range r.terms[f] {
					push(t)
				}
			}
		default:
			push(reasonText[c.f])
		}
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// reasonText says a non-term feature as a client reads it.
var reasonText = map[int]string{
	fSigCompetitor: "leaving or comparing a current tool", fSigResearch: "choosing a tool", fSigHiring: "hiring for it",
	fSigJobChange: "new in the role", fSigFunding: "new funding", fLive: "a live buying signal", fIntentProb: "a live buying signal",
	fRoleBuyer: "written by a buyer", fStageLive: "the move is still open", fHiringDuties: "the job's duties involve it", fHiringFunction: "hiring in the team that uses it",
	fSourceIssue: "a team's issue tracker", fSourcePR: "a team's pull request", fSourceJobBoard: "a job post",
	fSourceForum: "a discussion forum", fSourceBlog: "a blog post", fLength: "a detailed post",
	fStance: "worded as a buying move",
}
