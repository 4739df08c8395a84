package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// The document is served as JSON, parses as OpenAPI 3.1, every $ref points
// at something it defines, and every operation names an operationId
// (unique) and declares its security (an empty list for public ones).
// Which routes it lists is checked against the mounted route tables by
// internal/server's TestOpenAPIDescribesEveryRoute.
func TestOpenAPIDocument(t *testing.T) {
	mux := http.NewServeMux()
	httpx.MountMux(mux, httpx.Guards{}, Routes()...)
	rec := httpxtest.Do(mux, http.MethodGet, "/api/openapi.json", nil, "")
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("GET openapi.json: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatalf("document does not parse: %v", err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi = %q", doc.OpenAPI)
	}
	ids := map[string]string{}
	for path, ops := range doc.Paths {
		for method, raw := range ops {
			if method == "parameters" {
				continue
			}
			var op struct {
				OperationID string             `json:"operationId"`
				Security    *[]json.RawMessage `json:"security"`
			}
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			name := strings.ToUpper(method) + " " + path
			if op.OperationID == "" {
				t.Errorf("%s has no operationId", name)
			} else if other, dup := ids[op.OperationID]; dup {
				t.Errorf("%s and %s share operationId %q", name, other, op.OperationID)
			}
			ids[op.OperationID] = name
			if op.Security == nil {
				t.Errorf("%s declares no security (public operations declare \"security\": [])", name)
			}
		}
	}
	var raw map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &raw)
	for _, ref := range refs(raw, nil) {
		node := any(raw)
		for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			m, _ := node.(map[string]any)
			node = m[part]
		}
		if node == nil {
			t.Errorf("dangling $ref %s", ref)
		}
	}
}

func refs(v any, out []string) []string {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); ok && k == "$ref" {
				out = append(out, s)
			}
			out = refs(x, out)
		}
	case []any:
		for _, x := range v {
			out = refs(x, out)
		}
	}
	return out
}
