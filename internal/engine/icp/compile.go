package icp

import (
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Matcher is an ICP compiled once per search: its ranges, titles, term sets
// and exclusions, read once and applied to every post (docs/icp-fit.md).
type Matcher struct {
	p          engine.ICP
	rel        relevanceSet
	titles     []titleProfile
	size       span
	revenue    span
	stages     map[int]bool
	places     []string
	exclusions []exclusion
}

// Compile reads an ICP into a Matcher.
func Compile(p engine.ICP) *Matcher {
	m := &Matcher{p: p, rel: compileRelevance(p), stages: wantedStages(p.FundingStage),
		places: compilePlaces(p.Geographic), exclusions: compileExclusions(p.Exclusions)}
	for _, t := range p.TargetTitles {
		if strings.TrimSpace(t) != "" {
			m.titles = append(m.titles, readTitle(t))
		}
	}
	m.size, _ = parseSpan(p.CompanySize)
	m.revenue, _ = parseSpan(p.RevenueRange)
	return m
}

// Judge reads a post once for both relevance and fit: the pipeline's call.
func (m *Matcher) Judge(s Subject) (engine.Relevance, bool, engine.Fit) {
	rel, ok := m.Relevance(s)
	if !ok {
		return rel, false, engine.Fit{}
	}
	return rel, true, m.fit(s, rel)
}

// QueryTerms are the strong topical terms as plain words, for the search
// index query: the competitors' spellings ("bill com", "bill dot com",
// "redshift") and what the vendor sells ("accounts payable", "ATS").
func (m *Matcher) QueryTerms() []string { return m.rel.query }

// ICP returns the ICP the matcher was compiled from.
func (m *Matcher) ICP() engine.ICP { return m.p }

// Relevance judges whether a post is about what the ICP's vendor sells,
// and with which of the ICP's terms; see docs/icp-fit.md. It reads the
// subject's Text (the post's title and text), Title (the author's role),
// Employer and Signal. A post by one of the ICP's competitors (their own
// hiring, launches, marketing) is never relevant.
func (m *Matcher) Relevance(s Subject) (engine.Relevance, bool) {
	if m.rel.empty {
		return engine.Relevance{Terms: []string{}}, true
	}
	if s.Employer != "" {
		cs := stems(s.Employer)
		for _, c := range m.rel.competitors {
			if len(c) > 0 && containsSeq(cs, c) {
				return engine.Relevance{Terms: []string{}}, false
			}
		}
	}
	pt := readPost("", s.Text)
	return m.rel.relevance(&pt, m.buyerRole(s))
}

// buyerRole names the target title a post announces a new role in (job
// change: the author's title) or an opening for (hiring: the post's own
// title, when it has a short one), or "". The closest target wins; it must
// share the function and be at most one level apart.
func (m *Matcher) buyerRole(s Subject) string {
	var role, prefix string
	switch s.Signal {
	case string(engine.JobChange):
		role, prefix = s.Title, "new "
	case string(engine.HiringActivity):
		head, _, _ := strings.Cut(s.Text, "\n")
		if len(strings.Fields(head)) > 8 {
			return ""
		}
		role, prefix = head, "hiring "
	default:
		return ""
	}
	if strings.TrimSpace(role) == "" {
		return ""
	}
	have := readTitle(role)
	best, name := 0.0, ""
	for _, t := range m.titles {
		if sc, _ := matchTitle(have, t); sc >= 0.7 && sc > best {
			best, name = sc, t.text
		}
	}
	if name == "" {
		return ""
	}
	return prefix + name
}
