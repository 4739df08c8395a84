package delivery

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// crmRequest is one request a fake CRM received.
type crmRequest struct {
	Method, Path, Query, Auth string
	Body                      map[string]any
}

// fakeCRM records every request and answers through handle; fail, when
// set, answers instead (an error status and body) for requests it matches.
type fakeCRM struct {
	t    *testing.T
	mu   sync.Mutex
	srv  *httptest.Server
	reqs []crmRequest
	// fail returns a status, headers and body to answer with, or 0.
	fail   func(r crmRequest) (int, http.Header, string)
	handle func(r crmRequest) (int, any)
}

func newFakeCRM(t *testing.T, handle func(f *fakeCRM, r crmRequest) (int, any)) *fakeCRM {
	f := &fakeCRM{t: t}
	f.handle = func(r crmRequest) (int, any) { return handle(f, r) }
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		req := crmRequest{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Auth: r.Header.Get("Authorization")}
		if req.Auth == "" {
			req.Auth = "x-api-token " + r.Header.Get("X-Api-Token")
		}
		if len(raw) > 0 {
			if err := json.Unmarshal(raw, &req.Body); err != nil || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
				t.Errorf("%s %s: not a JSON body: %s", r.Method, r.URL.Path, raw)
			}
		}
		f.mu.Lock()
		f.reqs = append(f.reqs, req)
		fail := f.fail
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json;charset=utf-8")
		if fail != nil {
			if code, h, body := fail(req); code != 0 {
				for k, v := range h {
					w.Header()[k] = v
				}
				w.WriteHeader(code)
				_, _ = io.WriteString(w, body)
				return
			}
		}
		f.mu.Lock()
		code, out := f.handle(req)
		f.mu.Unlock()
		w.WriteHeader(code)
		_ = json.NewEncoder(w).Encode(out)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeCRM) setFail(fn func(r crmRequest) (int, http.Header, string)) {
	f.mu.Lock()
	f.fail = fn
	f.mu.Unlock()
}

func (f *fakeCRM) requests() []crmRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]crmRequest(nil), f.reqs...)
}

// hubspotFake follows HubSpot's CRM v3 reference for the calls made:
// Bearer auth (401 INVALID_AUTHENTICATION otherwise), search with
// filterGroups (EQ), create with properties and associations (409
// CONFLICT "Existing ID" for a contact's email that exists), PATCH by id
// (404 OBJECT_NOT_FOUND), error bodies {status, message, correlationId,
// category}.
type hubspotFake struct {
	*fakeCRM
	objects map[string]map[string]map[string]any // type -> id -> properties
	assoc   map[string][]any                     // "type/id" -> associations given at creation
	next    int
	// hidden ids are left out of searches (HubSpot's index lags writes).
	hidden map[string]bool
}

func hsError(code int, category, msg string) (int, any) {
	return code, map[string]any{"status": "error", "message": msg, "correlationId": "0b8d6a2e-1111-4c3f-9a55-5f1d0c0e0001", "category": category}
}

func newHubSpotFake(t *testing.T, token string) *hubspotFake {
	h := &hubspotFake{objects: map[string]map[string]map[string]any{}, assoc: map[string][]any{}, hidden: map[string]bool{}}
	h.fakeCRM = newFakeCRM(t, func(f *fakeCRM, r crmRequest) (int, any) {
		if r.Auth != "Bearer "+token {
			return hsError(401, "INVALID_AUTHENTICATION", "Authentication credentials not found. This API supports OAuth 2.0 authentication.")
		}
		parts := strings.Split(strings.TrimPrefix(r.Path, "/crm/v3/objects/"), "/")
		if !strings.HasPrefix(r.Path, "/crm/v3/objects/") || len(parts) > 2 {
			return hsError(404, "OBJECT_NOT_FOUND", "no such path")
		}
		typ := parts[0]
		if h.objects[typ] == nil {
			h.objects[typ] = map[string]map[string]any{}
		}
		props, _ := r.Body["properties"].(map[string]any)
		switch {
		case r.Method == "POST" && len(parts) == 2 && parts[1] == "search":
			fg, _ := r.Body["filterGroups"].([]any)
			if len(fg) != 1 {
				return hsError(400, "VALIDATION_ERROR", "filterGroups required")
			}
			filters, _ := fg[0].(map[string]any)["filters"].([]any)
			fl, _ := filters[0].(map[string]any)
			if fl["operator"] != "EQ" || fl["propertyName"] == "" {
				return hsError(400, "VALIDATION_ERROR", "bad filter")
			}
			results := []any{}
			for id, p := range h.objects[typ] {
				if !h.hidden[id] && p[fl["propertyName"].(string)] == fl["value"] {
					results = append(results, map[string]any{"id": id, "properties": p})
				}
			}
			return 200, map[string]any{"total": len(results), "results": results}
		case r.Method == "POST" && len(parts) == 1:
			if props == nil {
				return hsError(400, "VALIDATION_ERROR", "properties required")
			}
			if typ == "contacts" && props["email"] != nil {
				for id, p := range h.objects[typ] {
					if p["email"] == props["email"] {
						return hsError(409, "CONFLICT", "Contact already exists. Existing ID: "+id)
					}
				}
			}
			for _, a := range asSlice(r.Body["associations"]) {
				am, _ := a.(map[string]any)
				to, _ := am["to"].(map[string]any)
				types := asSlice(am["types"])
				if to["id"] == nil || len(types) != 1 || types[0].(map[string]any)["associationCategory"] != "HUBSPOT_DEFINED" {
					return hsError(400, "VALIDATION_ERROR", "bad association")
				}
			}
			h.next++
			id := fmt.Sprint(1000 + h.next)
			h.objects[typ][id] = props
			h.assoc[typ+"/"+id] = asSlice(r.Body["associations"])
			return 201, map[string]any{"id": id, "properties": props, "createdAt": "2026-12-06T00:00:00Z", "archived": false}
		case r.Method == "PATCH" && len(parts) == 2:
			p, ok := h.objects[typ][parts[1]]
			if !ok {
				return hsError(404, "OBJECT_NOT_FOUND", "resource not found")
			}
			for k, v := range props {
				p[k] = v
			}
			return 200, map[string]any{"id": parts[1], "properties": p}
		}
		return hsError(405, "VALIDATION_ERROR", "method not allowed")
	})
	return h
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

// pipedriveFake follows Pipedrive's API v1 reference for the calls made:
// x-api-token auth (401 {"success": false, "error": "unauthorized
// access", "errorCode": 401}), persons and organizations search, create
// and update, lead labels, leads and notes, {"success": true, "data"}.
type pipedriveFake struct {
	*fakeCRM
	items map[string]map[string]map[string]any // kind -> id -> body
	next  int
}

func pdError(code int, msg string) (int, any) {
	return code, map[string]any{"success": false, "error": msg, "errorCode": code, "error_info": "Please check developers.pipedrive.com"}
}

func newPipedriveFake(t *testing.T, token string) *pipedriveFake {
	p := &pipedriveFake{items: map[string]map[string]map[string]any{}}
	p.fakeCRM = newFakeCRM(t, func(f *fakeCRM, r crmRequest) (int, any) {
		if r.Auth != "x-api-token "+token {
			return pdError(401, "unauthorized access")
		}
		parts := strings.Split(strings.TrimPrefix(r.Path, "/v1/"), "/")
		kind := parts[0]
		if p.items[kind] == nil {
			p.items[kind] = map[string]map[string]any{}
		}
		switch {
		case r.Method == "GET" && len(parts) == 2 && parts[1] == "search":
			q := parseQuery(r.Query)
			if q["exact_match"] != "true" || q["term"] == "" || (q["fields"] != "email" && q["fields"] != "name") {
				return pdError(400, "bad search")
			}
			items := []any{}
			for id, b := range p.items[kind] {
				match := b["name"] == q["term"]
				if q["fields"] == "email" {
					match = false
					for _, e := range asSlice(b["email"]) {
						match = match || e.(map[string]any)["value"] == q["term"]
					}
				}
				if match {
					n := 0
					_, _ = fmt.Sscan(id, &n)
					items = append(items, map[string]any{"result_score": 1, "item": map[string]any{"id": n, "name": b["name"]}})
				}
			}
			return 200, map[string]any{"success": true, "data": map[string]any{"items": items}}
		case r.Method == "GET" && kind == "leadLabels":
			out := []any{}
			for id, b := range p.items[kind] {
				out = append(out, map[string]any{"id": id, "name": b["name"], "color": b["color"]})
			}
			return 200, map[string]any{"success": true, "data": out}
		case r.Method == "POST" && len(parts) == 1:
			if kind == "leads" && r.Body["person_id"] == nil && r.Body["organization_id"] == nil || r.Body == nil {
				return pdError(400, "a lead needs a person or an organization")
			}
			if kind == "notes" && (r.Body["content"] == nil || r.Body["lead_id"] == nil) {
				return pdError(400, "content and a parent are required")
			}
			p.next++
			var id any = p.next
			key := fmt.Sprint(p.next)
			if kind == "leads" || kind == "leadLabels" {
				key = fmt.Sprintf("adf21080-0e10-11eb-879b-05d71fb4%04d", p.next)
				id = key
			}
			p.items[kind][key] = r.Body
			return 201, map[string]any{"success": true, "data": map[string]any{"id": id}}
		case (r.Method == "PUT" || r.Method == "PATCH") && len(parts) == 2:
			b, ok := p.items[kind][parts[1]]
			if !ok {
				return pdError(404, "not found")
			}
			for k, v := range r.Body {
				b[k] = v
			}
			return 200, map[string]any{"success": true, "data": map[string]any{"id": parts[1]}}
		}
		return pdError(404, "unknown endpoint")
	})
	return p
}

func parseQuery(q string) map[string]string {
	v, _ := url.ParseQuery(q)
	out := map[string]string{}
	for k := range v {
		out[k] = v.Get(k)
	}
	return out
}
