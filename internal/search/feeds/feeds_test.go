package feeds

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/search"
)

const rssFeed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Sales blog</title><link>https://blog.example</link>
<item><title>We raised our Series A</title><link>https://blog.example/series-a</link><guid isPermaLink="false">post-1</guid>
 <description>&lt;p&gt;Lumora raised &lt;b&gt;$12M&lt;/b&gt; and is hiring SDRs.&lt;/p&gt;</description>
 <dc:creator>Ana Ruiz</dc:creator><pubDate>Fri, 20 Nov 2026 09:00:00 +0000</pubDate></item>
<item><title>Cooking with cast iron</title><link>https://blog.example/cast-iron</link><guid>post-2</guid>
 <description>Nothing about sales.</description><pubDate>Sat, 21 Nov 2026 09:00:00 +0000</pubDate></item>
</channel></rss>`

const atomFeed = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Ops notes</title>
<entry><id>tag:ops.example,2026:7</id><title>Evaluating CRM options</title>
 <link rel="alternate" href="https://ops.example/crm"/><updated>2026-11-21T12:00:00Z</updated>
 <author><name>Lee Park</name></author><summary type="html">We are evaluating CRM tools after outgrowing spreadsheets.</summary></entry>
</feed>`

func serve(t *testing.T, routes map[string]string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		body, ok := routes[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func TestFindMatchesRSSAndAtom(t *testing.T) {
	srv, calls := serve(t, map[string]string{"/rss": rssFeed, "/atom": atomFeed})
	c := New([]string{srv.URL + "/rss", srv.URL + "/atom"})
	posts, err := c.Find(context.Background(), search.TermsQuery("raised series a", "evaluating crm"), 10)
	if err != nil || len(posts) != 2 {
		t.Fatalf("posts %+v, err %v", posts, err)
	}
	atom, rss := posts[0], posts[1] // newest first
	if atom.Title != "Evaluating CRM options" || atom.Author != "Lee Park" || atom.URL != "https://ops.example/crm" ||
		atom.Platform != "ops.example" || atom.Source != "rss" {
		t.Errorf("atom post %+v", atom)
	}
	if rss.Text != "Lumora raised  $12M  and is hiring SDRs." || rss.Author != "Ana Ruiz" ||
		rss.PublishedAt != time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC) || len(rss.ID) != 24 {
		t.Errorf("rss post %+v", rss)
	}
	// A second query within the TTL reuses the fetched feeds.
	if _, err := c.Find(context.Background(), search.TermsQuery("cast iron"), 10); err != nil || calls.Load() != 2 {
		t.Fatalf("calls %d, err %v", calls.Load(), err)
	}
	if again, _ := New(c.URLs).Find(context.Background(), search.TermsQuery("raised series a"), 10); again[0].ID != rss.ID {
		t.Fatal("ids must be stable across runs")
	}
}

func TestFeedFailures(t *testing.T) {
	srv, _ := serve(t, map[string]string{"/rss": rssFeed, "/html": "<html><body>nope</body></html>", "/broken": "<rss><channel><item><title>x"})
	c := New([]string{srv.URL + "/missing", srv.URL + "/html", srv.URL + "/broken"})
	_, err := c.Find(context.Background(), search.TermsQuery("x"), 10)
	if err == nil || !strings.Contains(err.Error(), "status 404") || !strings.Contains(err.Error(), "not an RSS or Atom document") {
		t.Fatalf("err %v", err)
	}
	c.URLs = append(c.URLs, srv.URL+"/rss") // one good feed is enough
	if posts, err := c.Find(context.Background(), search.TermsQuery("series a"), 10); err != nil || len(posts) != 1 {
		t.Fatalf("posts %d, err %v", len(posts), err)
	}
}
