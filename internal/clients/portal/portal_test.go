package portal

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

const (
	portalBase     = "https://sp.example"
	portalPassword = "portal passphrase 42"
)

// portalEnv is env plus the portal's routes, with an open admin guard.
func portalEnv(t *testing.T, d *db.DB) (*env, http.Handler) {
	t.Helper()
	e := newEnv(t, d)
	svc := auth.NewService(auth.NewStore(d).ForRole(auth.RoleClient), auth.Options{BaseURL: portalBase, SessionTTL: time.Hour}).
		WithAdmission(e.store.Admit) // as internal/server wires it
	mux := http.NewServeMux()
	p := NewPortal(e.store, svc, portalBase).WithDelivery(e.delivery)
	g := p.Guards()
	g.Admin = func(h http.Handler) http.Handler { return h }
	httpx.MountMux(mux, g, p.Routes()...)
	return e, mux
}

var sameSite = map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}

func with(h map[string]string, kv ...string) map[string]string {
	out := map[string]string{}
	for k, v := range h {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

// invite makes an invite to clientID and returns its token.
func invite(t *testing.T, h http.Handler, clientID, body string) string {
	t.Helper()
	rec := httpxtest.Do(h, "POST", "/api/admin/clients/"+clientID+"/invites", sameSite, body)
	var out struct{ URL string }
	if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &out) != nil {
		t.Fatalf("invite: %d %s", rec.Code, rec.Body)
	}
	if !strings.HasPrefix(out.URL, portalBase+InvitePath) {
		t.Fatalf("invite url %q", out.URL)
	}
	return out.URL[strings.LastIndexByte(out.URL, '/')+1:]
}

func accept(h http.Handler, token, password, email string) (int, string, *http.Cookie) {
	b, _ := json.Marshal(map[string]string{"token": token, "password": password, "email": email})
	rec := httpxtest.Do(h, "POST", "/api/client/invites/accept", sameSite, string(b))
	var out struct{ CSRFToken string }
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	for _, c := range rec.Result().Cookies() {
		if c.Name == "__Host-"+auth.ClientCookieName {
			return rec.Code, out.CSRFToken, c
		}
	}
	return rec.Code, out.CSRFToken, nil
}

func TestPortalInvites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, h := portalEnv(t, d)
		c := newClient(t, e.store, 0)
		if rec := httpxtest.Do(h, "POST", "/api/admin/clients/nope/invites", sameSite, ""); rec.Code != 404 {
			t.Fatalf("invite to an unknown client: %d", rec.Code)
		}
		if rec := httpxtest.Do(h, "POST", "/api/admin/clients/"+c.ID+"/invites", sameSite, `{"email":"not an email"}`); rec.Code != 400 {
			t.Fatalf("invite to a bad email: %d", rec.Code)
		}
		token := invite(t, h, c.ID, `{"email":"Ana@Acme.example"}`)
		if !regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`).MatchString(token) {
			t.Fatalf("token %q is not 32 bytes of base64url", token)
		}
		// Only the token's hash is stored.
		var stored string
		if err := d.Reader.QueryRow(`SELECT token_hash FROM client_invites`).Scan(&stored); err != nil || stored != auth.HashToken(token) {
			t.Fatalf("stored %q, %v", stored, err)
		}

		for _, tc := range []struct {
			name, token, password, email string
			want                         int
		}{
			{"unknown token", otherFirst(token), portalPassword, "", 404},
			{"empty token", "", portalPassword, "", 404},
			{"short password", token, "short", "", 400},
			{"common password", token, "QwertyUiop10", "", 400},
			{"another email", token, portalPassword, "eve@evil.example", 400},
		} {
			if code, _, _ := accept(h, tc.token, tc.password, tc.email); code != tc.want {
				t.Errorf("%s: %d, want %d", tc.name, code, tc.want)
			}
		}
		if rec := httpxtest.Do(h, "POST", "/api/client/invites/accept", jsonHeader,
			`{"token":"`+token+`","password":"`+portalPassword+`"}`); rec.Code != 403 {
			t.Fatalf("cross-site accept: %d", rec.Code)
		}
		code, csrf, cookie := accept(h, token, portalPassword, "")
		if code != 200 || len(csrf) < 40 || cookie == nil || !cookie.HttpOnly || !cookie.Secure {
			t.Fatalf("accept: %d %q %+v", code, csrf, cookie)
		}
		var hash string
		if err := d.Reader.QueryRow(`SELECT password_hash FROM client_users WHERE email = 'ana@acme.example'`).Scan(&hash); err != nil ||
			!strings.HasPrefix(hash, "$argon2id$") {
			t.Fatalf("user hash %q, %v", hash, err)
		}
		// Single use.
		if code, _, _ := accept(h, token, portalPassword, ""); code != 404 {
			t.Fatalf("second accept: %d", code)
		}
		// The session reads its client; the returning user signs in.
		sess := with(sameSite, "Cookie", cookie.Name+"="+cookie.Value)
		rec := httpxtest.Do(h, "GET", "/api/client/me", sess, "")
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"name":"Acme"`) || !strings.Contains(rec.Body.String(), "ana@acme.example") {
			t.Fatalf("me: %d %s", rec.Code, rec.Body)
		}
		if rec := httpxtest.Do(h, "POST", "/api/client/logout", with(sess, "X-CSRF-Token", csrf), ""); rec.Code != 204 {
			t.Fatalf("logout: %d", rec.Code)
		}
		if rec := httpxtest.Do(h, "GET", "/api/client/me", sess, ""); rec.Code != 401 {
			t.Fatalf("me after logout: %d", rec.Code)
		}
		rec = httpxtest.Do(h, "POST", "/api/client/login", sameSite, `{"email":"ana@acme.example","password":"`+portalPassword+`"}`)
		if rec.Code != 200 || len(rec.Result().Cookies()) != 2 {
			t.Fatalf("login: %d %s", rec.Code, rec.Body)
		}

		// An invite without an email takes the invitee's; an email that has
		// an account already is 409 and leaves the invite usable.
		open := invite(t, h, c.ID, "")
		if code, _, _ := accept(h, open, portalPassword, ""); code != 400 {
			t.Fatalf("open invite without an email: %d", code)
		}
		if code, _, _ := accept(h, open, portalPassword, "ana@acme.example"); code != 409 {
			t.Fatalf("open invite to a taken email: %d", code)
		}
		if code, _, _ := accept(h, open, portalPassword, "bo@acme.example"); code != 200 {
			t.Fatalf("open invite: %d", code)
		}

		// The onboarding contact goes pending -> invited -> joined; an
		// invite to another email leaves it alone.
		withContact := &clients.Client{Name: "Bolt", Status: clients.StatusActive, ICP: testICP(),
			Contact: &clients.Contact{Name: "Dee", Email: "dee@bolt.example", Status: ContactPending}}
		if err := e.store.CreateClient(context.Background(), withContact); err != nil {
			t.Fatal(err)
		}
		contact := func() string {
			c, err := e.store.Client(context.Background(), withContact.ID)
			if err != nil {
				t.Fatal(err)
			}
			return c.Contact.Status
		}
		invite(t, h, withContact.ID, `{"email":"someone@bolt.example"}`)
		if got := contact(); got != ContactPending {
			t.Fatalf("contact after another email's invite: %s", got)
		}
		deeToken := invite(t, h, withContact.ID, `{"email":"DEE@bolt.example"}`)
		if got := contact(); got != ContactInvited {
			t.Fatalf("contact after its invite: %s", got)
		}
		if code, _, _ := accept(h, deeToken, portalPassword, ""); code != 200 || contact() != ContactJoined {
			t.Fatalf("contact after accepting: %d %s", code, contact())
		}

		// Expired after 7 days.
		late := invite(t, h, c.ID, `{"email":"cy@acme.example"}`)
		e.store.WithNow(func() time.Time { return time.Now().Add(InviteTTL + time.Minute) })
		if code, _, _ := accept(h, late, portalPassword, ""); code != 404 {
			t.Fatalf("expired invite: %d", code)
		}
		e.store.WithNow(time.Now)
		if code, _, _ := accept(h, late, portalPassword, ""); code != 200 {
			t.Fatalf("the same invite in time: %d", code)
		}
	})
}

// TestPortalParallelAccepts: of parallel accepts of one invite exactly one
// makes a user.
func TestPortalParallelAccepts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, h := portalEnv(t, d)
		c := newClient(t, e.store, 0)
		token := invite(t, h, c.ID, "")
		var mu sync.Mutex
		codes := map[int]int{}
		var wg sync.WaitGroup
		for i := range 5 {
			wg.Go(func() {
				code, _, _ := accept(h, token, portalPassword, "user"+string(rune('a'+i))+"@acme.example")
				mu.Lock()
				codes[code]++
				mu.Unlock()
			})
		}
		wg.Wait()
		var users int
		if err := d.Reader.QueryRow(`SELECT COUNT(*) FROM client_users`).Scan(&users); err != nil || users != 1 || codes[200] != 1 || codes[404] != 4 {
			t.Fatalf("codes %v, %d users (%v)", codes, users, err)
		}
	})
}

// TestPortalLeads: a client's session lists its own leads only and gives
// feedback with the CSRF token; another client's lead is 404.
func TestPortalLeads(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, h := portalEnv(t, d)
		mine, theirs := newClient(t, e.store, 0), newClient(t, e.store, 0)
		addPosts(t, e, intentPost(1), intentPost(2))
		for _, c := range []*clients.Client{mine, theirs} {
			if run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID); run.LeadsAdded != 2 {
				t.Fatalf("run %+v", run)
			}
		}
		_, csrf, cookie := accept(h, invite(t, h, mine.ID, `{"email":"ana@acme.example"}`), portalPassword, "")
		sess := with(sameSite, "Cookie", cookie.Name+"="+cookie.Value)
		var page struct {
			Leads      []clients.ClientLead
			NextCursor *string
		}
		rec := httpxtest.Do(h, "GET", "/api/client/leads?limit=1", sess, "")
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &page) != nil || len(page.Leads) != 1 || page.NextCursor == nil || *page.NextCursor == "" {
			t.Fatalf("first page: %d %s", rec.Code, rec.Body)
		}
		first := page.Leads[0]
		rec = httpxtest.Do(h, "GET", "/api/client/leads?limit=1&cursor="+*page.NextCursor, sess, "")
		if json.Unmarshal(rec.Body.Bytes(), &page) != nil || len(page.Leads) != 1 || page.Leads[0].ID == first.ID {
			t.Fatalf("second page: %d %s", rec.Code, rec.Body)
		}
		for _, l := range []clients.ClientLead{first, page.Leads[0]} {
			if l.ClientID != mine.ID || l.URL == "" || l.State != clients.StateNew {
				t.Fatalf("lead %+v", l)
			}
		}
		if rec := httpxtest.Do(h, "GET", "/api/client/leads?limit=0", sess, ""); rec.Code != 400 {
			t.Fatalf("limit 0: %d", rec.Code)
		}
		theirLeads, _, err := e.store.Leads(context.Background(), theirs.ID, clients.LeadFilter{Limit: 10})
		if err != nil || len(theirLeads) != 2 {
			t.Fatal(err)
		}
		fb := `{"verdict":"noise","reason":"open to work"}`
		if rec := httpxtest.Do(h, "POST", "/api/client/leads/"+first.ID+"/feedback", sess, fb); rec.Code != 403 {
			t.Fatalf("feedback without the CSRF token: %d", rec.Code)
		}
		withCSRF := with(sess, "X-CSRF-Token", csrf)
		if rec := httpxtest.Do(h, "POST", "/api/client/leads/"+first.ID+"/feedback", withCSRF, `{"verdict":"meh"}`); rec.Code != 400 {
			t.Fatalf("bad verdict: %d", rec.Code)
		}
		if rec := httpxtest.Do(h, "POST", "/api/client/leads/"+theirLeads[0].ID+"/feedback", withCSRF, fb); rec.Code != 404 {
			t.Fatalf("feedback on another client's lead: %d %s", rec.Code, rec.Body)
		}
		if l, _ := e.store.Lead(context.Background(), theirs.ID, theirLeads[0].ID); l.Feedback != nil {
			t.Fatalf("another client's lead changed: %+v", l.Feedback)
		}
		rec = httpxtest.Do(h, "POST", "/api/client/leads/"+first.ID+"/feedback", withCSRF, fb)
		var got clients.ClientLead
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got.Feedback == nil || got.Feedback.Verdict != "noise" {
			t.Fatalf("feedback: %d %s", rec.Code, rec.Body)
		}
		_ = engine.TierHot
	})
}

// otherFirst is token with its first character changed (a random token
// starts with "x" one time in 64, which made "x"+token[1:] the token).
func otherFirst(token string) string {
	if token[0] == 'x' {
		return "y" + token[1:]
	}
	return "x" + token[1:]
}
