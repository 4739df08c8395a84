package search

import (
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/pdf"
)

func TestOpenAPIListsEveryRoute(t *testing.T) {
	e := newEnv(t, dbtest.SQLite(t), Options{})
	rec := httpxtest.Do(e.h, http.MethodGet, "/api/openapi.json", nil, "")
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
	var documented, mounted []string
	for path, ops := range doc.Paths {
		for method := range ops {
			documented = append(documented, strings.ToUpper(method)+" "+path)
		}
	}
	for _, rt := range (&Handler{}).table() {
		mounted = append(mounted, rt.method+" "+rt.path)
	}
	mounted = append(mounted, pdf.RouteList()...)    // the converter's routes, mounted by internal/server
	mounted = append(mounted, health.RouteList()...) // source health, mounted by internal/server
	mounted = append(mounted, OtherRoutes...)        // routes of packages that import this one
	sort.Strings(documented)
	sort.Strings(mounted)
	if strings.Join(documented, "\n") != strings.Join(mounted, "\n") {
		t.Fatalf("documented:\n%s\nmounted:\n%s", strings.Join(documented, "\n"), strings.Join(mounted, "\n"))
	}
	// Every $ref points at something the document defines.
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
