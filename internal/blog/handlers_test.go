package blog

import (
	"encoding/json"
	"encoding/xml"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

func TestAPI(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		_, h := newTestHandler(t, d)
		httpxtest.Run(t, h, []httpxtest.Scenario{
			{Name: "empty list", Path: "/api/blog/posts", WantStatus: 200, WantJSON: `[]`},
			{Name: "empty query", Method: "POST", Path: "/api/query", Headers: jsonCT,
				Body: `{"path":"blogPosts:getPublished","args":{}}`, WantStatus: 200, WantJSON: `{"status":"success","value":[]}`},
		})
		pub := mustCreate(t, h, post("Published <b>One</b>", "status", "published", "featured", true, "tags", "a, b, c, d",
			"content", "Hello <script>alert(1)</script>\nSecond **bold**"))
		draft := mustCreate(t, h, post("Hidden Draft", "featured", true))
		if pub.Slug != "published-b-one-b" || draft.Status != "draft" || draft.AuthorName != "Signalpipe Team" || pub.PublishedAt.Time().IsZero() {
			t.Fatalf("created %+v / %+v", pub, draft)
		}
		noDraft := []string{"Hidden Draft", "hidden-draft"}
		httpxtest.Run(t, h, []httpxtest.Scenario{
			{Name: "list hides drafts, omits content", Path: "/api/blog/posts", WantStatus: 200,
				WantBody: []string{`"_id":"` + pub.ID + `"`, `"slug":"published-b-one-b"`, `"tags":["a","b","c","d"]`, `"readTime":5`,
					`"authorRole":"Growth Team"`, `"status":"published"`, `"publishedAt":`}, NotBody: append([]string{`"content"`, `"contentHtml"`}, noDraft...)},
			{Name: "featured hides drafts", Path: "/api/blog/posts/featured", WantStatus: 200, WantBody: []string{pub.ID}, NotBody: noDraft},
			{Name: "featured bad limit", Path: "/api/blog/posts/featured?limit=0", WantStatus: 400},
			{Name: "by slug", Path: "/api/blog/posts/published-b-one-b", WantStatus: 200,
				WantBody: []string{`"content":"Hello \u003cscript\u003ealert(1)\u003c/script\u003e\nSecond **bold**"`,
					`"contentHtml":"\u003cp\u003eHello \u0026lt;script\u0026gt;alert(1)\u0026lt;/script\u0026gt;\u003c/p\u003e\n\u003cp\u003eSecond \u003cstrong\u003ebold\u003c/strong\u003e\u003c/p\u003e\n"`}},
			{Name: "draft by slug is 404", Path: "/api/blog/posts/hidden-draft", WantStatus: 404, WantJSON: `{"error":"Post Not Found"}`},
			{Name: "unknown slug", Path: "/api/blog/posts/nope", WantStatus: 404},
			{Name: "categories", Path: "/api/blog/categories", WantStatus: 200,
				WantBody: []string{`{"_id":"cat_1","name":"AI Automation","slug":"ai-automation"}`, `"case-studies"`}},
			{Name: "query getPublished", Method: "POST", Path: "/api/query", Headers: jsonCT, Body: `{"path":"blogPosts:getPublished","args":{}}`,
				WantStatus: 200, WantBody: []string{`"status":"success"`, pub.ID}, NotBody: noDraft},
			{Name: "query getFeatured", Method: "POST", Path: "/api/query", Headers: jsonCT, Body: `{"path":"blogPosts:getFeatured","args":{"limit":3}}`,
				WantStatus: 200, WantBody: []string{pub.ID}, NotBody: noDraft},
			{Name: "query getBySlug", Method: "POST", Path: "/api/query", Headers: jsonCT, Body: `{"path":"blogPosts:getBySlug","args":{"slug":"published-b-one-b"}}`,
				WantStatus: 200, WantBody: []string{`"content":`, `\u003cstrong\u003ebold\u003c/strong\u003e`}},
			{Name: "query getBySlug draft", Method: "POST", Path: "/api/query", Headers: jsonCT, Body: `{"path":"blogPosts:getBySlug","args":{"slug":"hidden-draft"}}`,
				WantStatus: 200, WantJSON: `{"status":"success","value":null}`},
			{Name: "query getBySlug no slug", Method: "POST", Path: "/api/query", Headers: jsonCT, Body: `{"path":"blogPosts:getBySlug","args":{}}`,
				WantStatus: 200, WantJSON: `{"status":"success","value":null}`},
			{Name: "query categories", Method: "POST", Path: "/api/query", Headers: jsonCT, Body: `{"path":"categories:getAll"}`,
				WantStatus: 200, WantBody: []string{`"sales-strategy"`}},
			{Name: "query unknown", Method: "POST", Path: "/api/query", Headers: jsonCT, Body: `{"path":"blogPosts:create","args":{}}`,
				WantStatus: 400, WantBody: []string{`unknown query: blogPosts:create`}},
			{Name: "query not JSON", Method: "POST", Path: "/api/query", Body: `x`, WantStatus: 415},
			{Name: "admin list has drafts", Path: "/api/admin/blog/posts", WantStatus: 200, WantBody: []string{draft.ID, pub.ID, `"content":`}},
			{Name: "taken slug is 409", Method: "POST", Path: "/api/admin/blog/posts", Headers: jsonCT, Body: toJSON(t, post("Hidden Draft")),
				WantStatus: 409, WantJSON: `{"error":"a post with this slug already exists","fields":{"slug":"Already used by another post"}}`},
			{Name: "update to a taken slug is 409", Method: "PUT", Path: "/api/admin/blog/posts/" + draft.ID, Headers: jsonCT,
				Body: toJSON(t, post("Hidden Draft", "slug", "published-b-one-b")), WantStatus: 409},
			{Name: "validation", Method: "POST", Path: "/api/admin/blog/posts", Headers: jsonCT, Body: `{"category":"nope","readTime":"x"}`,
				WantStatus: 400, WantBody: []string{`"title":"Required"`, `"excerpt":"Required"`, `"content":"Required"`, `"category":`, `"readTime":`}},
			{Name: "update unknown", Method: "PUT", Path: "/api/admin/blog/posts/nope", Headers: jsonCT, Body: toJSON(t, post("X")), WantStatus: 404},
			{Name: "delete unknown", Method: "DELETE", Path: "/api/admin/blog/posts/nope", WantStatus: 404},
			{Name: "create category", Method: "POST", Path: "/api/admin/blog/categories", Headers: jsonCT, Body: `{"name":"Playbooks"}`,
				WantStatus: 201, WantBody: []string{`"slug":"playbooks"`}},
			{Name: "duplicate category", Method: "POST", Path: "/api/admin/blog/categories", Headers: jsonCT, Body: `{"name":"Playbooks"}`, WantStatus: 409},
		})

		// Publish the draft: it appears everywhere; edit it; delete it.
		rec := httpxtest.Do(h, "PUT", "/api/admin/blog/posts/"+draft.ID, jsonCT,
			toJSON(t, post("Hidden Draft", "status", "published", "excerpt", "Now public", "category", "case-studies")))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"excerpt":"Now public"`) {
			t.Fatalf("publish: %d %s", rec.Code, rec.Body)
		}
		httpxtest.Run(t, h, []httpxtest.Scenario{
			{Name: "published draft listed first", Path: "/api/blog/posts", WantStatus: 200, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				var posts []Post
				_ = json.Unmarshal(rec.Body.Bytes(), &posts)
				if len(posts) != 2 || posts[0].ID != draft.ID || posts[0].Category != "case-studies" {
					t.Errorf("list = %+v", posts)
				}
			}},
			{Name: "delete", Method: "DELETE", Path: "/api/admin/blog/posts/" + draft.ID, WantStatus: 204},
			{Name: "deleted is gone", Path: "/api/blog/posts/hidden-draft", WantStatus: 404},
		})
	})
}

func TestPublishedListCachingAndGzip(t *testing.T) {
	_, h := newTestHandler(t, dbtest.SQLite(t))
	mustCreate(t, h, post("First", "status", "published"))
	rec := httpxtest.Do(h, "GET", "/api/blog/posts", map[string]string{"Accept-Encoding": "gzip"}, "")
	etag := rec.Header().Get("ETag")
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" || etag == "" {
		t.Fatalf("gzip list: %d %v", rec.Code, rec.Header())
	}
	if rec := httpxtest.Do(h, "GET", "/api/blog/posts", map[string]string{"If-None-Match": etag}, ""); rec.Code != 304 {
		t.Fatalf("If-None-Match: %d", rec.Code)
	}
	mustCreate(t, h, post("Second", "status", "published"))
	rec = httpxtest.Do(h, "GET", "/api/blog/posts", map[string]string{"If-None-Match": etag}, "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "Second") || rec.Header().Get("ETag") == etag {
		t.Fatalf("after a write: %d %s", rec.Code, rec.Body)
	}
}

func TestNewsletter(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		_, h := newTestHandler(t, d)
		httpxtest.Run(t, h, []httpxtest.Scenario{
			{Name: "new", Method: "POST", Path: "/api/newsletter", Headers: jsonCT, Body: `{"email":"Ana@Acme.io"}`,
				WantStatus: 201, WantBody: []string{`"status":"subscribed"`}},
			{Name: "again, other case", Method: "POST", Path: "/api/newsletter", Headers: jsonCT, Body: `{"email":"ana@acme.IO"}`,
				WantStatus: 201, WantBody: []string{`"status":"subscribed"`}},
			{Name: "invalid", Method: "POST", Path: "/api/newsletter", Headers: jsonCT, Body: `{"email":"nope"}`,
				WantStatus: 400, WantJSON: `{"error":"invalid input","fields":{"email":"Enter a valid email address"}}`},
		})
	})
}

// TestNewsletterDoesNotTellSubscribed: the answer to a sign-up is the same,
// byte for byte, whether the address was new or already subscribed, so the
// form cannot be used to learn who reads the newsletter (issue 29 item 7);
// the address is stored once.
func TestNewsletterDoesNotTellSubscribed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		_, h := newTestHandler(t, d)
		first := httpxtest.Do(h, "POST", "/api/newsletter", jsonCT, `{"email":"reader@acme.io"}`)
		again := httpxtest.Do(h, "POST", "/api/newsletter", jsonCT, `{"email":"Reader@Acme.io"}`)
		if first.Code != 201 || !strings.Contains(first.Body.String(), `"status":"subscribed"`) {
			t.Fatalf("new address: %d %s, want 201 subscribed", first.Code, first.Body)
		}
		if again.Code != first.Code || again.Body.String() != first.Body.String() {
			t.Fatalf("an address already subscribed answers %d %s; a new one %d %s: they must not differ",
				again.Code, again.Body, first.Code, first.Body)
		}
		for _, k := range []string{"Content-Type", "Content-Length"} {
			if again.Header().Get(k) != first.Header().Get(k) {
				t.Errorf("header %s differs: %q vs %q", k, again.Header().Get(k), first.Header().Get(k))
			}
		}
		rec := httpxtest.Do(h, "GET", "/api/admin/newsletter.csv", nil, "")
		if n := strings.Count(strings.ToLower(rec.Body.String()), "reader@acme.io"); n != 1 {
			t.Errorf("the address is stored %d times, want once:\n%s", n, rec.Body)
		}
	})
}

func TestFeedAndSitemap(t *testing.T) {
	hd, h := newTestHandler(t, dbtest.SQLite(t))
	mustCreate(t, h, post("Intent & <Timing>", "status", "published", "tags", "x,y"))
	mustCreate(t, h, post("Draft Only"))
	rec := httpxtest.Do(h, "GET", "/blog/feed.xml", nil, "")
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/atom+xml") {
		t.Fatalf("feed: %d %v", rec.Code, rec.Header())
	}
	var feed atomFeed
	if err := xml.Unmarshal(rec.Body.Bytes(), &feed); err != nil {
		t.Fatalf("feed is not valid XML: %v\n%s", err, rec.Body)
	}
	if len(feed.Entries) != 1 || feed.Entries[0].Title != "Intent & <Timing>" ||
		feed.Entries[0].ID != "https://sp.example/blog/intent-timing" || feed.Updated == "" || len(feed.Entries[0].Categories) != 3 {
		t.Fatalf("feed = %+v", feed)
	}
	if strings.Contains(rec.Body.String(), "Draft Only") || !strings.Contains(rec.Body.String(), `xmlns="http://www.w3.org/2005/Atom"`) {
		t.Errorf("feed body:\n%s", rec.Body)
	}
	urls, err := hd.SitemapURLs(t.Context())
	if err != nil || len(urls) != 1 || urls[0].Path != "/blog/intent-timing" || urls[0].LastMod.IsZero() {
		t.Fatalf("sitemap urls = %+v, %v", urls, err)
	}
}
