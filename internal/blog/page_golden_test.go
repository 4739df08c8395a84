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

// postPageGolden is the post page as the server fills it for one post,
// which the web app's test renders with React and compares
// (web/src/features/blog/components/post-page.golden.test.tsx): the markup
// is the build's, and these two tests fail when the values the server puts
// in its slots (category name, dates, read time, share links, escaping)
// differ from the app's.
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
	page := buildPage(t)
	html, notFound := page.Post(p, url), page.NotFound()
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
		t.Fatal("internal/blog/page.go fills the post page differently from post-page.golden.json: " +
			"check the values it puts in the slots against post-article.tsx's postDisplay, then go test ./internal/blog -run PostPageGolden -update")
	}
}
