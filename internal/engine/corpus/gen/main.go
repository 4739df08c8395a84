// Command gen writes the bundled corpus of fictional posts
// (../posts.jsonl.gz). It is deterministic: the same source gives the same
// bytes. Run it with `go generate ./internal/engine/corpus`.
package main

import (
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

func main() {
	out := flag.String("o", "posts.jsonl.gz", "output file")
	n := flag.Int("n", 1200, "number of posts")
	flag.Parse()
	if err := write(*out, generate(*n)); err != nil {
		log.Fatal(err)
	}
}

func write(path string, posts []engine.Post) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(zw)
	for _, p := range posts {
		if err := enc.Encode(p); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return f.Close()
}

type gen struct {
	r *rand.Rand
}

func (g *gen) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }
func (g *gen) chance(p float64) bool   { return g.r.Float64() < p }

func generate(n int) []engine.Post {
	g := &gen{r: rand.New(rand.NewPCG(20260301, 7))}
	base := time.Date(2026, 1, 5, 8, 0, 0, 0, time.UTC)
	posts := make([]engine.Post, 0, n)
	for i := 0; i < n; i++ {
		k := g.kind()
		pl := g.platform()
		p := g.post(i, k, pl)
		p.PublishedAt = base.Add(time.Duration(i)*41*time.Minute + time.Duration(g.r.IntN(1800))*time.Second)
		posts = append(posts, p)
	}
	return posts
}

func (g *gen) kind() *kind {
	total := 0
	for _, k := range kinds {
		total += k.weight
	}
	x := g.r.IntN(total)
	for i := range kinds {
		if x < kinds[i].weight {
			return &kinds[i]
		}
		x -= kinds[i].weight
	}
	return &kinds[len(kinds)-1]
}

func (g *gen) platform() int {
	total := 0
	for _, p := range platforms {
		total += p.weight
	}
	x := g.r.IntN(total)
	for i, p := range platforms {
		if x < p.weight {
			return i
		}
		x -= p.weight
	}
	return 0
}

// person is the fictional author of one post.
type person struct {
	first, last, title, company, industry, city string
	size                                        int
}

func (g *gen) person() person {
	ind := g.pick(industries)
	return person{
		first: g.pick(firstNames), last: g.pick(lastNames), title: g.pick(seniorTitles),
		company: g.pick(companyStems) + g.pick(companySuffixes), industry: ind, city: g.pick(cities),
		size: []int{8, 15, 25, 40, 60, 90, 140, 220, 400, 850, 1500, 4000}[g.r.IntN(12)],
	}
}

func (g *gen) post(i int, k *kind, pl int) engine.Post {
	who := g.person()
	slots := g.slots(who)
	text := g.fill(g.pick(k.cores), slots)
	for _, e := range []string{g.maybe(k.extras, 0.7), g.maybe(k.extras, 0.3), g.maybe(k.closers, 0.6)} {
		if e = g.fill(e, slots); e != "" && !strings.Contains(text, e) {
			text += " " + e
		}
	}
	plat := platforms[pl]
	title := ""
	if plat.titled {
		title = g.fill(g.pick(k.titles), slots)
	}
	if plat.casual && g.chance(0.5) {
		text = strings.ToLower(text[:1]) + text[1:]
		text = strings.TrimSuffix(text, ".")
	}
	p := engine.Post{
		ID: fmt.Sprintf("c%05d", i+1), Source: "corpus", Platform: plat.name, Title: title, Text: text,
		URL: g.url(i, pl, who), Author: g.author(pl, who),
	}
	g.contact(&p, pl, who)
	return p
}

func (g *gen) maybe(xs []string, p float64) string {
	if len(xs) == 0 || !g.chance(p) {
		return ""
	}
	return g.pick(xs)
}

func (g *gen) slots(who person) map[string]string {
	v1, v2 := vendors[g.r.IntN(len(vendors))], vendors[g.r.IntN(len(vendors))]
	// Prefer a rival in the same category (HubSpot for Salesforce, not
	// Greenhouse); fall back to any other vendor.
	for try := 0; try < 40 && (v2.name == v1.name || v2.category != v1.category); try++ {
		v2 = vendors[g.r.IntN(len(vendors))]
	}
	for v2.name == v1.name {
		v2 = vendors[g.r.IntN(len(vendors))]
	}
	role := g.pick(roles)
	amount := g.amount()
	return map[string]string{
		"company": who.company, "city": who.city, "title": who.title, "industry": who.industry,
		"product": g.pick(productPhrases[who.industry]), "role": role, "Role": titleCase(role), "role2": g.pick(roles),
		"n": fmt.Sprint(2 + g.r.IntN(14)), "size": fmt.Sprint(who.size), "years": fmt.Sprint(2 + g.r.IntN(9)),
		"amount": amount, "amount2": g.amount(), "round": g.pick([]string{"seed round", "Series A", "Series B", "pre-seed round", "Series C"}),
		"investor": g.pick(investors), "vendor": v1.name, "vendor2": v2.name, "category": g.pick(categories), "need": g.pick(needs),
		"event": g.pick(events), "oldco": g.pick(companyStems), "dept": g.pick([]string{"sales", "engineering", "marketing", "customer success", "product"}),
		"first2": g.pick(firstNames), "last2": g.pick(lastNames),
	}
}

func (g *gen) amount() string {
	m := []float64{0.5, 1.2, 2, 3.5, 4, 6, 8, 12, 15, 20, 28, 40, 60}[g.r.IntN(13)]
	switch {
	case m < 1:
		return fmt.Sprintf("$%dk", int(m*1000))
	case m == float64(int(m)):
		return fmt.Sprintf("$%dM", int(m))
	}
	return fmt.Sprintf("$%.1fM", m)
}

func (g *gen) fill(s string, slots map[string]string) string {
	for strings.Contains(s, "{") {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		key := s[i+1 : i+j]
		s = s[:i] + slots[key] + s[i+j+1:]
	}
	return s
}

func titleCase(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		if w == strings.ToLower(w) && len(w) > 0 {
			ws[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(ws, " ")
}

func slug(s string) string {
	return strings.ToLower(strings.NewReplacer(" ", "-", "&", "and", ".", "").Replace(s))
}

func (g *gen) url(i, pl int, who person) string {
	id := fmt.Sprintf("%x", 0x5a000+i*7919)
	switch platforms[pl].name {
	case "reddit":
		return fmt.Sprintf(platforms[pl].urlFmt, g.pick(subreddits), id)
	case "x":
		return fmt.Sprintf(platforms[pl].urlFmt, strings.ToLower(who.first+who.last[:1]), fmt.Sprint(1800000000000+i*7919))
	case "forum", "slack":
		return fmt.Sprintf(platforms[pl].urlFmt, slug(g.pick(companyStems)), id)
	case "linkedin":
		return fmt.Sprintf(platforms[pl].urlFmt, slug(who.first+"-"+who.last)+"-"+id)
	case "hackernews":
		return fmt.Sprintf(platforms[pl].urlFmt, fmt.Sprint(40000000+i*7919))
	}
	return fmt.Sprintf(platforms[pl].urlFmt, id)
}

func (g *gen) author(pl int, who person) string {
	switch platforms[pl].name {
	case "reddit":
		return "u/" + strings.ToLower(who.first) + "_" + fmt.Sprint(g.r.IntN(99))
	case "hackernews":
		return strings.ToLower(who.first[:1] + who.last)
	case "x":
		return "@" + strings.ToLower(who.first+who.last[:1])
	case "news":
		return ""
	}
	return who.first + " " + who.last
}

// contact adds a profile (always on LinkedIn, sometimes elsewhere) and, in
// some posts, an email address or LinkedIn URL: personal, role and
// disposable addresses all occur.
func (g *gen) contact(p *engine.Post, pl int, who person) {
	dom := slug(strings.ReplaceAll(who.company, " ", "")) + ".example"
	name := platforms[pl].name
	if name == "linkedin" || name == "slack" || g.chance(0.25) {
		p.Profile = map[string]string{
			"name": who.first + " " + who.last, "headline": who.title + " at " + who.company,
			"employees": fmt.Sprint(who.size), "industry": who.industry, "location": who.city,
		}
		if g.chance(0.5) {
			p.Profile["linkedin"] = "https://www.linkedin.com/in/" + slug(who.first+"-"+who.last)
		}
	}
	switch x := g.r.IntN(20); {
	case x < 2:
		p.Text += fmt.Sprintf(" Reach me at %s.%s@%s.", strings.ToLower(asciiOnly(who.first)), strings.ToLower(asciiOnly(who.last)), dom)
	case x == 2:
		p.Text += fmt.Sprintf(" Email %s@%s.", g.pick([]string{"sales", "info", "jobs", "hello"}), dom)
	case x == 3:
		p.Text += fmt.Sprintf(" Contact: %s%d@mailinator.com", strings.ToLower(asciiOnly(who.first)), g.r.IntN(999))
	case x == 4:
		p.Text += fmt.Sprintf(" linkedin.com/in/%s", slug(asciiOnly(who.first)+"-"+asciiOnly(who.last)))
	}
}

func asciiOnly(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 128 {
			return r
		}
		switch r {
		case 'á', 'à':
			return 'a'
		case 'é', 'è':
			return 'e'
		case 'í':
			return 'i'
		case 'ó':
			return 'o'
		case 'ú':
			return 'u'
		}
		return -1
	}, s)
}
