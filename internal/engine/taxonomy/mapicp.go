package taxonomy

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Mapped is a category an ICP maps to: Score 0-1 (how strong the
// evidence is) and Because, the evidence as a person reads it.
type Mapped struct {
	ID      string   `json:"id"`
	Score   float64  `json:"score"`
	Because []string `json:"because"`
}

// How much each kind of evidence weighs (docs/icp-fit.md "Software
// categories"). A competitor is the strongest sign of what the ICP's
// vendor sells; the knowledge base's words for the category come next
// (and more in its first sentence, where "We sell …" usually stands); a
// pain point or job reads as the buyer's need; the tech stack is what the
// buyers use alongside, so it counts least.
const (
	wCompetitor    = 3.0
	wKBSynonym     = 1.5
	wKBFirst       = 1.5 // added for a synonym in the knowledge base's first sentence
	wKBJob         = 1.0
	wKBVendor      = 1.0
	wPainTerm      = 1.0
	wPainVendor    = 0.5
	wStack         = 0.5
	minEvidence    = 1.0 // below this a category is left out
	maxMapped      = 8
	maxBecause     = 6
	scoreSaturates = 6.0 // raw evidence at which Score reaches 1-1/e
)

// MapICP maps an ICP to its categories, best first, from its competitors
// (each a vendor of the category), tech stack, pain points and knowledge
// base. Each term counts once per field and category; a category needs
// some evidence (one pain point naming it, or one competitor) to be
// listed; at most eight are.
func MapICP(competitors, techStack, painPoints []string, knowledgeBase string) []Mapped {
	type acc struct {
		raw     float64
		because []string
		seen    map[string]bool
	}
	by := map[string]*acc{}
	add := func(cat, key string, w float64, why string) {
		a := by[cat]
		if a == nil {
			a = &acc{seen: map[string]bool{}}
			by[cat] = a
		}
		if a.seen[key] {
			return
		}
		a.seen[key] = true
		a.raw += w
		if why != "" {
			a.because = append(a.because, why)
		}
	}
	name := func(id string) string { c, _ := Get(id); return c.Name }
	for _, c := range competitors {
		for _, h := range Scan(c) {
			if h.Kind == KindVendor {
				add(h.Category, "competitor\x00"+h.Term, wCompetitor, fmt.Sprintf("competitor %q: a vendor of %s", c, name(h.Category)))
			}
		}
	}
	for _, s := range techStack {
		for _, h := range Scan(s) {
			add(h.Category, "stack\x00"+h.Term, wStack, fmt.Sprintf("tech stack %q: %s", s, describe(h)))
		}
	}
	for _, p := range painPoints {
		for _, h := range Scan(p) {
			w := wPainTerm
			if h.Kind == KindVendor {
				w = wPainVendor
			}
			add(h.Category, "pain\x00"+h.Term, w, fmt.Sprintf("pain point %q: %s", p, describe(h)))
		}
	}
	if kb := strings.TrimSpace(knowledgeBase); kb != "" {
		first := firstSentence(kb)
		for _, h := range Scan(kb) {
			w := wKBJob
			switch h.Kind {
			case KindSynonym:
				w = wKBSynonym
				if h.End <= first {
					w += wKBFirst
				}
			case KindVendor:
				w = wKBVendor
			}
			add(h.Category, "kb\x00"+h.Term, w, fmt.Sprintf("knowledge base: %s", describe(h)))
		}
	}
	var out []Mapped
	for id, a := range by {
		if a.raw < minEvidence {
			continue
		}
		because := a.because
		if len(because) > maxBecause {
			because = append(because[:maxBecause:maxBecause], fmt.Sprintf("and %d more", len(a.because)-maxBecause))
		}
		out = append(out, Mapped{ID: id, Score: round(1 - math.Exp(-a.raw/scoreSaturates)), Because: because})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].ID < out[j].ID
	})
	if len(out) > maxMapped {
		out = out[:maxMapped]
	}
	return out
}

// ForICP is the ICP's categories: the owner's choice (p.Categories, known
// ids only, score 1) when there is one, else MapICP's.
func ForICP(p engine.ICP) []Mapped {
	if len(p.Categories) > 0 {
		out := make([]Mapped, 0, len(p.Categories))
		for _, id := range p.Categories {
			if Known(id) {
				out = append(out, Mapped{ID: id, Score: 1, Because: []string{"chosen on the client's page"}})
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return MapICP(p.Competitors, p.TechStack, p.PainPoints, p.KnowledgeBase)
}

func describe(h Hit) string {
	c, _ := Get(h.Category)
	switch h.Kind {
	case KindVendor:
		return fmt.Sprintf("%s, a vendor of %s", h.Term, c.Name)
	case KindSynonym:
		return fmt.Sprintf("%q, a name for %s", h.Term, c.Name)
	}
	return fmt.Sprintf("%q, a need for %s", h.Term, c.Name)
}

// firstSentence is the byte offset where the text's first sentence ends.
func firstSentence(s string) int {
	for i := 0; i+1 < len(s); i++ {
		if (s[i] == '.' || s[i] == '!' || s[i] == '?' || s[i] == '\n') && (s[i+1] == ' ' || s[i+1] == '\n') {
			return i
		}
	}
	return len(s)
}

func round(f float64) float64 { return math.Round(f*1000) / 1000 }
