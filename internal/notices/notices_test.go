package notices

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

type listAnswer struct {
	Notices []Notice
	Unseen  int
}

func get(t *testing.T, h http.Handler, path string, want int, out any) {
	t.Helper()
	rec := httpxtest.Do(h, "GET", path, nil, "")
	if rec.Code != want {
		t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatal(err)
		}
	}
}

// TestNotices: notices added (also concurrently, and inside a transaction
// that rolls back) are listed newest first with the unseen count; marking
// one seen is kept, marking it again keeps the first time; bad input is
// refused.
func TestNotices(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		clock := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
		var mu sync.Mutex
		s.now = func() time.Time { mu.Lock(); defer mu.Unlock(); clock = clock.Add(time.Second); return clock }
		mux := http.NewServeMux()
		httpx.MountMux(mux, httpx.Guards{Admin: func(h http.Handler) http.Handler { return h }}, NewHandler(s).Routes()...)

		first, err := s.Add(ctx, KindChannelDisabled, "Acme's webhook answered 410 and was disabled.", "/admin/clients/c1")
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				if _, err := s.Add(ctx, KindChannelPaused, "paused", ""); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		// A notice in a transaction that rolls back is not kept.
		tx, err := d.Writer.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := AddTx(ctx, d, tx, clock, "x", "rolled back", ""); err != nil {
			t.Fatal(err)
		}
		_ = tx.Rollback()

		var l listAnswer
		get(t, mux, "/api/admin/notices", 200, &l)
		if l.Unseen != 9 || len(l.Notices) != 9 || l.Notices[8].ID != first || l.Notices[8].Link != "/admin/clients/c1" ||
			l.Notices[8].SeenAt != nil || l.Notices[0].Kind != KindChannelPaused {
			t.Fatalf("list %+v", l)
		}
		for _, bad := range []string{"?limit=0", "?limit=x", "?unseen=maybe"} {
			get(t, mux, "/api/admin/notices"+bad, 400, nil)
		}

		rec := httpxtest.Do(mux, "POST", "/api/admin/notices/"+first+"/seen", nil, "")
		var seen struct{ Notice Notice }
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &seen) != nil || seen.Notice.SeenAt == nil {
			t.Fatalf("seen: %d %s", rec.Code, rec.Body)
		}
		again := httpxtest.Do(mux, "POST", "/api/admin/notices/"+first+"/seen", nil, "")
		var seen2 struct{ Notice Notice }
		if again.Code != 200 || json.Unmarshal(again.Body.Bytes(), &seen2) != nil || !seen2.Notice.SeenAt.Equal(*seen.Notice.SeenAt) {
			t.Fatalf("seen again: %d %s", again.Code, again.Body)
		}
		if rec := httpxtest.Do(mux, "POST", "/api/admin/notices/nope/seen", nil, ""); rec.Code != 404 {
			t.Fatalf("unknown notice: %d", rec.Code)
		}
		get(t, mux, "/api/admin/notices?unseen=true&limit=3", 200, &l)
		if l.Unseen != 8 || len(l.Notices) != 3 {
			t.Fatalf("unseen list %+v", l)
		}
		for _, n := range l.Notices {
			if n.ID == first {
				t.Fatal("a seen notice is listed as unseen")
			}
		}

		for _, c := range []struct{ kind, text, link string }{{"", "t", ""}, {"k", " ", ""}, {"k", "t", "https://evil.example"},
			{strings.Repeat("k", 65), "t", ""}} {
			if _, err := s.Add(ctx, c.kind, c.text, c.link); err == nil {
				t.Errorf("Add(%q, %q, %q) accepted", c.kind, c.text, c.link)
			}
		}
		id, err := s.Add(ctx, "k", strings.Repeat("é", 3000), "")
		if err != nil {
			t.Fatal(err)
		}
		n, _ := s.MarkSeen(ctx, id)
		if len([]rune(n.Text)) != maxText {
			t.Fatalf("long text kept %d runes", len([]rune(n.Text)))
		}
	})
}
