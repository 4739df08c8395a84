package webapp

import (
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

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

// newDynamicHandler is the handler over dist with the base URL the tests expect.
func newDynamicHandler(t *testing.T, dist fstest.MapFS) *Handler {
	t.Helper()
	h, err := New(dist, Options{BaseURL: "https://sp.example", Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestDynamicPageMeta(t *testing.T) {
	dist := testDist()
	dist["spa.html"].Data = []byte(realShell)
	h := newDynamicHandler(t, dist)
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

const postShell = `<!doctype html>
<html lang="en">
  <head>
    <title>Blog post | Signalpipe</title>
    <meta name="description" content="Shell description" />
    <style>body{color:red}</style>
  </head>
  <body><div id="root" data-render="client"><header>NAV</header><main><!--page-slot--><p role="status">Loading...</p><!--/page-slot--></main></div></body>
</html>
`

func TestDynamicPageShell(t *testing.T) {
	dist := testDist()
	dist["routes.json"].Data = []byte(`{"routes":["/","/resources","/blog/:slug"],"shells":{"/blog/:slug":"shell-blog-slug.html"}}`)
	dist["shell-blog-slug.html"] = &fstest.MapFile{Data: []byte(postShell)}
	h := newDynamicHandler(t, dist)
	h.AddPageProvider("/blog/:slug", func(_ context.Context, p string) (*PageMeta, error) {
		switch p {
		case "/blog/known":
			return &PageMeta{Title: "Known", Path: p, Body: []byte(`<article>POST BODY</article>`),
				Data: map[string]string{"slug": "known", "x": "</script>"}}, nil
		case "/blog/plain":
			return &PageMeta{Title: "Plain", Path: p}, nil
		case "/blog/gone":
			return &PageMeta{Title: "Gone", Path: p, Body: []byte(`<h1>Post Not Found</h1>`)}, ErrNoPage
		}
		return nil, ErrNoPage
	})
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Name: "body fills the slot", Path: "/blog/known", WantStatus: 200, WantBody: []string{
			`<main><article>POST BODY</article></main>`, `<header>NAV</header>`, `<style>body{color:red}</style>`,
			`<script type="application/json" id="page-data">{"slug":"known","x":"\u003c/script\u003e"}</script>`,
			`<title>Known | Signalpipe</title>`,
		}, NotBody: []string{"Loading...", "page-slot", "Shell description"}},
		{Name: "no body keeps the shell's slot", Path: "/blog/plain", WantStatus: 200,
			WantBody: []string{`<main><p role="status">Loading...</p></main>`}, NotBody: []string{"page-data"}},
		{Name: "a not-found page of the provider", Path: "/blog/gone", WantStatus: 404,
			WantBody: []string{`<main><h1>Post Not Found</h1></main>`, `content="noindex, nofollow"`}},
		{Name: "a not-found page without one", Path: "/blog/nothing", WantStatus: 404,
			WantBody: []string{`<title>Page Not Found | Signalpipe</title>`, `Loading...`}},
		{Name: "the shell is not a file", Path: "/shell-blog-slug.html", WantStatus: 404, NotBody: []string{"page-slot"}},
	})
}

func TestShellManifestErrors(t *testing.T) {
	for name, routes := range map[string]string{
		"unknown route": `{"routes":["/"],"shells":{"/blog/:slug":"shell.html"}}`,
		"nested file":   `{"routes":["/blog/:slug"],"shells":{"/blog/:slug":"a/shell.html"}}`,
		"missing file":  `{"routes":["/blog/:slug"],"shells":{"/blog/:slug":"shell-missing.html"}}`,
	} {
		dist := testDist()
		dist["routes.json"].Data = []byte(routes)
		if _, err := New(dist, Options{}); err == nil {
			t.Errorf("%s: New accepted %s", name, routes)
		}
	}
}

// IsPage answers as ServeHTTP would: a route of routes.json is a page, and
// one covered only by a dynamic route is a page when its provider has it (a
// static route such as /blog/admin never asks the provider).
func TestIsPage(t *testing.T) {
	dist := testDist()
	dist["routes.json"] = &fstest.MapFile{Data: []byte(`{"routes":["/","/resources","/blog/admin","/blog/:slug"]}`)}
	h := newDynamicHandler(t, dist)
	var asked []string
	h.AddPageProvider("/blog/:slug", func(_ context.Context, p string) (*PageMeta, error) {
		asked = append(asked, p)
		switch p {
		case "/blog/known":
			return &PageMeta{Title: "Known", Path: p}, nil
		case "/blog/broken":
			return nil, errors.New("database down")
		}
		return nil, ErrNoPage
	})
	for p, want := range map[string]bool{"/": true, "/resources": true, "/blog/admin": true, "/blog/known": true,
		"/blog/gone": false, "/blog/broken": false, "/nope": false, "/blog/known/more": false} {
		if got := h.IsPage(context.Background(), p); got != want {
			t.Errorf("IsPage(%q) = %v, want %v", p, got, want)
		}
	}
	for _, p := range asked {
		if p == "/blog/admin" {
			t.Error("the provider was asked about the static route /blog/admin")
		}
	}
}
