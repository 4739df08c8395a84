package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/portal"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
)

// tools are the MCP tools of one request, bound to its caller.
type tools struct {
	s   *Server
	c   *portal.Caller
	log *slog.Logger
}

// Tool arguments. Every field is described for the assistant; the schemas
// refuse unknown arguments.
type (
	listLeadsIn struct {
		ClientID string `json:"clientId,omitempty" jsonschema:"Admin tokens only: the id of the client to act on (list_clients gives them). A client's token always acts on its own client; leave this out."`
		State    string `json:"state,omitempty" jsonschema:"Only leads in this state."`
		Tier     string `json:"tier,omitempty" jsonschema:"Only leads of this tier: hot, warm or other."`
		Signal   string `json:"signal,omitempty" jsonschema:"Only leads of this signal type (what the post shows the person wants)."`
		Agent    string `json:"agent,omitempty" jsonschema:"Only leads found by this agent (an id from list_agents)."`
		Since    string `json:"since,omitempty" jsonschema:"Only leads found on or after this date (2026-01-31) or RFC 3339 time."`
		Cursor   string `json:"cursor,omitempty" jsonschema:"The nextCursor of the previous page, to read the next one; leave out for the first page."`
		Limit    int    `json:"limit,omitempty" jsonschema:"Leads per page, 1 to 100 (default 25)."`
	}
	leadIn struct {
		ClientID string `json:"clientId,omitempty" jsonschema:"Admin tokens only: the id of the client to act on (list_clients gives them). A client's token always acts on its own client; leave this out."`
		ID       string `json:"id" jsonschema:"The lead's id (from list_leads)."`
	}
	setStateIn struct {
		ClientID string  `json:"clientId,omitempty" jsonschema:"Admin tokens only: the id of the client to act on (list_clients gives them). A client's token always acts on its own client; leave this out."`
		ID       string  `json:"id" jsonschema:"The lead's id (from list_leads)."`
		State    string  `json:"state" jsonschema:"The lead's new state in the sales workflow."`
		Note     *string `json:"note,omitempty" jsonschema:"A note kept on the lead (what happened, what is next), at most 5000 characters; replaces the lead's note. Leave out to keep the note."`
	}
	feedbackIn struct {
		ClientID string `json:"clientId,omitempty" jsonschema:"Admin tokens only: the id of the client to act on (list_clients gives them). A client's token always acts on its own client; leave this out."`
		ID       string `json:"id" jsonschema:"The lead's id (from list_leads)."`
		Verdict  string `json:"verdict" jsonschema:"good: a real buying signal worth pursuing; noise: not a lead (wrong person, no intent, off topic)."`
		Reason   string `json:"reason,omitempty" jsonschema:"Why, in a few words (at most 500 characters); it tunes the agent that found the lead."`
	}
	clientIn struct {
		ClientID string `json:"clientId,omitempty" jsonschema:"Admin tokens only: the id of the client to act on (list_clients gives them). A client's token always acts on its own client; leave this out."`
	}
	runAgentIn struct {
		ClientID string `json:"clientId,omitempty" jsonschema:"Admin tokens only: the id of the client to act on (list_clients gives them). A client's token always acts on its own client; leave this out."`
		AgentID  string `json:"agentId" jsonschema:"The agent to run now (an id from list_agents)."`
	}
	getRunIn struct {
		ClientID string `json:"clientId,omitempty" jsonschema:"Admin tokens only: the id of the client to act on (list_clients gives them). A client's token always acts on its own client; leave this out."`
		RunID    string `json:"runId" jsonschema:"The run's id (from run_agent)."`
	}
	listClientsIn struct{}
	searchIn      struct {
		ICP      map[string]any `json:"icp,omitempty" jsonschema:"The ideal customer profile to search for, as the live search takes it (POST /api/research-leads): painPoints, targetTitles, industries, competitors, techStack, companySize, geographic, exclusions, knowledgeBase. Give icp to start a search, or searchId to read one."`
		SearchID string         `json:"searchId,omitempty" jsonschema:"The searchId of a search started before, to read its leads."`
	}
)

// Outputs: the JSON of /api/v1 and the admin API.
type (
	leadsOut struct {
		Leads      []*clients.ClientLead `json:"leads"`
		NextCursor string                `json:"nextCursor"`
	}
	agentsOut struct {
		Agents []*clients.Agent `json:"agents"`
	}
	runOut struct {
		RunID string `json:"runId"`
	}
	clientsOut struct {
		Clients []*clients.ClientSummary `json:"clients"`
	}
	searchOut struct {
		SearchID string        `json:"searchId"`
		Status   string        `json:"status"`
		Leads    []engine.Lead `json:"leads"`
		Note     string        `json:"note,omitempty"`
	}
)

// Output schemas, made once so the SDK resolves each once (its SchemaCache
// keys on the schema).
var (
	leadsSchema   = objectSchema([]string{"leads", "nextCursor"}, map[string]string{"leads": "array", "nextCursor": "string"})
	leadSchema    = objectSchema([]string{"id", "state", "lead"}, map[string]string{"id": "string", "state": "string", "lead": "object", "note": "string"})
	agentsSchema  = objectSchema([]string{"agents"}, map[string]string{"agents": "array"})
	runIDSchema   = objectSchema([]string{"runId"}, map[string]string{"runId": "string"})
	runSchema     = objectSchema([]string{"id", "status"}, map[string]string{"id": "string", "status": "string"})
	clientsSchema = objectSchema([]string{"clients"}, map[string]string{"clients": "array"})
	searchSchema  = objectSchema([]string{"searchId", "status", "leads"}, map[string]string{"searchId": "string", "status": "string", "leads": "array"})
)

// objectSchema is a tool's output schema: an object with the named
// properties, so an assistant knows where the result is.
func objectSchema(required []string, props map[string]string) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Required: required, Properties: map[string]*jsonschema.Schema{}}
	for name, typ := range props {
		s.Properties[name] = &jsonschema.Schema{Type: typ}
	}
	return s
}

// inputSchema is T's schema with the enums filled in.
func inputSchema[T any](enums map[string][]string) *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(fmt.Sprintf("mcp: schema of %T: %v", *new(T), err))
	}
	for name, values := range enums {
		p := s.Properties[name]
		p.Enum = nil
		for _, v := range values {
			p.Enum = append(p.Enum, v)
		}
	}
	return s
}

// in is the input schema key of this caller's kind (client or admin: the
// enums differ), made once per server so the SDK resolves it once.
func (t *tools) in(key string, build func() *jsonschema.Schema) *jsonschema.Schema {
	k := fmt.Sprint(key, "/", t.c.Admin)
	if v, ok := t.s.schemas.Load(k); ok {
		return v.(*jsonschema.Schema)
	}
	v, _ := t.s.schemas.LoadOrStore(k, build())
	return v.(*jsonschema.Schema)
}

func signalTypes() []string {
	var out []string
	for _, t := range engine.SignalTypes {
		if t != engine.None {
			out = append(out, string(t))
		}
	}
	return out
}

// add registers one tool. Its handler finds the call's caller (the token
// guard's, handed to the SDK as the request's TokenInfo), checks scope
// first and runs h under callTimeout.
func add[In any](t *tools, srv *sdk.Server, tool *sdk.Tool, scope string, h func(t *tools, ctx context.Context, in In) (any, error)) {
	sdk.AddTool(srv, tool, func(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, any, error) {
		c := callerOf(req)
		if c == nil || c.Admin != t.c.Admin { // never: the guard and serverFor see to it
			return nil, nil, failf("this call carries no valid token")
		}
		call := &tools{s: t.s, c: c, log: t.log}
		if scope != "" && !c.Has(scope) {
			return nil, nil, failf("this token lacks the %s scope, which %s needs; make a token with %s (portal: API tokens)", scope, tool.Name, scope)
		}
		ctx, cancel := context.WithTimeout(ctx, callTimeout)
		defer cancel()
		out, err := h(call, ctx, in)
		if err != nil {
			return nil, nil, call.outcome(tool.Name, err)
		}
		return nil, out, nil
	})
}

// callerOf is the caller a tool call carries (tokenInfo).
func callerOf(req *sdk.CallToolRequest) *portal.Caller {
	if req == nil || req.Extra == nil || req.Extra.TokenInfo == nil {
		return nil
	}
	c, _ := req.Extra.TokenInfo.Extra[callerKey].(*portal.Caller)
	return c
}

// register adds the tools of one kind of caller (t.c.Admin) to srv; t.c
// carries nothing else (each call has its own caller).
func (t *tools) register(srv *sdk.Server) {
	ro := &sdk.ToolAnnotations{ReadOnlyHint: true}
	add(t, srv, &sdk.Tool{Name: "list_leads", Annotations: ro,
		Description: "List the client's leads, newest first: people whose public posts show a buying signal, with tier, score and state. " +
			"Filter by state, tier, signal type, agent or date; page with cursor (the answer's nextCursor, empty on the last page). " +
			"Use get_lead for a lead's evidence and draft message.",
		InputSchema: t.in("listLeadsIn", func() *jsonschema.Schema {
			return inputSchema[listLeadsIn](map[string][]string{"state": clients.LeadStates, "tier": {"hot", "warm", "other"}, "signal": signalTypes()})
		}),
		OutputSchema: leadsSchema}, portal.ScopeLeadsRead, (*tools).listLeads)
	add(t, srv, &sdk.Tool{Name: "get_lead", Annotations: ro,
		Description: "Read one lead in full: the post and its link, the person and company, the evidence for the signal (lead.detection, lead.relevance, lead.fit), " +
			"the drafted first message (lead.draft), its state, note and feedback.",
		InputSchema: t.in("leadIn", func() *jsonschema.Schema { return inputSchema[leadIn](nil) }), OutputSchema: leadSchema}, portal.ScopeLeadsRead, (*tools).getLead)
	add(t, srv, &sdk.Tool{Name: "set_lead_state",
		Description: "Move a lead along the sales workflow (" + strings.Join(t.states(), ", ") + "), with an optional note. Answers the updated lead.",
		InputSchema: t.in("setStateIn", func() *jsonschema.Schema { return inputSchema[setStateIn](map[string][]string{"state": t.states()}) }), OutputSchema: leadSchema,
		Annotations: &sdk.ToolAnnotations{IdempotentHint: true, DestructiveHint: new(false)}}, portal.ScopeLeadsWrite, (*tools).setState)
	add(t, srv, &sdk.Tool{Name: "give_feedback",
		Description: "Judge a lead good or noise, with a reason: the same feedback as the inbox's Good / Noise buttons. It tunes the agent that found the lead. Answers the updated lead.",
		InputSchema: t.in("feedbackIn", func() *jsonschema.Schema {
			return inputSchema[feedbackIn](map[string][]string{"verdict": {clients.VerdictGood, clients.VerdictNoise}})
		}), OutputSchema: leadSchema,
		Annotations: &sdk.ToolAnnotations{IdempotentHint: true, DestructiveHint: new(false)}}, portal.ScopeLeadsRead, (*tools).feedback)
	add(t, srv, &sdk.Tool{Name: "list_agents", Annotations: ro,
		Description: "List the client's agents: each watches sources for posts matching the client's ideal customer, on a schedule, and adds leads to the inbox.",
		InputSchema: t.in("clientIn", func() *jsonschema.Schema { return inputSchema[clientIn](nil) }), OutputSchema: agentsSchema},
		portal.ScopeAgentsRun, (*tools).listAgents)
	add(t, srv, &sdk.Tool{Name: "run_agent",
		Description: "Run an agent now, outside its schedule. Answers the run's id at once; the run takes a minute or more: read it with get_run.",
		InputSchema: t.in("runAgentIn", func() *jsonschema.Schema { return inputSchema[runAgentIn](nil) }), OutputSchema: runIDSchema,
		Annotations: &sdk.ToolAnnotations{DestructiveHint: new(false)}}, portal.ScopeAgentsRun, (*tools).runAgent)
	add(t, srv, &sdk.Tool{Name: "get_run", Annotations: ro,
		Description: "Read an agent run: status (running, complete, failed), posts read, leads added, each source's state and notes. New leads appear in list_leads.",
		InputSchema: t.in("getRunIn", func() *jsonschema.Schema { return inputSchema[getRunIn](nil) }), OutputSchema: runSchema},
		portal.ScopeAgentsRun, (*tools).getRun)
	if !t.c.Admin {
		return
	}
	add(t, srv, &sdk.Tool{Name: "list_clients", Annotations: ro,
		Description: "Admin: list every client with its status, leads this month and last run. Their ids are the clientId of the other tools.",
		InputSchema: t.in("listClientsIn", func() *jsonschema.Schema { return inputSchema[listClientsIn](nil) }), OutputSchema: clientsSchema},
		portal.ScopeLeadsRead, (*tools).listClients)
	add(t, srv, &sdk.Tool{Name: "search_posts",
		Description: "Admin: a live search of public posts for an ideal customer profile (icp), through the same search as the site's. " +
			"Starting one waits up to 20 seconds; if it is still running, call again with the answer's searchId to read more. Leads are best first.",
		InputSchema: t.in("searchIn", func() *jsonschema.Schema { return inputSchema[searchIn](nil) }), OutputSchema: searchSchema,
		Annotations: &sdk.ToolAnnotations{DestructiveHint: new(false), OpenWorldHint: new(true)}}, portal.ScopeLeadsRead, (*tools).searchPosts)
}

// client is the client a call acts on: a client token's own, or the
// admin's choice. It never answers "" (which the store reads as any client).
func (t *tools) client(ctx context.Context, arg string) (string, error) {
	if !t.c.Admin {
		if arg != "" && arg != t.c.ClientID {
			return "", failf("this token reaches its own client only; leave clientId out")
		}
		return t.c.ClientID, nil
	}
	if arg == "" {
		return "", failf("clientId is required with an admin token: list_clients gives the ids")
	}
	if _, err := t.s.store.Client(ctx, arg); errors.Is(err, clients.ErrNotFound) {
		return "", failf("there is no client %q: list_clients gives the ids", arg)
	} else if err != nil {
		return "", err
	}
	return arg, nil
}

// writable refuses a client token's change to a paused or closed workspace,
// as the REST API does.
func (t *tools) writable(ctx context.Context, clientID string) error {
	if t.c.Admin {
		return nil
	}
	err := t.s.store.CheckWritable(ctx, clientID)
	if msg := portal.ErrorMessage(err); msg != "" {
		return failf("%s", msg)
	}
	return err
}

func noLead(id string) error {
	return failf("there is no lead %q in this client's inbox: list_leads gives the ids", id)
}

func (t *tools) listLeads(ctx context.Context, in listLeadsIn) (any, error) {
	clientID, err := t.client(ctx, in.ClientID)
	if err != nil {
		return nil, err
	}
	f, err := clients.ParseLeadFilter(clients.LeadQuery{State: in.State, Agent: in.Agent, Tier: in.Tier, Signal: in.Signal,
		Since: in.Since, Cursor: in.Cursor, Limit: in.Limit})
	if err != nil {
		return nil, err
	}
	f.Delivered = !t.c.Admin // a client's assistant sees what reached the client, as /api/v1 does
	leads, next, err := t.s.store.Leads(ctx, clientID, f)
	if err != nil {
		return nil, err
	}
	return leadsOut{Leads: leads, NextCursor: next}, nil
}

// lead reads lead id of the call's client; another client's is noLead.
func (t *tools) lead(ctx context.Context, clientArg, id string) (string, *clients.ClientLead, error) {
	clientID, err := t.client(ctx, clientArg)
	if err != nil {
		return "", nil, err
	}
	if id == "" || len(id) > 200 {
		return "", nil, failf("id must be a lead's id: list_leads gives them")
	}
	l, err := t.s.store.Lead(ctx, clientID, id)
	if errors.Is(err, clients.ErrNotFound) {
		return "", nil, noLead(id)
	}
	return clientID, l, err
}

func (t *tools) getLead(ctx context.Context, in leadIn) (any, error) {
	_, l, err := t.lead(ctx, in.ClientID, in.ID)
	return l, err
}

// states are the states the caller may set: a client's sales workflow,
// or every inbox state for an admin.
func (t *tools) states() []string {
	if t.c.Admin {
		return clients.LeadStates
	}
	return clients.ClientStates
}

func (t *tools) setState(ctx context.Context, in setStateIn) (any, error) {
	if err := clients.CheckLeadEdit(&in.State, in.Note); err != nil {
		return nil, err
	}
	if !slices.Contains(t.states(), in.State) {
		return nil, failf("invalid arguments: state: must be one of %s", strings.Join(t.states(), ", "))
	}
	clientID, _, err := t.lead(ctx, in.ClientID, in.ID)
	if err != nil {
		return nil, err
	}
	if err := t.writable(ctx, clientID); err != nil {
		return nil, err
	}
	l, err := t.s.store.UpdateLead(ctx, clientID, in.ID, clients.LeadEdit{State: &in.State, Note: in.Note})
	if errors.Is(err, clients.ErrNotFound) {
		return nil, noLead(in.ID)
	}
	return l, err
}

func (t *tools) feedback(ctx context.Context, in feedbackIn) (any, error) {
	fb := clients.Feedback{Verdict: in.Verdict, Reason: in.Reason}
	if err := clients.CheckFeedback(&fb); err != nil {
		return nil, err
	}
	clientID, _, err := t.lead(ctx, in.ClientID, in.ID)
	if err != nil {
		return nil, err
	}
	if err := t.writable(ctx, clientID); err != nil {
		return nil, err
	}
	l, err := t.s.store.UpdateLead(ctx, clientID, in.ID, clients.LeadEdit{Feedback: &fb})
	if errors.Is(err, clients.ErrNotFound) {
		return nil, noLead(in.ID)
	}
	return l, err
}

func (t *tools) listAgents(ctx context.Context, in clientIn) (any, error) {
	clientID, err := t.client(ctx, in.ClientID)
	if err != nil {
		return nil, err
	}
	list, err := t.s.store.Agents(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return agentsOut{Agents: list}, nil
}

func (t *tools) runAgent(ctx context.Context, in runAgentIn) (any, error) {
	clientID, err := t.client(ctx, in.ClientID)
	if err != nil {
		return nil, err
	}
	a, err := t.s.store.Agent(ctx, in.AgentID)
	if errors.Is(err, clients.ErrNotFound) || err == nil && a.ClientID != clientID {
		return nil, failf("there is no agent %q of this client: list_agents gives the ids", in.AgentID)
	}
	if err != nil {
		return nil, err
	}
	if err := t.writable(ctx, clientID); err != nil {
		return nil, err
	}
	id, err := t.s.store.StartRun(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	t.log.Info("mcp agent run started", "client", clientID, "agent", a.ID, "run", id, "token_id", t.c.TokenID)
	return runOut{RunID: id}, nil
}

func (t *tools) getRun(ctx context.Context, in getRunIn) (any, error) {
	clientID, err := t.client(ctx, in.ClientID)
	if err != nil {
		return nil, err
	}
	run, err := t.s.store.Run(ctx, in.RunID)
	if errors.Is(err, clients.ErrNotFound) || err == nil && run.ClientID != clientID {
		return nil, failf("there is no run %q of this client: run_agent answers a run's id", in.RunID)
	}
	return run, err
}

func (t *tools) listClients(ctx context.Context, _ listClientsIn) (any, error) {
	list, err := t.s.store.Overview(ctx, 500)
	if err != nil {
		return nil, err
	}
	return clientsOut{Clients: list}, nil
}

func (t *tools) searchPosts(ctx context.Context, in searchIn) (any, error) {
	if t.s.opt.Search == nil {
		return nil, failf("live search is off on this server")
	}
	id := in.SearchID
	switch {
	case (in.ICP == nil) == (id == ""):
		return nil, failf("give either icp (to start a search) or searchId (to read one), not both")
	case id != "":
		if len(id) > 100 || !strings.HasPrefix(id, "ws_") {
			return nil, failf("searchId must be the searchId an earlier search_posts answered")
		}
	default:
		raw := map[string]json.RawMessage{}
		for k, v := range in.ICP {
			b, err := json.Marshal(v)
			if err != nil {
				return nil, failf("icp.%s is not JSON", k)
			}
			raw[k] = b
		}
		p, fields := search.ParseICP(raw)
		if fields != nil {
			prefixed := map[string]string{}
			for k, v := range fields {
				prefixed["icp."+k] = v
			}
			return nil, failf("invalid icp: %s", describe(prefixed))
		}
		id, err := t.s.opt.Search.Start(ctx, p, "mcp:"+t.c.TokenID)
		if errors.Is(err, search.ErrBusy) {
			return nil, failf("too many searches are running; try again in a minute")
		}
		if err != nil {
			return nil, err
		}
		t.log.Info("mcp search started", "search", id, "token_id", t.c.TokenID)
		return t.waitSearch(ctx, id)
	}
	return t.readSearch(ctx, id)
}

// waitSearch reads a new search until it completes or searchWait passes.
func (t *tools) waitSearch(ctx context.Context, id string) (any, error) {
	deadline := time.Now().Add(searchWait)
	for {
		out, err := t.readSearch(ctx, id)
		if err != nil || out.Status != search.StatusRunning || time.Now().After(deadline) {
			return out, err
		}
		select {
		case <-ctx.Done():
			return out, nil
		case <-time.After(time.Second):
		}
	}
}

func (t *tools) readSearch(ctx context.Context, id string) (searchOut, error) {
	status, leads, err := t.s.opt.Search.Status(ctx, []string{id}, true)
	if err != nil {
		return searchOut{}, err
	}
	if leads == nil {
		leads = []engine.Lead{}
	}
	out := searchOut{SearchID: id, Status: status, Leads: leads}
	if status == search.StatusRunning {
		out.Note = "still running: call search_posts again with this searchId for more"
	}
	return out, nil
}

// describe lists field errors, sorted: "state: must be one of ...; ...".
func describe(fields map[string]string) string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+": "+fields[k])
	}
	return strings.Join(slices.Compact(parts), "; ")
}
