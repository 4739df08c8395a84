package draft

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Facts are what a draft says about the sender's side: what the client
// sells, a proof point, a case study and who signs. They come from the
// client's ICP knowledge base (FactsOf) and, in package clients, from the
// client's settings, which win. Each is clean text or empty (unknown):
// Product a noun phrase ("a cloud accounts-payable platform for finance
// teams"), Proof and Case one sentence each, Sender a name.
type Facts struct {
	Product string `json:"product,omitempty"`
	Proof   string `json:"proofPoint,omitempty"`
	Case    string `json:"caseStudy,omitempty"`
	Sender  string `json:"sender,omitempty"`
}

// Limits of a fact, in characters.
const (
	MaxProduct  = 160
	MaxSentence = 300
	MaxSender   = 80
)

// Merge is f with each empty field taken from g.
func (f Facts) Merge(g Facts) Facts {
	if f.Product == "" {
		f.Product = g.Product
	}
	if f.Proof == "" {
		f.Proof = g.Proof
	}
	if f.Case == "" {
		f.Case = g.Case
	}
	if f.Sender == "" {
		f.Sender = g.Sender
	}
	return f
}

// Clean normalises facts typed by a person: a product phrase without its
// final period, sentences ending with one, a sender as a short name;
// a value too long or not of its kind is dropped.
func (f Facts) Clean() Facts {
	return Facts{
		Product: productPhrase(f.Product),
		Proof:   sentence(f.Proof),
		Case:    sentence(f.Case),
		Sender:  senderName(f.Sender),
	}
}

// labels are the knowledge base's "Label: value" lines a fact is read
// from; onboarding writes "Offer:", "Key benefits:" and "Differentiators:"
// (clients.knowledge).
var labels = map[string]string{
	"product": "product", "offer": "product", "what we sell": "product", "we sell": "product",
	"proof point": "proof", "proof": "proof", "key benefits": "proof", "results": "proof", "key result": "proof",
	"case study": "case", "customer story": "case", "case": "case",
	"sender": "sender", "signed": "sender", "signature": "sender", "from": "sender",
}

var (
	labelRe = regexp.MustCompile(`(?m)^\s*([A-Za-z][A-Za-z ]{1,20}):\s*(.+)$`)
	// sellsRe finds what a knowledge base says the vendor sells.
	sellsRe = regexp.MustCompile(`(?i)\b(?:we|the vendor|the company|it|they|vendor)\s+(?:sells?|offers?|provides?|builds?|makes?)\s+(.+)`)
	// proofRe: a sentence with a measured result.
	proofRe = regexp.MustCompile(`\d+(?:\.\d+)?\s?%|\b\d+(?:\.\d+)?x\b|\bin half\b|\bhalved\b|\bfrom \d[\d,.]*\s*\w*\s+to \d`)
	// caseRe: a sentence telling what a named customer did.
	caseRe = regexp.MustCompile(`(?i)\bcase study\b|\b(?:helped|customers? like|for example,)\s+[A-Z]`)
)

// FactsOf reads the facts from an ICP's knowledge base: its labelled lines
// ("Offer: …", "Proof point: …", "Case study: …", "Sender: …") first, then
// the sentence that says what the vendor sells ("The vendor sells …", "We
// offer …"), a sentence with a measured result as the proof point, and one
// naming what a customer did as the case study.
func FactsOf(p engine.ICP) Facts {
	kb := p.KnowledgeBase
	var f Facts
	for _, m := range labelRe.FindAllStringSubmatch(kb, -1) {
		kind := labels[strings.ToLower(strings.TrimSpace(m[1]))]
		v := strings.TrimSpace(m[2])
		switch {
		case kind == "product" && f.Product == "":
			if sm := sellsRe.FindStringSubmatch(firstSentence(v)); sm != nil {
				v = sm[1]
			}
			f.Product = productPhrase(firstSentence(v))
		case kind == "proof" && f.Proof == "":
			f.Proof = sentence(firstSentence(v))
		case kind == "case" && f.Case == "":
			f.Case = sentence(firstSentence(v))
		case kind == "sender" && f.Sender == "":
			f.Sender = senderName(v)
		}
	}
	body := labelRe.ReplaceAllString(kb, "")
	for _, s := range splitSentences(body) {
		if f.Product == "" {
			if sm := sellsRe.FindStringSubmatch(s); sm != nil && !strings.Contains(strings.ToLower(s[:strings.Index(s, sm[1])]), "not") {
				f.Product = productPhrase(sm[1])
				continue
			}
		}
		if f.Proof == "" && proofRe.MatchString(s) && !strings.Contains(s, "employees") {
			f.Proof = sentence(s)
			continue
		}
		if f.Case == "" && caseRe.MatchString(s) {
			f.Case = sentence(s)
		}
	}
	return f
}

// splitSentences cuts text at sentence ends (". ", "! ", "? ", new lines).
func splitSentences(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		end := c == '\n' || (c == '.' || c == '!' || c == '?') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n')
		if end {
			if t := strings.TrimSpace(s[start : i+1]); t != "" {
				out = append(out, t)
			}
			start = i + 1
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

func firstSentence(s string) string {
	if ss := splitSentences(s); len(ss) > 0 {
		return ss[0]
	}
	return ""
}

// productClauseEnd ends a product phrase: a list or an aside after it.
var productClauseEnd = regexp.MustCompile(`\s*(?:[,;:(]|\s(?:that|which|who|so|where|with|priced)\s|\.\s|\.$)`)

// productPhrase is what a vendor sells as a short noun phrase: up to the
// first comma, parenthesis or relative clause, at most 14 words, without
// the final period; "" when it does not read as one.
func productPhrase(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if loc := productClauseEnd.FindStringIndex(s); loc != nil {
		s = s[:loc[0]]
	}
	s = strings.TrimRight(s, " .!?")
	if len(strings.Fields(s)) > 14 {
		if before, _, ok := strings.Cut(s, " for "); ok {
			s = before
		}
	}
	if s == "" || len(strings.Fields(s)) > 14 || len(s) > MaxProduct || strings.ContainsAny(s, "?!\n[]{}") {
		return ""
	}
	first, _ := utf8.DecodeRuneInString(s)
	if unicode.IsUpper(first) && !startsWithName(s) {
		r, n := utf8.DecodeRuneInString(s)
		s = string(unicode.ToLower(r)) + s[n:]
	}
	return s
}

// startsWithName reports whether a phrase starts with a proper name or an
// acronym ("AI-powered", "HubSpot add-on"), which keeps its capital.
func startsWithName(s string) bool {
	w, _, _ := strings.Cut(s, " ")
	upper := 0
	for _, r := range w {
		if unicode.IsUpper(r) {
			upper++
		}
	}
	return upper > 1
}

// sentence is s as one clean sentence: spaces collapsed, a capital first,
// a period last; "" when empty, too long, or holding brackets (a slot).
func sentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.TrimLeft(s, "-–—•* ")
	if s == "" || len(s) > MaxSentence || strings.ContainsAny(s, "[]{}") {
		return ""
	}
	r, n := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[n:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}

// senderName is a signer's name: one to four words of letters, "" when
// it reads otherwise (an address, a sentence).
func senderName(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" || len(s) > MaxSender || len(strings.Fields(s)) > 4 || strings.ContainsAny(s, "@/:;?!\n[]{}") {
		return ""
	}
	return s
}
