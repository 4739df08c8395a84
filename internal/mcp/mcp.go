// Package mcp serves Signalpipe's MCP server (docs/api.md "MCP server"):
// the Model Context Protocol over Streamable HTTP at /mcp, so a client's
// assistant reads and acts on its leads with the client's API token, and
// an admin token's assistant on every client's.
//
// It is built on the official Go SDK (github.com/modelcontextprotocol/go-sdk)
// rather than hand-written JSON-RPC: the SDK owns the protocol (version
// negotiation, batching, schema validation of tool arguments, the
// structuredContent of results), which the spec revises often.
//
// The transport is stateless: every POST carries its own bearer token,
// checked by the route's token guard before the SDK sees the request, so
// no session outlives its token. The tools reuse internal/clients' store
// and validation, so results are the JSON of /api/v1 and the admin API.
package mcp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/portal"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Limits of the MCP server: the REST API's body bound, a per-token rate,
// and a timeout on each tool call.
const (
	// MaxBody bounds a request (a JSON-RPC message and its arguments), as
	// the REST API bounds its bodies.
	MaxBody = 64 << 10
	// RatePerMinute is how many MCP requests one token may make a minute.
	RatePerMinute = 300
	// callTimeout bounds one tool call's work.
	callTimeout = 30 * time.Second
	// searchWait is how long search_posts waits for a new search before it
	// answers with the search id to ask again with.
	searchWait = 20 * time.Second
)

// Searcher starts a live search and reports on it (search.Service).
type Searcher interface {
	Start(ctx context.Context, p engine.ICP, owner string) (string, error)
	Status(ctx context.Context, ids []string, admin bool) (string, []engine.Lead, error)
}

// Options configure the server.
type Options struct {
	// Search runs search_posts; nil leaves the tool answering that live
	// search is off.
	Search Searcher
	// Version is the server version named in initialize.
	Version string
	Logger  *slog.Logger
	// RatePerMinute overrides RatePerMinute (tests); 0 keeps it.
	RatePerMinute int
}

// Server is the MCP server.
type Server struct {
	store   *portal.Store
	opt     Options
	limiter *httpx.RateLimiter
	cache   *sdk.SchemaCache
	schemas sync.Map // input schemas by tool and caller kind (tools.in)
	// client and admin are the MCP servers of the two kinds of token,
	// built once; a call's own caller travels in its TokenInfo.
	client, admin *sdk.Server
	handler       http.Handler
}

// New returns the MCP server over store.
func New(store *portal.Store, opt Options) *Server {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.Version == "" {
		opt.Version = "dev"
	}
	rate := RatePerMinute
	if opt.RatePerMinute > 0 {
		rate = opt.RatePerMinute
	}
	s := &Server{store: store, opt: opt, limiter: httpx.NewRateLimiter(rate), cache: sdk.NewSchemaCache()}
	s.client, s.admin = s.build(false), s.build(true)
	sdkHandler := sdk.NewStreamableHTTPHandler(s.serverFor, &sdk.StreamableHTTPOptions{
		Stateless:    true,
		JSONResponse: true,
		Logger:       opt.Logger,
		// The SDK's DNS-rebinding guard refuses a request that reached a
		// loopback address with another Host, which is every request
		// behind a reverse proxy on the same machine. It protects servers
		// a browser can reach with ambient credentials; this one takes a
		// bearer token only, which a browser never adds by itself.
		DisableLocalhostProtection: true,
	})
	// The route's token guard (portal.Portal) has checked the token and
	// put its Caller in the context; the SDK's bearer middleware hands it
	// on as the request's TokenInfo, which every tool call carries.
	s.handler = auth.RequireBearerToken(func(_ context.Context, _ string, r *http.Request) (*auth.TokenInfo, error) {
		c := portal.CallerFrom(r.Context())
		if c == nil {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{Scopes: c.Scopes, UserID: c.TokenID, Extra: map[string]any{callerKey: c}}, nil
	}, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(sdkHandler)
	return s
}

// callerKey is where a TokenInfo holds the portal.Caller.
const callerKey = "signalpipe.caller"

// build is the MCP server of one kind of token (admin or a client's).
func (s *Server) build(admin bool) *sdk.Server {
	kind := &portal.Caller{Admin: admin}
	srv := sdk.NewServer(&sdk.Implementation{Name: "signalpipe", Title: "Signalpipe", Version: s.opt.Version},
		&sdk.ServerOptions{Instructions: instructions(kind), SchemaCache: s.cache, Logger: s.opt.Logger})
	(&tools{s: s, c: kind, log: s.opt.Logger}).register(srv)
	return srv
}

// Routes is the MCP server's route table: the Streamable HTTP endpoint,
// behind the token guard (a client's or an admin's API token), the REST
// API's body limit and a per-token rate limit. The transport is stateless,
// so GET and DELETE (a session's stream and its end) answer 405.
func (s *Server) Routes() []httpx.Route {
	token := httpx.AccessToken
	rt := func(method, op string) httpx.Route {
		return httpx.Route{Method: method, Path: portal.MCPPath, Handler: s.handler, Access: token,
			BodyLimit: MaxBody, RateLimit: s.rateLimit, OperationID: op}
	}
	return []httpx.Route{rt("POST", "postMcp"), rt("GET", "getMcp"), rt("DELETE", "deleteMcp")}
}

// RouteList names every route of the package ("METHOD /path").
func RouteList() []string {
	var out []string
	for _, rt := range (&Server{}).Routes() {
		out = append(out, rt.Pattern())
	}
	return out
}

// rateLimit allows each token RatePerMinute requests a minute (inside the
// guard, so the caller is known); more answer 429 with Retry-After.
func (s *Server) rateLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := portal.CallerFrom(r.Context())
		if c != nil && s.limiter != nil {
			if ok, wait := s.limiter.Allow("token:" + c.TokenID); !ok {
				httpx.TooManyRequests(w, r, wait)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// serverFor is the MCP server of a request's kind of token (the guard
// put the caller in the context); none without one, which the SDK answers
// 400 (the guard never lets such a request through).
func (s *Server) serverFor(r *http.Request) *sdk.Server {
	switch c := portal.CallerFrom(r.Context()); {
	case c == nil:
		return nil
	case c.Admin:
		return s.admin
	default:
		return s.client
	}
}

// instructions tell the assistant what the token reaches.
func instructions(c *portal.Caller) string {
	who := "one client's workspace: every tool acts on that client's leads and agents."
	if c.Admin {
		who = "every client (an admin token): list_clients names them; give clientId to the lead and agent tools."
	}
	return "Signalpipe finds buying signals in public posts and keeps them as leads. This token reaches " + who +
		" A tool the token's scopes do not cover answers an error naming the scope."
}

// toolError is a tool's failure as the assistant reads it: a message a
// person can act on. Store failures are logged and answered generically.
type toolError struct{ msg string }

func (e *toolError) Error() string { return e.msg }

func failf(format string, args ...any) error { return &toolError{fmt.Sprintf(format, args...)} }

// outcome turns err into the tool error the assistant sees.
func (t *tools) outcome(tool string, err error) error {
	var te *toolError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &te):
		return te
	case errors.Is(err, context.DeadlineExceeded):
		return failf("%s took longer than %s; try again, or narrow the request", tool, callTimeout)
	}
	if fe := clients.ErrorFields(err); fe != nil {
		return failf("invalid arguments: %s", describe(fe))
	}
	t.log.Error("mcp tool failed", "tool", tool, "err", err)
	return failf("%s failed on the server; try again in a minute (the error is logged)", tool)
}
