package icp

import (
	"strings"
	"sync"
	"unicode"

	"github.com/kljensen/snowball/english"
)

// Topical terms are matched on stems: a post and an ICP are cut into words
// (letters and digits, lower-cased), and each word is reduced by the
// Snowball (Porter2) English stemmer, so "invoices", "invoicing" and
// "invoice" meet. Words of one or two letters are kept as they are. See
// docs/icp-fit.md, "Topical relevance".

// token is one word of a text: its stem and whether it was written in
// capitals (for acronyms like "AP" or "BILL", which only count in capitals).
type token struct {
	stem  string
	upper bool
}

// stemCache remembers stems across posts: the stemmer is the costly part
// of reading a post, and a search reads the same words many times.
var stemCache sync.Map // string → string

const stemCacheMax = 200_000

var stemCacheLen struct {
	sync.Mutex
	n int
}

func stem(w string) string {
	if len(w) <= 3 || !isASCIIWord(w) {
		return w
	}
	if s, ok := stemCache.Load(w); ok {
		return s.(string)
	}
	s := english.Stem(w, false)
	stemCacheLen.Lock()
	if stemCacheLen.n < stemCacheMax {
		stemCacheLen.n++
		stemCache.Store(w, s)
	}
	stemCacheLen.Unlock()
	return s
}

func isASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// tokenize cuts s into words (see words) with their stems.
func tokenize(s string) []token {
	ws := words(s)
	out := make([]token, len(ws))
	for i, w := range ws {
		out[i] = token{stem: stem(strings.ToLower(w)), upper: len(w) > 1 && hasLetter(w) && strings.ToUpper(w) == w}
	}
	return out
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// words cuts s into runs of letters and digits, as written. A word's
// apostrophe ending is dropped ("company's" → "company"); periods and
// hyphens split ("bill.com" → "bill", "com").
func words(s string) []string {
	var out []string
	start := -1
	skip := false
	for i, r := range s {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && !skip {
			out = append(out, s[start:i])
		}
		wasWord := start >= 0 && !skip
		start, skip = -1, false
		if (r == '\'' || r == '’') && wasWord {
			// drop what follows up to the next separator: "'s", "'re"
			skip = true
			start = i + len(string(r))
		}
	}
	if start >= 0 && !skip && start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

func hasLetter(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// stems returns the stems of s's words.
func stems(s string) []string {
	ts := tokenize(s)
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.stem
	}
	return out
}

// generic words say nothing about a topic: they never make a term alone and
// are dropped from the phrases taken from an ICP's free text.
var generic = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the and or but nor of for to in on at by with from into onto over under about as
		is are was were be been being it its it's this that these those their them they we our us you your he she his her
		i me my not no yes do does did done has have had can could will would should may might must shall than then so such
		very more most less least much many some any all each every other others own same also just only even still
		who whom whose which what when where why how there here up down out off again once both few
		vendor vendors sell sells selling sold buyer buyers typical typically target targets company companies team teams
		business businesses customer customers organization organizations firm firms people person employee employees
		tool tools software platform platforms solution solutions product products service services system systems
		app apps cloud online modern new plus use used using built build like well roughly about around approximately
		usually often mostly mainly etc e g i e via per such similar kind kinds type types way ways thing things
		help helps manage manages managing management work works working run runs running get gets keep keeps make makes
		replace replacing replaced outgrow outgrowing outgrown move moving off unhappy cost costs
		price pricing prices growing grow growth mid market midmarket small large medium enterprise enterprises
		size sized employees range ranging year years month months day days week weeks time times
		one two three four five six seven eight nine ten first second third lead leads leader leaders head heads
		vp vps director directors manager managers chief officer officers automation automate automated automatic`) {
		m[w] = true
		m[stem(w)] = true
	}
	return m
}()

// abbreviations are the obvious short forms of category words: when an
// ICP's text holds the long form, a post's short form (in capitals) counts
// too, and the other way round. Documented in docs/icp-fit.md.
var abbreviations = []struct{ long, short string }{
	{"accounts payable", "AP"}, {"accounts receivable", "AR"}, {"applicant tracking system", "ATS"},
	{"applicant tracking", "ATS"}, {"enterprise resource planning", "ERP"}, {"human resources", "HR"},
	{"human resources information system", "HRIS"}, {"governance risk and compliance", "GRC"},
	{"it service management", "ITSM"}, {"customer experience", "CX"}, {"customer satisfaction", "CSAT"},
	{"service level agreement", "SLA"}, {"business intelligence", "BI"}, {"extract transform load", "ETL"},
	{"data warehouse", "DWH"}, {"customer relationship management", "CRM"}, {"warehouse management system", "WMS"},
	{"single sign on", "SSO"}, {"purchase order", "PO"}, {"optical character recognition", "OCR"},
	{"total cost of ownership", "TCO"}, {"request for proposal", "RFP"}, {"proof of concept", "POC"},
	{"talent acquisition", "TA"}, {"security information and event management", "SIEM"},
}
