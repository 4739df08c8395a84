package httpx_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// readAll answers the length of the body it could read, or 413 when the
// body limit stopped it.
var readAll = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		httpx.Error(w, r, http.StatusRequestEntityTooLarge, "too large", nil)
		return
	}
	_, _ = w.Write([]byte(strings.Repeat("x", len(b))))
})

// guard lets through requests with X-Who: want.
func guard(want string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("X-Who") != want {
				httpx.Error(w, r, http.StatusUnauthorized, "authentication required", nil)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// The router mounts each entry with its guard and rate limit, serves API
// paths in the JSON error shape and others before the fallback, and
// LimitBody gives each route its own body limit before routing.
func TestRouterAppliesTheTable(t *testing.T) {
	ro := httpx.NewRouter(httpx.Guards{Admin: guard("admin"), Client: guard("client"), Token: guard("token")})
	ro.Mount(
		httpx.Route{Method: "POST", Path: "/api/open", Handler: readAll, Access: httpx.AccessPublic, OperationID: "open",
			RateLimit: httpx.RateLimit(httpx.NewRateLimiter(2), false)},
		httpx.Route{Method: "POST", Path: "/api/admin/x", Handler: readAll, Access: httpx.AccessAdmin, OperationID: "adminX"},
		httpx.Route{Method: "GET", Path: "/api/client/x", Handler: readAll, Access: httpx.AccessClient, OperationID: "clientX"},
		httpx.Route{Method: "GET", Path: "/api/v1/x", Handler: readAll, Access: httpx.AccessToken, OperationID: "tokenX"},
		httpx.Route{Method: "POST", Path: "/api/small", Handler: readAll, Access: httpx.AccessPublic, OperationID: "small", BodyLimit: 10},
		httpx.Route{Method: "POST", Path: "/api/big", Handler: readAll, Access: httpx.AccessPublic, OperationID: "big", BodyLimit: 100},
		httpx.Route{Method: "GET", Path: "/feed.xml", Handler: readAll, Access: httpx.AccessPublic, OperationID: "feed"},
	)
	fallback := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("app")) })
	h := httpx.Chain(ro.Handler(fallback), ro.LimitBody(50))
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Name: "public", Method: "POST", Path: "/api/open", Body: "abc", WantStatus: 200},
		{Name: "public again", Method: "POST", Path: "/api/open", Body: "abc", WantStatus: 200},
		{Name: "rate limited", Method: "POST", Path: "/api/open", Body: "abc", WantStatus: 429},
		{Name: "admin without session", Method: "POST", Path: "/api/admin/x", Headers: map[string]string{"X-Who": "client"}, WantStatus: 401},
		{Name: "admin", Method: "POST", Path: "/api/admin/x", Headers: map[string]string{"X-Who": "admin"}, WantStatus: 200},
		{Name: "client", Path: "/api/client/x", Headers: map[string]string{"X-Who": "client"}, WantStatus: 200},
		{Name: "client with a token", Path: "/api/client/x", Headers: map[string]string{"X-Who": "token"}, WantStatus: 401},
		{Name: "token", Path: "/api/v1/x", Headers: map[string]string{"X-Who": "token"}, WantStatus: 200},
		{Name: "own small limit", Method: "POST", Path: "/api/small", Body: strings.Repeat("x", 11), WantStatus: 413,
			WantJSON: `{"error":"request body too large"}`},
		{Name: "own big limit over the default", Method: "POST", Path: "/api/big", Body: strings.Repeat("x", 60), WantStatus: 200},
		{Name: "own big limit", Method: "POST", Path: "/api/big", Body: strings.Repeat("x", 101), WantStatus: 413},
		{Name: "default limit", Method: "POST", Path: "/api/admin/x", Headers: map[string]string{"X-Who": "admin"},
			Body: strings.Repeat("x", 51), WantStatus: 413},
		{Name: "default limit before routing", Method: "PUT", Path: "/api/big", Body: strings.Repeat("x", 51), WantStatus: 413},
		{Name: "wrong method", Method: "PUT", Path: "/api/big", WantStatus: 405, WantJSON: `{"error":"method not allowed"}`},
		{Name: "unknown API path", Path: "/api/nope", WantStatus: 404, WantJSON: `{"error":"not found"}`},
		{Name: "outer route", Path: "/feed.xml", WantStatus: 200},
		{Name: "fallback", Path: "/about", WantStatus: 200, WantBody: []string{"app"}},
	})
	var got []string
	for _, rt := range ro.Routes() {
		got = append(got, rt.Pattern()+" "+rt.OperationID)
	}
	if len(got) != 7 || got[0] != "POST /api/open open" || got[6] != "GET /feed.xml feed" {
		t.Fatalf("Routes() = %v", got)
	}
}

// A wrong table fails when it is mounted, not on the first request.
func TestRouterRefusesAWrongTable(t *testing.T) {
	ok := httpx.Route{Method: "GET", Path: "/api/x", Handler: readAll, Access: httpx.AccessPublic, OperationID: "x"}
	for name, tc := range map[string]struct {
		guards httpx.Guards
		table  []httpx.Route
	}{
		"no operationId": {table: []httpx.Route{{Method: "GET", Path: "/api/x", Handler: readAll, Access: httpx.AccessPublic}}},
		"no handler":     {table: []httpx.Route{{Method: "GET", Path: "/api/x", Access: httpx.AccessPublic, OperationID: "x"}}},
		"no access":      {table: []httpx.Route{{Method: "GET", Path: "/api/x", Handler: readAll, OperationID: "x"}}},
		"no admin guard": {table: []httpx.Route{{Method: "GET", Path: "/api/x", Handler: readAll, Access: httpx.AccessAdmin, OperationID: "x"}}},
		"no token guard": {guards: httpx.Guards{Admin: guard("a"), Client: guard("c")}, table: []httpx.Route{{Method: "GET", Path: "/api/x", Handler: readAll, Access: httpx.AccessToken, OperationID: "x"}}},
		"mounted twice":  {table: []httpx.Route{ok, ok}},
		"path without /": {table: []httpx.Route{{Method: "GET", Path: "api/x", Handler: readAll, Access: httpx.AccessPublic, OperationID: "x"}}},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("Mount accepted the table")
				}
			}()
			httpx.NewRouter(tc.guards).Mount(tc.table...)
		})
	}
}
