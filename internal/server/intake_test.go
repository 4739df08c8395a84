package server

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

const bookingJSON = `{"email":"ana@acme.io","company":"Acme","primaryChallenge":"Scale without hiring","source":"signalpipe_calendar"}`

var jsonHeaders = map[string]string{"Content-Type": "application/json"}

func TestEveryAdminEndpointNeedsASession(t *testing.T) {
	s, _ := newTestServer(t, nil)
	want := `{"error":"authentication required"}`
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/admin/session"},
		{"POST", "/api/admin/logout"},
		{"GET", "/api/admin/submissions?kind=booking"},
		{"GET", "/api/admin/submissions/01ABC"},
		{"POST", "/api/admin/submissions/01ABC/retry"},
		{"GET", "/api/admin/submissions.csv?kind=onboarding"},
	} {
		rec := httpxtest.Do(s.Handler(), r.method, r.path, map[string]string{"Sec-Fetch-Site": "same-origin"}, "")
		if rec.Code != 401 {
			t.Errorf("%s %s: %d, want 401", r.method, r.path, rec.Code)
			continue
		}
		httpxtest.AssertJSON(t, rec.Body.String(), want)
	}
}

func TestAdminSeesSubmissionThroughFullChain(t *testing.T) {
	s, _ := newTestServer(t, nil)
	if _, err := auth.CreateAdmin(context.Background(), auth.NewStore(s.db), "op@sp.example", "a long password", false); err != nil {
		t.Fatal(err)
	}
	rec := httpxtest.Do(s.Handler(), "POST", "/api/booking-leads", jsonHeaders, bookingJSON)
	if rec.Code != 201 {
		t.Fatalf("booking: %d %s", rec.Code, rec.Body)
	}
	var created struct{ ID string }
	_ = json.Unmarshal(rec.Body.Bytes(), &created)

	rec = httpxtest.Do(s.Handler(), "POST", "/api/admin/login",
		map[string]string{"Content-Type": "application/json", "Origin": "https://sp.example"}, `{"email":"op@sp.example","password":"a long password"}`)
	if rec.Code != 200 {
		t.Fatalf("login: %d %s", rec.Code, rec.Body)
	}
	var login struct{ CSRFToken string }
	_ = json.Unmarshal(rec.Body.Bytes(), &login)
	cookie := rec.Result().Cookies()[0]
	h := map[string]string{"Cookie": cookie.Name + "=" + cookie.Value}
	if !cookie.Secure || !cookie.HttpOnly {
		t.Errorf("cookie %+v", cookie)
	}
	httpxtest.Run(t, s.Handler(), []httpxtest.Scenario{
		{Name: "list", Path: "/api/admin/submissions?kind=booking", Headers: h, WantStatus: 200,
			WantBody: []string{`"total":1`, `"id":"` + created.ID + `"`, `"state":"stored_only"`}},
		{Name: "retry without CSRF", Method: "POST", Path: "/api/admin/submissions/" + created.ID + "/retry", Headers: h, WantStatus: 403},
		{Name: "retry", Method: "POST", Path: "/api/admin/submissions/" + created.ID + "/retry",
			Headers: map[string]string{"Cookie": h["Cookie"], "X-CSRF-Token": login.CSRFToken, "Sec-Fetch-Site": "same-origin"}, WantStatus: 202},
	})
}

func TestFormRateLimit(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) { c.FormRateLimit = 3 })
	post := func(ip, xff string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/api/booking-leads", strings.NewReader(bookingJSON))
		req.RemoteAddr = ip + ":4000"
		req.Header.Set("Content-Type", "application/json")
		if xff != "" {
			req.Header.Set("X-Forwarded-For", xff)
		}
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		return rec
	}
	for i := range 3 {
		if rec := post("10.1.1.1", "203.0.113."+string(rune('1'+i))); rec.Code != 201 {
			t.Fatalf("post %d: %d", i, rec.Code)
		}
	}
	rec := post("10.1.1.1", "203.0.113.9")
	if rec.Code != 429 || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("4th post: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	if rec := post("10.1.1.2", ""); rec.Code != 201 {
		t.Fatalf("other client: %d", rec.Code)
	}

	// Behind a trusted proxy, clients are told apart by X-Forwarded-For.
	s, _ = newTestServer(t, func(c *config.Config) {
		c.FormRateLimit, c.TrustProxyHeaders = 1, true
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.1/32")}
	})
	if a, b := post("10.0.0.1", "198.51.100.1, 10.0.0.1"), post("10.0.0.1", "198.51.100.2"); a.Code != 201 || b.Code != 201 {
		t.Fatalf("distinct forwarded clients: %d %d", a.Code, b.Code)
	}
	if rec := post("10.0.0.1", "198.51.100.1"); rec.Code != 429 {
		t.Fatalf("same forwarded client: %d", rec.Code)
	}

	s, _ = newTestServer(t, func(c *config.Config) { c.FormRateLimit = 0 })
	for range 50 {
		if rec := post("10.1.1.1", ""); rec.Code != 201 {
			t.Fatalf("limit 0 should disable: %d", rec.Code)
		}
	}
}
