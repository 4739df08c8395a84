package exa

import (
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// maxContent bounds the page text kept from an item: the detector reads
// the start of a post, and the index need not hold whole web pages.
const maxContent = 4000

// webset is the part of a Webset the source reads.
type webset struct {
	ID          string             `json:"id"`
	Status      string             `json:"status"` // idle, pending, running, paused
	Enrichments []websetEnrichment `json:"enrichments"`
}

type websetEnrichment struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Format      string `json:"format"`
}

// enrichmentKeys names each enrichment for the profile keys of its
// results: "company" for the company enrichment create asks for (Exa
// titles it itself, so it is known by its description), otherwise its
// title, or its description when it has none. Email, phone and LinkedIn go
// by format (addEnrichment).
func (w *webset) enrichmentKeys() map[string]string {
	m := make(map[string]string, len(w.Enrichments))
	for _, e := range w.Enrichments {
		if e.Description == companyEnrichment.Description {
			m[e.ID] = "company"
		} else if k := profileKey(e.Title); k != "" {
			m[e.ID] = k
		} else {
			m[e.ID] = profileKey(e.Description)
		}
	}
	return m
}

type itemPage struct {
	Data       []item `json:"data"`
	HasMore    bool   `json:"hasMore"`
	NextCursor string `json:"nextCursor"`
}

type item struct {
	ID          string             `json:"id"`
	Properties  properties         `json:"properties"`
	Enrichments []enrichmentResult `json:"enrichments"`
	CreatedAt   string             `json:"createdAt"`
}

// properties holds the fields of every entity type; type says which of
// person, company, article, researchPaper or custom is set.
type properties struct {
	Type          string     `json:"type"`
	URL           string     `json:"url"`
	Description   string     `json:"description"`
	Content       string     `json:"content"`
	Person        *person    `json:"person"`
	Company       *company   `json:"company"`
	Article       *published `json:"article"`
	ResearchPaper *published `json:"researchPaper"`
	Custom        *published `json:"custom"`
}

type person struct {
	Name     string `json:"name"`
	Location string `json:"location"`
	Position string `json:"position"`
	Company  *struct {
		Name     string `json:"name"`
		Location string `json:"location"`
	} `json:"company"`
}

type company struct {
	Name      string   `json:"name"`
	Location  string   `json:"location"`
	Employees *float64 `json:"employees"`
	Industry  string   `json:"industry"`
	About     string   `json:"about"`
}

type published struct {
	Title       string `json:"title"`
	Author      string `json:"author"`
	PublishedAt string `json:"publishedAt"`
}

type enrichmentResult struct {
	Status       string   `json:"status"`
	Format       string   `json:"format"`
	Result       []string `json:"result"`
	EnrichmentID string   `json:"enrichmentId"`
}

// post turns an item into a post; ok is false for one without an id or text.
func (it item) post(titles map[string]string) (engine.Post, bool) {
	pr := it.Properties
	p := engine.Post{ID: it.ID, Source: Name, Platform: platform(pr.URL), URL: pr.URL, Profile: map[string]string{}}
	text := []string{strings.TrimSpace(pr.Description)}
	when := it.CreatedAt
	switch {
	case pr.Person != nil:
		p.Author, p.AuthorTitle = pr.Person.Name, pr.Person.Position
		setProfile(p.Profile, "name", pr.Person.Name, "title", pr.Person.Position, "location", pr.Person.Location)
		if pr.Person.Company != nil {
			p.Company = pr.Person.Company.Name
			setProfile(p.Profile, "company", p.Company)
		}
		if strings.Contains(pr.URL, "linkedin.com/") {
			setProfile(p.Profile, "linkedin", pr.URL)
		}
	case pr.Company != nil:
		c := pr.Company
		p.Company, p.Title = c.Name, c.Name
		setProfile(p.Profile, "company", c.Name, "location", c.Location, "industry", c.Industry, "website", pr.URL)
		if c.Employees != nil && *c.Employees > 0 {
			p.Profile["employees"] = strconv.Itoa(int(*c.Employees))
		}
		text = append(text, strings.TrimSpace(c.About))
	default:
		for _, pub := range []*published{pr.Article, pr.ResearchPaper, pr.Custom} {
			if pub != nil {
				p.Title, p.Author = pub.Title, pub.Author
				if pub.PublishedAt != "" {
					when = pub.PublishedAt
				}
			}
		}
	}
	text = append(text, clip(strings.TrimSpace(pr.Content), maxContent))
	p.Text = joinNonEmpty(text)
	p.PublishedAt = parseTime(when)
	for _, e := range it.Enrichments {
		addEnrichment(p.Profile, titles[e.EnrichmentID], e)
	}
	if p.Company == "" {
		p.Company = p.Profile["company"]
	}
	if len(p.Profile) == 0 {
		p.Profile = nil
	}
	if p.ID == "" || (p.Text == "" && p.Title == "") {
		return engine.Post{}, false
	}
	if p.Text == "" {
		p.Text = p.Title
	}
	return p, true
}

// addEnrichment files a completed enrichment's result under the profile
// key the enrichment tools read: email, phone and LinkedIn by format, the
// rest by the enrichment's title.
func addEnrichment(profile map[string]string, title string, e enrichmentResult) {
	if e.Status != "completed" || len(e.Result) == 0 {
		return
	}
	v := strings.TrimSpace(strings.Join(e.Result, ", "))
	if v == "" {
		return
	}
	key := title
	switch {
	case e.Format == "email":
		key = "email"
	case e.Format == "phone":
		key = "phone"
	case e.Format == "url" && strings.Contains(v, "linkedin.com/"):
		key = "linkedin"
	}
	if key == "" {
		key = profileKey(e.EnrichmentID)
	}
	if key != "" && profile[key] == "" {
		profile[key] = clip(v, 500)
	}
}

func setProfile(m map[string]string, kv ...string) {
	for i := 0; i+1 < len(kv); i += 2 {
		if v := strings.TrimSpace(kv[i+1]); v != "" {
			m[kv[i]] = v
		}
	}
}

// profileKey turns an enrichment title into a short lower-case key.
func profileKey(s string) string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	k := strings.Join(f, "_")
	return clip(k, 40)
}

// platform names where an item was published, from its URL's host.
func platform(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "web"
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	for suffix, name := range map[string]string{"linkedin.com": "linkedin", "x.com": "x", "twitter.com": "x",
		"reddit.com": "reddit", "news.ycombinator.com": "hackernews", "github.com": "github"} {
		if host == suffix || strings.HasSuffix(host, "."+suffix) {
			return name
		}
	}
	return "web"
}

func parseTime(s string) time.Time {
	for _, layout := range []string{time.RFC3339Nano, time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC()
		}
	}
	return time.Time{}
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}

func joinNonEmpty(parts []string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, "\n\n")
}
