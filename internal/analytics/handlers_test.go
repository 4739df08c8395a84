package analytics

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// clock is a settable time source for the handler.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func at(s string) time.Time      { t, _ := time.Parse(time.RFC3339, s); return t }
func knownPages(_ context.Context, p string) bool {
	return p == "/" || p == "/resources" || p == "/resources/roi-calculator" || p == "/blog/speed"
}

type fixture struct {
	h     http.Handler
	rec   *Recorder
	clock *clock
	d     *db.DB
}

func newFixture(t *testing.T, d *db.DB) *fixture {
	t.Helper()
	c := &clock{t: at("2026-11-22T15:00:00Z")}
	store := NewStore(d)
	rec := NewRecorder(store, nil)
	rec.Start()
	t.Cleanup(func() { rec.Stop(context.Background()) })
	h := NewHandler(store, NewSalts(d), rec, Options{BaseURL: "https://sp.example", IsPage: knownPages, Now: c.now})
	mux := http.NewServeMux()
	httpx.MountMux(mux, httpx.Guards{Admin: func(next http.Handler) http.Handler { return next }}, h.Routes()...)
	return &fixture{h: mux, rec: rec, clock: c, d: d}
}

// visit sends a beacon at time when from ip with user agent ua.
func (f *fixture) visit(t *testing.T, when, ip, ua, path string) *httptest.ResponseRecorder {
	t.Helper()
	f.clock.set(at(when))
	body := fmt.Sprintf(`{"path":%q,"referrer":"https://www.google.com/search?q=x"}`, path)
	r := httptest.NewRequest("POST", "/api/analytics/pageview", strings.NewReader(body))
	r.Header.Set("Content-Type", "text/plain;charset=UTF-8") // what sendBeacon sends
	r.Header.Set("User-Agent", ua)
	r.RemoteAddr = ip + ":51234"
	w := httptest.NewRecorder()
	f.h.ServeHTTP(w, r)
	if w.Code != http.StatusNoContent {
		t.Fatalf("beacon %s: %d %s", path, w.Code, w.Body)
	}
	if c := w.Header().Get("Set-Cookie"); c != "" {
		t.Fatalf("beacon set a cookie: %s", c)
	}
	return w
}

func (f *fixture) report(t *testing.T, period string) Report {
	t.Helper()
	f.rec.Flush()
	w := httptest.NewRecorder()
	f.h.ServeHTTP(w, httptest.NewRequest("GET", "/api/admin/analytics?period="+period, nil))
	if w.Code != 200 {
		t.Fatalf("report %s: %d %s", period, w.Code, w.Body)
	}
	var r Report
	if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

const (
	ipA, ipB, ipC = "203.0.113.10", "198.51.100.20", "192.0.2.30"
	uaB           = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1"
)

// record plays the scenario the report tests check:
//
//	C on Nov 19: "/resources" 10:00, "/resources/roi-calculator" 10:01 → one 60 s session
//	A on Nov 22: "/" 12:00, "/resources" 12:01, "/blog/speed" 12:03 → one 180 s session,
//	             then "/" 14:00 → a bounce
//	B on Nov 22: "/" 12:00 → a bounce
//
// plus views that must not count: a bot, an unknown path, Do Not Track.
func (f *fixture) record(t *testing.T) {
	f.visit(t, "2026-11-19T10:00:00Z", ipC, chromeUA, "/resources")
	f.visit(t, "2026-11-19T10:01:00Z", ipC, chromeUA, "/resources/roi-calculator/?ref=x")
	f.visit(t, "2026-11-22T12:00:00Z", ipA, chromeUA, "/")
	f.visit(t, "2026-11-22T12:00:00Z", ipB, uaB, "/")
	f.visit(t, "2026-11-22T12:01:00Z", ipA, chromeUA, "/resources")
	f.visit(t, "2026-11-22T12:03:00Z", ipA, chromeUA, "/blog/speed")
	f.visit(t, "2026-11-22T14:00:00Z", ipA, chromeUA, "/")
	// Not counted:
	f.visit(t, "2026-11-22T14:10:00Z", ipA, "Mozilla/5.0 (compatible; Googlebot/2.1)", "/")
	f.visit(t, "2026-11-22T14:10:00Z", ipA, chromeUA, "/wp-login.php")
	f.visit(t, "2026-11-22T14:10:00Z", ipA, chromeUA, "/blog/no-such-post")
	r := httptest.NewRequest("POST", "/api/analytics/pageview", strings.NewReader(`{"path":"/"}`))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("User-Agent", chromeUA)
	r.Header.Set("DNT", "1")
	f.h.ServeHTTP(httptest.NewRecorder(), r)
	f.clock.set(at("2026-11-22T15:00:00Z"))
}

func TestReportCountsViewsVisitorsSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		if r := f.report(t, "7d"); r.Recorded || r.PageViews != 0 || len(r.DailyViews) != 7 {
			t.Fatalf("before any visit: %+v", r)
		}
		f.record(t)

		r := f.report(t, "7d")
		if !r.Recorded || r.Period != "7d" || r.Bucket != "day" {
			t.Fatalf("report header: %+v", r)
		}
		want := Report{PageViews: 7, UniqueVisitors: 3, Sessions: 4, AvgSessionSeconds: 60, BounceRate: 50}
		if r.PageViews != want.PageViews || r.UniqueVisitors != want.UniqueVisitors || r.Sessions != want.Sessions ||
			r.AvgSessionSeconds != want.AvgSessionSeconds || r.BounceRate != want.BounceRate {
			t.Errorf("7d figures = %d views, %d visitors, %d sessions, %ds, %.1f%%; want 7, 3, 4, 60s, 50%%",
				r.PageViews, r.UniqueVisitors, r.Sessions, r.AvgSessionSeconds, r.BounceRate)
		}
		wantTop := []TopPage{{"/", 3, 42.9}, {"/resources", 2, 28.6}, {"/blog/speed", 1, 14.3}, {"/resources/roi-calculator", 1, 14.3}}
		if fmt.Sprint(r.TopPages) != fmt.Sprint(wantTop) {
			t.Errorf("top pages = %v, want %v", r.TopPages, wantTop)
		}
		wantDays := "[{2026-11-16 0} {2026-11-17 0} {2026-11-18 0} {2026-11-19 2} {2026-11-20 0} {2026-11-21 0} {2026-11-22 5}]"
		if got := fmt.Sprint(r.DailyViews); got != wantDays {
			t.Errorf("daily views = %s, want %s", got, wantDays)
		}

		day := f.report(t, "24h")
		if day.PageViews != 5 || day.UniqueVisitors != 2 || day.Sessions != 3 || day.AvgSessionSeconds != 60 || day.BounceRate != 66.7 {
			t.Errorf("24h figures: %+v", day)
		}
		if day.Bucket != "hour" || len(day.DailyViews) != 24 || day.DailyViews[0].Date != "2026-11-21T16:00:00Z" ||
			day.DailyViews[20] != (DayViews{"2026-11-22T12:00:00Z", 4}) || day.DailyViews[22] != (DayViews{"2026-11-22T14:00:00Z", 1}) {
			t.Errorf("24h bars: %v", day.DailyViews)
		}
		for period, bars := range map[string]int{"30d": 30, "90d": 90} {
			if r := f.report(t, period); r.PageViews != 7 || len(r.DailyViews) != bars {
				t.Errorf("%s: %d views, %d bars; want 7 and %d", period, r.PageViews, len(r.DailyViews), bars)
			}
		}
	})
}

func TestNoRawAddressStored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		f.record(t)
		f.rec.Flush()
		rows, err := d.Reader.QueryContext(context.Background(), `SELECT path, referrer, visitor FROM analytics_pageviews`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var path, ref, visitor string
			if err := rows.Scan(&path, &ref, &visitor); err != nil {
				t.Fatal(err)
			}
			n++
			row := path + ref + visitor
			for _, secret := range []string{ipA, ipB, ipC, "Mozilla", "iPhone"} {
				if strings.Contains(row, secret) {
					t.Errorf("stored row %q contains %q", row, secret)
				}
			}
			if ref != "www.google.com" {
				t.Errorf("referrer stored as %q, want the host only", ref)
			}
		}
		if n != 7 {
			t.Fatalf("%d rows stored, want 7", n)
		}
	})
}

func TestBeaconRejectsMalformedAndBadPeriod(t *testing.T) {
	f := newFixture(t, dbtest.SQLite(t))
	for name, tc := range map[string]struct {
		ct, body string
		want     int
	}{
		"not JSON":   {"application/json", `{"path":`, 400},
		"wrong type": {"application/xml", `<x/>`, 415},
		"too large":  {"text/plain", `{"path":"/","referrer":"` + strings.Repeat("x", 4000) + `"}`, 413},
	} {
		r := httptest.NewRequest("POST", "/api/analytics/pageview", strings.NewReader(tc.body))
		r.Header.Set("Content-Type", tc.ct)
		w := httptest.NewRecorder()
		f.h.ServeHTTP(w, r)
		if w.Code != tc.want {
			t.Errorf("%s: %d, want %d", name, w.Code, tc.want)
		}
	}
	w := httptest.NewRecorder()
	f.h.ServeHTTP(w, httptest.NewRequest("GET", "/api/admin/analytics?period=1y", nil))
	if w.Code != 400 || !strings.Contains(w.Body.String(), `"period"`) {
		t.Errorf("bad period: %d %s", w.Code, w.Body)
	}
}

func TestReportNeedsAdminSession(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		svc := auth.NewService(auth.NewStore(d), auth.Options{BaseURL: "https://sp.example", SessionTTL: time.Hour, MaxSessionAge: 24 * time.Hour})
		store := NewStore(d)
		h := NewHandler(store, NewSalts(d), NewRecorder(store, nil), Options{IsPage: knownPages})
		mux := http.NewServeMux()
		httpx.MountMux(mux, httpx.Guards{Admin: svc.RequireAdmin}, h.Routes()...)
		for _, target := range []string{"/api/admin/analytics", "/api/admin/analytics?period=24h"} {
			w := httptest.NewRecorder()
			mux.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
			if w.Code != 401 {
				t.Errorf("GET %s without a session: %d, want 401", target, w.Code)
			}
		}
	})
}

func TestRecorderBatches(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		store := NewStore(d)
		rec := NewRecorder(store, nil)
		rec.Start()
		const n = 1234
		for i := range n {
			if !rec.Add(View{At: at("2026-11-22T12:00:00Z").Add(time.Duration(i) * time.Second), Path: "/", Visitor: fmt.Sprintf("v%d", i%7)}) {
				t.Fatal("buffer full")
			}
		}
		rec.Stop(context.Background()) // Stop drains what is buffered
		var got int
		if err := d.Reader.QueryRow(`SELECT COUNT(*) FROM analytics_pageviews`).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != n {
			t.Fatalf("%d views stored, want %d", got, n)
		}
	})
}

func TestPruneDeletesOldViews(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		store := NewStore(d)
		now := at("2026-11-22T12:00:00Z")
		views := []View{
			{At: now.Add(-Retention - time.Minute), Path: "/", Visitor: "a"},
			{At: now.Add(-Retention + time.Minute), Path: "/", Visitor: "b"},
			{At: now, Path: "/", Visitor: "c"},
		}
		if err := store.Insert(ctx, views); err != nil {
			t.Fatal(err)
		}
		n, err := store.Prune(ctx, now.Add(-Retention))
		if err != nil || n != 1 {
			t.Fatalf("pruned %d (%v), want 1", n, err)
		}
		var left int
		if err := d.Reader.QueryRow(`SELECT COUNT(*) FROM analytics_pageviews`).Scan(&left); err != nil || left != 2 {
			t.Fatalf("%d views left (%v), want 2", left, err)
		}
	})
}

func TestAdminViewsAreNotRecorded(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		store := NewStore(d)
		rec := NewRecorder(store, nil)
		rec.Start()
		t.Cleanup(func() { rec.Stop(context.Background()) })
		isAdmin := func(r *http.Request) bool { return r.Header.Get("X-Test-Admin") == "yes" }
		h := NewHandler(store, NewSalts(d), rec, Options{IsPage: knownPages, IsAdmin: isAdmin})
		mux := http.NewServeMux()
		httpx.MountMux(mux, httpx.Guards{Admin: denyAdmin}, h.Routes()...)
		for _, admin := range []string{"yes", "", "yes", "no"} {
			r := httptest.NewRequest("POST", "/api/analytics/pageview", strings.NewReader(`{"path":"/"}`))
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("User-Agent", chromeUA)
			r.Header.Set("X-Test-Admin", admin)
			w := httptest.NewRecorder()
			mux.ServeHTTP(w, r)
			if w.Code != http.StatusNoContent {
				t.Fatalf("beacon: %d %s", w.Code, w.Body)
			}
		}
		rec.Flush()
		var n int
		if err := d.Reader.QueryRow(`SELECT COUNT(*) FROM analytics_pageviews`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 2 {
			t.Fatalf("%d views recorded, want the 2 visitors'", n)
		}
	})
}

// denyAdmin guards the admin routes of tests that call only the beacon.
func denyAdmin(http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusUnauthorized) })
}
