package httpx

import (
	"fmt"
	"net/http"
	"strings"
)

// Access says who may call a route; the Router wraps the route's handler in
// the matching guard (docs/architecture.md "Adding a route").
type Access string

// The access levels of a route.
const (
	// AccessPublic routes need no credentials (the handler may still ask for
	// something of its own, such as the demo key).
	AccessPublic Access = "public"
	// AccessAdmin routes need an admin session, and writes its CSRF token
	// from the site's own origin (auth.Service.RequireAdmin).
	AccessAdmin Access = "admin"
	// AccessClient routes need a client portal user's session
	// (auth.Service.RequireClient on the client role).
	AccessClient Access = "client"
	// AccessToken routes need an API token (Authorization: Bearer): a
	// client's, or an admin token where the handler accepts one (/mcp).
	AccessToken Access = "token"
)

// Route is one entry of a feature's route table: every fact about a route
// that the server, the OpenAPI test and the docs need, written once. A
// feature exports its table (Routes() []httpx.Route) and the server mounts
// it with a Router; nothing else names the route's path.
type Route struct {
	// Method is the HTTP method ("GET", "POST", ...).
	Method string
	// Path is the ServeMux path pattern, e.g. "/api/admin/clients/{id}".
	Path string
	// Handler serves the route; the Router adds the guard and the rate limit.
	Handler http.Handler
	// Access says who may call it; the Router applies the guard.
	Access Access
	// BodyLimit caps the request body in bytes; 0 means DefaultMaxBody.
	BodyLimit int64
	// RateLimit wraps the handler inside the guard (a per-client limit such
	// as RateLimit(l, trust)); nil for none.
	RateLimit func(http.Handler) http.Handler
	// OperationID is the route's operationId in the OpenAPI document
	// (internal/api/openapi.json), unique across the API.
	OperationID string
}

// Pattern is the route's ServeMux pattern, "METHOD /path".
func (rt Route) Pattern() string { return rt.Method + " " + rt.Path }

// Guards wrap a handler so only the given callers reach it; a nil guard
// makes mounting a route of that access level panic.
type Guards struct {
	Admin, Client, Token func(http.Handler) http.Handler
}

// Router mounts route tables: JSON API routes (under /api) on one mux
// answered in the JSON error shape, the others (health checks, robots.txt,
// feeds) on the outer mux, before the web app's catch-all. It records every
// mounted route, so the body limits and the OpenAPI test read the same table.
type Router struct {
	api, outer *http.ServeMux
	guards     Guards
	routes     []Route
	limits     map[string]int64 // by Pattern
}

// NewRouter returns an empty router whose guards protect the admin, client
// and token routes.
func NewRouter(g Guards) *Router {
	return &Router{api: http.NewServeMux(), outer: http.NewServeMux(), guards: g, limits: map[string]int64{}}
}

// Mount mounts every route of a table. It panics on an incomplete entry
// (no handler, no operationId, an unknown access level or a missing guard)
// or a pattern mounted twice, so a wrong table fails at start-up and in
// every server test.
func (ro *Router) Mount(table ...Route) {
	for _, rt := range table {
		h, err := ro.wrap(rt)
		if err != nil {
			panic(fmt.Sprintf("httpx: route %s: %v", rt.Pattern(), err))
		}
		if _, dup := ro.limits[rt.Pattern()]; dup {
			panic(fmt.Sprintf("httpx: route %s mounted twice", rt.Pattern()))
		}
		if IsAPIPath(rt.Path) {
			ro.api.Handle(rt.Pattern(), h)
		} else {
			ro.outer.Handle(rt.Pattern(), h)
		}
		ro.limits[rt.Pattern()] = rt.BodyLimit
		ro.routes = append(ro.routes, rt)
	}
}

func (ro *Router) wrap(rt Route) (http.Handler, error) {
	if rt.Handler == nil || rt.OperationID == "" || !strings.HasPrefix(rt.Path, "/") {
		return nil, fmt.Errorf("needs a Handler, an OperationID and a Path starting with /")
	}
	h := rt.Handler
	if rt.RateLimit != nil {
		h = rt.RateLimit(h)
	}
	var guard func(http.Handler) http.Handler
	switch rt.Access {
	case AccessPublic:
		return h, nil
	case AccessAdmin:
		guard = ro.guards.Admin
	case AccessClient:
		guard = ro.guards.Client
	case AccessToken:
		guard = ro.guards.Token
	default:
		return nil, fmt.Errorf("unknown Access %q", rt.Access)
	}
	if guard == nil {
		return nil, fmt.Errorf("no guard for Access %q", rt.Access)
	}
	return guard(h), nil
}

// MountMux mounts table on mux as Router.Mount does (guard, rate limit,
// and a route's own BodyLimit when it sets one), without the default body
// limit or the split between the API and other paths: for a feature's own
// tests, which serve its table alone.
func MountMux(mux *http.ServeMux, g Guards, table ...Route) {
	ro := &Router{guards: g}
	for _, rt := range table {
		h, err := ro.wrap(rt)
		if err != nil {
			panic(fmt.Sprintf("httpx: route %s: %v", rt.Pattern(), err))
		}
		if rt.BodyLimit > 0 {
			h = LimitBody(rt.BodyLimit)(h)
		}
		mux.Handle(rt.Pattern(), h)
	}
}

// Routes returns every mounted route, in mounting order.
func (ro *Router) Routes() []Route { return append([]Route(nil), ro.routes...) }

// Handler serves the mounted routes: /api paths from the API mux (unknown
// ones answer the JSON 404 or 405), others from the outer mux, and
// anything else from fallback (the web app). Call it once, after the last
// Mount.
func (ro *Router) Handler(fallback http.Handler) http.Handler {
	ro.outer.Handle("/api/", JSONErrors(ro.api))
	ro.outer.Handle("/", fallback)
	return JSONErrors(ro.outer)
}

// LimitBody caps each request's body at its route's BodyLimit, or at def
// for requests no route matches and routes without one. It runs before
// routing (a middleware around Handler), so an oversized body is refused
// with 413 whatever the path.
func (ro *Router) LimitBody(def int64) func(http.Handler) http.Handler {
	byLimit := map[int64]func(http.Handler) http.Handler{}
	limiter := func(n int64) func(http.Handler) http.Handler {
		if n <= 0 {
			n = def
		}
		if _, ok := byLimit[n]; !ok {
			byLimit[n] = LimitBody(n)
		}
		return byLimit[n]
	}
	limiter(def)
	for _, n := range ro.limits {
		limiter(n)
	}
	return func(next http.Handler) http.Handler {
		wrapped := map[int64]http.Handler{}
		for n, mw := range byLimit {
			wrapped[n] = mw(next)
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n := ro.limits[ro.pattern(r)]
			if n <= 0 {
				n = def
			}
			wrapped[n].ServeHTTP(w, r)
		})
	}
}

// pattern is the pattern of the mounted route r matches, or "".
func (ro *Router) pattern(r *http.Request) string {
	mux := ro.outer
	if IsAPIPath(r.URL.Path) {
		mux = ro.api
	}
	_, p := mux.Handler(r)
	return p
}
