package analytics

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/blog"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// sendBeacon sends one page view to h from ip with user agent ua and returns
// the status.
func sendBeacon(h http.Handler, ip, ua, path string) int {
	r := httptest.NewRequest("POST", "/api/analytics/pageview", strings.NewReader(`{"path":"`+path+`"}`))
	r.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	r.Header.Set("User-Agent", ua)
	r.RemoteAddr = ip + ":40000"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Code
}

func views(t *testing.T, d *db.DB) (n, visitors int) {
	t.Helper()
	if err := d.Reader.QueryRow(`SELECT COUNT(*), COUNT(DISTINCT visitor) FROM analytics_pageviews`).Scan(&n, &visitors); err != nil {
		t.Fatal(err)
	}
	return n, visitors
}

// TestBeaconFloodIsBounded: 500 beacons at once from one address, each
// with its own user agent, against a limit of 60 a minute: 60 are
// answered 204 and counted, the rest 429; and those 60 count as at most
// MaxVisitorsPerAddress+1 visitors. Another address is unaffected.
func TestBeaconFloodIsBounded(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		store := NewStore(d)
		rec := NewRecorder(store, nil)
		rec.Start()
		t.Cleanup(func() { rec.Stop(context.Background()) })
		h := NewHandler(store, NewSalts(d), rec, Options{IsPage: knownPages,
			Limit: httpx.RateLimit(httpx.NewRateLimiter(60), false)})
		mux := http.NewServeMux()
		httpx.MountMux(mux, httpx.Guards{Admin: denyAdmin}, h.Routes()...)

		codes := make(chan int, 500)
		var wg sync.WaitGroup
		for i := range 500 {
			wg.Go(func() { codes <- sendBeacon(mux, ipA, fmt.Sprintf("%s n%d", chromeUA, i), "/") })
		}
		wg.Wait()
		close(codes)
		got := map[int]int{}
		for c := range codes {
			got[c]++
		}
		if got[http.StatusNoContent] != 60 || got[http.StatusTooManyRequests] != 440 {
			t.Fatalf("500 parallel beacons: %v, want 60 x 204 and 440 x 429", got)
		}
		if code := sendBeacon(mux, ipB, chromeUA, "/"); code != http.StatusNoContent {
			t.Fatalf("another address: %d", code)
		}
		rec.Flush()
		n, visitors := views(t, d)
		if n != 61 || visitors != MaxVisitorsPerAddress+2 {
			t.Fatalf("%d views by %d visitors, want 61 by %d (one address's %d, its own, and the other address)",
				n, visitors, MaxVisitorsPerAddress+2, MaxVisitorsPerAddress)
		}
	})
}

func TestVisitorCapResetsDaily(t *testing.T) {
	c := newVisitorCap()
	salt := []byte("salt")
	ids := map[string]bool{}
	for i := range 3 * MaxVisitorsPerAddress {
		ids[c.visitor("2026-11-22", salt, ipA, fmt.Sprint("ua", i))] = true
	}
	if len(ids) != MaxVisitorsPerAddress+1 {
		t.Fatalf("%d visitors from one address, want %d", len(ids), MaxVisitorsPerAddress+1)
	}
	if again := c.visitor("2026-11-22", salt, ipA, "ua0"); again != VisitorHash(salt, ipA, "ua0") {
		t.Fatal("a visitor counted before the cap lost its own id")
	}
	if next := c.visitor("2026-11-23", []byte("new salt"), ipA, "ua29"); next != VisitorHash([]byte("new salt"), ipA, "ua29") {
		t.Fatal("a new day still capped")
	}
}

// TestPublishedPostCountsAtOnceEverywhere: instance B has cached that
// /blog/fresh is no page; instance A publishes it (any write bumps the
// blog's revision in the database); B counts the post's next view at
// once. A deleted post stops counting within a second.
func TestPublishedPostCountsAtOnceEverywhere(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		posts := blog.NewStore(d)
		isPost := func(ctx context.Context, p string) bool {
			slug, ok := strings.CutPrefix(p, "/blog/")
			if !ok {
				return false
			}
			_, err := posts.PublishedBySlug(ctx, slug)
			return err == nil
		}
		store := NewStore(d)
		rec := NewRecorder(store, nil)
		rec.Start()
		t.Cleanup(func() { rec.Stop(context.Background()) })
		c := &clock{t: time.Now()}
		// Instance B: its own handler and page cache, the shared database.
		b := NewHandler(store, NewSalts(d), rec, Options{IsPage: isPost, Revision: blog.NewStore(d).Revision, Now: c.now})
		mux := http.NewServeMux()
		httpx.MountMux(mux, httpx.Guards{Admin: denyAdmin}, b.Routes()...)

		sendBeacon(mux, ipA, chromeUA, "/blog/fresh") // cached: no such post
		rec.Flush()
		if n, _ := views(t, d); n != 0 {
			t.Fatalf("%d views of a post not published yet", n)
		}
		post, err := posts.Create(t.Context(), &blog.Post{Title: "Fresh", Slug: "fresh", Excerpt: "x", Content: "x",
			Category: "sales-strategy", Tags: []string{}, AuthorName: "A", AuthorRole: "B", ReadTime: 1, Status: blog.StatusPublished})
		if err != nil {
			t.Fatal(err)
		}
		sendBeacon(mux, ipA, chromeUA, "/blog/fresh")
		rec.Flush()
		if n, _ := views(t, d); n != 1 {
			t.Fatalf("%d views right after publishing, want 1", n)
		}
		if err := posts.Delete(t.Context(), post.ID); err != nil && !errors.Is(err, blog.ErrNotFound) {
			t.Fatal(err)
		}
		c.set(c.now().Add(revisionTTL))
		sendBeacon(mux, ipA, chromeUA, "/blog/fresh")
		rec.Flush()
		if n, _ := views(t, d); n != 1 {
			t.Fatalf("%d views after the post was deleted, want still 1", n)
		}
	})
}

// TestViewsAreWrittenAtOnce: the crash window is a write, not an interval:
// views handed to a running recorder are in the database within
// milliseconds, with no Flush or Stop (which a SIGKILL never reaches).
func TestViewsAreWrittenAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		rec := NewRecorder(NewStore(d), nil)
		rec.Start()
		t.Cleanup(func() { rec.Stop(context.Background()) })
		time.Sleep(10 * time.Millisecond)
		for i := range 300 {
			rec.Add(View{At: time.Now(), Path: "/", Visitor: fmt.Sprint("v", i)})
		}
		deadline := time.Now().Add(200 * time.Millisecond)
		for {
			n, _ := views(t, d)
			if n == 300 {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d of 300 views written 200 ms after they were acknowledged", n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
}
