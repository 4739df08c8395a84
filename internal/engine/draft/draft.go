package draft

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
)

// Select picks the template for a detection. Competitor posts about
// leaving a tool get Tool Migration; research posts that describe a
// problem get Pain Point Posts; posts about attending an event get Event
// Registration; the rest follow the signal type.
func Select(d engine.Detection, text string) Template {
	id := "content-consumption"
	switch d.SignalType {
	case engine.HiringActivity:
		id = "hiring-spree"
	case engine.FundingEvent:
		id = "fresh-funding"
	case engine.JobChange:
		id = "new-role-alert"
	case engine.CompetitorEngagement:
		id = "competitor-engagement"
		if hasCue(d, "switching vendor") || hasCue(d, "alternative to vendor") {
			id = "tool-migration"
		}
	case engine.TechResearch:
		id = "content-consumption"
		if hasCue(d, "pain") {
			id = "pain-point-posts"
		}
	}
	if mentionsEvent(text) && d.SignalType != engine.FundingEvent && d.SignalType != engine.JobChange {
		id = "event-registration"
	}
	t, _ := ByID(id)
	return t
}

func hasCue(d engine.Detection, name string) bool {
	for _, c := range d.Cues {
		if c == name {
			return true
		}
	}
	return false
}

var eventWords = []string{"registered for", "see you at", "attending", "webinar", "conference", "summit", "meetup", "booth"}

func mentionsEvent(text string) bool {
	t := strings.ToLower(text)
	for _, w := range eventWords {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// Slots are the structured facts a draft is written from. Each is a
// clean value or empty (unknown); none is ever a piece of the post's
// sentences (docs/performance-log.md, "Drafts").
type Slots struct {
	Name    string // the person's first name
	Company string // their company
	Role    string // their title
	Topic   string // the product the post names, e.g. "Zendesk"
	// The sender's side (Facts): what the client sells, a proof point,
	// a case study, who signs.
	Product, Proof, Case, Sender string
}

// With is s with the sender's facts.
func (s Slots) With(f Facts) Slots {
	s.Product, s.Proof, s.Case, s.Sender = f.Product, f.Proof, f.Case, f.Sender
	return s
}

// SlotNames are the slots a template may use, as written in it.
var SlotNames = []string{"[name]", "[company]", "[role]", "[topic]", "[product]", "[proof]", "[case]", "[sender]"}

func (s Slots) values() map[string]string {
	return map[string]string{"name": s.Name, "company": s.Company, "role": s.Role, "topic": s.Topic,
		"product": s.Product, "proof": s.Proof, "case": s.Case, "sender": s.Sender}
}

// SlotsOf cleans what enrichment found about the author (name, company,
// title) and finds the topic in the post (title and text): the first known
// product it names (detect.IsVendor), as the post spells it. A value that
// does not look like one (a handle, a sentence) is left empty, and so is
// a "name" that is the company's (a company's hiring post: never "Hi
// Paystream,").
func SlotsOf(name, company, role, title, text string) Slots {
	s := Slots{Name: firstName(name), Company: cleanPhrase(company, 6), Role: cleanPhrase(role, 8), Topic: Product(title + "\n" + text)}
	if s.Name != "" && isCompanyName(name, company) {
		s.Name = ""
	}
	return s
}

// isCompanyName reports whether an author's "name" is a company's: the
// company itself or its first word, or a name ending as companies do
// ("Paystream Inc", "Acme Labs").
func isCompanyName(name, company string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	c := strings.ToLower(strings.TrimSpace(company))
	if c != "" {
		cw := strings.Fields(c)
		if n == c || len(cw) > 0 && strings.Fields(n)[0] == cw[0] {
			return true
		}
	}
	f := strings.Fields(n)
	last := strings.Trim(f[len(f)-1], ".,")
	return len(f) > 1 && companyEnds[last]
}

var companyEnds = map[string]bool{"inc": true, "llc": true, "ltd": true, "labs": true, "gmbh": true, "corp": true, "co": true,
	"group": true, "technologies": true, "systems": true, "software": true, "hq": true, "careers": true, "jobs": true, "team": true}

// Write fills a template from slots. "[name]" becomes the first name, or
// "there" when it is unknown ("Hi there,"); a "{…}" group is kept, braces
// dropped, when every slot in it is known, and left out otherwise, so an
// unknown company or topic never leaves a hole or a stand-in word.
func Write(t Template, s Slots) engine.Draft {
	return engine.Draft{TemplateID: t.ID, Subject: render(t.Subject, s), Body: render(t.Template, s)}
}

var (
	groupRe = regexp.MustCompile(`\{[^{}]*\}`)
	slotRe  = regexp.MustCompile(`\[(name|company|role|topic|product|proof|case|sender)\]`)
)

func render(tmpl string, s Slots) string {
	val := s.values()
	out := groupRe.ReplaceAllStringFunc(tmpl, func(g string) string {
		inner := g[1 : len(g)-1]
		for _, m := range slotRe.FindAllStringSubmatch(inner, -1) {
			if val[m[1]] == "" {
				return ""
			}
		}
		return slotRe.ReplaceAllStringFunc(inner, func(m string) string { return val[m[1:len(m)-1]] })
	})
	return slotRe.ReplaceAllStringFunc(out, func(m string) string {
		if v := val[m[1:len(m)-1]]; v != "" {
			return v
		}
		if m == "[name]" {
			return "there"
		}
		return ""
	})
}

// Display is a template as people read it in a campaign card: the
// optional groups' braces dropped, the slots left in brackets.
func Display(tmpl string) string {
	return strings.NewReplacer("{", "", "}", "").Replace(tmpl)
}

// firstName is the first word of a person's name when it reads as a name:
// letters (an apostrophe or hyphen inside), starting with a capital; not a
// handle ("@dana", "u/dana") or an initial.
func firstName(name string) string {
	f := strings.Fields(name)
	if len(f) == 0 {
		return ""
	}
	w := strings.TrimRight(f[0], ",.")
	r, _ := utf8.DecodeRuneInString(w)
	if utf8.RuneCountInString(w) < 2 || !unicode.IsUpper(r) {
		return ""
	}
	for _, c := range w {
		if !unicode.IsLetter(c) && c != '\'' && c != '-' {
			return ""
		}
	}
	return w
}

// cleanPhrase is s trimmed when it reads as a short name or title: at
// most maxWords words and no sentence punctuation; otherwise empty.
func cleanPhrase(s string, maxWords int) string {
	s = strings.Trim(strings.Join(strings.Fields(s), " "), " ,;:-–—")
	if s == "" || len(strings.Fields(s)) > maxWords || strings.ContainsAny(s, "?!…\n") || strings.Contains(s, ". ") {
		return ""
	}
	return s
}

// Product is the product a text is about, as the text spells it
// (capitalised when the text has it all in lower case), or "": the first
// known product named right after a word of leaving ("moving off Jira",
// "switching from Zendesk"), else the first known product it names.
func Product(text string) string {
	words := strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != '-' && r != '\'' && r != '’'
	})
	spelt := map[string]string{} // a product's spelling with capitals, where the text has one
	var found []string
	leaving := ""
	for i, w := range words {
		w = strings.TrimSuffix(strings.TrimSuffix(strings.Trim(w, ".-'’"), "'s"), "’s")
		if len(w) < 2 || !detect.IsVendor(w) {
			continue
		}
		low := strings.ToLower(w)
		if w == low && everydayWords[low] {
			continue // "ramp up", "cut some slack": a product only when spelt as a name
		}
		if w != low && spelt[low] == "" {
			spelt[low] = w
		}
		found = append(found, low)
		if leaving == "" && i > 0 && leavingWords[strings.ToLower(words[i-1])] {
			leaving = low
		}
	}
	if len(found) == 0 {
		return ""
	}
	p := found[0]
	if leaving != "" {
		p = leaving
	}
	if spelt[p] != "" {
		return spelt[p]
	}
	r, n := utf8.DecodeRuneInString(p)
	return string(unicode.ToUpper(r)) + p[n:]
}

// everydayWords are products whose names are also ordinary words; the
// topic takes them only when the post spells them with a capital.
var everydayWords = map[string]bool{"ramp": true, "slack": true, "zoom": true, "sage": true, "toast": true, "clover": true,
	"sigma": true, "hex": true, "vertex": true, "keeper": true, "plex": true, "insomnia": true, "oyster": true, "apollo": true,
	"chrome": true, "windows": true, "outlook": true, "lattice": true, "remote": true, "bruno": true, "neon": true,
	"crunchy": true, "airflow": true, "prefect": true, "mural": true, "framer": true, "otter": true, "fathom": true,
	"keap": true, "podia": true, "nooks": true, "close": true, "copilot": true,
	"gusto": true, "jobber": true, "glean": true, "gong": true, "chorus": true, "seismic": true,
	"highspot": false, "drift": true, "segment": true, "heap": true, "loom": true, "notion": true, "linear": true,
	"monday": true, "outreach": true, "lever": true, "clay": true, "teams": true, "front": true, "box": true}

// leavingWords come right before the product someone is leaving.
var leavingWords = map[string]bool{"from": true, "off": true, "leaving": true, "leave": true, "replace": true, "replacing": true,
	"ditch": true, "ditching": true, "dump": true, "dumping": true, "cancel": true, "cancelling": true, "canceling": true,
	"quit": true, "quitting": true, "outgrew": true, "outgrown": true, "outgrowing": true}
