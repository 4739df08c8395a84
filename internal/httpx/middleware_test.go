package httpx_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

func TestRequestID(t *testing.T) {
	log, buf := captureLogs()
	h := httpx.RequestID(log)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpx.Logger(r.Context()).Info("inside")
		_, _ = w.Write([]byte(httpx.RequestIDFrom(r.Context())))
	}))
	tests := []struct {
		name, incoming string
		keep           bool
	}{
		{"sane incoming kept", "abc-123_DEF.9", true},
		{"none generated", "", false},
		{"unsafe replaced", "bad id\nwith newline", false},
		{"too long replaced", strings.Repeat("a", 129), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httpxtest.Do(h, "GET", "/", map[string]string{"X-Request-ID": tt.incoming}, "")
			id := rec.Header().Get("X-Request-ID")
			if id == "" || id != rec.Body.String() {
				t.Fatalf("header id %q, context id %q", id, rec.Body)
			}
			if (id == tt.incoming) != tt.keep {
				t.Fatalf("id = %q, incoming %q, keep %v", id, tt.incoming, tt.keep)
			}
			if !strings.Contains(buf.String(), "request_id="+id) {
				t.Fatalf("request logger lacks id: %s", buf)
			}
		})
	}
}

func TestRecover(t *testing.T) {
	log, buf := captureLogs()
	h := httpx.RequestID(log)(httpx.Recover(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		panic("boom")
	})))
	rec := httpxtest.Do(h, "GET", "/p", nil, "")
	if rec.Code != 500 {
		t.Fatalf("status = %d", rec.Code)
	}
	httpxtest.AssertJSON(t, rec.Body.String(), `{"error":"internal server error"}`)
	for _, s := range []string{"panic serving request", "panic=boom", "stack=", "request_id="} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("log lacks %q: %s", s, buf)
		}
	}
}

func TestRecoverReraisesAbort(t *testing.T) {
	h := httpx.Recover(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		panic(http.ErrAbortHandler)
	}))
	defer func() {
		if v := recover(); v != http.ErrAbortHandler {
			t.Fatalf("recovered %v, want ErrAbortHandler", v)
		}
	}()
	httpxtest.Do(h, "GET", "/", nil, "")
}

func TestAccessLog(t *testing.T) {
	log, buf := captureLogs()
	h := httpx.RequestID(log)(httpx.AccessLog(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			w.WriteHeader(http.StatusTeapot)
		}
		_, _ = w.Write([]byte("12345"))
	})))
	httpxtest.Do(h, "POST", "/brew?x=1", nil, "")
	httpxtest.Do(h, "GET", "/healthz", nil, "")
	line := buf.String()
	for _, s := range []string{`msg="http request"`, "method=POST", "path=/brew", "status=418", "bytes=5", "duration=", "request_id="} {
		if !strings.Contains(line, s) {
			t.Errorf("access log lacks %q: %s", s, line)
		}
	}
	if !strings.Contains(line, "level=DEBUG") {
		t.Errorf("probe path not logged at debug: %s", line)
	}
}

func TestSecurityHeaders(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})
	base := map[string]string{
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "strict-origin-when-cross-origin",
		"X-Frame-Options":        "DENY",
	}
	rec := httpxtest.Do(httpx.SecurityHeaders("", false)(ok), "GET", "/", nil, "")
	for k, v := range base {
		if got := rec.Header().Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	csp := rec.Header().Get("Content-Security-Policy")
	for _, s := range []string{"default-src 'self'", "script-src 'self'", "frame-src 'none'", "frame-ancestors 'none'", "object-src 'none'"} {
		if !strings.Contains(csp, s) {
			t.Errorf("CSP %q lacks %q", csp, s)
		}
	}
	if rec.Header().Get("Permissions-Policy") == "" {
		t.Error("Permissions-Policy missing")
	}
	if hsts := rec.Header().Get("Strict-Transport-Security"); hsts != "" {
		t.Errorf("Strict-Transport-Security %q on an http site", hsts)
	}
	rec = httpxtest.Do(httpx.SecurityHeaders("https://cal.example", true)(ok), "GET", "/", nil, "")
	if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-src https://cal.example;") {
		t.Errorf("CSP %q does not allow the booking origin", csp)
	}
	if hsts := rec.Header().Get("Strict-Transport-Security"); hsts != "max-age=63072000; includeSubDomains" {
		t.Errorf("Strict-Transport-Security = %q on an https site", hsts)
	}
}

func TestLimitBody(t *testing.T) {
	h := httpx.LimitBody(10)(decodeHandler(1 << 20))
	jsonCT := map[string]string{"Content-Type": "application/json"}
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Name: "under limit", Method: "POST", Path: "/", Headers: jsonCT, Body: `{"age":1}`, WantStatus: 200},
		{Name: "declared over limit", Method: "POST", Path: "/", Headers: jsonCT, Body: `{"name":"abcdefgh"}`,
			WantStatus: 413, WantJSON: `{"error":"request body too large"}`},
	})
	// A chunked body has no Content-Length; the limit applies while reading.
	req, _ := http.NewRequest("POST", "/", strings.NewReader(`{"name":"abcdefgh"}`))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	rec := httpxtestRecorder(h, req)
	if rec.Code != 413 {
		t.Fatalf("streamed body over limit: status %d", rec.Code)
	}
}

func TestJSONErrors(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/things", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("POST /api/things", func(w http.ResponseWriter, r *http.Request) {})
	httpxtest.Run(t, httpx.JSONErrors(mux), []httpxtest.Scenario{
		{Path: "/api/things", WantStatus: 200},
		{Path: "/api/nothing", WantStatus: 404, WantJSON: `{"error":"not found"}`},
		{Method: "DELETE", Path: "/api/things", WantStatus: 405, WantJSON: `{"error":"method not allowed"}`,
			WantHeaders: map[string]string{"Allow": "GET, HEAD, POST"}},
	})
}
