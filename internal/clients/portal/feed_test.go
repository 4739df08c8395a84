package portal

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mmcdole/gofeed"

	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestPortalFeed: a signed-in client user makes (and rotates) its own
// client's feed URL, which then serves that client's leads; without a
// session or the CSRF token it cannot.
func TestPortalFeed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, h := portalEnv(t, d)
		mine, theirs := newClient(t, e.store, 0), newClient(t, e.store, 0)
		addPosts(t, e, intentPost(1))
		if run := e.runNow(t, newAgent(t, e.store, mine.ID, nil).ID); run.LeadsAdded != 1 {
			t.Fatalf("run %+v", run)
		}
		if rec := httpxtest.Do(h, "GET", "/api/client/feed", sameSite, ""); rec.Code != 401 {
			t.Fatalf("no session: %d", rec.Code)
		}
		_, csrf, cookie := accept(h, invite(t, h, mine.ID, `{"email":"ana@acme.example"}`), portalPassword, "")
		sess := with(sameSite, "Cookie", cookie.Name+"="+cookie.Value)
		if rec := httpxtest.Do(h, "POST", "/api/client/feed", sess, ""); rec.Code != 403 {
			t.Fatalf("no CSRF token: %d", rec.Code)
		}
		var made struct{ URL string }
		rec := httpxtest.Do(h, "POST", "/api/client/feed", with(sess, "X-CSRF-Token", csrf), "")
		if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &made) != nil || !strings.HasPrefix(made.URL, portalBase+delivery.FeedPath) {
			t.Fatalf("make: %d %s", rec.Code, rec.Body)
		}
		var info delivery.FeedInfo
		if rec := httpxtest.Do(h, "GET", "/api/client/feed", sess, ""); rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &info) != nil || !info.Active {
			t.Fatalf("state: %d %s", rec.Code, rec.Body)
		}
		if f, _ := delivery.NewStore(e.store.Store).Feed(t.Context(), theirs.ID); f.Active {
			t.Fatal("another client got a feed")
		}
		feed := getFeed(e, strings.TrimPrefix(made.URL, portalBase), nil)
		parsed, err := gofeed.NewParser().Parse(bytes.NewReader(feed.Body.Bytes()))
		if feed.Code != 200 || err != nil || len(parsed.Items) != 1 || parsed.Items[0].Link != intentPost(1).URL {
			t.Fatalf("feed: %d %v", feed.Code, err)
		}
	})
}
