package delivery

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/mmcdole/gofeed"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestClientFeed: the feed URL is made (shown once), serves valid Atom of
// the client's newest 50 leads, answers conditional requests, stops
// working when rotated or revoked, and any other token is 404.
func TestClientFeed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		other := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		for _, batch := range [][2]int{{0, 30}, {30, 52}} { // a run adds at most 50
			var posts []engine.Post
			for i := batch[0]; i < batch[1]; i++ {
				posts = append(posts, intentPost(i))
			}
			addPosts(t, e, posts...)
			if run := e.runNow(t, a.ID); run.LeadsAdded != len(posts) {
				t.Fatalf("run %+v", run)
			}
		}
		addPosts(t, e, intentPost(99))
		if run := e.runNow(t, newAgent(t, e.store, other.ID, nil).ID); run.LeadsAdded == 0 {
			t.Fatalf("other run %+v", run)
		}

		var info FeedInfo
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/feed", "", 200, &info)
		if info.Active {
			t.Fatalf("feed before any %+v", info)
		}
		e.do(t, "DELETE", "/api/admin/clients/"+c.ID+"/feed", "", 404, nil)
		e.do(t, "POST", "/api/admin/clients/nope/feed", "", 404, nil)
		var made struct{ URL string }
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/feed", "", 201, &made)
		path, ok := strings.CutPrefix(made.URL, "https://app.example/feeds/")
		if !ok || !strings.HasSuffix(path, ".atom") || len(path) != 43+len(".atom") {
			t.Fatalf("feed url %q", made.URL)
		}
		path = FeedPath + path
		if countFeedRows(t, d, path) != 0 {
			t.Fatal("token stored in the clear")
		}
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/feed", "", 200, &info)
		if !info.Active || info.CreatedAt == nil {
			t.Fatalf("feed after making %+v", info)
		}

		rec := getFeed(e, path, nil)
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/atom+xml; charset=utf-8" ||
			!strings.Contains(rec.Header().Get("Cache-Control"), "max-age=") || rec.Header().Get("ETag") == "" ||
			rec.Header().Get("Last-Modified") == "" {
			t.Fatalf("feed: %d %v", rec.Code, rec.Header())
		}
		if gofeed.DetectFeedType(bytes.NewReader(rec.Body.Bytes())) != gofeed.FeedTypeAtom {
			t.Fatalf("not Atom: %s", rec.Body.String()[:200])
		}
		f, err := gofeed.NewParser().Parse(bytes.NewReader(rec.Body.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Items) != feedSize || !strings.HasPrefix(f.Link, "https://app.example/portal") {
			t.Fatalf("feed has %d entries, link %q", len(f.Items), f.Link)
		}
		leads, _, _ := e.store.Leads(t.Context(), c.ID, clients.LeadFilter{Limit: feedSize})
		seen := map[string]bool{}
		for i, it := range f.Items {
			l := leads[i] // newest first, as the inbox
			if it.GUID != "tag:app.example,"+l.CreatedAt.UTC().Format("2006-01-02")+":lead/"+l.ID || it.Link != l.URL ||
				!strings.Contains(it.Title, "Dana Reyes") || !strings.Contains(it.Title, "funding") ||
				!strings.Contains(it.Content, "score") || it.UpdatedParsed == nil {
				t.Fatalf("entry %d: %+v", i, it)
			}
			seen[it.GUID] = true
		}
		if len(seen) != feedSize {
			t.Fatalf("%d distinct ids", len(seen))
		}

		etag, modified := rec.Header().Get("ETag"), rec.Header().Get("Last-Modified")
		if r := getFeed(e, path, map[string]string{"If-None-Match": etag}); r.Code != http.StatusNotModified || r.Body.Len() != 0 {
			t.Fatalf("If-None-Match: %d", r.Code)
		}
		if r := getFeed(e, path, map[string]string{"If-Modified-Since": modified}); r.Code != http.StatusNotModified {
			t.Fatalf("If-Modified-Since: %d", r.Code)
		}
		if r := getFeed(e, path, map[string]string{"If-None-Match": `"stale"`}); r.Code != 200 {
			t.Fatalf("stale ETag: %d", r.Code)
		}

		for _, bad := range []string{FeedPath + strings.Repeat("A", 43) + ".atom", strings.TrimSuffix(path, ".atom"),
			strings.TrimSuffix(path, ".atom") + ".xml", FeedPath + "x.atom", FeedPath + strings.Repeat("A", 42) + "!.atom"} {
			if r := getFeed(e, bad, nil); r.Code != 404 {
				t.Errorf("%s: %d", bad, r.Code)
			}
		}

		var rotated struct{ URL string }
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/feed", "", 201, &rotated)
		newPath := strings.TrimPrefix(rotated.URL, "https://app.example")
		if newPath == path {
			t.Fatal("rotating kept the token")
		}
		if r := getFeed(e, path, nil); r.Code != 404 {
			t.Fatalf("old URL after rotation: %d", r.Code)
		}
		if r := getFeed(e, newPath, nil); r.Code != 200 {
			t.Fatalf("new URL: %d", r.Code)
		}
		var otherMade struct{ URL string }
		e.do(t, "POST", "/api/admin/clients/"+other.ID+"/feed", "", 201, &otherMade)
		of, err := gofeed.NewParser().Parse(bytes.NewReader(getFeed(e, strings.TrimPrefix(otherMade.URL, "https://app.example"), nil).Body.Bytes()))
		if err != nil || len(of.Items) == 0 {
			t.Fatalf("other client's feed: %v", err)
		}
		for _, it := range of.Items {
			if seen[it.GUID] {
				t.Fatalf("another client's feed has %s", it.GUID)
			}
		}
		e.do(t, "DELETE", "/api/admin/clients/"+c.ID+"/feed", "", 204, nil)
		if r := getFeed(e, newPath, nil); r.Code != 404 {
			t.Fatalf("revoked URL: %d", r.Code)
		}
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/feed", "", 200, &info)
		if info.Active {
			t.Fatalf("feed after revoking %+v", info)
		}
	})
}

// countFeedRows counts client_feeds rows holding the token of path as is.
func countFeedRows(t *testing.T, d *db.DB, path string) int {
	t.Helper()
	token := strings.TrimSuffix(strings.TrimPrefix(path, FeedPath), ".atom")
	var n int
	if err := d.Reader.QueryRow(d.Rebind(`SELECT count(*) FROM client_feeds WHERE token_hash = ?`), token).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestFeedFollowsClientStatus: the feed follows the status policy
// (docs/clients.md §1.2): a paused client's feed reads (as its portal and
// API do); churn revokes it like sessions (404, and making the client
// active again does not bring it back); a churned status the feed's row
// outlived (set by another instance a moment ago) is read at every request
// (issue 29 item 2).
func TestFeedFollowsClientStatus(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		addPosts(t, e, intentPost(1), intentPost(2))
		if run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID); run.LeadsAdded != 2 {
			t.Fatalf("run %+v", run)
		}
		makeFeed := func() string {
			var made struct{ URL string }
			e.do(t, "POST", "/api/admin/clients/"+c.ID+"/feed", "", 201, &made)
			return FeedPath + strings.TrimPrefix(made.URL, "https://app.example/feeds/")
		}
		path := makeFeed()
		entries := func(want int) {
			t.Helper()
			rec := getFeed(e, path, nil)
			if want < 0 {
				if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "Dana Reyes") {
					t.Fatalf("feed: %d %.200s, want 404 with nothing of the leads", rec.Code, rec.Body)
				}
				return
			}
			f, err := gofeed.NewParser().Parse(bytes.NewReader(rec.Body.Bytes()))
			if rec.Code != 200 || err != nil || len(f.Items) != want {
				t.Fatalf("feed: %d, err %v, want 200 with %d entries", rec.Code, err, want)
			}
		}
		entries(2)
		setStatus(t, e.store, c.ID, clients.StatusPaused)
		entries(2) // paused: read only, and reading is allowed
		setStatus(t, e.store, c.ID, clients.StatusChurned)
		entries(-1)
		var info FeedInfo
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/feed", "", 200, &info)
		if info.Active {
			t.Fatalf("a churned client's feed is still active: %+v", info)
		}
		setStatus(t, e.store, c.ID, clients.StatusActive)
		entries(-1) // revoked, not paused: a new URL is made
		path = makeFeed()
		entries(2)
		// Churned by a write that did not pass through UpdateClient's
		// revocation (another instance, a moment ago): refused all the same.
		if _, err := d.Writer.Exec(d.Rebind(`UPDATE clients SET status = ? WHERE id = ?`), clients.StatusChurned, c.ID); err != nil {
			t.Fatal(err)
		}
		entries(-1)
	})
}
