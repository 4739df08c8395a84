package auth

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

const (
	testEmail    = "admin@signalpipe.example"
	testPassword = "correct horse battery"
	testOrigin   = "https://sp.example"
)

// clock is a settable time source for the store and the limiter.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

type fixture struct {
	svc   *Service
	store *Store
	clock *clock
	h     http.Handler
}

func newFixture(t *testing.T, d *db.DB, baseURL string) *fixture {
	t.Helper()
	store := NewStore(d)
	clk := &clock{t: time.Now()}
	store.now = clk.now
	if _, err := CreateAdmin(context.Background(), store, testEmail, testPassword, false); err != nil {
		t.Fatal(err)
	}
	svc := NewService(store, Options{BaseURL: baseURL, SessionTTL: time.Hour})
	mux := http.NewServeMux()
	httpx.MountMux(mux, svc.Guards(), svc.Routes()...)
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"who":"` + SessionFrom(r.Context()).Email + `"}`))
	})
	mux.Handle("GET /api/admin/thing", svc.RequireAdmin(ok))
	mux.Handle("POST /api/admin/thing", svc.RequireAdmin(ok))
	return &fixture{svc: svc, store: store, clock: clk, h: mux}
}

func loginBody(email, password string) string {
	b, _ := json.Marshal(map[string]string{"email": email, "password": password})
	return string(b)
}

var sameOrigin = map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}

// login signs in and returns the cookie and the CSRF token.
func (f *fixture) login(t *testing.T) (*http.Cookie, string) {
	t.Helper()
	rec := httpxtest.Do(f.h, "POST", "/api/admin/login", sameOrigin, loginBody(testEmail, testPassword))
	if rec.Code != 200 {
		t.Fatalf("login: %d %s", rec.Code, rec.Body)
	}
	var body struct{ Email, CSRFToken string }
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	cookies := rec.Result().Cookies()
	if len(cookies) != 2 || cookies[0].Name != f.svc.cookieName() || body.Email != testEmail || len(body.CSRFToken) < 40 {
		t.Fatalf("login answer %s, cookies %v", rec.Body, cookies)
	}
	return cookies[0], body.CSRFToken
}

func withCookie(c *http.Cookie, h map[string]string) map[string]string {
	out := map[string]string{"Cookie": c.Name + "=" + c.Value}
	for k, v := range h {
		out[k] = v
	}
	return out
}

// TestMain makes hashing cheap: the race detector slows argon2id a lot.
func TestMain(m *testing.M) {
	argonMemory, argonTime = 1024, 1
	os.Exit(m.Run())
}

func TestPasswordHash(t *testing.T) {
	if argonMemory != 1024 {
		t.Fatal("TestMain did not lower the argon2id cost")
	}
	h, err := HashPassword("s3cret-passphrase")
	if err != nil || !strings.HasPrefix(h, "$argon2id$v=19$m=1024,t=1,p=1$") {
		t.Fatalf("hash %q, %v", h, err)
	}
	if ok, err := VerifyPassword(h, "s3cret-passphrase"); !ok || err != nil {
		t.Fatalf("right password: %v %v", ok, err)
	}
	if ok, _ := VerifyPassword(h, "s3cret-passphrasE"); ok {
		t.Fatal("wrong password accepted")
	}
	if h2, _ := HashPassword("s3cret-passphrase"); h2 == h {
		t.Fatal("salt not random")
	}
	for _, bad := range []string{"", "$2a$10$x", "$argon2id$v=19$m=0,t=1,p=1$AA$AA", "$argon2id$v=19$m=1,t=1,p=1$!!$AA"} {
		if _, err := VerifyPassword(bad, "x"); err == nil {
			t.Errorf("malformed hash %q accepted", bad)
		}
	}
}

func TestLoginSessionLogout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, testOrigin)
		invalid := `{"error":"Invalid email or password"}`
		httpxtest.Run(t, f.h, []httpxtest.Scenario{
			{Name: "wrong password", Method: "POST", Path: "/api/admin/login", Headers: sameOrigin, Body: loginBody(testEmail, "wrong password!!"), WantStatus: 401, WantJSON: invalid},
			{Name: "unknown email", Method: "POST", Path: "/api/admin/login", Headers: sameOrigin, Body: loginBody("who@x.example", testPassword), WantStatus: 401, WantJSON: invalid},
			{Name: "cross-site login", Method: "POST", Path: "/api/admin/login", Body: loginBody(testEmail, testPassword),
				Headers: map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, WantStatus: 403},
			{Name: "foreign origin login", Method: "POST", Path: "/api/admin/login", Body: loginBody(testEmail, testPassword),
				Headers: map[string]string{"Content-Type": "application/json", "Origin": "https://evil.example"}, WantStatus: 403},
			{Name: "no session", Path: "/api/admin/session", WantStatus: 401, WantJSON: `{"error":"authentication required"}`},
			{Name: "bogus cookie", Path: "/api/admin/session", Headers: map[string]string{"Cookie": "sp_session=nope"}, WantStatus: 401},
			{Name: "stale hint is dropped", Path: "/api/admin/session", Headers: map[string]string{"Cookie": "sp_session=nope; sp_admin=1"}, WantStatus: 401,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if c := rec.Result().Cookies(); len(c) != 2 || c[1].Name != HintCookieName || c[1].MaxAge >= 0 {
						t.Errorf("stale hint not cleared: %v", c)
					}
				}},
			{Name: "logout without session", Method: "POST", Path: "/api/admin/logout", Headers: sameOrigin, WantStatus: 401},
		})

		// Origin equal to BASE_URL's origin works without Sec-Fetch-Site.
		rec := httpxtest.Do(f.h, "POST", "/api/admin/login",
			map[string]string{"Content-Type": "application/json", "Origin": testOrigin}, loginBody(" ADMIN@signalpipe.example ", testPassword))
		if rec.Code != 200 {
			t.Fatalf("login with Origin: %d %s", rec.Code, rec.Body)
		}
		c := rec.Result().Cookies()[0]
		if c.Name != SecureCookieName || !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteStrictMode || c.Path != "/" || c.Domain != "" {
			t.Errorf("cookie = %+v", c)
		}
		// The hint is readable by scripts and holds no secret.
		if cs := rec.Result().Cookies(); len(cs) != 2 || cs[1].Name != HintCookieName || cs[1].Value != "1" || cs[1].HttpOnly || cs[1].MaxAge != c.MaxAge {
			t.Errorf("hint cookie = %+v", cs)
		}
		var stored int
		_ = d.Reader.QueryRow(d.Rebind(`SELECT COUNT(*) FROM admin_sessions WHERE token_hash = ?`), c.Value).Scan(&stored)
		if stored != 0 {
			t.Error("the raw session token is stored")
		}

		// Over https only the __Host- cookie is read: the token planted under
		// the plain name (by an http page or a subdomain) is ignored.
		if rec := httpxtest.Do(f.h, "GET", "/api/admin/session", map[string]string{"Cookie": CookieName + "=" + c.Value}, ""); rec.Code != 401 {
			t.Errorf("session from the unprefixed cookie over https: %d", rec.Code)
		}

		cookie, csrf := f.login(t)
		rec = httpxtest.Do(f.h, "GET", "/api/admin/session", withCookie(cookie, nil), "")
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"csrfToken":"`+csrf+`"`) || !strings.Contains(rec.Body.String(), `"expiresAt"`) {
			t.Fatalf("session: %d %s", rec.Code, rec.Body)
		}
		good := withCookie(cookie, map[string]string{"X-CSRF-Token": csrf, "Sec-Fetch-Site": "same-origin"})
		httpxtest.Run(t, f.h, []httpxtest.Scenario{
			{Name: "GET needs no token", Path: "/api/admin/thing", Headers: withCookie(cookie, nil), WantStatus: 200, WantJSON: `{"who":"` + testEmail + `"}`},
			{Name: "POST without token", Method: "POST", Path: "/api/admin/thing", Headers: withCookie(cookie, map[string]string{"Sec-Fetch-Site": "same-origin"}), WantStatus: 403},
			{Name: "POST wrong token", Method: "POST", Path: "/api/admin/thing", Headers: withCookie(cookie, map[string]string{"X-CSRF-Token": csrf + "x", "Sec-Fetch-Site": "same-origin"}), WantStatus: 403},
			{Name: "POST cross-site", Method: "POST", Path: "/api/admin/thing", Headers: withCookie(cookie, map[string]string{"X-CSRF-Token": csrf, "Sec-Fetch-Site": "cross-site"}), WantStatus: 403},
			{Name: "POST same-site", Method: "POST", Path: "/api/admin/thing", Headers: withCookie(cookie, map[string]string{"X-CSRF-Token": csrf, "Sec-Fetch-Site": "same-site"}), WantStatus: 403},
			{Name: "POST foreign origin", Method: "POST", Path: "/api/admin/thing", Headers: withCookie(cookie, map[string]string{"X-CSRF-Token": csrf, "Origin": "https://evil.example"}), WantStatus: 403},
			{Name: "POST no origin at all", Method: "POST", Path: "/api/admin/thing", Headers: withCookie(cookie, map[string]string{"X-CSRF-Token": csrf}), WantStatus: 403},
			{Name: "POST good", Method: "POST", Path: "/api/admin/thing", Headers: good, WantStatus: 200},
			{Name: "POST good by Origin", Method: "POST", Path: "/api/admin/thing", Headers: withCookie(cookie, map[string]string{"X-CSRF-Token": csrf, "Origin": testOrigin}), WantStatus: 200},
			{Name: "logout needs CSRF", Method: "POST", Path: "/api/admin/logout", Headers: withCookie(cookie, map[string]string{"Sec-Fetch-Site": "same-origin"}), WantStatus: 403},
			{Name: "logout", Method: "POST", Path: "/api/admin/logout", Headers: good, WantStatus: 204,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if c := rec.Result().Cookies(); len(c) != 2 || c[0].MaxAge >= 0 || c[1].Name != HintCookieName || c[1].MaxAge >= 0 {
						t.Errorf("logout cookie %v", c)
					}
				}},
			{Name: "after logout", Path: "/api/admin/session", Headers: withCookie(cookie, nil), WantStatus: 401},
		})
	})
}

func TestCookieNotSecureOnHTTP(t *testing.T) {
	f := newFixture(t, dbtest.SQLite(t), "http://localhost:8080")
	cookie, _ := f.login(t)
	if cookie.Secure || cookie.Name != CookieName {
		t.Fatalf("cookie %s (Secure %v) on an http BASE_URL, want %s without Secure", cookie.Name, cookie.Secure, CookieName)
	}
	if rec := httpxtest.Do(f.h, "GET", "/api/admin/session", withCookie(cookie, nil), ""); rec.Code != 200 {
		t.Fatalf("session over http: %d", rec.Code)
	}
}

func TestSessionExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, testOrigin)
		cookie, _ := f.login(t)
		get := func() int { return httpxtest.Do(f.h, "GET", "/api/admin/session", withCookie(cookie, nil), "").Code }
		// Use every 50 minutes slides the 1-hour expiry...
		for range 5 {
			f.clock.add(50 * time.Minute)
			if code := get(); code != 200 {
				t.Fatalf("active session expired: %d", code)
			}
		}
		// ...but idling past the TTL ends it, and the purge removes it.
		f.clock.add(61 * time.Minute)
		if code := get(); code != 401 {
			t.Fatalf("idle session: %d, want 401", code)
		}
		if n, err := f.store.PurgeExpired(context.Background()); err != nil || n != 1 {
			t.Fatalf("purged %d, %v", n, err)
		}

		// However active, a session ends 7 days after sign-in.
		cookie, _ = f.login(t)
		for elapsed := time.Duration(0); elapsed < 7*24*time.Hour-time.Hour; elapsed += 45 * time.Minute {
			f.clock.add(45 * time.Minute)
			if code := get(); code != 200 {
				t.Fatalf("session ended after %s: %d", elapsed, code)
			}
		}
		f.clock.add(2 * time.Hour)
		if code := get(); code != 401 {
			t.Fatalf("session older than 7 days: %d", code)
		}
	})
}

// An unknown email is checked against a dummy hash made with the same
// argon2id parameters as a real one, so refusing it costs the same work as
// refusing a wrong password (no timed assertion: those flake under load).
func TestUnknownEmailSpendsTheSameHashingWork(t *testing.T) {
	real, err := HashPassword("some real password")
	if err != nil {
		t.Fatal(err)
	}
	params := func(h string) string { return strings.Join(strings.Split(h, "$")[:4], "$") }
	if got, want := params(dummyHash()), params(real); got != want {
		t.Fatalf("dummy hash parameters %q differ from a real hash's %q", got, want)
	}
	if ok, err := VerifyPassword(dummyHash(), "wrong password!"); err != nil || ok {
		t.Fatalf("dummy hash verified: ok=%v err=%v", ok, err)
	}
}

func TestBootstrapOnceNeverOverwrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		store := NewStore(d)
		ctx, log := context.Background(), quiet()
		if err := Bootstrap(ctx, store, "Boss@x.example", "first password!", log); err != nil {
			t.Fatal(err)
		}
		u1, err := store.UserByEmail(ctx, "boss@x.example")
		if err != nil {
			t.Fatal(err)
		}
		if err := Bootstrap(ctx, store, "boss@x.example", "another password", log); err != nil {
			t.Fatal(err)
		}
		u2, _ := store.UserByEmail(ctx, "boss@x.example")
		if u2.PasswordHash != u1.PasswordHash {
			t.Fatal("bootstrap overwrote the password")
		}
		if ok, _ := VerifyPassword(u2.PasswordHash, "first password!"); !ok {
			t.Fatal("first password no longer works")
		}
		if err := Bootstrap(ctx, store, "", "", log); err != nil {
			t.Fatal(err)
		}
		if _, err := CreateAdmin(ctx, store, "boss@x.example", "short", true); err == nil {
			t.Fatal("short password accepted")
		}
		if _, err := CreateAdmin(ctx, store, "boss@x.example", "a new password!", false); err != ErrEmailTaken {
			t.Fatalf("duplicate: %v", err)
		}
		if created, err := CreateAdmin(ctx, store, "boss@x.example", "a new password!", true); err != nil || created {
			t.Fatalf("reset: %v %v", created, err)
		}
		u3, _ := store.UserByEmail(ctx, "boss@x.example")
		if ok, _ := VerifyPassword(u3.PasswordHash, "a new password!"); !ok {
			t.Fatal("reset did not set the password")
		}
	})
}

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

func TestAdminSaysWhoWithoutSliding(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, testOrigin)
		req := func(c *http.Cookie) *http.Request {
			r := httptest.NewRequest("POST", "/api/analytics/pageview", nil)
			if c != nil {
				r.AddCookie(c)
			}
			return r
		}
		if who, ok := f.svc.Admin(req(nil)); ok || who != "" {
			t.Fatalf("no cookie: %q, %v", who, ok)
		}
		if _, ok := f.svc.Admin(req(&http.Cookie{Name: f.svc.cookieName(), Value: "forged"})); ok {
			t.Fatal("a forged cookie is an admin")
		}
		cookie, _ := f.login(t)
		// Asked every 50 minutes, it answers but never slides the 1-hour
		// expiry (RequireAdmin would): the session ends an hour after sign-in.
		for i := range 4 {
			who, ok := f.svc.Admin(req(cookie))
			if want := i <= 1; ok != want || (ok && who != testEmail) {
				t.Fatalf("after %d min: %q, %v; want ok=%v", i*50, who, ok, want)
			}
			f.clock.add(50 * time.Minute)
		}
	})
}

func TestAdminActingChecksWritesWithoutSliding(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, testOrigin)
		cookie, csrf := f.login(t)
		req := func(method string, h map[string]string) *http.Request {
			r := httptest.NewRequest(method, "/api/research-leads", nil)
			r.AddCookie(cookie)
			for k, v := range h {
				r.Header.Set(k, v)
			}
			return r
		}
		cases := []struct {
			name   string
			r      *http.Request
			wantOK bool
		}{
			{"GET needs no token", req("GET", nil), true},
			{"POST same origin with token", req("POST", map[string]string{"Sec-Fetch-Site": "same-origin", CSRFHeader: csrf}), true},
			{"POST without token", req("POST", map[string]string{"Sec-Fetch-Site": "same-origin"}), false},
			{"POST wrong token", req("POST", map[string]string{"Sec-Fetch-Site": "same-origin", CSRFHeader: csrf + "x"}), false},
			{"POST cross site", req("POST", map[string]string{"Sec-Fetch-Site": "cross-site", CSRFHeader: csrf}), false},
			{"POST foreign origin", req("POST", map[string]string{"Origin": "https://evil.example", CSRFHeader: csrf}), false},
		}
		for _, c := range cases {
			who, ok := f.svc.AdminActing(c.r)
			if ok != c.wantOK || (ok && who != testEmail) || (!ok && who != "") {
				t.Errorf("%s: %q, %v; want ok=%v", c.name, who, ok, c.wantOK)
			}
		}
		// Like Admin, it never slides the 1-hour expiry.
		f.clock.add(50 * time.Minute)
		if _, ok := f.svc.AdminActing(req("GET", nil)); !ok {
			t.Fatal("session ended early")
		}
		f.clock.add(50 * time.Minute)
		if _, ok := f.svc.AdminActing(req("GET", nil)); ok {
			t.Fatal("AdminActing slid the session")
		}
	})
}
