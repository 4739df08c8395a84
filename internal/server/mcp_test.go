package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/signalpipe/signalpipe/internal/clients/portal"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

type bearerTransport struct{ token string }

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// TestMCPThroughServer: through the whole server and its middleware (body
// limits, gzip, security headers), the SDK's client initializes at /mcp
// with a client's token made by the admin with scopes, lists the tools and
// reads its own leads; another client's lead is a tool error; no token is
// 401. An admin token made in the console reaches both clients at /mcp
// but is refused by /api/v1, and a token without leads:read is 403 there.
func TestMCPThroughServer(t *testing.T) {
	s, _ := newTestServer(t, nil)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	cookie, csrf := adminLogin(t, s)
	admin := map[string]string{"Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json", "Origin": "https://sp.example"}
	a := newTenant(t, s, admin, "Tenant A Co", "ana@a.example")
	b := newTenant(t, s, admin, "Tenant B Co", "bo@b.example")
	makeToken := func(path, body string) (string, []string) {
		t.Helper()
		rec := httpxtest.Do(s.Handler(), "POST", path, admin, body)
		var out struct {
			Token  string
			Scopes []string
		}
		if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &out) != nil {
			t.Fatalf("POST %s: %d %s", path, rec.Code, rec.Body)
		}
		return out.Token, out.Scopes
	}
	tokenA, scopes := makeToken("/api/admin/clients/"+a.id+"/tokens", `{"name":"assistant","scopes":["agents:run","leads:read"]}`)
	if !slices.Equal(scopes, []string{portal.ScopeLeadsRead, portal.ScopeAgentsRun}) {
		t.Errorf("scopes shown when made: %v", scopes)
	}
	if rec := httpxtest.Do(s.Handler(), "POST", "/api/admin/clients/"+a.id+"/tokens", admin, `{"name":"x","scopes":["leads:all"]}`); rec.Code != 400 || !strings.Contains(rec.Body.String(), "scopes") {
		t.Errorf("unknown scope: %d %s", rec.Code, rec.Body)
	}

	connect := func(token string) *sdk.ClientSession {
		t.Helper()
		c := sdk.NewClient(&sdk.Implementation{Name: "server-test", Version: "1"}, nil)
		tr := &sdk.StreamableClientTransport{Endpoint: srv.URL + "/mcp", HTTPClient: &http.Client{Transport: bearerTransport{token}, Timeout: 10 * time.Second}}
		sess, err := c.Connect(context.Background(), tr, nil)
		if err != nil {
			t.Fatalf("connect: %v", err)
		}
		t.Cleanup(func() { _ = sess.Close() })
		return sess
	}
	sess := connect(tokenA)
	tools, err := sess.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	for _, want := range []string{"list_leads", "get_lead", "set_lead_state", "give_feedback", "list_agents", "run_agent", "get_run"} {
		if !slices.Contains(names, want) {
			t.Errorf("tools/list %v lacks %s", names, want)
		}
	}
	res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: "list_leads", Arguments: map[string]any{}})
	if err != nil || res.IsError {
		t.Fatalf("list_leads: %v %+v", err, res)
	}
	body, _ := json.Marshal(res.StructuredContent)
	if len(a.leaks(string(body))) < len(a.leads) || len(b.leaks(string(body))) > 0 {
		t.Errorf("list_leads: %s", body)
	}
	res, err = sess.CallTool(context.Background(), &sdk.CallToolParams{Name: "get_lead", Arguments: map[string]any{"id": b.leads[0]}})
	if err != nil || !res.IsError || res.StructuredContent != nil {
		t.Errorf("another client's lead: %v %+v", err, res)
	}
	rec := httpxtest.Do(s.Handler(), "POST", "/mcp", map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream"},
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)
	if rec.Code != 401 || rec.Header().Get("WWW-Authenticate") == "" {
		t.Errorf("no token: %d %v", rec.Code, rec.Header())
	}

	adminToken, _ := makeToken("/api/admin/tokens", `{"name":"ops desk","scopes":["leads:read"]}`)
	res, err = connect(adminToken).CallTool(context.Background(), &sdk.CallToolParams{Name: "list_clients"})
	if err != nil || res.IsError {
		t.Fatalf("list_clients: %v %+v", err, res)
	}
	body, _ = json.Marshal(res.StructuredContent)
	if !strings.Contains(string(body), a.id) || !strings.Contains(string(body), b.id) {
		t.Errorf("list_clients: %s", body)
	}
	if rec := httpxtest.Do(s.Handler(), "GET", "/api/v1/leads", map[string]string{"Authorization": "Bearer " + adminToken}, ""); rec.Code != 401 {
		t.Errorf("admin token on /api/v1: %d %s", rec.Code, rec.Body)
	}
	runOnly, _ := makeToken("/api/admin/clients/"+a.id+"/tokens", `{"name":"runner","scopes":["agents:run"]}`)
	if rec := httpxtest.Do(s.Handler(), "GET", "/api/v1/leads", map[string]string{"Authorization": "Bearer " + runOnly}, ""); rec.Code != 403 || !strings.Contains(rec.Body.String(), "leads:read") {
		t.Errorf("token without leads:read on /api/v1: %d %s", rec.Code, rec.Body)
	}
	rec = httpxtest.Do(s.Handler(), "GET", "/api/admin/tokens", admin, "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"ops desk"`) || strings.Contains(rec.Body.String(), adminToken) {
		t.Errorf("admin tokens list: %d %s", rec.Code, rec.Body)
	}
}
