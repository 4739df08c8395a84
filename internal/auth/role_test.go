package auth

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// clientUser stores a client and a client user with testEmail and
// testPassword (the admin fixture's own credentials), and returns the
// client's id.
func clientUser(t *testing.T, d *db.DB) string {
	t.Helper()
	now := d.TimeArg(time.Now())
	clientID, userID := db.NewID(), db.NewID()
	if _, err := d.Writer.Exec(d.Rebind(`INSERT INTO clients (id, name, status, icp, settings, created_at, updated_at)
		VALUES (?, 'Acme', 'active', '{}', '{}', ?, ?)`), clientID, now, now); err != nil {
		t.Fatal(err)
	}
	hash, err := HashPassword(testPassword)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Writer.Exec(d.Rebind(`INSERT INTO client_users (id, client_id, email, password_hash, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?)`), userID, clientID, testEmail, hash, now, now); err != nil {
		t.Fatal(err)
	}
	return clientID
}

// TestRolesAreApart: an admin and a client user with the same email and
// password; each session passes its own role's guard only, whatever
// cookie name it is sent under.
func TestRolesAreApart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, testOrigin)
		clientID := clientUser(t, d)
		csvc := NewService(f.store.ForRole(RoleClient), Options{BaseURL: testOrigin, SessionTTL: time.Hour})
		mux := http.NewServeMux()
		mux.Handle("/api/admin/", f.h)
		httpx.MountMux(mux, csvc.Guards(), csvc.Routes()...)
		mux.Handle("GET /api/client/thing", csvc.RequireClient(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			s := ClientSessionFrom(r.Context())
			if SessionFrom(r.Context()) != nil {
				t.Error("a client request carries an admin session")
			}
			_, _ = w.Write([]byte(s.ClientID))
		})))

		adminCookie, _ := f.login(t)
		rec := httpxtest.Do(mux, "POST", "/api/client/login", sameOrigin, loginBody(testEmail, testPassword))
		var info struct{ Email, CSRFToken string }
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &info) != nil || info.Email != testEmail || len(info.CSRFToken) < 40 {
			t.Fatalf("client login: %d %s", rec.Code, rec.Body)
		}
		cookies := rec.Result().Cookies()
		if len(cookies) != 2 || cookies[0].Name != "__Host-sp_client_session" || cookies[1].Name != ClientHintCookieName ||
			!cookies[0].HttpOnly || !cookies[0].Secure {
			t.Fatalf("client cookies %v", cookies)
		}
		clientCookie := cookies[0]
		get := func(path, name, value string) int {
			return httpxtest.Do(mux, "GET", path, map[string]string{"Cookie": name + "=" + value}, "").Code
		}
		if rec := httpxtest.Do(mux, "GET", "/api/client/thing", withCookie(clientCookie, nil), ""); rec.Code != 200 || rec.Body.String() != clientID {
			t.Fatalf("client route with a client session: %d %s", rec.Code, rec.Body)
		}
		for _, tc := range []struct{ path, name, value string }{
			{"/api/admin/thing", clientCookie.Name, clientCookie.Value},   // its own cookie at an admin route
			{"/api/admin/thing", adminCookie.Name, clientCookie.Value},    // its token under the admin cookie
			{"/api/admin/session", adminCookie.Name, clientCookie.Value},  //
			{"/api/client/thing", adminCookie.Name, adminCookie.Value},    // an admin at a client route
			{"/api/client/thing", clientCookie.Name, adminCookie.Value},   // its token under the client cookie
			{"/api/client/session", clientCookie.Name, adminCookie.Value}, //
		} {
			if code := get(tc.path, tc.name, tc.value); code != 401 {
				t.Errorf("GET %s with %s=<%s token>: %d, want 401", tc.path, tc.name, map[bool]string{true: "admin", false: "client"}[tc.value == adminCookie.Value], code)
			}
		}
		if code := get("/api/admin/thing", adminCookie.Name, adminCookie.Value); code != 200 {
			t.Fatalf("admin route with the admin session: %d", code)
		}
		// Nor does the client's service say a client user is the admin.
		probe, _ := http.NewRequest("GET", "/", nil)
		probe.AddCookie(clientCookie)
		if who, ok := csvc.Admin(probe); ok || who != "" {
			t.Fatalf("a client session is the admin: %q", who)
		}

		// Wrong client passwords lock the client account, not the admin with
		// the same email; the per-address counter is shared.
		for i := range 5 {
			if rec := httpxtest.Do(mux, "POST", "/api/client/login", sameOrigin, loginBody(testEmail, "wrong password "+strconv.Itoa(i))); rec.Code != 401 {
				t.Fatalf("wrong client password %d: %d", i, rec.Code)
			}
		}
		if rec := httpxtest.Do(mux, "POST", "/api/client/login", sameOrigin, loginBody(testEmail, testPassword)); rec.Code != 429 {
			t.Fatalf("client after 5 failures: %d", rec.Code)
		}
		if rec := httpxtest.Do(mux, "POST", "/api/admin/login", sameOrigin, loginBody(testEmail, testPassword)); rec.Code != 200 {
			t.Fatalf("admin with the same email after the client's failures: %d", rec.Code)
		}
		var ipAttempts int
		if err := d.Reader.QueryRow(d.Rebind(`SELECT attempts FROM login_limits WHERE key = ?`), hashKey("ip", "192.0.2.1")).Scan(&ipAttempts); err != nil || ipAttempts != 5 {
			t.Fatalf("shared per-address counter: %d (%v)", ipAttempts, err)
		}

		// Sign-out ends the client session only.
		h := withCookie(clientCookie, map[string]string{"Sec-Fetch-Site": "same-origin", CSRFHeader: info.CSRFToken})
		if rec := httpxtest.Do(mux, "POST", "/api/client/logout", h, ""); rec.Code != 204 {
			t.Fatalf("client logout: %d", rec.Code)
		}
		if get("/api/client/thing", clientCookie.Name, clientCookie.Value) != 401 || get("/api/admin/thing", adminCookie.Name, adminCookie.Value) != 200 {
			t.Fatal("logout ended the wrong session")
		}
	})
}

func TestRequireGuardsItsRole(t *testing.T) {
	d := dbtest.SQLite(t)
	admin, client := NewService(NewStore(d), Options{}), NewService(NewStore(d).ForRole(RoleClient), Options{})
	for name, fn := range map[string]func(){
		"RequireAdmin on a client service":  func() { client.RequireAdmin(http.NotFoundHandler()) },
		"RequireClient on an admin service": func() { admin.RequireClient(http.NotFoundHandler()) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			fn()
		}()
	}
}

// TestHashUsesTheSlots: new passwords (the portal's invites) are hashed in
// the sign-in's bounded slots: with every slot taken, Hash gives up.
func TestHashUsesTheSlots(t *testing.T) {
	svc := NewService(NewStore(dbtest.SQLite(t)).ForRole(RoleClient), Options{})
	svc.hashWait = 50 * time.Millisecond
	for range cap(svc.hashSlots) {
		svc.hashSlots <- struct{}{}
	}
	if _, err := svc.Hash(t.Context(), "a long passphrase"); !errors.Is(err, ErrBusy) {
		t.Fatalf("all slots taken: %v, want ErrBusy", err)
	}
	<-svc.hashSlots
	h, err := svc.Hash(t.Context(), "a long passphrase")
	if ok, _ := VerifyPassword(h, "a long passphrase"); err != nil || !ok {
		t.Fatalf("hash %q, %v", h, err)
	}
	if len(svc.hashSlots) != cap(svc.hashSlots)-1 {
		t.Fatalf("the slot was not given back: %d taken", len(svc.hashSlots))
	}
	// The two roles' services from ForRole share the slots.
	admin := NewService(NewStore(dbtest.SQLite(t)), Options{})
	client := admin.ForRole(RoleClient)
	client.hashSlots <- struct{}{}
	if len(admin.hashSlots) != 1 || client.role != RoleClient || client.store.role != RoleClient || admin.role != RoleAdmin {
		t.Fatal("ForRole does not share the slots or keep the roles apart")
	}
}
