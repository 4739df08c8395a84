package realcorpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shortFile is the detector's headline corpus, from this package.
const shortFile = "../detect/train/testdata/realshort/posts.jsonl"

// TestShortCorpus: the headline corpus loads, its README's counts table is
// the data's, and no post is a post of the evaluation sets: not its URL,
// not any 80 characters of its text (TestNoEvalPostInRepository), and not
// the whole of a short evaluation post's text, which no 80-character
// window covers.
func TestShortCorpus(t *testing.T) {
	posts, err := LoadShort(shortFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(posts) < 1000 {
		t.Errorf("%d posts; want at least 1,000", len(posts))
	}
	readme, err := os.ReadFile(filepath.Join(filepath.Dir(shortFile), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	got, ok := ReadmeTable(string(readme))
	if !ok {
		t.Fatal("README.md has no counts markers")
	}
	if want := ShortCountsTable(posts); got != want {
		t.Errorf("README.md's counts table is stale. Want:\n%s\ngot:\n%s", want, got)
	}
	ix, err := ReadEvalIndex(filepath.Join(sharedDir(t), "eval"))
	if err != nil {
		t.Fatalf("%v (the evaluation sets are read from ../shared of the repository root, or $SIGNALPIPE_SHARED)", err)
	}
	for _, p := range posts {
		if ix.Same(p.Text, p.Title, p.Title+" "+p.Text) {
			t.Errorf("post %s is a short evaluation post", p.ID)
		}
	}
}

// TestEvalIndexSame: a short evaluation post is found whole, whatever its
// case and punctuation, and a post that only contains it is not.
func TestEvalIndexSame(t *testing.T) {
	ix := &EvalIndex{whole: map[string]bool{normal("Acme raises $12M Series A"): true}}
	if !ix.Same("", "acme raises 12m series a") {
		t.Error("the same headline was not found")
	}
	if ix.Same("Acme raises $12M Series A to build rockets") {
		t.Error("a longer headline was taken for it")
	}
}

// TestLoadShortBadInput: every bad input fails with the file and line named.
func TestLoadShortBadInput(t *testing.T) {
	good := `{"id":"s1","source":"hn","url":"","origin":"o","published":"2016","title":"","text":"Acme raises $12M","signal_type":"funding_event","intent":true,"why":"w"}`
	cases := []struct{ name, line, want string }{
		{"malformed", `{"id":`, "malformed line"},
		{"unknown field", strings.Replace(good, `"why"`, `"whyy"`, 1), "unknown field"},
		{"duplicate", good + "\n" + good, "duplicate post id"},
		{"no text", strings.Replace(good, `Acme raises $12M`, ` `, 1), "text is required"},
		{"too long", strings.Replace(good, `Acme raises $12M`, strings.Repeat("x", MaxText+1), 1), "over the limit"},
		{"no origin", strings.Replace(good, `"origin":"o"`, `"origin":""`, 1), "origin is required"},
		{"bad type", strings.Replace(good, `funding_event`, `funding`, 1), "unknown signal_type"},
		{"intent on none", strings.Replace(good, `funding_event`, `none`, 1), "intent true with signal_type none"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "posts.jsonl")
			if err := os.WriteFile(path, []byte(c.line+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := LoadShort(path)
			if err == nil {
				t.Fatal("LoadShort accepted bad input")
			}
			line := "posts.jsonl:1"
			if c.name == "duplicate" {
				line = "posts.jsonl:2"
			}
			if !strings.Contains(err.Error(), line) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q; want the file and line (%s) and %q", err, line, c.want)
			}
		})
	}
}
