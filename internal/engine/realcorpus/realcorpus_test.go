package realcorpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpus: the repository copy loads and is what issue 30 asks for: at
// least 1,000 posts over at least 15 categories, positives in each.
func TestCorpus(t *testing.T) {
	c, err := Load("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Posts) < 1000 || len(c.ICPs) < 15 {
		t.Errorf("%d posts over %d categories; want >= 1000 over >= 15", len(c.Posts), len(c.ICPs))
	}
	rel := c.Relevant()
	for _, i := range c.ICPs {
		if len(rel[i.ID]) < 5 {
			t.Errorf("ICP %s has %d relevant posts", i.ID, len(rel[i.ID]))
		}
		if len(i.ICP.Competitors) == 0 || i.ICP.KnowledgeBase == "" {
			t.Errorf("ICP %s names no competitor or knowledge base", i.ID)
		}
	}
}

// TestReadmeCounts: the README's counts table is the data's.
func TestReadmeCounts(t *testing.T) {
	c, err := Load("testdata")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("testdata/README.md")
	if err != nil {
		t.Fatal(err)
	}
	got, ok := ReadmeTable(string(readme))
	if !ok {
		t.Fatal("README.md has no counts markers")
	}
	if want := CountsTable(c); got != want {
		t.Errorf("README.md's counts table is stale; run assemble. Want:\n%s\ngot:\n%s", want, got)
	}
}

const (
	goodICP   = `{"id":"esign","name":"E-signature","icp":{"competitors":["DocuSign"],"knowledgeBase":"We sell e-signature."}}`
	goodPost  = `{"id":"p1","source":"github","platform":"github-issue","url":"https://x.test/1","author":"a","title":"t","text":"we need a way to sign contracts online","origin":"o","published":"2024-01-02","category":"esign","signal_type":"tech_research","intent":true,"author_role":"buyer","stage":"live"}`
	goodLabel = `{"icp":"esign","post":"p1","signal_type":"tech_research","why":"w"}`
	// speakerPost is a line of speaker.jsonl: a category without an ICP.
	speakerPost = `{"id":"s1","source":"github","platform":"github-pr","url":"https://x.test/2","author":"b","title":"t","text":"we moved to ShipX last year","origin":"o","published":"","category":"shipping","signal_type":"competitor_engagement","intent":false,"author_role":"buyer","stage":"finished"}`
)

// TestLoadBadInput: every bad input fails with the file and line named.
func TestLoadBadInput(t *testing.T) {
	long := strings.Replace(goodPost, "we need a way to sign contracts online", strings.Repeat("x", MaxText+1), 1)
	cases := []struct {
		name                         string
		icps, posts, labels, speaker string
		wantFile, wantMessage        string
	}{
		{"ok", goodICP, goodPost, goodLabel, "", "", ""},
		{"malformed icp", goodICP + "\n{", goodPost, goodLabel, "", "icps.jsonl:2", "malformed"},
		{"malformed post", goodICP, "\n" + goodPost[:40], goodLabel, "", "posts.jsonl:2", "malformed"},
		{"unknown field", goodICP, strings.Replace(goodPost, `"origin"`, `"origim"`, 1), goodLabel, "", "posts.jsonl:1", "unknown field"},
		{"unknown icp field", strings.Replace(goodICP, `"competitors"`, `"rivals"`, 1), goodPost, goodLabel, "", "icps.jsonl:1", "unknown field"},
		{"too long", goodICP, long, goodLabel, "", "posts.jsonl:1", "over the limit of 1500"},
		{"duplicate post", goodICP, goodPost + "\n" + goodPost, goodLabel, "", "posts.jsonl:2", "duplicate post id"},
		{"missing post", goodICP, goodPost, strings.Replace(goodLabel, `"p1"`, `"p2"`, 1), "", "labels.jsonl:1", `post "p2"`},
		{"missing icp", goodICP, goodPost, strings.Replace(goodLabel, `"esign"`, `"crm"`, 1), "", "labels.jsonl:1", `ICP "crm"`},
		{"duplicate pair", goodICP, goodPost, goodLabel + "\n\n" + goodLabel, "", "labels.jsonl:3", "duplicate pair"},
		{"category without icp", goodICP, strings.Replace(goodPost, `"category":"esign"`, `"category":"crm"`, 1), "", "", "posts.jsonl:1", "no ICP"},
		{"bad role", goodICP, strings.Replace(goodPost, `"buyer"`, `"boss"`, 1), "", "", "posts.jsonl:1", "author_role"},
		{"speaker post", goodICP, goodPost, goodLabel, speakerPost, "", ""},
		{"speaker post of an ICP's category", goodICP, goodPost, goodLabel, strings.Replace(speakerPost, `"category":"shipping"`, `"category":"esign"`, 1), "speaker.jsonl:1", "belong in posts.jsonl"},
		{"speaker post without category", goodICP, goodPost, goodLabel, strings.Replace(speakerPost, `"category":"shipping"`, `"category":""`, 1), "speaker.jsonl:1", "category is required"},
		{"speaker post with a post's id", goodICP, goodPost, goodLabel, strings.Replace(speakerPost, `"s1"`, `"p1"`, 1), "speaker.jsonl:1", "duplicate post id"},
		{"speaker post too long", goodICP, goodPost, goodLabel, strings.Replace(speakerPost, "we moved to ShipX", strings.Repeat("x", MaxText+1), 1), "speaker.jsonl:1", "over the limit"},
		{"label naming a speaker post", goodICP, goodPost, goodLabel + "\n" + strings.Replace(goodLabel, `"p1"`, `"s1"`, 1), speakerPost, "labels.jsonl:2", `post "s1"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"icps.jsonl": tc.icps, "posts.jsonl": tc.posts, "labels.jsonl": tc.labels}
			if tc.speaker != "" {
				files["speaker.jsonl"] = tc.speaker
			}
			for n, s := range files {
				if err := os.WriteFile(filepath.Join(dir, n), []byte(s+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			c, err := Load(dir)
			if tc.wantFile == "" {
				if err != nil || len(c.Labels) != 1 || len(c.Speaker) != min(1, len(tc.speaker)) {
					t.Fatalf("Load: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("Load accepted bad input")
			}
			if !strings.Contains(err.Error(), tc.wantFile) || !strings.Contains(err.Error(), tc.wantMessage) {
				t.Errorf("error %q; want it to name %q and say %q", err, tc.wantFile, tc.wantMessage)
			}
		})
	}
}
