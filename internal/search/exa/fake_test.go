package exa

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeExa answers like the Websets API (docs: create-a-webset, get-a-webset,
// list-all-items-for-a-webset), in memory.
type fakeExa struct {
	t *testing.T
	// busyPolls is how many status reads answer "running" before "idle".
	busyPolls int
	// items are every webset's items, in order.
	items []string
	// fault, when set, may answer a request itself (n counts from 1).
	fault func(n int, w http.ResponseWriter, r *http.Request) bool

	mu       sync.Mutex
	calls    int
	websets  map[string]*fakeWebset // by id
	creates  int
	lastBody map[string]any
}

type fakeWebset struct {
	id, externalID string
	polls          int
	// enrichments are those the create asked for, as Exa keeps them.
	enrichments []fakeEnrichment
}

type fakeEnrichment struct{ id, title, description, format string }

// enrichmentFormats are the formats CreateEnrichmentParameters allows.
var enrichmentFormats = map[string]bool{"text": true, "date": true, "number": true, "options": true, "email": true, "phone": true, "url": true}

// badRequest answers as Exa does: {"statusCode","message","error",...}.
func badRequest(w http.ResponseWriter, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	fmt.Fprintf(w, `{"statusCode":400,"message":[%q],"error":"Bad Request","timestamp":"2026-11-20T10:00:00.000Z","path":"/websets/v0/websets"}`, msg)
}

func newFake(t *testing.T, f *fakeExa) *Client {
	t.Helper()
	f.t, f.websets = t, map[string]*fakeWebset{}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c := New(srv.URL, "test-key")
	c.sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
	return c
}

func (f *fakeExa) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	if r.Header.Get("x-api-key") != "test-key" {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"error":"Invalid API key"}`))
		return
	}
	if f.fault != nil && f.fault(f.calls, w, r) {
		return
	}
	path := strings.TrimPrefix(r.URL.Path, "/websets/v0/websets")
	switch {
	case r.Method == http.MethodPost && path == "":
		f.create(w, r)
	case r.Method == http.MethodGet && strings.HasSuffix(path, "/items"):
		f.list(w, r, strings.Trim(strings.TrimSuffix(path, "/items"), "/"))
	case r.Method == http.MethodGet && path != "":
		ws := f.find(strings.Trim(path, "/"))
		if ws == nil {
			http.Error(w, `{"error":"Webset not found"}`, http.StatusNotFound)
			return
		}
		ws.polls++
		f.writeWebset(w, ws, http.StatusOK)
	default:
		f.t.Errorf("unexpected %s %s", r.Method, r.URL)
		w.WriteHeader(http.StatusNotFound)
	}
}

func (f *fakeExa) create(w http.ResponseWriter, r *http.Request) {
	var body map[string]any
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || r.Header.Get("Content-Type") != "application/json" {
		http.Error(w, `{"error":"bad body"}`, http.StatusBadRequest)
		return
	}
	f.lastBody = body
	ext, _ := body["externalId"].(string)
	if f.find(ext) != nil {
		http.Error(w, `{"error":"Webset with this externalId already exists"}`, http.StatusConflict)
		return
	}
	var enrs []fakeEnrichment
	list, _ := body["enrichments"].([]any)
	for i, raw := range list {
		e, _ := raw.(map[string]any)
		desc, _ := e["description"].(string)
		format, _ := e["format"].(string)
		if desc == "" || len(desc) > 5000 || (format != "" && !enrichmentFormats[format]) {
			badRequest(w, "enrichments."+strconv.Itoa(i)+" must have a description of 1-5000 characters and a known format")
			return
		}
		// Exa names an enrichment itself; the fake's ids let the item
		// fixtures carry results for the email and company enrichments.
		id, title := "enr_"+strconv.Itoa(i), "Enrichment "+strconv.Itoa(i)
		switch {
		case format == "email":
			id, title = "enr_email", "Work Email"
		case strings.Contains(strings.ToLower(desc), "company"):
			id, title = "enr_company", "Employer"
		}
		enrs = append(enrs, fakeEnrichment{id: id, title: title, description: desc, format: format})
	}
	f.creates++
	ws := &fakeWebset{id: "webset_" + strconv.Itoa(f.creates), externalID: ext, enrichments: enrs}
	f.websets[ws.id] = ws
	f.writeWebset(w, ws, http.StatusCreated)
}

func (f *fakeExa) find(idOrExternal string) *fakeWebset {
	for _, ws := range f.websets {
		if ws.id == idOrExternal || (idOrExternal != "" && ws.externalID == idOrExternal) {
			return ws
		}
	}
	return nil
}

func (f *fakeExa) writeWebset(w http.ResponseWriter, ws *fakeWebset, status int) {
	state := "running"
	if ws.polls > f.busyPolls {
		state = "idle"
	}
	var enrs []string
	for _, e := range ws.enrichments {
		enrs = append(enrs, fmt.Sprintf(`{"id":%q,"object":"webset_enrichment","status":"completed","websetId":%q,"title":%q,"description":%q,"format":%q}`,
			e.id, ws.id, e.title, e.description, e.format))
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"id":%q,"object":"webset","status":%q,"externalId":%q,"title":null,"searches":[],"imports":[],
		"enrichments":[%s],"monitors":[],"metadata":{},"createdAt":"2026-11-20T10:00:00Z","updatedAt":"2026-11-20T10:00:00Z"}`,
		ws.id, state, ws.externalID, strings.Join(enrs, ","))
}

// list pages through f.items with the cursor being the next index.
func (f *fakeExa) list(w http.ResponseWriter, r *http.Request, id string) {
	ws := f.find(id)
	if ws == nil {
		http.Error(w, `{"error":"Webset not found"}`, http.StatusNotFound)
		return
	}
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit < 1 || limit > 200 {
		badRequest(w, "limit must not be greater than 200")
		return
	}
	from := 0
	if c := r.URL.Query().Get("cursor"); c != "" {
		from, _ = strconv.Atoi(strings.TrimPrefix(c, "cur_"))
	}
	to := min(len(f.items), from+limit)
	next, more := "null", to < len(f.items)
	if more {
		next = strconv.Quote("cur_" + strconv.Itoa(to))
	}
	page := make([]string, 0, to-from)
	for _, it := range f.items[from:to] {
		page = append(page, withRequested(f.t, it, ws))
	}
	fmt.Fprintf(w, `{"data":[%s],"hasMore":%v,"nextCursor":%s}`, strings.Join(page, ","), more, next)
}

// withRequested keeps only the item's enrichment results for enrichments
// the webset has: Exa fills in what was asked for, nothing else.
func withRequested(t *testing.T, raw string, ws *fakeWebset) string {
	var it map[string]any
	if err := json.Unmarshal([]byte(raw), &it); err != nil {
		t.Fatalf("fixture: %v", err)
	}
	results, _ := it["enrichments"].([]any)
	kept := []any{}
	for _, r := range results {
		id, _ := r.(map[string]any)["enrichmentId"].(string)
		for _, e := range ws.enrichments {
			if e.id == id {
				kept = append(kept, r)
			}
		}
	}
	it["enrichments"] = kept
	out, _ := json.Marshal(it)
	return string(out)
}

// Items in the documented shapes: a person with enrichments, a company,
// an article.
const (
	personItem = `{"id":"witem_p1","object":"webset_item","source":"search","sourceId":"s1","websetId":"webset_1",
	 "properties":{"type":"person","url":"https://www.linkedin.com/in/dana-reyes","description":"Dana is hiring three SDRs and evaluating outbound tools.",
	  "person":{"name":"Dana Reyes","location":"Austin, TX","position":"VP of Sales","company":{"name":"Brightwell","location":"Austin"},"pictureUrl":null}},
	 "evaluations":[{"criterion":"hiring sales","reasoning":"posted jobs","satisfied":"yes","references":[]}],
	 "enrichments":[{"object":"enrichment_result","status":"completed","format":"email","result":["dana@brightwell.example"],"reasoning":"","references":[],"enrichmentId":"enr_email"},
	  {"object":"enrichment_result","status":"completed","format":"text","result":["Series A"],"reasoning":"","references":[],"enrichmentId":"enr_stage"},
	  {"object":"enrichment_result","status":"pending","format":"text","result":null,"reasoning":null,"references":[],"enrichmentId":"enr_other"}],
	 "createdAt":"2026-11-20T10:05:00Z","updatedAt":"2026-11-20T10:05:00Z"}`
	companyItem = `{"id":"witem_c1","object":"webset_item","source":"search","sourceId":"s1","websetId":"webset_1",
	 "properties":{"type":"company","url":"https://lumora.example","description":"Lumora raised a $12M Series A to grow its sales team.","content":"Lumora builds billing software.",
	  "company":{"name":"Lumora","location":"Berlin","employees":85,"industry":"Fintech","about":"Billing for SaaS.","logoUrl":null}},
	 "evaluations":[],"enrichments":[],"createdAt":"2026-11-20T10:06:00Z","updatedAt":"2026-11-20T10:06:00Z"}`
	articleItem = `{"id":"witem_a1","object":"webset_item","source":"search","sourceId":"s1","websetId":"webset_1",
	 "properties":{"type":"article","url":"https://news.example/acme-switches","description":"Acme is moving off Salesforce.","content":null,
	  "article":{"author":"Sam Lee","publishedAt":"2026-11-18T08:00:00Z"}},
	 "evaluations":[],"enrichments":[{"object":"enrichment_result","status":"completed","format":"email","result":["sam@acme.example"],"reasoning":"","references":[],"enrichmentId":"enr_email"},
	  {"object":"enrichment_result","status":"completed","format":"text","result":["Acme Robotics"],"reasoning":"","references":[],"enrichmentId":"enr_company"}],
	 "createdAt":"2026-11-20T10:07:00Z","updatedAt":"2026-11-20T10:07:00Z"}`
	emptyItem = `{"id":"witem_e1","object":"webset_item","properties":{"type":"custom","url":"https://x.example","description":"","custom":{}},"enrichments":[],"createdAt":"2026-11-20T10:08:00Z"}`
)
