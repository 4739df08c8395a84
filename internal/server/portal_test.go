package server

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/portal"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// tenant is a client with a signed-in client user and two leads.
type tenant struct {
	id, name, email string
	cookie, csrf    string
	leads           []string
	// others are the ids of its agent, channel and API token.
	others []string
}

func newTenant(t *testing.T, s *Server, admin map[string]string, name, email string) *tenant {
	t.Helper()
	tn := &tenant{name: name, email: email}
	rec := httpxtest.Do(s.Handler(), "POST", "/api/admin/clients", admin, `{"name":"`+name+`"}`)
	var c struct{ ID string }
	if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &c) != nil {
		t.Fatalf("create client: %d %s", rec.Code, rec.Body)
	}
	tn.id = c.ID
	// The client's people may edit (so the writes reach the ids), and it
	// has an agent, a channel and an API token.
	if rec := httpxtest.Do(s.Handler(), "PATCH", "/api/admin/clients/"+c.ID, admin, `{"settings":{"portalMayEdit":true}}`); rec.Code != 200 {
		t.Fatalf("allow portal edits: %d %s", rec.Code, rec.Body)
	}
	for _, mk := range []struct{ path, body string }{{"/agents", `{"name":"Watch"}`},
		{"/channels", `{"kind":"webhook","target":"https://93.184.215.14/hook"}`}, {"/tokens", `{"name":"crm"}`}} {
		rec := httpxtest.Do(s.Handler(), "POST", "/api/admin/clients/"+c.ID+mk.path, admin, mk.body)
		var made struct{ ID string }
		if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &made) != nil || made.ID == "" {
			t.Fatalf("make %s: %d %s", mk.path, rec.Code, rec.Body)
		}
		tn.others = append(tn.others, made.ID)
	}
	rec = httpxtest.Do(s.Handler(), "POST", "/api/admin/clients/"+c.ID+"/invites", admin, `{"email":"`+email+`"}`)
	var inv struct{ URL string }
	if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &inv) != nil || !strings.HasPrefix(inv.URL, "https://sp.example/portal/invite/") {
		t.Fatalf("invite: %d %s", rec.Code, rec.Body)
	}
	token := inv.URL[strings.LastIndexByte(inv.URL, '/')+1:]
	rec = httpxtest.Do(s.Handler(), "POST", "/api/client/invites/accept", map[string]string{"Content-Type": "application/json",
		"Origin": "https://sp.example"}, `{"token":"`+token+`","password":"`+tn.password()+`"}`)
	var acc struct{ CSRFToken string }
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &acc) != nil {
		t.Fatalf("accept: %d %s", rec.Code, rec.Body)
	}
	ck := rec.Result().Cookies()[0]
	if ck.Name != "__Host-"+auth.ClientCookieName {
		t.Fatalf("client cookie %s", ck.Name)
	}
	tn.cookie, tn.csrf = ck.Name+"="+ck.Value, acc.CSRFToken
	for i := range 2 {
		id := db.NewID()
		if _, err := s.db.Writer.Exec(s.db.Rebind(`INSERT INTO client_leads (id, client_id, post_id, post_key, url, tier, signal_type, score, lead, created_at)
			VALUES (?, ?, ?, ?, ?, 'hot', 'funding_event', 80, '{}', ?)`), id, c.ID, id, "k"+id, "https://x.example/"+id,
			s.db.TimeArg(time.Now().Add(time.Duration(i)*time.Second))); err != nil {
			t.Fatal(err)
		}
		tn.leads = append(tn.leads, id)
	}
	return tn
}

func (tn *tenant) password() string { return "passphrase of " + tn.email }

func (tn *tenant) headers() map[string]string {
	return map[string]string{"Cookie": tn.cookie, "X-CSRF-Token": tn.csrf, "Content-Type": "application/json", "Origin": "https://sp.example"}
}

// leaks reports which of tn's identifiers body holds.
func (tn *tenant) leaks(body string) []string {
	var out []string
	for _, s := range append(append([]string{tn.id, tn.name}, tn.leads...), tn.others...) {
		if strings.Contains(body, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestTenantIsolation: every client route, called with one tenant's
// session and the other tenant's ids, answers 404 (or, with no id in it,
// only the caller's own data); and the other way round.
func TestTenantIsolation(t *testing.T) {
	s, _ := newTestServer(t, nil)
	cookie, csrf := adminLogin(t, s)
	admin := map[string]string{"Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json", "Origin": "https://sp.example"}
	a := newTenant(t, s, admin, "Tenant A Co", "ana@a.example")
	b := newTenant(t, s, admin, "Tenant B Co", "bo@b.example")
	routes := portal.ClientRouteList()
	if len(routes) < 6 {
		t.Fatalf("client routes %v", routes)
	}
	for _, pair := range [][2]*tenant{{a, b}, {b, a}} {
		caller, victim := pair[0], pair[1]
		for _, rt := range routes {
			if strings.HasSuffix(rt, "/logout") {
				continue // ends the caller's own session; tested in internal/auth
			}
			method, path, _ := strings.Cut(rt, " ")
			if strings.HasSuffix(path, "/login") { // the victim's email with the caller's password
				rec := httpxtest.Do(s.Handler(), method, path, caller.headers(),
					`{"email":"`+victim.email+`","password":"`+caller.password()+`"}`)
				if rec.Code != 401 || len(victim.leaks(rec.Body.String())) > 0 {
					t.Errorf("%s as %s by %s: %d %s", rt, victim.email, caller.name, rec.Code, rec.Body)
				}
				continue
			}
			body := `{"verdict":"noise","reason":"x","email":"` + caller.name + `","name":"Renamed","active":false,` +
				`"kind":"webhook","target":"https://93.184.215.14/x","state":"won","note":"across"}`
			if strings.Contains(path, "{") {
				for _, id := range append(append([]string{victim.id}, victim.leads...), victim.others...) {
					p := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, id)
					rec := httpxtest.Do(s.Handler(), method, p, caller.headers(), body)
					if rec.Code != 404 || len(victim.leaks(rec.Body.String())) > 0 {
						t.Errorf("%s %s by %s: %d %s, want 404", method, p, caller.name, rec.Code, rec.Body)
					}
				}
				continue
			}
			// No id in the path: ids in the query are ignored, the answer is
			// the caller's own.
			p := path + "?client=" + victim.id + "&clientId=" + victim.id + "&id=" + victim.id
			rec := httpxtest.Do(s.Handler(), method, p, caller.headers(), body)
			if rec.Code/100 != 2 || len(victim.leaks(rec.Body.String())) > 0 { // 201: POST /api/client/feed makes the caller's own feed
				t.Errorf("%s %s by %s: %d, leaks %v", method, p, caller.name, rec.Code, victim.leaks(rec.Body.String()))
			}
			if strings.HasSuffix(path, "/leads") && len(caller.leaks(rec.Body.String())) != 1+len(caller.leads) {
				t.Errorf("%s by %s does not list its own leads: %s", path, caller.name, rec.Body)
			}
		}
	}
	// Nothing of either tenant changed.
	var judged int
	if err := s.db.Reader.QueryRow(`SELECT COUNT(*) FROM client_leads WHERE feedback <> ''`).Scan(&judged); err != nil || judged != 0 {
		t.Fatalf("%d leads judged across tenants (%v)", judged, err)
	}
	var moved int
	if err := s.db.Reader.QueryRow(`SELECT COUNT(*) FROM client_leads WHERE state <> 'new' OR note <> ''`).Scan(&moved); err != nil || moved != 0 {
		t.Fatalf("%d leads moved or noted across tenants (%v)", moved, err)
	}
	var renamed, tokens int
	if err := s.db.Reader.QueryRow(`SELECT COUNT(*) FROM agents WHERE name <> 'Watch'`).Scan(&renamed); err != nil || renamed != 0 {
		t.Fatalf("%d agents edited across tenants (%v)", renamed, err)
	}
	if err := s.db.Reader.QueryRow(`SELECT COUNT(*) FROM client_api_tokens WHERE name = 'crm'`).Scan(&tokens); err != nil || tokens != 2 {
		t.Fatalf("%d of the tenants' own tokens left (%v)", tokens, err)
	}
}

// adminRouteRE finds admin routes written in the source: patterns
// ("GET /api/admin/x") and table rows ({"GET", "/api/admin/x", ...}), for
// routes mounted outside the route tables.
var adminRouteRE = regexp.MustCompile(`"(GET|POST|PUT|PATCH|DELETE) (/api/admin/[^"\s]*)"|\{"(GET|POST|PUT|PATCH|DELETE)",\s*"(/api/admin/[^"]*)"`)

// allAdminRoutes lists every /api/admin/ route mounted by the feature
// packages: every entry of the route tables the server mounted (so a route
// added tomorrow is covered), those built from a prefix (auth.Role), and
// any written in the source outside a table.
func allAdminRoutes(t *testing.T, s *Server) []string {
	t.Helper()
	seen := map[string]bool{}
	for _, rt := range s.router.Routes() {
		if strings.HasPrefix(rt.Path, "/api/admin/") {
			seen[rt.Pattern()] = true
		}
	}
	for _, rt := range auth.RoleAdmin.RouteList() {
		seen[rt] = true
	}
	for _, rt := range clients.RouteList() {
		seen[rt] = true
	}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range adminRouteRE.FindAllStringSubmatch(string(b), -1) {
			if m[1] != "" {
				seen[m[1]+" "+m[2]] = true
			} else {
				seen[m[3]+" "+m[4]] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	delete(seen, "GET /api/admin/things") // auth's package doc example
	delete(seen, "POST /api/admin/things")
	var out []string
	for rt := range seen {
		out = append(out, rt)
	}
	slices.Sort(out)
	return out
}

// TestClientSessionNeverReachesAdmin: a client user's session, with its
// CSRF token and from the site's origin, calling every /api/admin/ route
// gets 401 and none of the tenants' data. The same call without any
// session also gets 401, which proves the route is mounted and guarded.
func TestClientSessionNeverReachesAdmin(t *testing.T) {
	s, _ := newTestServer(t, nil)
	cookie, csrf := adminLogin(t, s)
	admin := map[string]string{"Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json", "Origin": "https://sp.example"}
	a := newTenant(t, s, admin, "Tenant A Co", "ana@a.example")
	b := newTenant(t, s, admin, "Tenant B Co", "bo@b.example")
	routes := allAdminRoutes(t, s)
	for _, want := range []string{"GET /api/admin/submissions", "POST /api/admin/clients/{id}/invites", "GET /api/admin/clients/{id}/leads",
		"GET /api/admin/analytics", "DELETE /api/admin/blog/posts/{id}", "GET /api/admin/engine/leads", "GET /api/admin/session"} {
		if !slices.Contains(routes, want) {
			t.Fatalf("the route scan missed %s: %v", want, routes)
		}
	}
	t.Logf("%d admin routes", len(routes))
	anon := map[string]string{"Content-Type": "application/json", "Origin": "https://sp.example"}
	for _, rt := range routes {
		method, path, _ := strings.Cut(rt, " ")
		for _, id := range []string{a.id, a.leads[0], b.id} {
			p := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, id)
			if rec := httpxtest.Do(s.Handler(), method, p, anon, "{}"); rec.Code != 401 {
				t.Errorf("%s %s without a session: %d (not mounted or not guarded?)", method, p, rec.Code)
			}
			for _, tn := range []*tenant{a, b} {
				rec := httpxtest.Do(s.Handler(), method, p, tn.headers(), `{"email":"`+tn.email+`","password":"`+tn.password()+`"}`)
				if rec.Code != 401 || len(a.leaks(rec.Body.String()))+len(b.leaks(rec.Body.String())) > 0 {
					t.Errorf("%s %s with %s's client session: %d %s", method, p, tn.name, rec.Code, rec.Body)
				}
			}
			if !strings.Contains(path, "{") {
				break
			}
		}
	}
}
