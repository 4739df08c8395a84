package icp

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestStanceMasksTheTopic: the stance model reads a post with the ICP's
// competitors, what the vendor sells and its tech stack replaced by
// placeholders, and another category's products by @other, so two posts
// worded alike about two categories read the same.
func TestStanceMasksTheTopic(t *testing.T) {
	browsers := CompileWith(engine.ICP{Competitors: []string{"BrowserStack", "Sauce Labs"}, TechStack: []string{"Selenium"},
		KnowledgeBase: "We sell cross-browser testing."}, readOnly())
	cdns := CompileWith(engine.ICP{Competitors: []string{"Cloudflare", "Fastly"}, KnowledgeBase: "We sell a CDN."}, readOnly())
	for _, c := range []struct {
		m           *Matcher
		title, body string
		want        string
	}{
		{browsers, "Try BrowserStack as an alternative to Sauce Labs", "Our Selenium runs on Sauce Labs are flaky.",
			"try @comp as an altern to @comp | our @tech run on @comp are flaki"},
		{cdns, "Try Fastly as an alternative to Cloudflare", "Our runs on Cloudflare are flaky.",
			"try @comp as an altern to @comp | our run on @comp are flaki"},
		// Stripe is a payments product (taxonomy): another category's.
		{cdns, "", "We pay Stripe for billing and Fastly for the CDN", "| we pay @other for bill and @comp for the @cat"},
	} {
		r := c.m.features(Subject{PostTitle: c.title, Body: c.body})
		got := strings.Join(r.stance.title, " ") + " | " + strings.Join(r.stance.body, " ")
		if strings.TrimSpace(got) != c.want {
			t.Errorf("%q / %q read as\n %q, want\n %q", c.title, c.body, got, c.want)
		}
	}
}

// TestFitStanceLearnsTheShape: fitted on a few posts per shape, the
// stance model scores a new post of the live shape above one of the
// finished shape, whatever the category.
func TestFitStanceLearnsTheShape(t *testing.T) {
	icps := []engine.ICP{
		{Competitors: []string{"BrowserStack", "Sauce Labs"}, KnowledgeBase: "We sell cross-browser testing."},
		{Competitors: []string{"Harvest", "Toggl"}, KnowledgeBase: "We sell time tracking."},
		{Competitors: []string{"Kubecost", "Vantage"}, KnowledgeBase: "We sell cloud cost reports."},
	}
	pairs := [][2]string{{"BrowserStack", "Sauce Labs"}, {"Harvest", "Toggl"}, {"Kubecost", "Vantage"}}
	var docs []StanceDoc
	for i, p := range icps[:2] {
		m := CompileWith(p, readOnly())
		a, b := pairs[i][0], pairs[i][1]
		for _, live := range []string{"Evaluate %s as a replacement for %s", "Looking for an alternative to %[2]s, maybe %[1]s", "Should we try %s instead of %s?"} {
			pr := m.ReadPair(Subject{PostTitle: fmt.Sprintf(live, a, b)})
			docs = append(docs, StanceDoc{Features: pr.StanceFeatures(), Relevant: true})
		}
		for _, done := range []string{"Migrated from %[2]s to %[1]s last year", "We finished the move to %s from %s", "Closing: we stay on %[2]s, %[1]s was not better"} {
			pr := m.ReadPair(Subject{PostTitle: fmt.Sprintf(done, a, b)})
			docs = append(docs, StanceDoc{Features: pr.StanceFeatures(), Relevant: false})
		}
	}
	st := FitStance(docs, StanceOptions{MinDocs: 1})
	m := CompileWith(icps[2], readOnly())
	live := m.ReadPair(Subject{PostTitle: "Should we try Vantage instead of Kubecost?"})
	done := m.ReadPair(Subject{PostTitle: "Migrated from Kubecost to Vantage last year"})
	pl, pd := st.Prob(&live), st.Prob(&done)
	if !(pl > 0.6 && pd < 0.4) {
		t.Errorf("unseen category: live %.2f, finished %.2f; want the live post above 0.6 and the finished one under 0.4", pl, pd)
	}
	// The model file's form: weights by name, read back by hash.
	st2 := &Stance{Bias: st.Bias, Weights: st.Weights}
	if err := st2.check(); err != nil {
		t.Fatal(err)
	}
	if got := st2.Prob(&live); math.Abs(got-pl) > 1e-12 {
		t.Errorf("reloaded model reads %.4f, fitted one %.4f", got, pl)
	}
	bad := &Stance{Weights: map[string]float64{"x": math.NaN()}}
	if err := bad.check(); err == nil {
		t.Error("a NaN weight was accepted")
	}
}

// readOnly is a relevance model that judges nothing, for reading posts.
func readOnly() *Model {
	return &Model{Features: FeatureNames, Weights: make([]float64, len(FeatureNames)), Threshold: 0.5}
}

// TestVetoIsTheModelsSetting: the speaker veto reads the model file's
// probability (0: sureSpeaker; above 1: never), so a post the speaker
// reads as a vendor's at 0.7 is ruled out by the default and let through
// by a model that vetoes from 0.8 or never.
func TestVetoIsTheModelsSetting(t *testing.T) {
	s := Subject{}
	s.Speaker.Role, s.Speaker.RoleProb = "vendor", 0.7
	for _, c := range []struct {
		veto float64
		want bool
	}{{0, true}, {0.8, false}, {2, false}} {
		m := readOnly()
		m.Veto = c.veto
		if got := notABuyer(s, m.veto()); got != c.want {
			t.Errorf("veto %v: ruled out %v, want %v", c.veto, got, c.want)
		}
	}
	if (*Model)(nil).veto() != sureSpeaker {
		t.Error("no model: the veto is not sureSpeaker")
	}
}
