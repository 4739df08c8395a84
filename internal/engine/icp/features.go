package icp

import (
	"math"
	"slices"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/speaker"
	"github.com/signalpipe/signalpipe/internal/engine/taxonomy"
)

// The relevance model (model.go) reads a post through these features,
// computed from the compiled ICP and the post. None names a category: they
// say which of the ICP's terms the post holds and where, what the detector
// and the speaker model read, the source kind and the length, so a model
// trained on some categories carries to others. The order is the model
// file's: a model whose feature list differs refuses to load.
var FeatureNames = []string{
	"competitor_title",    // a competitor named in the post's title
	"competitor_body",     // a competitor named in the body
	"competitors",         // distinct competitors named (of 3)
	"competitor_lower",    // a competitor only in lower case (maybe the dictionary word)
	"competitor_employer", // the author's stated employer is a competitor
	"category_title",      // what the vendor sells, as a phrase or abbreviation, in the title
	"category_body",       // ... in the body
	"category_words",      // single words of what the vendor sells (of 3)
	"pain",                // an ICP pain point stated
	"pairs",               // word pairs of the knowledge base or pain points (of 3)
	"words",               // single content words of the knowledge base (of 6)
	"tech",                // tools of the ICP's tech stack (of 3)
	"not_sold",            // a word of what the vendor says it does not sell
	"buyer_title",         // a new role or an opening for one of the target titles
	"taxonomy_vendor",     // a vendor of the ICP's taxonomy categories
	"taxonomy_synonym",    // a synonym of those categories
	"taxonomy_job",        // a job people describe for those categories ("we need CI")
	"topical",             // any of the strong topical features above
	"signal_competitor",   // the detector's type: competitor engagement
	"signal_research",     // tech research
	"signal_hiring",       // hiring activity
	"signal_job_change",   // job change
	"signal_funding",      // funding event
	"live",                // the detector reads a live buying signal
	"intent_prob",         // the detector model's probability of a live signal
	"topical_live",        // topical × live probability
	"role_buyer",          // speaker: buyer (its probability)
	"role_vendor",         // speaker: vendor
	"role_publisher",      // speaker: publisher
	"role_vendor_recruiter",
	"role_job_seeker",
	"stage_live", // speaker: the move is open (its probability)
	"stage_finished",
	"stage_declined",
	"topical_buyer",       // topical × buyer
	"topical_stage_live",  // topical × live stage
	"hiring_duties",       // hiring, with the ICP's terms in the duties (the body)
	"hiring_title_only",   // hiring, with the ICP's terms only in the title
	"hiring_function",     // hiring in the function of a target title (not engineering), at any level
	"hiring_function_eng", // ... in engineering only
	"taxonomy_other",      // terms of taxonomy categories the ICP is not mapped to (of 3)
	"taxonomy_share",      // the ICP's share of the post's taxonomy terms (0.5 when none)
	"source_issue",        // an issue tracker post
	"source_pr",           // a pull request
	"source_job_board",    // a job board
	"source_forum",        // Hacker News, Reddit, a Q&A site
	"source_blog",         // a blog or news page
	"length",              // log of the word count
	"stance",              // the stance model's probability, the ICP's terms masked (stance.go)
}

// Feature indexes, in FeatureNames order.
const (
	fCompTitle = iota
	fCompBody
	fComps
	fCompLower
	fCompEmployer
	fCatTitle
	fCatBody
	fCatWords
	fPain
	fPairs
	fWords
	fTech
	fNotSold
	fBuyerTitle
	fTaxVendor
	fTaxSynonym
	fTaxJob
	fTopical
	fSigCompetitor
	fSigResearch
	fSigHiring
	fSigJobChange
	fSigFunding
	fLive
	fIntentProb
	fTopicalLive
	fRoleBuyer
	fRoleVendor
	fRolePublisher
	fRoleVendorRecruiter
	fRoleJobSeeker
	fStageLive
	fStageFinished
	fStageDeclined
	fTopicalBuyer
	fTopicalStageLive
	fHiringDuties
	fHiringTitleOnly
	fHiringFunction
	fHiringFunctionEng
	fTaxOther
	fTaxShare
	fSourceIssue
	fSourcePR
	fSourceJobBoard
	fSourceForum
	fSourceBlog
	fLength
	fStance
	nFeatures
)

// reading is what the features were computed from: the ICP's terms the
// post holds, by feature, for the lead's evidence.
type reading struct {
	x     [nFeatures]float64
	terms [nFeatures][]string
	// topical is how much the post is about the ICP's topic, 0-1, for the
	// fit's relevance criterion (docs/icp-fit.md): the term classes'
	// weights summed (loose pairs at most 1.5, single words at most 1),
	// over 4.
	topical float64
	// words is the post's length in words.
	words int
	// known: the post comes from a source kind the corpus covers.
	known bool
	// stance is the post as the stance model reads it.
	stance stanceUnits
}

// features reads a post for the model. It reads the subject's PostTitle
// and Body (Text when they are empty), Employer, Signal, Live, IntentProb,
// Speaker and Platform/Source.
func (m *Matcher) features(s Subject) reading {
	var r reading
	title, body := s.PostTitle, s.Body
	if title == "" && body == "" {
		body = s.Text
	}
	tt, bt := readPost("", title), readPost("", body)
	rs := &m.rel
	comps := map[string]bool{}
	var words, pairs float64
	var sum, pairSum, wordSum float64
	add := func(f int, label string, v float64) {
		r.x[f] += v
		if label != "" && len(r.terms[f]) < 4 {
			for _, t := range r.terms[f] {
				if t == label {
					return
				}
			}
			r.terms[f] = append(r.terms[f], label)
		}
	}
	for i := range rs.terms {
		t := &rs.terms[i]
		wt, wb := tt.find(t), bt.find(t)
		if wt == 0 && wb == 0 {
			continue
		}
		if w := max(wt, wb); t.kind == kindPair {
			pairSum = min(1.5, pairSum+w)
		} else if t.kind == kindWord {
			wordSum = min(1, wordSum+w)
		} else {
			sum += w
		}
		switch t.kind {
		case kindCompetitor:
			if wt > 0 {
				r.x[fCompTitle] = 1
			}
			if wb > 0 {
				r.x[fCompBody] = 1
			}
			comps[t.label] = true
			if max(wt, wb) < t.weight && t.lower > 0 {
				r.x[fCompLower] = 1
			}
			add(fCompBody, t.label, 0)
		case kindCategory:
			if t.weight >= wCategoryPair || t.upper {
				if wt > 0 {
					r.x[fCatTitle] = 1
				}
				if wb > 0 {
					r.x[fCatBody] = 1
				}
				add(fCatBody, t.label, 0)
			} else {
				add(fCatWords, t.label, 1)
			}
		case kindPain:
			add(fPain, t.label, 1)
		case kindPair:
			pairs++
			add(fPairs, t.label, 0)
		case kindWord:
			words++
			add(fWords, t.label, 0)
		case kindTech:
			add(fTech, t.label, 1)
		case kindNegative:
			add(fNotSold, t.label, 1)
		}
	}
	if r.x[fCompTitle]+r.x[fCompBody] > 0 && !(r.x[fCompLower] > 0 && len(comps) == 1) {
		r.x[fCompLower] = 0
	}
	r.x[fComps] = math.Min(float64(len(comps)), 3) / 3
	r.x[fCatWords] = math.Min(r.x[fCatWords], 3) / 3
	r.x[fPain] = math.Min(r.x[fPain], 2) / 2
	r.x[fPairs] = math.Min(pairs, 3) / 3
	r.x[fWords] = math.Min(words, 6) / 6
	r.x[fTech] = math.Min(r.x[fTech], 3) / 3
	r.x[fNotSold] = math.Min(r.x[fNotSold], 1)
	for _, c := range rs.competitors {
		if s.Employer != "" && isCompetitorName(s.Employer, c) {
			r.x[fCompEmployer] = 1
		}
	}
	sum += pairSum + wordSum
	if role := m.buyerRole(s); role != "" {
		add(fBuyerTitle, role, 1)
		if sum > 0 {
			sum += 1.5
		}
	}
	r.topical = math.Round(min(1, max(0, sum)/4)*1000) / 1000
	taxBody := false
	own, other := map[string]string{}, map[string]bool{}
	// maskOnly are the taxonomy terms of an ICP mapped to no category:
	// the stance model reads them as another category's, no feature does.
	maskOnly := map[string]bool{}
	for part, text := range []string{title, body} {
		if text == "" {
			continue // an empty title: the body is still read
		}
		for _, h := range taxonomy.Scan(text) {
			if len(m.categories) == 0 {
				maskOnly[h.Term] = true
				continue
			}
			if !slices.Contains(m.categories, h.Category) {
				other[h.Term] = true
				continue
			}
			taxBody = taxBody || part == 1
			switch h.Kind {
			case taxonomy.KindVendor:
				add(fTaxVendor, h.Term, 1)
				own[h.Term] = maskCompetitor
			case taxonomy.KindSynonym:
				add(fTaxSynonym, h.Term, 1)
				own[h.Term] = maskCategory
			case taxonomy.KindJob:
				add(fTaxJob, h.Term, 1)
				own[h.Term] = maskJob
			}
		}
	}
	r.x[fTaxVendor], r.x[fTaxSynonym], r.x[fTaxJob] = math.Min(r.x[fTaxVendor], 1), math.Min(r.x[fTaxSynonym], 1), math.Min(r.x[fTaxJob], 1)
	// A term can be in one of the ICP's categories and another's ("1Password"
	// is a password manager and keeps secrets): it counts as the ICP's.
	for t := range own {
		delete(other, t)
	}
	r.x[fTaxOther] = math.Min(float64(len(other)), 3) / 3
	r.x[fTaxShare] = 0.5
	if n := len(own) + len(other); n > 0 {
		r.x[fTaxShare] = float64(len(own)) / float64(n)
	}
	named := r.x[fCompTitle] + r.x[fCompBody]
	if r.x[fCompLower] > 0 {
		named = 0 // one competitor, in lower case only: maybe the word
	}
	topical := named + r.x[fCatTitle] + r.x[fCatBody] + r.x[fPain] + r.x[fTaxVendor] + r.x[fTaxSynonym] + r.x[fTaxJob]
	if topical > 0 {
		r.x[fTopical] = 1
	}
	switch engine.SignalType(s.Signal) {
	case engine.CompetitorEngagement:
		r.x[fSigCompetitor] = 1
	case engine.TechResearch:
		r.x[fSigResearch] = 1
	case engine.HiringActivity:
		r.x[fSigHiring] = 1
	case engine.JobChange:
		r.x[fSigJobChange] = 1
	case engine.FundingEvent:
		r.x[fSigFunding] = 1
	}
	if s.Live {
		r.x[fLive] = 1
	}
	p := s.IntentProb
	if p < 0 {
		p = r.x[fLive]
	}
	r.x[fIntentProb] = p
	r.x[fTopicalLive] = r.x[fTopical] * math.Max(p, r.x[fLive])
	sp := s.Speaker
	switch sp.Role {
	case speaker.Buyer:
		r.x[fRoleBuyer] = sp.RoleProb
	case speaker.Vendor:
		r.x[fRoleVendor] = sp.RoleProb
	case speaker.Publisher:
		r.x[fRolePublisher] = sp.RoleProb
	case speaker.VendorRecruiter:
		r.x[fRoleVendorRecruiter] = sp.RoleProb
	case speaker.JobSeeker:
		r.x[fRoleJobSeeker] = sp.RoleProb
	}
	switch sp.Stage {
	case speaker.Live:
		r.x[fStageLive] = sp.StageProb
	case speaker.Finished:
		r.x[fStageFinished] = sp.StageProb
	case speaker.Declined:
		r.x[fStageDeclined] = sp.StageProb
	}
	r.x[fTopicalBuyer] = r.x[fTopical] * r.x[fRoleBuyer]
	r.x[fTopicalStageLive] = r.x[fTopical] * r.x[fStageLive]
	if r.x[fSigHiring] > 0 || strings.Contains(strings.ToLower(s.Platform), "job") {
		if r.x[fCompBody]+r.x[fCatBody]+r.x[fTech]+r.x[fPain] > 0 || taxBody {
			r.x[fHiringDuties] = 1
		} else if r.x[fTopical] > 0 || r.x[fBuyerTitle] > 0 {
			r.x[fHiringTitleOnly] = 1
		}
	}
	if spec, eng := m.openingFunction(s); spec {
		r.x[fHiringFunction] = 1
	} else if eng {
		r.x[fHiringFunctionEng] = 1
	}
	if k := sourceKind(s.Source, s.Platform); k != fLength {
		r.x[k] = 1
		r.known = true
	}
	r.words = len(tt.toks) + len(bt.toks)
	r.x[fLength] = math.Log1p(float64(r.words)) / 7
	for t := range other {
		maskOnly[t] = true
	}
	r.stance = stanceUnits{title: m.maskUnits(&tt, own, maskOnly), body: m.maskUnits(&bt, own, maskOnly)}
	r.x[fStance] = 0.5
	if m.model != nil && m.model.Stance != nil {
		r.x[fStance] = m.model.Stance.prob(&r.stance)
	}
	return r
}

// sourceKind reads a post's source and platform as one of the source
// kinds the training corpus covers (fLength when none applies, which the
// caller overwrites: Reddit, LinkedIn, X, Bluesky, Mastodon, the bundled
// corpus).
func sourceKind(source, platform string) int {
	s := strings.ToLower(source + " " + platform)
	switch {
	case strings.Contains(s, "job") || strings.Contains(s, "greenhouse") || strings.Contains(s, "lever") || strings.Contains(s, "ashby"):
		return fSourceJobBoard
	case strings.Contains(s, "pull") || strings.Contains(s, "-pr") || strings.Contains(s, " pr"):
		return fSourcePR
	case strings.Contains(s, "issue"):
		return fSourceIssue
	case strings.Contains(s, "hn") || strings.Contains(s, "hacker") || strings.Contains(s, "stack") || strings.Contains(s, "lobste"):
		return fSourceForum
	case strings.Contains(s, "blog") || strings.Contains(s, "news") || strings.Contains(s, "rss") || strings.Contains(s, "markdown"):
		return fSourceBlog
	}
	return fLength
}
