package accounts

import (
	"net"
	"net/url"
	"strings"
	"unicode"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// legalSuffixes are the words a company's legal form adds to its name;
// they are dropped from the end of a name (repeatedly: "Acme Holdings
// GmbH & Co. KG" is "acme holdings").
var legalSuffixes = map[string]bool{
	"inc": true, "incorporated": true, "llc": true, "llp": true, "lp": true, "ltd": true, "limited": true,
	"corp": true, "corporation": true, "co": true, "company": true, "plc": true, "gmbh": true, "ag": true,
	"kg": true, "ug": true, "mbh": true, "sa": true, "sas": true, "sarl": true, "srl": true, "spa": true,
	"bv": true, "nv": true, "oy": true, "ab": true, "as": true, "asa": true, "aps": true, "pty": true,
	"pte": true, "kk": true, "se": true, "sl": true, "sro": true, "zrt": true, "ou": true, "oü": true,
}

// NameKey is a company name as resolution compares it: lower case,
// letters and digits only, the legal form and a leading "the" dropped.
// "Acme Inc", "Acme, Inc." and "ACME LLC" are all "acme". A name that is
// a domain ("acme.com") is its domain's label. "" when nothing is left.
func NameKey(name string) string {
	name = strings.TrimSpace(name)
	if looksLikeDomain(name) {
		if d := Domain(name); d != "" {
			return domainLabel(d)
		}
	}
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case r == '.' || r == '\'' || r == '’':
			// "S.A.", "Macy's": joined, not split.
		default:
			b.WriteRune(' ')
		}
	}
	words := strings.Fields(b.String())
	for len(words) > 1 && legalSuffixes[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	if len(words) > 1 && words[0] == "the" {
		words = words[1:]
	}
	return strings.Join(words, " ")
}

// looksLikeDomain: one word with a dot and no spaces ("acme.com",
// "https://acme.io/about"), not an abbreviation ("S.A.").
func looksLikeDomain(s string) bool {
	if strings.ContainsAny(s, " \t,") || !strings.Contains(s, ".") {
		return false
	}
	host := s
	if i := strings.Index(host, "://"); i >= 0 {
		host = host[i+3:]
	}
	host, _, _ = strings.Cut(host, "/")
	last := host[strings.LastIndex(host, ".")+1:]
	return len(last) >= 2 && strings.IndexFunc(last, unicode.IsLetter) >= 0 && !abbreviation(host)
}

// abbreviation: "S.A." or "N.V.": single letters between dots.
func abbreviation(s string) bool {
	for _, part := range strings.Split(strings.Trim(s, "."), ".") {
		if len([]rune(part)) > 1 {
			return false
		}
	}
	return true
}

// Domain is the registrable domain of a host, URL or email address, in
// ASCII (punycode) and lower case, without scheme, user, port, path or
// "www.": "https://www.Bücher.de:8443/x" and "sales@xn--bcher-kva.de"
// are both "xn--bcher-kva.de". "" when s names no public domain (an IP,
// "localhost", a bare suffix such as "co.uk", or garbage); never an error.
func Domain(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if at := strings.LastIndex(s, "@"); at >= 0 && !strings.Contains(s, "://") {
		s = s[at+1:]
	}
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return ""
	}
	host := u.Hostname()
	if net.ParseIP(host) != nil {
		return ""
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	ascii, err := idna.Lookup.ToASCII(host)
	if err != nil || ascii == "" || !strings.Contains(ascii, ".") {
		return ""
	}
	reg, err := publicsuffix.EffectiveTLDPlusOne(ascii)
	if err != nil {
		return ""
	}
	if _, icann := publicsuffix.PublicSuffix(reg); !icann && !strings.Contains(reg, ".") {
		return ""
	}
	return reg
}

// DisplayDomain is d as people read it (Unicode for punycode labels).
func DisplayDomain(d string) string {
	if u, err := idna.Display.ToUnicode(d); err == nil {
		return u
	}
	return d
}

// domainLabel is a registrable domain's own label: "acme" of "acme.co.uk".
func domainLabel(d string) string {
	suffix, _ := publicsuffix.PublicSuffix(d)
	label := strings.TrimSuffix(strings.TrimSuffix(d, suffix), ".")
	if i := strings.LastIndex(label, "."); i >= 0 {
		label = label[i+1:]
	}
	if u, err := idna.Display.ToUnicode(label); err == nil {
		label = u
	}
	return label
}

// freeMail are mailbox providers: an address there says nothing of the
// company.
var freeMail = map[string]bool{"gmail.com": true, "googlemail.com": true, "yahoo.com": true, "hotmail.com": true, "outlook.com": true,
	"live.com": true, "icloud.com": true, "me.com": true, "aol.com": true, "proton.me": true, "protonmail.com": true, "gmx.com": true,
	"gmx.de": true, "gmx.net": true, "web.de": true, "yandex.ru": true, "mail.ru": true, "qq.com": true, "163.com": true, "msn.com": true,
	"fastmail.com": true, "hey.com": true, "zoho.com": true, "pm.me": true, "yahoo.co.uk": true}

// hosts are sites where people and posts live, never a company's own
// domain: a lead's profile or post on them says nothing of the company.
var hosts = map[string]bool{"linkedin.com": true, "twitter.com": true, "x.com": true, "github.com": true, "reddit.com": true,
	"ycombinator.com": true, "medium.com": true, "substack.com": true, "bsky.app": true, "mastodon.social": true,
	"stackoverflow.com": true, "lobste.rs": true, "greenhouse.io": true, "lever.co": true, "ashbyhq.com": true, "facebook.com": true}

// Evidence is what one lead says about its company.
type Evidence struct {
	// Company is the post's or profile's company field (or a job
	// board's company).
	Company string
	// Emails are the author's addresses; Websites the author's or the
	// company's web addresses (a profile's website, a company page).
	Emails   []string
	Websites []string
}

// How a company was found, strongest first.
const (
	ByDomain = "domain" // a company domain: the website, or the name is one
	ByEmail  = "email"  // the author's work email
	ByName   = "name"   // the company name only
)

// Resolution is the company one lead points to.
type Resolution struct {
	Name    string // the name as the lead writes it (trimmed)
	NameKey string // NameKey(Name), or the domain's label
	Domain  string // registrable domain, "" when unknown
	By      string // ByDomain, ByEmail or ByName
}

// Resolve reads the company of one lead from its evidence; false when it
// names none (no company field, no work domain).
func Resolve(e Evidence) (Resolution, bool) {
	var r Resolution
	name := strings.Join(strings.Fields(e.Company), " ")
	if looksLikeDomain(name) {
		if d := Domain(name); d != "" && !hosts[d] && !freeMail[d] {
			r.Domain, r.By = d, ByDomain
		}
	}
	for _, w := range e.Websites {
		if r.Domain != "" {
			break
		}
		if d := Domain(w); d != "" && !hosts[d] && !freeMail[d] {
			r.Domain, r.By = d, ByDomain
		}
	}
	for _, m := range e.Emails {
		if r.Domain != "" {
			break
		}
		if !strings.Contains(m, "@") {
			continue
		}
		if d := Domain(m); d != "" && !hosts[d] && !freeMail[d] {
			r.Domain, r.By = d, ByEmail
		}
	}
	r.NameKey = NameKey(name)
	switch {
	case r.NameKey != "" && !(looksLikeDomain(name) && r.Domain != ""):
		r.Name = name
	case r.Domain != "":
		r.NameKey = domainLabel(r.Domain)
		r.Name = titleCase(r.NameKey)
	}
	if r.By == "" {
		r.By = ByName
	}
	return r, r.NameKey != "" || r.Domain != ""
}

// titleCase is "Acme" for "acme": a name made from a domain.
func titleCase(s string) string {
	rs := []rune(s)
	if len(rs) == 0 {
		return s
	}
	rs[0] = unicode.ToUpper(rs[0])
	return string(rs)
}
