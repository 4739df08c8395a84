package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/portal"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/mcp"
)

// fixture is an MCP server over a database with two clients (a, b), each
// with an agent and leads, served over HTTP as the binary serves it (the
// portal's token guard, the route's body limit and rate limit).
type fixture struct {
	d            *db.DB
	store        *portal.Store
	url          string
	a, b         *clients.Client
	agentA       *clients.Agent
	agentB       *clients.Agent
	leadsA       []string
	leadB        string
	search       *fakeSearch
	tokenA       string // client a: every scope
	tokenAOld    string // client a: made as before scopes (the column's default)
	tokenB       string // client b: every scope
	admin        string // admin: every scope
	adminNoScope string // admin: agents:run only
}

// fakeSearch stands in for the live search: Start records the ICP,
// Status answers complete with one lead.
type fakeSearch struct {
	mu     sync.Mutex
	icps   []engine.ICP
	owners []string
}

func (f *fakeSearch) Start(_ context.Context, p engine.ICP, owner string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.icps, f.owners = append(f.icps, p), append(f.owners, owner)
	return fmt.Sprintf("ws_%d", len(f.icps)), nil
}

func (f *fakeSearch) Status(_ context.Context, ids []string, admin bool) (string, []engine.Lead, error) {
	if !admin {
		return "complete", nil, nil
	}
	return "complete", []engine.Lead{{ID: "found-" + ids[0], Name: "Someone", Signal: "looking for a tool"}}, nil
}

func exec(t testing.TB, d *db.DB, q string, args ...any) {
	t.Helper()
	if _, err := d.Writer.ExecContext(context.Background(), d.Rebind(q), args...); err != nil {
		t.Fatal(err)
	}
}

func newFixture(t *testing.T, d *db.DB) *fixture {
	t.Helper()
	return newFixtureRate(t, d, 0)
}

// newFixtureRate is newFixture whose server allows rate requests a
// minute per token (0: the default).
func newFixtureRate(t testing.TB, d *db.DB, rate int) *fixture {
	t.Helper()
	ctx := context.Background()
	workers := river.NewWorkers()
	runner, err := jobs.New(d, jobs.Options{Workers: workers, TestOnly: true,
		Queues: map[string]river.QueueConfig{clients.Queue: clients.QueueConfig()}})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{d: d, store: portal.NewStore(clients.NewStore(d, runner)), search: &fakeSearch{}}
	// Runs are enqueued, never worked: the runner is not started.
	river.AddWorker(workers, clients.NewRunWorker(clients.NewService(f.store.Store, clients.RunOptions{})))
	for _, c := range []**clients.Client{&f.a, &f.b} {
		*c = &clients.Client{Name: "client", Status: clients.StatusActive}
		if err := f.store.CreateClient(ctx, *c); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []struct {
		a  **clients.Agent
		id string
	}{{&f.agentA, f.a.ID}, {&f.agentB, f.b.ID}} {
		*p.a = &clients.Agent{ClientID: p.id, Name: "watcher", Threshold: 40, Schedule: clients.Duration(time.Hour), Active: true}
		if err := f.store.CreateAgent(ctx, *p.a); err != nil {
			t.Fatal(err)
		}
	}
	base := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	lead := func(clientID, agentID string, i int, tier, signal string) string {
		id := db.NewID()
		body := fmt.Sprintf(`{"name":"Person %d","signal":"needs a tool","draft":{"subject":"Hello %d","body":"A draft"},"detection":{"signalType":%q}}`, i, i, signal)
		exec(t, d, `INSERT INTO client_leads (id, client_id, agent_id, post_id, post_key, url, tier, signal_type, score, lead, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, clientID, agentID, fmt.Sprint("p", i), fmt.Sprint("k", i, clientID),
			fmt.Sprintf("https://x.example/%d", i), tier, signal, 50+i, body, d.TimeArg(base.Add(time.Duration(i)*time.Hour)))
		return id
	}
	for i := range 3 {
		tier := []string{"hot", "warm", "other"}[i]
		f.leadsA = append(f.leadsA, lead(f.a.ID, f.agentA.ID, i, tier, string(engine.SignalTypes[1])))
	}
	f.leadB = lead(f.b.ID, f.agentB.ID, 9, "hot", string(engine.SignalTypes[1]))

	all := portal.Scopes
	if f.tokenA, _, err = f.store.CreateAPIToken(ctx, f.a.ID, "assistant", "test", all...); err != nil {
		t.Fatal(err)
	}
	if f.tokenB, _, err = f.store.CreateAPIToken(ctx, f.b.ID, "assistant", "test", all...); err != nil {
		t.Fatal(err)
	}
	// A token made before scopes: the row as the old code wrote it, which
	// the migration's column default completes.
	var old *portal.APIToken
	if f.tokenAOld, old, err = f.store.CreateAPIToken(ctx, f.a.ID, "old", "test"); err != nil {
		t.Fatal(err)
	}
	exec(t, d, `DELETE FROM client_api_tokens WHERE id = ?`, old.ID)
	exec(t, d, `INSERT INTO client_api_tokens (id, client_id, name, token_hash, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		old.ID, f.a.ID, "old", auth.HashToken(f.tokenAOld), "", d.TimeArg(base))
	if f.admin, _, err = f.store.CreateAdminToken(ctx, "ops", "test", all); err != nil {
		t.Fatal(err)
	}
	if f.adminNoScope, _, err = f.store.CreateAdminToken(ctx, "runner", "test", []string{portal.ScopeAgentsRun}); err != nil {
		t.Fatal(err)
	}

	pt := portal.NewPortal(f.store, nil, "https://app.example")
	mux := http.NewServeMux()
	httpx.MountMux(mux, pt.Guards(), mcp.New(f.store, mcp.Options{Search: f.search, Version: "test", RatePerMinute: rate}).Routes()...)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	f.url = srv.URL + "/mcp"
	return f
}

// bearer adds the token to every request of the SDK's client.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// connect is the SDK's own client over HTTP with token: it initializes.
func (f *fixture) connect(t *testing.T, token string) *sdk.ClientSession {
	t.Helper()
	c := sdk.NewClient(&sdk.Implementation{Name: "signalpipe-test", Version: "1"}, nil)
	tr := &sdk.StreamableClientTransport{Endpoint: f.url, HTTPClient: &http.Client{Transport: bearer{token}, Timeout: 10 * time.Second}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := c.Connect(ctx, tr, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// call calls a tool and answers the result and its structuredContent.
func call(t *testing.T, s *sdk.ClientSession, name string, args map[string]any) (*sdk.CallToolResult, map[string]any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := s.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out map[string]any
	if res.StructuredContent != nil {
		b, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(b, &out)
	}
	return res, out
}

func text(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*sdk.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// ok calls a tool that must succeed.
func ok(t *testing.T, s *sdk.ClientSession, name string, args map[string]any) map[string]any {
	t.Helper()
	res, out := call(t, s, name, args)
	if res.IsError {
		t.Fatalf("%s(%v): tool error %q", name, args, text(res))
	}
	if out == nil {
		t.Fatalf("%s: no structuredContent", name)
	}
	return out
}

// refused calls a tool that must fail with a tool error whose message
// contains want; it answers nothing else.
func refused(t *testing.T, s *sdk.ClientSession, name string, args map[string]any, want string) {
	t.Helper()
	res, out := call(t, s, name, args)
	if !res.IsError {
		t.Fatalf("%s(%v): not an error: %v", name, args, out)
	}
	if out != nil {
		t.Errorf("%s(%v): an error with structuredContent %v", name, args, out)
	}
	if msg := text(res); !strings.Contains(msg, want) {
		t.Errorf("%s(%v): error %q, want it to say %q", name, args, msg, want)
	}
}

func ids(out map[string]any, key string) []string {
	var list []string
	items, _ := out[key].([]any)
	for _, it := range items {
		m, _ := it.(map[string]any)
		id, _ := m["id"].(string)
		list = append(list, id)
	}
	return list
}

// leadRow is a lead's stored state, feedback and note.
func (f *fixture) leadRow(t *testing.T, id string) string {
	t.Helper()
	var state, fb, reason, note string
	err := f.d.Reader.QueryRowContext(context.Background(), f.d.Rebind(`SELECT state, feedback, feedback_reason, note FROM client_leads WHERE id = ?`), id).
		Scan(&state, &fb, &reason, &note)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join([]string{state, fb, reason, note}, "|")
}

func (f *fixture) runs(t *testing.T) int {
	t.Helper()
	var n int
	if err := f.d.Reader.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM agent_runs`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

var clientTools = []string{"list_leads", "get_lead", "set_lead_state", "give_feedback", "list_agents", "run_agent", "get_run"}

// TestMCPToolsList: initialize over HTTP with a client's token, then
// tools/list names the seven client tools, each with a description and an
// object input schema that refuses unknown arguments; an admin token also
// gets list_clients and search_posts.
func TestMCPToolsList(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		s := f.connect(t, f.tokenA)
		if got := s.InitializeResult().ServerInfo.Name; got != "signalpipe" {
			t.Errorf("server name %q", got)
		}
		list, err := s.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range list.Tools {
			names = append(names, tool.Name)
			if len(tool.Description) < 40 {
				t.Errorf("%s: description %q is too thin to act on", tool.Name, tool.Description)
			}
			schema, _ := json.Marshal(tool.InputSchema)
			if !strings.Contains(string(schema), `"type":"object"`) || !strings.Contains(string(schema), `"additionalProperties":false`) {
				t.Errorf("%s: input schema %s", tool.Name, schema)
			}
			if tool.OutputSchema == nil {
				t.Errorf("%s: no output schema", tool.Name)
			}
		}
		slices.Sort(names)
		want := slices.Clone(clientTools)
		slices.Sort(want)
		if !slices.Equal(names, want) {
			t.Errorf("client token's tools %v, want %v", names, want)
		}
		admin, err := f.connect(t, f.admin).ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var adminNames []string
		for _, tool := range admin.Tools {
			adminNames = append(adminNames, tool.Name)
		}
		for _, n := range append(slices.Clone(clientTools), "list_clients", "search_posts") {
			if !slices.Contains(adminNames, n) {
				t.Errorf("admin token's tools %v lack %s", adminNames, n)
			}
		}
	})
}

// TestMCPClientTools calls every client tool with a client's token: the
// client's leads (filters, cursor), a lead with its evidence and draft, a
// state with a note, feedback, its agents, a run started and read; each
// change is in the database afterwards.
func TestMCPClientTools(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		s := f.connect(t, f.tokenA)

		out := ok(t, s, "list_leads", nil)
		got := ids(out, "leads")
		if len(got) != 3 || got[0] != f.leadsA[2] || slices.Contains(got, f.leadB) {
			t.Fatalf("list_leads: %v, want client a's three newest first %v", got, f.leadsA)
		}
		if got := ids(ok(t, s, "list_leads", map[string]any{"tier": "hot"}), "leads"); !slices.Equal(got, f.leadsA[:1]) {
			t.Errorf("tier hot: %v", got)
		}
		page := ok(t, s, "list_leads", map[string]any{"limit": 2})
		next, _ := page["nextCursor"].(string)
		if len(ids(page, "leads")) != 2 || next == "" {
			t.Fatalf("page of 2: %v", page)
		}
		if got := ids(ok(t, s, "list_leads", map[string]any{"limit": 2, "cursor": next}), "leads"); !slices.Equal(got, f.leadsA[:1]) {
			t.Errorf("second page: %v", got)
		}
		if got := ids(ok(t, s, "list_leads", map[string]any{"since": "2026-11-01T10:30:00Z"}), "leads"); len(got) != 1 {
			t.Errorf("since: %v", got)
		}
		if got := ids(ok(t, s, "list_leads", map[string]any{"agent": f.agentA.ID, "state": "new", "signal": string(engine.SignalTypes[1])}), "leads"); len(got) != 3 {
			t.Errorf("agent, state and signal: %v", got)
		}

		lead := ok(t, s, "get_lead", map[string]any{"id": f.leadsA[0]})
		body, _ := json.Marshal(lead)
		if lead["id"] != f.leadsA[0] || !strings.Contains(string(body), `"draft":{"body":"A draft"`) || !strings.Contains(string(body), `"detection"`) {
			t.Errorf("get_lead: %s", body)
		}

		state := clients.ClientStates[len(clients.ClientStates)-2]
		lead = ok(t, s, "set_lead_state", map[string]any{"id": f.leadsA[0], "state": state, "note": "called, follow up Friday"})
		if lead["state"] != state || f.leadRow(t, f.leadsA[0]) != state+"|||called, follow up Friday" {
			t.Errorf("set_lead_state: %v; stored %s", lead["state"], f.leadRow(t, f.leadsA[0]))
		}
		ok(t, s, "give_feedback", map[string]any{"id": f.leadsA[1], "verdict": "noise", "reason": "a vendor"})
		if got := f.leadRow(t, f.leadsA[1]); got != "new|noise|a vendor|" {
			t.Errorf("give_feedback stored %s", got)
		}

		if got := ids(ok(t, s, "list_agents", nil), "agents"); !slices.Equal(got, []string{f.agentA.ID}) {
			t.Errorf("list_agents: %v", got)
		}
		run := ok(t, s, "run_agent", map[string]any{"agentId": f.agentA.ID})
		runID, _ := run["runId"].(string)
		if runID == "" || f.runs(t) != 1 {
			t.Fatalf("run_agent: %v, %d runs", run, f.runs(t))
		}
		got2 := ok(t, s, "get_run", map[string]any{"runId": runID})
		if got2["id"] != runID || got2["agentId"] != f.agentA.ID || got2["status"] != clients.RunRunning {
			t.Errorf("get_run: %v", got2)
		}
	})
}

// TestMCPTenantIsolation: every tool given client b's lead, agent, run or
// client id with client a's token is a tool error and changes nothing.
func TestMCPTenantIsolation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		runB, err := f.store.StartRun(context.Background(), f.agentB.ID)
		if err != nil {
			t.Fatal(err)
		}
		before := f.leadRow(t, f.leadB)
		s := f.connect(t, f.tokenA)
		refused(t, s, "get_lead", map[string]any{"id": f.leadB}, "no lead")
		refused(t, s, "set_lead_state", map[string]any{"id": f.leadB, "state": "won", "note": "mine now"}, "no lead")
		refused(t, s, "give_feedback", map[string]any{"id": f.leadB, "verdict": "good"}, "no lead")
		refused(t, s, "run_agent", map[string]any{"agentId": f.agentB.ID}, "no agent")
		refused(t, s, "get_run", map[string]any{"runId": runB}, "no run")
		for _, tool := range []string{"list_leads", "list_agents"} {
			refused(t, s, tool, map[string]any{"clientId": f.b.ID}, "its own client only")
		}
		refused(t, s, "get_lead", map[string]any{"clientId": f.b.ID, "id": f.leadB}, "its own client only")
		if got := f.leadRow(t, f.leadB); got != before {
			t.Errorf("client b's lead changed: %s, was %s", got, before)
		}
		if f.runs(t) != 1 {
			t.Errorf("%d runs, want only b's own", f.runs(t))
		}
		// The admin-only tools are not there for a client token.
		for _, name := range []string{"list_clients", "search_posts"} {
			res, err := s.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: map[string]any{"searchId": "ws_1"}})
			if err == nil && !res.IsError {
				t.Errorf("%s with a client token: %v", name, res.StructuredContent)
			}
		}
		if len(f.search.icps) != 0 {
			t.Errorf("a client token started a search")
		}
	})
}

// TestMCPScopes: a tool whose scope the token lacks is a tool error naming
// the scope, and changes nothing; a token made before scopes reads leads
// and gives feedback (leads:read) but neither sets states nor runs agents.
func TestMCPScopes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		s := f.connect(t, f.tokenAOld)
		if got := ids(ok(t, s, "list_leads", nil), "leads"); len(got) != 3 {
			t.Errorf("old token's list_leads: %v", got)
		}
		ok(t, s, "get_lead", map[string]any{"id": f.leadsA[0]})
		ok(t, s, "give_feedback", map[string]any{"id": f.leadsA[0], "verdict": "good", "reason": "asked for a demo"})
		refused(t, s, "set_lead_state", map[string]any{"id": f.leadsA[0], "state": "won"}, portal.ScopeLeadsWrite)
		refused(t, s, "list_agents", nil, portal.ScopeAgentsRun)
		refused(t, s, "run_agent", map[string]any{"agentId": f.agentA.ID}, portal.ScopeAgentsRun)
		refused(t, s, "get_run", map[string]any{"runId": "x"}, portal.ScopeAgentsRun)
		if got := f.leadRow(t, f.leadsA[0]); got != "new|good|asked for a demo|" {
			t.Errorf("stored %s", got)
		}
		if f.runs(t) != 0 {
			t.Errorf("a run started without agents:run")
		}
		toks, err := f.store.APITokens(context.Background(), f.a.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range toks {
			if tok.Name == "old" && !slices.Equal(tok.Scopes, []string{portal.ScopeLeadsRead}) {
				t.Errorf("old token's scopes %v, want [leads:read]", tok.Scopes)
			}
		}
		refused(t, f.connect(t, f.adminNoScope), "list_leads", map[string]any{"clientId": f.a.ID}, portal.ScopeLeadsRead)
	})
}

// TestMCPAdminToken: an admin token reaches every client given its id,
// needs one for the client tools, lists the clients and runs a live
// search through the search service.
func TestMCPAdminToken(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		s := f.connect(t, f.admin)
		refused(t, s, "list_leads", nil, "clientId is required")
		refused(t, s, "list_leads", map[string]any{"clientId": "nope"}, "no client")
		if got := ids(ok(t, s, "list_leads", map[string]any{"clientId": f.b.ID}), "leads"); !slices.Equal(got, []string{f.leadB}) {
			t.Errorf("admin list_leads of b: %v", got)
		}
		refused(t, s, "get_lead", map[string]any{"clientId": f.a.ID, "id": f.leadB}, "no lead")
		ok(t, s, "set_lead_state", map[string]any{"clientId": f.b.ID, "id": f.leadB, "state": "contacted"})
		if got := f.leadRow(t, f.leadB); !strings.HasPrefix(got, "contacted|") {
			t.Errorf("admin set_lead_state stored %s", got)
		}
		got := ids(ok(t, s, "list_clients", nil), "clients")
		if !slices.Contains(got, f.a.ID) || !slices.Contains(got, f.b.ID) {
			t.Errorf("list_clients: %v", got)
		}
		out := ok(t, s, "search_posts", map[string]any{"icp": map[string]any{"painPoints": []string{"losing track of leads"}, "targetTitles": []string{"founder"}}})
		if out["searchId"] != "ws_1" || out["status"] != "complete" || len(out["leads"].([]any)) != 1 {
			t.Errorf("search_posts: %v", out)
		}
		if len(f.search.icps) != 1 || !slices.Equal(f.search.icps[0].PainPoints, []string{"losing track of leads"}) || !strings.HasPrefix(f.search.owners[0], "mcp:") {
			t.Errorf("search started with %+v by %v", f.search.icps, f.search.owners)
		}
		if out := ok(t, s, "search_posts", map[string]any{"searchId": "ws_1"}); out["searchId"] != "ws_1" {
			t.Errorf("search_posts by id: %v", out)
		}
		refused(t, s, "search_posts", map[string]any{}, "either icp")
		refused(t, s, "search_posts", map[string]any{"icp": map[string]any{"painPoints": 12}}, "icp.painPoints")
		if len(f.search.icps) != 1 {
			t.Errorf("a refused search started one")
		}
	})
}

// TestMCPBadArguments: arguments the schema or the store refuses are tool
// errors saying what to fix, and change nothing.
func TestMCPBadArguments(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		s := f.connect(t, f.tokenA)
		before := f.leadRow(t, f.leadsA[0])
		refused(t, s, "set_lead_state", map[string]any{"id": f.leadsA[0], "state": "maybe"}, "state")
		refused(t, s, "set_lead_state", map[string]any{"id": f.leadsA[0], "state": clients.StateReviewed}, "state") // the owner's, not the client's
		refused(t, s, "set_lead_state", map[string]any{"id": f.leadsA[0], "state": "won", "note": strings.Repeat("x", 5001)}, "note")
		refused(t, s, "give_feedback", map[string]any{"id": f.leadsA[0], "verdict": "meh"}, "verdict")
		refused(t, s, "give_feedback", map[string]any{"id": f.leadsA[0], "verdict": "good", "reason": strings.Repeat("y", 501)}, "reason")
		refused(t, s, "list_leads", map[string]any{"limit": 101}, "limit")
		refused(t, s, "list_leads", map[string]any{"since": "yesterday"}, "since")
		refused(t, s, "list_leads", map[string]any{"cursor": "forged"}, "cursor")
		refused(t, s, "get_lead", map[string]any{"id": f.leadsA[0], "extra": true}, "extra")
		refused(t, s, "get_lead", map[string]any{}, "id")
		if got := f.leadRow(t, f.leadsA[0]); got != before {
			t.Errorf("lead changed: %s", got)
		}
		// An unknown tool is a JSON-RPC error.
		if _, err := s.CallTool(context.Background(), &sdk.CallToolParams{Name: "drop_leads"}); err == nil || !strings.Contains(err.Error(), "drop_leads") {
			t.Errorf("unknown tool: %v", err)
		}
	})
}

// post sends a raw JSON-RPC body to /mcp.
func (f *fixture) post(t *testing.T, token, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", f.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

const listLeadsCall = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_leads","arguments":{}}}`

// TestMCPHTTP: the HTTP side before the SDK: no token or a revoked one is
// 401 with WWW-Authenticate; a churned client's token 401; malformed
// JSON-RPC 400; an oversized body 413; GET 405 (stateless); a plain
// tools/call answers the client's leads in structuredContent.leads.
func TestMCPHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		code, body := f.post(t, f.tokenA, listLeadsCall)
		var rpc struct {
			Result struct {
				IsError           bool `json:"isError"`
				StructuredContent struct {
					Leads []struct {
						ID string `json:"id"`
					} `json:"leads"`
				} `json:"structuredContent"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(body), &rpc); code != 200 || err != nil || len(rpc.Result.StructuredContent.Leads) != 3 {
			t.Fatalf("tools/call without a session: %d %s", code, body)
		}
		if code, _ := f.post(t, "", listLeadsCall); code != 401 {
			t.Errorf("no token: %d", code)
		}
		if code, _ := f.post(t, "sp_live_notatoken", listLeadsCall); code != 401 {
			t.Errorf("unknown token: %d", code)
		}
		toks, _ := f.store.APITokens(context.Background(), f.b.ID)
		if err := f.store.RevokeAPIToken(context.Background(), f.b.ID, toks[0].ID); err != nil {
			t.Fatal(err)
		}
		if code, _ := f.post(t, f.tokenB, listLeadsCall); code != 401 {
			t.Errorf("revoked token: %d", code)
		}
		admins, _ := f.store.AdminTokens(context.Background())
		for _, a := range admins {
			if err := f.store.RevokeAdminToken(context.Background(), a.ID); err != nil {
				t.Fatal(err)
			}
		}
		if code, _ := f.post(t, f.admin, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_clients","arguments":{}}}`); code != 401 {
			t.Errorf("revoked admin token: %d", code)
		}
		if code, body := f.post(t, f.tokenA, `{"jsonrpc":"2.0","id":1,"method":`); code != 400 {
			t.Errorf("malformed JSON-RPC: %d %s", code, body)
		}
		big := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"give_feedback","arguments":{"id":"` + f.leadsA[0] +
			`","verdict":"good","reason":"` + strings.Repeat("z", mcp.MaxBody) + `"}}}`
		if code, _ := f.post(t, f.tokenA, big); code != 413 {
			t.Errorf("oversized body: %d", code)
		}
		if got := f.leadRow(t, f.leadsA[0]); got != "new|||" {
			t.Errorf("oversized call changed the lead: %s", got)
		}
		req, _ := http.NewRequest("GET", f.url, nil)
		req.Header.Set("Authorization", "Bearer "+f.tokenA)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 405 {
			t.Errorf("GET: %d", res.StatusCode)
		}
		// A churned client's token is 401; a paused one reads but does not write.
		if _, err := f.store.UpdateClient(context.Background(), f.a.ID, func(c *clients.Client) error { c.Status = clients.StatusPaused; return nil }); err != nil {
			t.Fatal(err)
		}
		s := f.connect(t, f.tokenA)
		ok(t, s, "list_leads", nil)
		refused(t, s, "give_feedback", map[string]any{"id": f.leadsA[0], "verdict": "good"}, "paused")
		if _, err := f.store.UpdateClient(context.Background(), f.a.ID, func(c *clients.Client) error { c.Status = clients.StatusChurned; return nil }); err != nil {
			t.Fatal(err)
		}
		if code, _ := f.post(t, f.tokenA, listLeadsCall); code != 401 {
			t.Errorf("churned client's token: %d", code)
		}
	})
}

// TestMCPRateLimit: past its rate a token gets 429 with Retry-After, and
// another token is not held back by it.
func TestMCPRateLimit(t *testing.T) {
	f := newFixtureRate(t, dbtest.SQLite(t), 3)
	for i := range 3 {
		if code, body := f.post(t, f.tokenA, listLeadsCall); code != 200 {
			t.Fatalf("call %d: %d %s", i, code, body)
		}
	}
	req, _ := http.NewRequest("POST", f.url, strings.NewReader(listLeadsCall))
	req.Header.Set("Authorization", "Bearer "+f.tokenA)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
		t.Errorf("fourth call: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if code, _ := f.post(t, f.tokenB, listLeadsCall); code != 200 {
		t.Errorf("another token: %d", code)
	}
}

// BenchmarkMCPListLeads is one stateless tools/call of list_leads over
// HTTP (guard, a server built for the request, three leads read).
func BenchmarkMCPListLeads(b *testing.B) {
	f := newFixtureRate(b, dbtest.SQLite(b), 1_000_000)
	b.ResetTimer()
	for range b.N {
		req, _ := http.NewRequest("POST", f.url, strings.NewReader(listLeadsCall))
		req.Header.Set("Authorization", "Bearer "+f.tokenA)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 200 {
			b.Fatalf("%v %v", err, res)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}
