// Package taxonomy is a software-category taxonomy shipped in the binary:
// for each B2B software category its vendors (with common spellings), the
// names people give the category, and the jobs buyers describe in plain
// language when they need it without naming it ("we need CI", "send
// password-reset emails", "sign contracts online"). Each category names
// the public lists it was built from (Sources; README.md in this folder).
//
// Scan finds every category's vendor, synonym and job-phrase hits in a
// text (token trie, word boundaries, light stemming); MapICP maps an ICP
// to its categories from its competitors, tech stack, pain points and
// knowledge base (docs/icp-fit.md "Software categories").
package taxonomy

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// Category is one software category.
type Category struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Vendors are the category's products by their usual name; Scan also
	// matches the other spellings of the data file ("Help Scout|HelpScout").
	Vendors []string `json:"vendors"`
	// Synonyms are what people call the category ("CI/CD", "help desk").
	Synonyms []string `json:"synonyms"`
	// Jobs are plain-language phrases of a buyer who needs the category
	// without naming it ("track errors", "sign contracts online").
	Jobs []string `json:"jobs"`
	// Sources name the public data the category was built from.
	Sources []string `json:"sources"`
}

// entry is a category as the data files write it: vendors with their
// spellings after "|", the spellings matched case-sensitively (a vendor
// that is also an English word: "Front", "Linear"), and source keys.
type entry struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Vendors   []string `json:"vendors"`
	ExactCase []string `json:"exactCase"`
	Synonyms  []string `json:"synonyms"`
	Jobs      []string `json:"jobs"`
	Sources   []string `json:"sources"`
}

//go:embed sources.json categories_*.json
var dataFS embed.FS

var (
	categories []Category
	byID       map[string]int
	entries    []entry
	index      *trie
)

func init() {
	es, srcs, err := load(dataFS)
	if err != nil {
		panic("taxonomy: " + err.Error()) // the data ships in the binary: a broken file is a build error, caught by the tests
	}
	entries = es
	byID = make(map[string]int, len(es))
	for i, e := range es {
		c := Category{ID: e.ID, Name: e.Name, Synonyms: e.Synonyms, Jobs: e.Jobs}
		for _, v := range e.Vendors {
			c.Vendors = append(c.Vendors, spellings(v)[0])
		}
		for _, k := range e.Sources {
			c.Sources = append(c.Sources, srcs[k])
		}
		categories = append(categories, c)
		byID[e.ID] = i
	}
	index = build(es)
}

// load reads and checks the data files: every category has an id, a name,
// vendors, synonyms, jobs and known source keys; ids are unique; each
// exact-case spelling is one of the category's terms.
func load(fsys fs.FS) ([]entry, map[string]string, error) {
	raw, err := fs.ReadFile(fsys, "sources.json")
	if err != nil {
		return nil, nil, err
	}
	srcs := map[string]string{}
	if err := json.Unmarshal(raw, &srcs); err != nil {
		return nil, nil, fmt.Errorf("sources.json: %w", err)
	}
	files, err := fs.Glob(fsys, "categories_*.json")
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(files)
	var all []entry
	seen := map[string]string{}
	for _, f := range files {
		raw, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, nil, err
		}
		dec := json.NewDecoder(strings.NewReader(string(raw)))
		dec.DisallowUnknownFields()
		var es []entry
		if err := dec.Decode(&es); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", f, err)
		}
		for _, e := range es {
			if e.ID == "" || e.Name == "" {
				return nil, nil, fmt.Errorf("%s: a category without id or name", f)
			}
			if prev, dup := seen[e.ID]; dup {
				return nil, nil, fmt.Errorf("%s: category %q is also in %s", f, e.ID, prev)
			}
			seen[e.ID] = f
			if len(e.Vendors) == 0 || len(e.Synonyms) == 0 || len(e.Jobs) == 0 || len(e.Sources) == 0 {
				return nil, nil, fmt.Errorf("%s: category %q needs vendors, synonyms, jobs and sources", f, e.ID)
			}
			for _, k := range e.Sources {
				if srcs[k] == "" {
					return nil, nil, fmt.Errorf("%s: category %q names unknown source %q", f, e.ID, k)
				}
			}
			terms := map[string]bool{}
			for _, v := range e.Vendors {
				for _, s := range spellings(v) {
					terms[s] = true
				}
			}
			for _, s := range append(append([]string{}, e.Synonyms...), e.Jobs...) {
				terms[s] = true
			}
			for _, x := range e.ExactCase {
				if !terms[x] {
					return nil, nil, fmt.Errorf("%s: category %q: exact-case %q is none of its terms", f, e.ID, x)
				}
			}
		}
		all = append(all, es...)
	}
	if len(all) == 0 {
		return nil, nil, fmt.Errorf("no categories")
	}
	return all, srcs, nil
}

// spellings splits a vendor entry "Name|Other spelling" into its
// spellings, the usual name first.
func spellings(v string) []string {
	parts := strings.Split(v, "|")
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// All returns every category, in the data files' order. The slices are
// shared: do not modify them.
func All() []Category { return categories }

// Get returns the category with id.
func Get(id string) (Category, bool) {
	i, ok := byID[id]
	if !ok {
		return Category{}, false
	}
	return categories[i], true
}

// Known reports whether id is a category id.
func Known(id string) bool { _, ok := byID[id]; return ok }
