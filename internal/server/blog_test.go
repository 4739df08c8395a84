package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

func TestBlogAdminNeedsSessionAndCSRF(t *testing.T) {
	s, _ := newTestServer(t, nil)
	h := s.Handler()
	sameOrigin := map[string]string{"Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/admin/blog/posts"},
		{"POST", "/api/admin/blog/posts"},
		{"PUT", "/api/admin/blog/posts/01ABC"},
		{"DELETE", "/api/admin/blog/posts/01ABC"},
		{"POST", "/api/admin/blog/categories"},
	} {
		rec := httpxtest.Do(h, r.method, r.path, sameOrigin, `{"title":"T","excerpt":"e","content":"c"}`)
		if rec.Code != 401 {
			t.Errorf("%s %s: %d, want 401", r.method, r.path, rec.Code)
		}
	}

	if _, err := auth.CreateAdmin(context.Background(), auth.NewStore(s.db), "op@sp.example", "a long password", false); err != nil {
		t.Fatal(err)
	}
	rec := httpxtest.Do(h, "POST", "/api/admin/login",
		map[string]string{"Content-Type": "application/json", "Origin": "https://sp.example"}, `{"email":"op@sp.example","password":"a long password"}`)
	var login struct{ CSRFToken string }
	_ = json.Unmarshal(rec.Body.Bytes(), &login)
	cookie := rec.Result().Cookies()[0].Name + "=" + rec.Result().Cookies()[0].Value
	noCSRF := map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}
	ok := map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json", "X-CSRF-Token": login.CSRFToken}
	crossSite := map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json", "X-CSRF-Token": login.CSRFToken}
	body := `{"title":"Signals & <Timing>","excerpt":"Why \"now\" matters <b>","content":"Para one\nPara two","status":"published","tags":"a,b"}`
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Name: "create without CSRF", Method: "POST", Path: "/api/admin/blog/posts", Headers: noCSRF, Body: body, WantStatus: 403},
		{Name: "create cross-site", Method: "POST", Path: "/api/admin/blog/posts", Headers: crossSite, Body: body, WantStatus: 403},
		{Name: "create", Method: "POST", Path: "/api/admin/blog/posts", Headers: ok, Body: body, WantStatus: 201, WantBody: []string{`"slug":"signals-timing"`}},
		{Name: "create draft", Method: "POST", Path: "/api/admin/blog/posts", Headers: ok,
			Body: `{"title":"Unreleased","excerpt":"e","content":"c"}`, WantStatus: 201},
		{Name: "taken slug", Method: "POST", Path: "/api/admin/blog/posts", Headers: ok, Body: body, WantStatus: 409},
		{Name: "admin list", Path: "/api/admin/blog/posts", Headers: map[string]string{"Cookie": cookie}, WantStatus: 200,
			WantBody: []string{"Unreleased", "signals-timing"}},
		{Name: "public list", Path: "/api/blog/posts", WantStatus: 200, WantBody: []string{"signals-timing"}, NotBody: []string{"Unreleased"}},
		{Name: "post page has its meta", Path: "/blog/signals-timing", WantStatus: 200,
			WantHeaders: map[string]string{"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"},
			WantBody: []string{
				`<title>Signals &amp; &lt;Timing&gt; | Signalpipe</title>`,
				`<meta name="description" content="Why &#34;now&#34; matters &lt;b&gt;" />`,
				`<link rel="canonical" href="https://sp.example/blog/signals-timing" />`,
				`<meta property="og:type" content="article" />`,
				`<meta property="og:title" content="Signals &amp; &lt;Timing&gt; | Signalpipe" />`,
				`<meta property="og:url" content="https://sp.example/blog/signals-timing" />`,
				`<script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting"`,
				`"headline":"Signals \u0026 \u003cTiming\u003e"`,
				"<p>Para one</p>\n<p>Para two</p>",                                                           // the content, rendered (docs/api.md)
				`"contentHtml":"\u003cp\u003ePara one\u003c/p\u003e\n\u003cp\u003ePara two\u003c/p\u003e\n"`, // and the client's copy of it
				"SPA SHELL",
			},
			NotBody: []string{"<Timing>", "<b>"}},
		{Name: "draft page is 404", Path: "/blog/unreleased", WantStatus: 404,
			WantBody: []string{`<meta name="robots" content="noindex, nofollow" />`, "SPA SHELL"}, NotBody: []string{"Unreleased"}},
		{Name: "unknown post is 404", Path: "/blog/no-such-post", WantStatus: 404, WantBody: []string{"SPA SHELL"}},
		{Name: "blog admin is not a post", Path: "/blog/admin", WantStatus: 200, NotBody: []string{"BlogPosting"}},
		{Name: "feed", Path: "/blog/feed.xml", WantStatus: 200,
			WantBody: []string{`<title>Signals &amp; &lt;Timing&gt;</title>`, `https://sp.example/blog/signals-timing`}, NotBody: []string{"Unreleased"}},
		{Name: "sitemap", Path: "/sitemap.xml", WantStatus: 200,
			WantBody: []string{"<loc>https://sp.example/blog/signals-timing</loc>", "<loc>https://sp.example/blog</loc>"},
			NotBody:  []string{"unreleased", "/blog/admin"}},
		{Name: "newsletter", Method: "POST", Path: "/api/newsletter", Headers: map[string]string{"Content-Type": "application/json"},
			Body: `{"email":"reader@acme.io"}`, WantStatus: 201},
	})
}

func TestNewsletterIsRateLimited(t *testing.T) {
	s, _ := newTestServer(t, nil)
	codes := map[int]int{}
	for i := range 25 {
		rec := httpxtest.Do(s.Handler(), "POST", "/api/newsletter", map[string]string{"Content-Type": "application/json"},
			`{"email":"r`+strings.Repeat("x", i)+`@acme.io"}`)
		codes[rec.Code]++
	}
	if codes[201] != 20 || codes[429] != 5 {
		t.Fatalf("codes = %v, want 20 created then 429s", codes)
	}
}
