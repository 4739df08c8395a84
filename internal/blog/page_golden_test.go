package blog

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"
	"time"
)

var updateGolden = flag.Bool("update", false, "rewrite the post page's golden file")

// postPageGolden is the post page as the server draws it for one post,
// which the web app's test renders with React and compares
// (web/src/features/blog/components/post-page.golden.test.tsx): page.go
// writes the post view's markup by hand, and these two tests fail when
// it and post-view.tsx / post-article.tsx drift apart.
const postPageGolden = "../../web/src/features/blog/components/post-page.golden.json"

type goldenPage struct {
	Post     *Post  `json:"post"`
	URL      string `json:"url"`
	HTML     string `json:"html"`
	NotFound string `json:"notFoundHtml"`
}

func TestPostPageGolden(t *testing.T) {
	p := &Post{ID: "p1", Title: `Tools & "tricks" <for> 'you'`, Slug: "tools", Excerpt: "Short <b>excerpt</b> & more",
		Content:  "First line\n\n## Heading two\n\nA **bold** [link](https://x.example) and `code`\n\n- one\n- two\n\n> quoted",
		Category: "lead-generation", Tags: []string{"alpha", "b<c"}, AuthorName: "Ann & Co", AuthorRole: "Lead",
		ReadTime: 7, Status: StatusPublished, PublishedAt: Millis(time.Date(2026, 3, 4, 5, 6, 7, 8_000_000, time.UTC))}
	p.WithHTML()
	url := "https://sp.example/blog/tools?x=1&y=2"
	html, err := renderPost(p, url)
	if err != nil {
		t.Fatal(err)
	}
	notFound, err := renderNotFound()
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.MarshalIndent(goldenPage{p, url, string(html), string(notFound)}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *updateGolden {
		if err := os.WriteFile(postPageGolden, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(postPageGolden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("internal/blog/page.go draws the post page differently from post-page.golden.json: " +
			"make post-view.tsx/post-article.tsx draw the same, then go test ./internal/blog -run PostPageGolden -update")
	}
}
