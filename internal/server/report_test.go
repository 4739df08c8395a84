package server

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestClientReportIsTheOwners: through the whole server, the owner's
// session reads a client's report (its two leads of today) and applies an
// exclusion; the client's own signed-in people, with their CSRF token,
// get 401 on the report, its PDF and the exclusion and see none of it,
// and the ICP is unchanged; an unknown client is 404 to the owner.
func TestClientReportIsTheOwners(t *testing.T) {
	s, _ := newTestServer(t, nil)
	cookie, csrf := adminLogin(t, s)
	admin := map[string]string{"Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json", "Origin": "https://sp.example"}
	a := newTenant(t, s, admin, "Tenant A Co", "ana@a.example")
	b := newTenant(t, s, admin, "Tenant B Co", "bo@b.example")
	today := time.Now().UTC().Format(time.DateOnly)

	rec := httpxtest.Do(s.Handler(), "GET", "/api/admin/clients/"+a.id+"/report?from="+today+"&to="+today, admin, "")
	var rep struct {
		ClientName string
		Totals     struct{ Leads, Approved int }
		Weeks      []struct{ Leads int }
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &rep) != nil || rep.ClientName != a.name || rep.Totals.Leads != 2 ||
		rep.Totals.Approved != 2 || len(rep.Weeks) != 1 || rep.Weeks[0].Leads != 2 {
		t.Fatalf("owner's report: %d %s", rec.Code, rec.Body)
	}
	if rec := httpxtest.Do(s.Handler(), "GET", "/api/admin/clients/nope/report", admin, ""); rec.Code != 404 {
		t.Errorf("unknown client: %d", rec.Code)
	}
	for _, tn := range []*tenant{a, b} {
		for _, call := range []struct{ method, path, body string }{
			{"GET", "/api/admin/clients/" + a.id + "/report", ""},
			{"GET", "/api/admin/clients/" + a.id + "/report.pdf?month=2026-11", ""},
			{"POST", "/api/admin/clients/" + a.id + "/exclusions", `{"term":"students"}`},
		} {
			rec := httpxtest.Do(s.Handler(), call.method, call.path, tn.headers(), call.body)
			if rec.Code != 401 || len(a.leaks(rec.Body.String())) > 0 {
				t.Errorf("%s %s with %s's client session: %d %s", call.method, call.path, tn.name, rec.Code, rec.Body)
			}
		}
	}
	rec = httpxtest.Do(s.Handler(), "GET", "/api/admin/clients/"+a.id, admin, "")
	var c struct{ ICP struct{ Exclusions []string } }
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &c) != nil || len(c.ICP.Exclusions) != 0 {
		t.Fatalf("the client sessions changed the ICP: %s", rec.Body)
	}
	rec = httpxtest.Do(s.Handler(), "POST", "/api/admin/clients/"+a.id+"/exclusions", admin, `{"term":"students"}`)
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &c) != nil || len(c.ICP.Exclusions) != 1 || c.ICP.Exclusions[0] != "students" {
		t.Fatalf("owner's exclusion: %d %s", rec.Code, rec.Body)
	}
}
