package server

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/clients/portal"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/notices"
	"github.com/signalpipe/signalpipe/internal/search"
)

// TestEveryClientsCallNeedsAnAdmin: without a session every route is 401;
// with a session but no CSRF token every write is 403.
func TestEveryClientsCallNeedsAnAdmin(t *testing.T) {
	s, _ := newTestServer(t, nil)
	cookie, _ := adminLogin(t, s)
	routes := clients.RouteList()
	routes = append(routes, delivery.DeliveryRouteList()...) // channels, delivery log, enable, retry
	routes = append(routes, notices.RouteList()...)
	for _, rt := range portal.PortalRouteList() { // the portal's admin calls (invites)
		if strings.Contains(rt, " /api/admin/") {
			routes = append(routes, rt)
		}
	}
	for _, rt := range routes {
		method, path, _ := strings.Cut(rt, " ")
		path = strings.NewReplacer("{id}", "x", "{runId}", "x").Replace(path)
		h := map[string]string{"Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}
		if rec := httpxtest.Do(s.Handler(), method, path, h, "{}"); rec.Code != 401 {
			t.Errorf("%s %s without a session: %d", method, path, rec.Code)
		}
		if method == "GET" {
			continue
		}
		h["Cookie"] = cookie
		if rec := httpxtest.Do(s.Handler(), method, path, h, "{}"); rec.Code != 403 {
			t.Errorf("%s %s without the CSRF token: %d", method, path, rec.Code)
		}
	}
}

func adminLogin(t *testing.T, s *Server) (cookie, csrf string) {
	t.Helper()
	if _, err := auth.CreateAdmin(context.Background(), auth.NewStore(s.db), "op@sp.example", "a long password", false); err != nil {
		t.Fatal(err)
	}
	rec := httpxtest.Do(s.Handler(), "POST", "/api/admin/login",
		map[string]string{"Content-Type": "application/json", "Origin": "https://sp.example"}, `{"email":"op@sp.example","password":"a long password"}`)
	var login struct{ CSRFToken string }
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &login) != nil {
		t.Fatalf("login: %d %s", rec.Code, rec.Body)
	}
	c := rec.Result().Cookies()[0]
	return c.Name + "=" + c.Value, login.CSRFToken
}

// TestAgentRunThroughFullChain: with an admin session, a client, an agent
// and "run now" over the bundled corpus fill the client's inbox.
func TestAgentRunThroughFullChain(t *testing.T) {
	s, _ := newTestServer(t, nil)
	ctx := context.Background()
	if _, err := search.SeedCorpus(ctx, s.db, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	if err := s.jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.stopJobs)
	cookie, csrf := adminLogin(t, s)
	h := map[string]string{"Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json", "Origin": "https://sp.example"}
	call := func(method, path, body string, want int, out any) {
		t.Helper()
		rec := httpxtest.Do(s.Handler(), method, path, h, body)
		if rec.Code != want {
			t.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
		}
		if out != nil {
			_ = json.Unmarshal(rec.Body.Bytes(), out)
		}
	}
	var c, a struct{ ID string }
	call("POST", "/api/admin/clients", `{"name":"Acme","icp":{"targetTitles":["VP Sales","CTO"],"industries":["SaaS"]}}`, 201, &c)
	call("POST", "/api/admin/clients/"+c.ID+"/agents", `{"name":"Everything","sources":["index"]}`, 201, &a)
	var started struct{ RunID string }
	call("POST", "/api/admin/agents/"+a.ID+"/run", "", 202, &started)
	var run struct {
		Status     string
		LeadsAdded int
		PostsRead  int
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		call("GET", "/api/admin/runs/"+started.RunID, "", 200, &run)
		if run.Status != "running" || time.Now().After(deadline) {
			break
		}
	}
	t.Logf("run %+v", run)
	if run.Status != "complete" || run.LeadsAdded == 0 || run.PostsRead == 0 {
		t.Fatalf("run %+v", run)
	}
	var inbox struct {
		Leads []struct{ URL, State string }
	}
	call("GET", "/api/admin/clients/"+c.ID+"/leads?limit=100", "", 200, &inbox)
	if len(inbox.Leads) != run.LeadsAdded || inbox.Leads[0].State != "new" {
		t.Errorf("inbox has %d leads, run added %d", len(inbox.Leads), run.LeadsAdded)
	}
}
