package icp

import (
	"regexp"
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
	s = m.apart(s)
	rel, ok := m.Relevance(s)
	rel.Terms = m.shownTerms(rel.Terms)
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
		for _, c := range m.p.Competitors {
			if isCompetitorName(s.Employer, c) {
				return engine.Relevance{Terms: []string{}}, false
			}
		}
	}
	pt := readPost("", s.Text)
	return m.rel.relevance(&pt, m.buyerRole(s))
}

// buyerRole names the target title a post announces a new role in (job
// change: the author's title) or an opening for (hiring: the post's own
// title when it has a short one, else the words after "hiring", "looking
// for", "seeking" in its text: "we're hiring our first in-house
// recruiter"), or "". The closest target wins; it must share the function
// and be at most one level apart.
func (m *Matcher) buyerRole(s Subject) string {
	var roles []string
	var prefix string
	switch s.Signal {
	case string(engine.JobChange):
		roles, prefix = []string{s.Title}, "new "
	case string(engine.HiringActivity):
		prefix = "hiring "
		if head, _, _ := strings.Cut(s.Text, "\n"); len(strings.Fields(head)) <= 8 {
			roles = append(roles, head)
		}
		for _, m := range openingRe.FindAllStringSubmatch(s.Text, 5) {
			if ws := strings.Fields(strings.ToLower(m[1])); len(ws) > 0 && roleNoun(ws[len(ws)-1]) {
				roles = append(roles, m[1])
			}
		}
	default:
		return ""
	}
	best, name := 0.0, ""
	for _, role := range roles {
		if strings.TrimSpace(role) == "" {
			continue
		}
		have := readTitle(role)
		for _, t := range m.titles {
			if sc, _ := matchTitle(have, t); sc >= 0.7 && sc > best {
				best, name = sc, t.text
			}
		}
	}
	if name == "" {
		return ""
	}
	return prefix + name
}

// roleNouns end a job title ("… Recruiter", "… Manager", "CFO"): a
// phrase after "hiring" that ends otherwise ("hiring for engineering and
// data roles") names no opening.
var roleNouns = map[string]bool{"manager": true, "engineer": true, "recruiter": true, "specialist": true, "lead": true,
	"director": true, "analyst": true, "head": true, "officer": true, "counsel": true, "controller": true, "accountant": true,
	"clerk": true, "agent": true, "representative": true, "rep": true, "coordinator": true, "partner": true,
	"administrator": true, "admin": true, "architect": true, "scientist": true, "developer": true, "designer": true,
	"supervisor": true, "president": true, "sourcer": true, "associate": true, "generalist": true, "bookkeeper": true}

func roleNoun(w string) bool {
	w = strings.TrimSuffix(w, "s")
	if roleNouns[w] {
		return true
	}
	_, abbrev := titleExpand[w]
	return abbrev
}

// openingRe finds the role a hiring post names in its text: up to five
// words after "hiring", "looking for", "seeking" and the like, to the
// next punctuation.
var openingRe = regexp.MustCompile(`(?i)\b(?:hiring|looking for|seeking|searching for|recruiting for)\s+(?:a|an|our|the|two|three|several)?\s*(?:first|new|next|founding)?\s*((?:[\w&/-]+\s*){1,5}?)(?:[.,;:!?(\n]|\bto\b|\bwho\b|\bwith\b|\bin\b|\bat\b|\bfor\b|$)`)
