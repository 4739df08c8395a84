package httpxtest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// Scenario is one request and its expected response.
type Scenario struct {
	// Name labels the subtest; empty uses "METHOD PATH".
	Name string
	// Method defaults to GET.
	Method string
	// Path is the request target, e.g. "/api/config?x=1".
	Path string
	// Headers are set on the request.
	Headers map[string]string
	// Body is the request body; a JSON body needs a Content-Type header.
	Body string

	// WantStatus is the expected status code.
	WantStatus int
	// WantHeaders must match exactly; an empty value asserts absence.
	WantHeaders map[string]string
	// WantJSON, if set, must equal the body as JSON (key order and spacing
	// do not matter).
	WantJSON string
	// WantBody lists fragments the body must contain.
	WantBody []string
	// NotBody lists fragments the body must not contain.
	NotBody []string
	// Check runs extra assertions.
	Check func(t *testing.T, rec *httptest.ResponseRecorder)
}

// Run executes each scenario as a subtest against h.
func Run(t *testing.T, h http.Handler, scenarios []Scenario) {
	t.Helper()
	for _, sc := range scenarios {
		name := sc.Name
		if name == "" {
			name = sc.method() + " " + sc.Path
		}
		t.Run(name, func(t *testing.T) {
			sc.run(t, h)
		})
	}
}

// Do performs one request against h and returns the recorded response.
func Do(h http.Handler, method, target string, headers map[string]string, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func (sc Scenario) method() string {
	if sc.Method == "" {
		return http.MethodGet
	}
	return sc.Method
}

func (sc Scenario) run(t *testing.T, h http.Handler) {
	t.Helper()
	rec := Do(h, sc.method(), sc.Path, sc.Headers, sc.Body)
	body := rec.Body.String()
	if rec.Code != sc.WantStatus {
		t.Fatalf("status = %d, want %d; body: %.300s", rec.Code, sc.WantStatus, body)
	}
	for k, want := range sc.WantHeaders {
		if got := rec.Header().Get(k); got != want {
			t.Errorf("header %s = %q, want %q", k, got, want)
		}
	}
	if sc.WantJSON != "" {
		AssertJSON(t, body, sc.WantJSON)
	}
	for _, frag := range sc.WantBody {
		if !strings.Contains(body, frag) {
			t.Errorf("body does not contain %q; body: %.300s", frag, body)
		}
	}
	for _, frag := range sc.NotBody {
		if strings.Contains(body, frag) {
			t.Errorf("body contains %q; body: %.300s", frag, body)
		}
	}
	if sc.Check != nil {
		sc.Check(t, rec)
	}
}

// AssertJSON fails t unless got and want are equal JSON documents.
func AssertJSON(t testing.TB, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("response is not JSON: %v; body: %.300s", err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad WantJSON %q: %v", want, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("JSON = %s, want %s", strings.TrimSpace(got), want)
	}
}
