package enrich

import (
	"regexp"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
)

// Contact is what could be learned about a post's author.
type Contact struct {
	Name      string
	Title     string
	Company   string
	Employees string // bucket text: 1-10, 11-50, 51-200, 201-1000, 1000+
	Industry  string
	Location  string
	Phone     string
	Emails    []string
	LinkedIn  []string
}

var (
	emailRe    = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}`)
	linkedinRe = regexp.MustCompile(`(?i)(?:https?://)?(?:[a-z]{2,3}\.)?linkedin\.com/(?:in|company)/[A-Za-z0-9_\-%]+/?`)
	// "I'm the new VP of Sales at Acme", "as Head of Growth at Lumora",
	// "joined Acme as CTO".
	titleAtRe  = regexp.MustCompile(`(?:\b[Ii](?:'m| am) (?:now )?(?:the |a |an )?(?:new )?|\bas (?:the |our |their |a |an )?(?:new )?)([A-Z][A-Za-z&/\- ]{1,60}?) (?:at|@) ([A-Z][A-Za-z0-9&.\-]*(?: [A-Z][A-Za-z0-9&.\-]*){0,3})`)
	joinedAsRe = regexp.MustCompile(`\b(?:joined|joining|join|joins) ([A-Z][A-Za-z0-9&.\-]*(?: [A-Z][A-Za-z0-9&.\-]*){0,3}) as (?:the |our |their |a |an |its )?(?:new )?([A-Z][A-Za-z&/\- ]{1,60}?)(?:[.,!;]|$| and | to | this| next| in )`)
	listingRe  = regexp.MustCompile(`^\s*([A-Z][A-Za-z0-9&.\- ]{1,40}?)(?: \([^)]*\))? \| `)
	ownCoRe    = regexp.MustCompile(`\b(?:my company|my startup|our company|my team at|our team at|here at|at) \(?([A-Z][A-Za-z0-9&.\-]+(?: [A-Z][A-Za-z0-9&.\-]+){0,2})\)?`)
	headlineRe = regexp.MustCompile(`^(.{2,60}?) (?:at|@) (.{2,60})$`)
)

// Extract learns what it can about the author of p. Profile fields the
// source gives win over guesses from the text.
func Extract(p engine.Post) Contact {
	prof := func(k string) string { return strings.TrimSpace(p.Profile[k]) }
	c := Contact{
		Name:     first(prof("name"), p.Author),
		Title:    first(p.AuthorTitle, prof("title")),
		Company:  first(p.Company, prof("company")),
		Industry: prof("industry"),
		Location: first(prof("location"), prof("country")),
		Phone:    prof("phone"),
	}
	if c.Title == "" || c.Company == "" {
		if m := headlineRe.FindStringSubmatch(prof("headline")); m != nil {
			c.Title, c.Company = first(c.Title, m[1]), first(c.Company, m[2])
		}
	}
	text := p.Title + "\n" + p.Text
	if c.Title == "" || c.Company == "" {
		if m := findSubmatch(joinedAsRe, text, " as "); m != nil {
			c.Company, c.Title = first(c.Company, companyName(m[1])), first(c.Title, strings.TrimSpace(m[2]))
		} else if m := findSubmatch(titleAtRe, text, " at ", "@"); m != nil {
			c.Title, c.Company = first(c.Title, strings.TrimSpace(m[1])), first(c.Company, companyName(m[2]))
		}
	}
	if c.Company == "" {
		if m := findSubmatch(listingRe, p.Text, " | "); m != nil {
			c.Company = strings.TrimSpace(m[1])
		} else if m := findSubmatch(ownCoRe, text, " at ", "company", "startup"); m != nil {
			c.Company = companyName(m[1])
		}
	}
	c.Employees = icp.SizeBucket(first(prof("employees"), icp.FindEmployees(text)))
	if c.Industry == "" {
		c.Industry = guessIndustry(text)
	}
	if all := text + "\n" + prof("email"); strings.Contains(all, "@") {
		c.Emails = uniq(emailRe.FindAllString(all, -1), strings.ToLower)
	}
	if all := text + "\n" + prof("linkedin"); strings.Contains(strings.ToLower(all), "linkedin.com/") {
		c.LinkedIn = uniq(linkedinRe.FindAllString(all, -1), normalizeLinkedIn)
	}
	return c
}

// companyName ends a company name the patterns took from running text at
// its sentence's end: the patterns let a name hold dots (Bill.com, Acme
// Inc.), so "at Marlowe Systems. If we've…" would otherwise give "Marlowe
// Systems. If".
func companyName(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(strings.TrimRight(s, "."))
}

// findSubmatch runs re only when text contains one of the literal hints
// the pattern cannot match without; regexp backtracking is the costly part
// of extraction.
func findSubmatch(re *regexp.Regexp, text string, hints ...string) []string {
	for _, h := range hints {
		if strings.Contains(text, h) {
			return re.FindStringSubmatch(text)
		}
	}
	return nil
}

func first(vals ...string) string {
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

func uniq(xs []string, canon func(string) string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		x = canon(strings.TrimRight(x, "."))
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func normalizeLinkedIn(u string) string {
	u = strings.TrimRight(u, "/")
	if i := strings.Index(strings.ToLower(u), "linkedin.com/"); i >= 0 {
		return "https://www.linkedin.com/" + u[i+len("linkedin.com/"):]
	}
	return u
}

// industryWords maps words in a post to an industry label.
var industryWords = []struct {
	label string
	words []string
}{
	{"Fintech", []string{"fintech", "payments", "banking", "bank", "treasury", "lending", "invoic", "billing"}},
	{"Healthcare", []string{"health", "clinic", "clinical", "patient", "pharma", "dental", "hospital", "medical", "care team"}},
	{"Cybersecurity", []string{"security", "soc 2", "soc2", "threat", "endpoint"}},
	{"Logistics", []string{"logistics", "freight", "shipping", "warehouse", "dispatch", "fleet", "supply chain"}},
	{"Manufacturing", []string{"manufactur", "factory", "plant", "machining", "industrial"}},
	{"E-commerce", []string{"e-commerce", "ecommerce", "shopify", "online store", "retail"}},
	{"Education", []string{"school", "education", "edtech", "teacher", "students", "university"}},
	{"Marketing & Advertising", []string{"agency", "marketing", "advertis", "seo"}},
	{"Artificial Intelligence", []string{" ai ", "machine learning", "llm", " ml ", "ai-"}},
	{"Construction", []string{"construction", "contractor", "hvac", "plumbing"}},
	{"Legal", []string{"law firm", "legal", "attorney"}},
	{"Real Estate", []string{"real estate", "property management", "proptech"}},
	{"Energy", []string{"energy", "solar", "utilities", "oil and gas"}},
	{"Software", []string{"saas", "software", "developer", "api", "platform"}},
}

func guessIndustry(text string) string {
	t := " " + strings.ToLower(text) + " "
	for _, iw := range industryWords {
		for _, w := range iw.words {
			if strings.Contains(t, w) {
				return iw.label
			}
		}
	}
	return ""
}
