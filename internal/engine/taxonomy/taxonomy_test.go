package taxonomy

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// The categories issue 30 names: its five development categories, the ten
// held out for measuring and the twenty examples of training categories.
var named = []string{
	"ci-cd", "error-tracking", "helpdesk", "product-analytics", "auth",
	"observability-apm", "log-management", "transactional-email", "issue-tracking", "payments",
	"subscription-billing", "crm", "feature-flags", "managed-databases", "team-chat", "site-search", "app-hosting",
	"e-signature", "hris-payroll", "data-warehouse", "etl-elt", "security-compliance", "recruiting-ats",
	"accounting", "ap-spend", "forms-surveys", "video-hosting", "maps-geo", "localization", "password-managers",
	"status-pages", "incident-response", "scheduling", "sms-voice", "headless-cms", "marketing-automation",
	"bi-dashboards", "backups", "secrets-management", "docs-wiki",
}

func TestData(t *testing.T) {
	all := All()
	if len(all) < 60 {
		t.Fatalf("%d categories, want at least 60", len(all))
	}
	for _, id := range named {
		if !Known(id) {
			t.Errorf("category %q missing", id)
		}
	}
	idRe := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	for _, c := range all {
		if !idRe.MatchString(c.ID) {
			t.Errorf("%s: id is not kebab-case", c.ID)
		}
		if n := len(c.Vendors); n < 8 || n > 25 {
			t.Errorf("%s: %d vendors, want 8-25", c.ID, n)
		}
		if n := len(c.Jobs); n < 8 || n > 20 {
			t.Errorf("%s: %d jobs, want 8-20", c.ID, n)
		}
		if len(c.Synonyms) < 3 {
			t.Errorf("%s: %d synonyms, want at least 3", c.ID, len(c.Synonyms))
		}
		if len(c.Sources) == 0 {
			t.Errorf("%s: no sources", c.ID)
		}
		for _, s := range c.Sources {
			if !strings.Contains(s, "/") { // a repository path, not a key
				t.Errorf("%s: source %q is not a resolved citation", c.ID, s)
			}
		}
		seen := map[string]bool{}
		for _, v := range c.Vendors {
			if strings.Contains(v, "|") || seen[strings.ToLower(v)] {
				t.Errorf("%s: vendor %q repeated or not split", c.ID, v)
			}
			seen[strings.ToLower(v)] = true
		}
		for _, j := range c.Jobs {
			ws, _ := words(j, nil, nil, index, false)
			if len(ws) < 2 {
				t.Errorf("%s: job %q has fewer than two words that count", c.ID, j)
			}
		}
		got, ok := Get(c.ID)
		if !ok || got.Name != c.Name {
			t.Errorf("Get(%q) = %v, %v", c.ID, got.Name, ok)
		}
	}
	// the README's totals are the data's
	nv, nsp, ns, nj := 0, 0, 0, 0
	for _, e := range entries {
		nv += len(e.Vendors)
		ns += len(e.Synonyms)
		nj += len(e.Jobs)
		for _, v := range e.Vendors {
			nsp += len(spellings(v))
		}
	}
	readme, err := os.ReadFile("README.md")
	want := fmt.Sprintf("Totals: %d categories, %d vendors (%d spellings), %d synonyms, %d jobs.", len(all), nv, nsp, ns, nj)
	if err != nil || !strings.Contains(strings.ReplaceAll(string(readme), "\n", " "), want) {
		t.Errorf("README.md does not say %q", want)
	}
	if _, ok := Get("no-such-category"); ok {
		t.Error("Get of an unknown id found one")
	}
}

// Every term of every category, scanned alone, is found as a term of its
// category (no spelling lost to stemming, filler words or case rules).
func TestEveryTermFindsItself(t *testing.T) {
	for i, e := range entries {
		var terms [][2]string
		for _, v := range e.Vendors {
			for _, s := range spellings(v) {
				terms = append(terms, [2]string{KindVendor, s})
			}
		}
		for _, s := range e.Synonyms {
			terms = append(terms, [2]string{KindSynonym, s})
		}
		for _, s := range e.Jobs {
			terms = append(terms, [2]string{KindJob, s})
		}
		for _, kt := range terms {
			ws, _ := words(kt[1], nil, nil, index, false)
			found := false
			for _, h := range Scan(kt[1]) {
				if h.Category == categories[i].ID && h.Start == int(ws[0].start) && h.End == int(ws[len(ws)-1].end) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: %s %q not found in itself: %+v", e.ID, kt[0], kt[1], Scan(kt[1]))
			}
		}
	}
}

func TestLoadRefusesBadData(t *testing.T) {
	good := `[{"id":"x","name":"X","vendors":["A|B"],"exactCase":["B"],"synonyms":["s"],"jobs":["do thing"],"sources":["k"]}]`
	src := `{"k":"owner/repo README.md"}`
	if _, _, err := load(fstest.MapFS{"sources.json": {Data: []byte(src)}, "categories_a.json": {Data: []byte(good)}}); err != nil {
		t.Fatalf("good data refused: %v", err)
	}
	for name, cats := range map[string]string{
		"unknown source":      strings.Replace(good, `["k"]`, `["nope"]`, 1),
		"exact-case not term": strings.Replace(good, `["B"]`, `["C"]`, 1),
		"unknown field":       strings.Replace(good, `"name"`, `"nam":"x","name"`, 1),
		"no jobs":             strings.Replace(good, `["do thing"]`, `[]`, 1),
		"malformed":           good[:20],
	} {
		_, _, err := load(fstest.MapFS{"sources.json": {Data: []byte(src)}, "categories_a.json": {Data: []byte(cats)}})
		if err == nil {
			t.Errorf("%s: accepted", name)
		} else if !strings.Contains(err.Error(), "categories_a.json") {
			t.Errorf("%s: error %q does not name the file", name, err)
		}
	}
	_, _, err := load(fstest.MapFS{"sources.json": {Data: []byte(src)}, "categories_a.json": {Data: []byte(good)}, "categories_b.json": {Data: []byte(good)}})
	if err == nil || !strings.Contains(err.Error(), "also in categories_a.json") {
		t.Errorf("duplicate id across files: %v", err)
	}
}
