package server

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients/portal"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestAPITokenTenantIsolation: through the whole server, every /api/v1
// route with one client's API token and the other's ids answers 404 and
// changes nothing; a session cookie is no API credential; the token's own
// feedback needs no CSRF token or Origin.
func TestAPITokenTenantIsolation(t *testing.T) {
	s, _ := newTestServer(t, nil)
	cookie, csrf := adminLogin(t, s)
	admin := map[string]string{"Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json", "Origin": "https://sp.example"}
	a := newTenant(t, s, admin, "Tenant A Co", "ana@a.example")
	b := newTenant(t, s, admin, "Tenant B Co", "bo@b.example")
	tokens := map[*tenant]string{}
	for _, tn := range []*tenant{a, b} {
		rec := httpxtest.Do(s.Handler(), "POST", "/api/admin/clients/"+tn.id+"/tokens", admin, `{"name":"CRM sync"}`)
		var out struct{ Token string }
		if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &out) != nil || !strings.HasPrefix(out.Token, portal.TokenPrefix) {
			t.Fatalf("token: %d %s", rec.Code, rec.Body)
		}
		tokens[tn] = out.Token
	}
	var routes []string
	for _, rt := range portal.PortalRouteList() {
		if strings.Contains(rt, " /api/v1/") {
			routes = append(routes, rt)
		}
	}
	if len(routes) != 7 { // the leads' four, the accounts' three
		t.Fatalf("api routes %v", routes)
	}
	body := `{"verdict":"noise","reason":"x","state":"won","note":"across"}`
	for _, pair := range [][2]*tenant{{a, b}, {b, a}} {
		caller, victim := pair[0], pair[1]
		h := map[string]string{"Authorization": "Bearer " + tokens[caller], "Content-Type": "application/json"}
		for _, rt := range routes {
			method, path, _ := strings.Cut(rt, " ")
			// A client user's session is not an API credential.
			if rec := httpxtest.Do(s.Handler(), method, strings.ReplaceAll(path, "{id}", caller.leads[0]), caller.headers(), body); rec.Code != 401 {
				t.Errorf("%s with a session: %d", rt, rec.Code)
			}
			if !strings.Contains(path, "{") {
				rec := httpxtest.Do(s.Handler(), method, path+"?client="+victim.id, h, "")
				if path == "/api/v1/accounts" || path == "/api/v1/accounts.csv" { // companies, not the client: nothing of the victim's
					if rec.Code != 200 || len(victim.leaks(rec.Body.String())) > 0 || !strings.HasPrefix(rec.Body.String(), map[bool]string{true: `"id","name","domain"`, false: `{"accounts":`}[strings.HasSuffix(path, ".csv")]) {
						t.Errorf("%s by %s: %d %s", rt, caller.name, rec.Code, rec.Body)
					}
					continue
				}
				if rec.Code != 200 || len(victim.leaks(rec.Body.String())) > 0 || len(caller.leaks(rec.Body.String())) != 1+len(caller.leads) {
					t.Errorf("%s by %s: %d %s", rt, caller.name, rec.Code, rec.Body)
				}
				continue
			}
			for _, id := range append([]string{victim.id}, victim.leads...) {
				p := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, id)
				if rec := httpxtest.Do(s.Handler(), method, p, h, body); rec.Code != 404 || len(victim.leaks(rec.Body.String())) > 0 {
					t.Errorf("%s %s by %s: %d %s, want 404", method, p, caller.name, rec.Code, rec.Body)
				}
			}
		}
	}
	var judged int
	if err := s.db.Reader.QueryRow(`SELECT COUNT(*) FROM client_leads WHERE feedback <> ''`).Scan(&judged); err != nil || judged != 0 {
		t.Fatalf("%d leads judged across tenants (%v)", judged, err)
	}
	var moved int
	if err := s.db.Reader.QueryRow(`SELECT COUNT(*) FROM client_leads WHERE state <> 'new' OR note <> ''`).Scan(&moved); err != nil || moved != 0 {
		t.Fatalf("%d leads moved or noted across tenants (%v)", moved, err)
	}
	h := map[string]string{"Authorization": "Bearer " + tokens[a], "Content-Type": "application/json"}
	if rec := httpxtest.Do(s.Handler(), "POST", "/api/v1/leads/"+a.leads[0]+"/feedback", h, body); rec.Code != 200 {
		t.Fatalf("own feedback: %d %s", rec.Code, rec.Body)
	}
}
