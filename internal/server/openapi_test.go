package server

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/api"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// openAPIOperation is what the check reads of an operation.
type openAPIOperation struct {
	OperationID string                     `json:"operationId"`
	Security    *[]map[string][]string     `json:"security"`
	Responses   map[string]json.RawMessage `json:"responses"`
}

// sessionSchemes are the security schemes that stand for a guard.
var sessionSchemes = map[httpx.Access]string{httpx.AccessAdmin: "adminSession",
	httpx.AccessClient: "clientSession", httpx.AccessToken: "apiToken"}

// TestOpenAPIDescribesEveryRoute iterates the route tables the server
// mounted (every feature's Routes()) and fails when a route is missing from
// internal/api/openapi.json, when the document lists a route no table
// mounts, or when an operation's operationId, security or 429 answer does
// not match its table entry. Its messages say what to add or remove.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	s, _ := newTestServer(t, nil)
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(api.Document, &doc); err != nil {
		t.Fatalf("internal/api/openapi.json does not parse: %v", err)
	}
	documented := map[string]openAPIOperation{}
	for path, ops := range doc.Paths {
		for method, raw := range ops {
			if method == "parameters" || method == "summary" || method == "description" {
				continue
			}
			var op openAPIOperation
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			documented[strings.ToUpper(method)+" "+path] = op
		}
	}
	routes := s.router.Routes()
	if len(routes) < 50 {
		t.Fatalf("only %d routes mounted: the tables were not read", len(routes))
	}
	mounted := map[string]bool{}
	for _, rt := range routes {
		mounted[rt.Pattern()] = true
		op, ok := documented[rt.Pattern()]
		if !ok {
			t.Errorf("%s is mounted but internal/api/openapi.json does not describe it: add under \"paths\" → %q → %q "+
				"an operation with \"operationId\": %q, \"security\": %s, its parameters, body and responses%s, and a row in docs/api.md",
				rt.Pattern(), rt.Path, strings.ToLower(rt.Method), rt.OperationID, securityFor(rt.Access), also429(rt))
			continue
		}
		if op.OperationID != rt.OperationID {
			t.Errorf("%s: openapi.json's operationId is %q, the route table's %q: make them the same", rt.Pattern(), op.OperationID, rt.OperationID)
		}
		if msg := checkSecurity(rt.Access, op.Security); msg != "" {
			t.Errorf("%s (Access %s): %s; declare \"security\": %s", rt.Pattern(), rt.Access, msg, securityFor(rt.Access))
		}
		if _, ok := op.Responses["429"]; rt.RateLimit != nil && !ok {
			t.Errorf("%s is rate limited but openapi.json lists no \"429\" response: add one (with Retry-After)", rt.Pattern())
		}
	}
	var extra []string
	for p := range documented {
		if !mounted[p] {
			extra = append(extra, p)
		}
	}
	sort.Strings(extra)
	for _, p := range extra {
		t.Errorf("internal/api/openapi.json describes %s, which no route table mounts: remove it, or add the route "+
			"(with its operationId %q) to its feature's Routes() and mount that in internal/server/routes.go", p, documented[p].OperationID)
	}
}

// securityFor is the security requirement an access level stands for.
func securityFor(a httpx.Access) string {
	if scheme, ok := sessionSchemes[a]; ok {
		return fmt.Sprintf(`[{"%s": []}]`, scheme)
	}
	return "[]"
}

func also429(rt httpx.Route) string {
	if rt.RateLimit != nil {
		return " (a \"429\" with Retry-After: it is rate limited)"
	}
	return ""
}

// checkSecurity says what is wrong with an operation's security for a
// route of access a, or "". A public route may ask for a key of its own (the
// demo key) but must be callable without a session; a guarded one must
// need its session or token in every alternative.
func checkSecurity(a httpx.Access, sec *[]map[string][]string) string {
	if sec == nil {
		return "the operation declares no security"
	}
	scheme, guarded := sessionSchemes[a]
	if !guarded {
		for _, alt := range *sec {
			if !needsSession(alt) {
				return ""
			}
		}
		if len(*sec) == 0 {
			return ""
		}
		return "every alternative needs a session or token, but the route is public"
	}
	if len(*sec) == 0 {
		return "it is documented as public"
	}
	for _, alt := range *sec {
		if _, ok := alt[scheme]; !ok {
			return fmt.Sprintf("an alternative does not need %s", scheme)
		}
	}
	return ""
}

func needsSession(alt map[string][]string) bool {
	for _, scheme := range sessionSchemes {
		if _, ok := alt[scheme]; ok {
			return true
		}
	}
	return false
}
