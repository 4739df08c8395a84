package webapp

import (
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

const realShell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Signalpipe</title>
    <meta name="description" content="Default description" />
    <meta name="robots" content="index, follow" />
    <link rel="canonical" href="__SIGNALPIPE_BASE_URL__/" />
    <meta property="og:title" content="Signalpipe" />
    <meta name="twitter:description" content="Default description" />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`

func TestDynamicPageMeta(t *testing.T) {
	dist := testDist()
	dist["spa.html"].Data = []byte(realShell)
	h, err := New(dist, Options{BaseURL: "https://sp.example", Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	h.AddPageProvider("/blog/:slug", func(_ context.Context, p string) (*PageMeta, error) {
		switch p {
		case "/blog/known":
			return &PageMeta{Title: `A "quoted" <title>`, Description: "d & e", Path: p, Type: "article",
				JSONLD: map[string]string{"headline": "</script><script>alert(1)</script>"}}, nil
		case "/blog/broken":
			return nil, errors.New("database down")
		}
		return nil, ErrNoPage
	})
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Name: "known", Path: "/blog/known", WantStatus: 200, WantBody: []string{
			`<title>A &#34;quoted&#34; &lt;title&gt; | Signalpipe</title>`,
			`<meta name="description" content="d &amp; e" />`,
			`<link rel="canonical" href="https://sp.example/blog/known" />`,
			`<meta property="og:type" content="article" />`,
			`"headline":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"`,
			`<script type="module" crossorigin src="/assets/index-1.js"></script>`,
		}, NotBody: []string{"Default description", "<title>Signalpipe</title>", "</script><script>"}, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
			if n := strings.Count(rec.Body.String(), "<title>"); n != 1 {
				t.Errorf("%d titles", n)
			}
		}},
		{Name: "unknown", Path: "/blog/unknown", WantStatus: 404, WantBody: []string{`content="noindex, nofollow"`, `<div id="root">`}},
		{Name: "provider error serves the plain shell", Path: "/blog/broken", WantStatus: 200, WantBody: []string{"Default description"}},
		{Name: "other routes untouched", Path: "/resources", WantStatus: 200, WantBody: []string{"RESOURCES"}},
	})
}
