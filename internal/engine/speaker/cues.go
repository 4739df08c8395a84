package speaker

import (
	"fmt"
	"slices"
	"strings"
)

// A cue is a short phrase pattern that says something clear about who is
// speaking or where the move stands. Every cue is a feature of both
// models; a cue with a weight also adds that much to its class's logit
// (scaled by the table's prior scale, chosen in training), so a clear
// phrase counts even where the corpus has few examples of it.
//
// Phrase syntax: words separated by spaces; "a|b" is either word; "*" is
// any one word; "..." is a gap of up to three words; "@num" and "@cap"
// are a number and a capitalised word inside a sentence; a leading "^"
// anchors the phrase at the start of a sentence. Phrases never reach
// across sentences. A cue marked title matches in the title only.
type cue struct {
	name    string
	out     int     // the output it favours: a role index, or nRoles + a stage index
	weight  float64 // prior added to out (0: a feature only)
	title   bool
	phrases []string

	hash uint64 // its feature hash
}

func (c *cue) label() string {
	if c.out < nRoles {
		return string(Roles[c.out]) + ": " + c.name
	}
	return string(Stages[c.out-nRoles]) + ": " + c.name
}

const (
	oBuyer     = 0
	oVendor    = 1
	oPublisher = 2
	oRecruiter = 3
	oSeeker    = 4
	oOther     = 5
	oLive      = nRoles + 0
	oFinished  = nRoles + 1
	oDeclined  = nRoles + 2
	oNoMove    = nRoles + 3
)

// cueDefs are the cues. None names a product category or a vendor: they
// read how people talk about themselves and their moves.
var cueDefs = []cue{
	// Vendors speaking of their own product.
	{name: "show hn", out: oVendor, weight: 2, title: true, phrases: []string{"^show hn"}},
	{name: "launch", out: oVendor, weight: 1.5, phrases: []string{
		"(we're|we are|we've|we have|i've|i have) ... launched", "we just launched", "i just launched", "^introducing", "excited to announce|introduce|launch|share",
		"today (we're|we are) announcing|launching|releasing", "launching on product hunt", "we're live on",
	}},
	{name: "maker", out: oVendor, weight: 1.5, phrases: []string{
		"i|we built|made|created ... tool|app|service|platform|product|saas", "(i'm|i am) the founder|co-founder|cofounder|ceo|cto", "(i'm|i am) one of the founders",
		"disclaimer i|i'm", "disclosure i|i'm", "full disclosure", "i work at|for @cap", "founder of @cap", "we're the team behind", "our team at @cap",
	}},
	{name: "selling", out: oVendor, weight: 1.5, phrases: []string{
		"our customers", "our pricing", "our platform", "our plans", "our product", "start your|a free trial", "book|request|schedule a demo", "sign up for free",
		"try it free|free today", "get started for free", "start for free", "pricing starts at", "per month billed", "contact sales", "our enterprise plan",
	}},
	// Publishers: lists, directories, news, tutorials.
	{name: "best x alternatives", out: oPublisher, weight: 2, phrases: []string{
		"best|top ... alternatives", "^@num best|top", "top @num", "best @num", "alternatives to * in @num", "alternatives for @num", "^@num ... alternatives|tools",
		"alternatives and competitors", "competitors and alternatives", "pros and cons of each",
	}},
	{name: "list or directory", out: oPublisher, weight: 1.5, phrases: []string{
		"awesome", "add|added|adding * to the|this list", "add|added|adding * * to the|this list", "add|added|adding * to readme", "to the awesome", "curated list",
		"this list", "directory of",
	}},
	{name: "tutorial or review", out: oPublisher, weight: 1.5, phrases: []string{
		"in this tutorial|article|guide|post|video|course", "this tutorial|guide shows|explains|covers", "step-by-step guide", "a complete|ultimate|beginner's guide",
		"we'll walk|look|cover|explore", "let's take a look", "we compared", "we reviewed", "our review", "^review", "in this review", "read more", "subscribe to",
	}},
	{name: "news", out: oPublisher, weight: 1, phrases: []string{"announced today|on", "according to", "press release", "the company said", "said in a statement", "reported that"}},
	// Hiring: whose job it is stays for the model to read (a team hiring for
	// itself is a buyer; a vendor hiring is not a lead).
	{name: "hiring", out: oBuyer, weight: 0, phrases: []string{
		"(we're|we are) hiring", "is hiring", "^hiring", "join our|the team", "job description", "responsibilities", "requirements", "what you'll do", "you will",
		"about the role", "salary", "full-time", "apply", "remote|onsite|hybrid",
	}},
	{name: "hiring to build a product", out: oRecruiter, weight: 1, phrases: []string{
		"help us build", "(we're|we are) building the|a", "thousands of companies|customers|teams|businesses", "trusted by", "used by @num", "our mission is",
		"millions of users|developers|customers", "leading provider", "series a|b|c",
	}},
	// Job seekers.
	{name: "looking for work", out: oSeeker, weight: 2, phrases: []string{
		"looking for a job|work|position|role", "seeking a|new position|role|job|opportunities|employment", "open to work|opportunities", "my resume|cv",
		"hire me", "available for hire|work", "for hire", "(i'm|i am) available", "^seeking", "wants to be hired", "job hunting", "i've been laid off", "i was laid off",
	}},
	// Finished moves.
	{name: "merged", out: oFinished, weight: 1.5, phrases: []string{"^merged", "merged into|in", "was merged", "has been merged", "merging this", "closes #"}},
	{name: "moved already", out: oFinished, weight: 2, phrases: []string{
		"we|i moved|migrated|switched|transitioned|converted to|from|over|away", "(we've|we have|i've|i have) moved|migrated|switched|transitioned",
		"we|i replaced", "(we've|we have) replaced", "(we are|we're) now using|on", "we now use", "now uses|using", "has been migrated|moved|replaced", "was migrated|moved|replaced",
		"migration is|was complete|done|finished", "completed the migration", "we ended up with|using|going", "we went with", "we chose", "we settled on", "last year|month we",
		"this pr|commit migrates|moves|replaces|switches", "migrate|migrates|move|moves|switch|switches from * to", "replace|replaces * with",
	}},
	// Declined moves.
	{name: "decided to stay", out: oDeclined, weight: 2, phrases: []string{
		"decided to stay|keep|stick", "we'll|we will stay|stick|keep", "staying|sticking with", "stick with", "decided not to", "decided against", "not worth it|the money|paying",
		"(won't|will not|not going to|can't|cannot) afford|pay", "don't want to pay", "downgraded|downgrade to", "the free plan|tier", "won't fix", "wontfix", "not planned", "no longer needed",
		"no plans to", "dropped the idea", "we'll keep using", "keep using", "too expensive for us", "closing this", "closing as",
	}},
	// Live moves.
	{name: "open search", out: oLive, weight: 1, phrases: []string{
		"looking for a|an|some", "we need a|an|to|some", "i need a|an", "(we're|we are) evaluating|considering|looking|thinking|planning", "any recommendations|suggestions",
		"what do|would you use|recommend", "which * should", "should we", "we want|plan|would like to", "planning to", "thinking about|of moving|switching|replacing",
		"alternative to", "alternatives to", "proposal", "^let's", "is shutting down", "shutting down", "being discontinued", "end of life", "price|pricing increase|change",
		"how do you|your team", "recommend a|an",
	}},
	// No move: how-to, bug reports, setup questions.
	{name: "how-to or bug", out: oNoMove, weight: 1, phrases: []string{
		"how do|can i", "how to", "steps to reproduce", "expected behavior|behaviour", "actual behavior|behaviour", "stack trace", "traceback", "error", "exception",
		"(doesn't|does not|didn't) work", "fails to", "throws", "crash|crashes", "bug", "version @num", "to reproduce",
	}},
}

// pattern is one compiled phrase.
type pattern struct {
	cue   int
	start bool // must start a sentence
	elems []elem
}

type elem struct {
	alts []uint64 // any of these words; empty with any or gap
	any  bool     // any one word
	gap  bool     // up to three words
	cls  uint64   // a class (@num, @cap) instead of words
}

var (
	cueTable = compileCues(cueDefs)
	// byFirst indexes into patterns: the patterns each first word (or
	// class) may start.
	byFirst, patterns = indexPatterns(cueTable)
)

func compileCues(defs []cue) []cue {
	out := make([]cue, len(defs))
	copy(out, defs)
	for i := range out {
		out[i].hash = mix(seedCue, hashWord(out[i].label()))
		var phrases []string
		for _, ph := range out[i].phrases {
			phrases = append(phrases, expand(ph)...)
		}
		out[i].phrases = phrases
		for _, ph := range phrases {
			if _, err := compile(ph, i); err != nil {
				panic(fmt.Sprintf("speaker cue %q: %v", out[i].name, err))
			}
		}
	}
	return out
}

// expand spells out a phrase's groups: "(we're|we are) hiring" is
// "we're hiring" and "we are hiring".
func expand(ph string) []string {
	i := strings.IndexByte(ph, '(')
	if i < 0 {
		return []string{ph}
	}
	j := strings.IndexByte(ph[i:], ')')
	if j < 0 {
		return []string{ph}
	}
	var out []string
	for _, alt := range strings.Split(ph[i+1:i+j], "|") {
		out = append(out, expand(ph[:i]+alt+ph[i+j+1:])...)
	}
	return out
}

// compile parses one phrase of cue c.
func compile(ph string, c int) (pattern, error) {
	p := pattern{cue: c}
	if strings.HasPrefix(ph, "^") {
		p.start = true
		ph = ph[1:]
	}
	for _, w := range strings.Fields(ph) {
		switch w {
		case "*":
			p.elems = append(p.elems, elem{any: true})
		case "...":
			p.elems = append(p.elems, elem{gap: true})
		case "@num":
			p.elems = append(p.elems, elem{cls: hNum})
		case "@cap":
			p.elems = append(p.elems, elem{cls: hCap})
		default:
			var e elem
			for _, a := range strings.Split(w, "|") {
				if a == "" {
					return p, fmt.Errorf("phrase %q: empty alternative", ph)
				}
				e.alts = append(e.alts, hashWord(a))
			}
			p.elems = append(p.elems, e)
		}
	}
	if len(p.elems) == 0 || p.elems[0].any || p.elems[0].gap || p.elems[len(p.elems)-1].gap {
		return p, fmt.Errorf("phrase %q must start and end with a word", ph)
	}
	return p, nil
}

// indexPatterns maps each first word (or class) to the patterns it may
// start.
func indexPatterns(cues []cue) (hashIndex, [][]pattern) {
	m := map[uint64][]pattern{}
	for i, c := range cues {
		for _, ph := range c.phrases {
			p, _ := compile(ph, i)
			first := p.elems[0].alts
			if p.elems[0].cls != 0 {
				first = []uint64{p.elems[0].cls}
			}
			for _, h := range first {
				m[h] = append(m[h], p)
			}
		}
	}
	keys := make([]uint64, 0, len(m))
	for h := range m {
		keys = append(keys, h)
	}
	slices.Sort(keys)
	x := newHashIndex(len(keys))
	ps := make([][]pattern, len(keys))
	for i, h := range keys {
		x.put(h, int32(i))
		ps[i] = m[h]
	}
	return x, ps
}

// findCues records in s.fired each cue with a phrase matching somewhere,
// once.
func findCues(s *scratch) {
	for i := range s.toks {
		t := &s.toks[i]
		try := func(key uint64) {
			k, ok := byFirst.get(key)
			if !ok {
				return
			}
			for _, p := range patterns[k] {
				if p.start && !t.start || cueTable[p.cue].title && !t.title || s.hasFired(p.cue) {
					continue
				}
				if matchAt(s.toks, i, p.elems) {
					s.fired = append(s.fired, p.cue)
				}
			}
		}
		try(t.h)
		if t.class != 0 && t.class != t.h {
			try(t.class)
		}
	}
}

func (s *scratch) hasFired(c int) bool {
	for _, f := range s.fired {
		if f == c {
			return true
		}
	}
	return false
}

// matchAt reports whether elems match the tokens from i on, within one
// sentence.
func matchAt(toks []token, i int, elems []elem) bool {
	if len(elems) == 0 {
		return true
	}
	if i >= len(toks) {
		return false
	}
	e := elems[0]
	if e.gap {
		for skip := 0; skip <= 3; skip++ {
			j := i + skip
			if j >= len(toks) || skip > 0 && toks[j].start {
				return false
			}
			if matchAt(toks, j, elems[1:]) {
				return true
			}
		}
		return false
	}
	t := &toks[i]
	if !matches(e, t) {
		return false
	}
	if len(elems) > 1 && (i+1 >= len(toks) || toks[i+1].start) {
		return false
	}
	return matchAt(toks, i+1, elems[1:])
}

func matches(e elem, t *token) bool {
	switch {
	case e.any:
		return true
	case e.cls != 0:
		return t.class == e.cls
	}
	for _, a := range e.alts {
		if a == t.h {
			return true
		}
	}
	return false
}

// priors are the fired cues' weights as logits per output (the table
// scales them by its prior scale).
func priors(s *scratch) [nOut]float64 {
	var z [nOut]float64
	for _, c := range s.fired {
		z[cueTable[c].out] += cueTable[c].weight
	}
	return z
}
