package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// The console's source calls need an admin session, and a change needs
// its CSRF token; a switch reaches the searches through the registry the
// server built; a credential is refused without SECRETS_KEY and never
// answered with one.
func TestSourcesFromConsole(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) { c.SecretsKey = []byte(strings.Repeat("k", 32)) })
	h := s.Handler()
	anon := map[string]string{"Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}
	if rec := httpxtest.Do(h, "GET", "/api/admin/sources", anon, ""); rec.Code != 401 {
		t.Fatalf("without a session: %d", rec.Code)
	}
	if _, err := auth.CreateAdmin(context.Background(), auth.NewStore(s.db), "op@sp.example", "a long password", false); err != nil {
		t.Fatal(err)
	}
	rec := httpxtest.Do(h, "POST", "/api/admin/login",
		map[string]string{"Content-Type": "application/json", "Origin": "https://sp.example"}, `{"email":"op@sp.example","password":"a long password"}`)
	var login struct{ CSRFToken string }
	_ = json.Unmarshal(rec.Body.Bytes(), &login)
	cookie := rec.Result().Cookies()[0].Name + "=" + rec.Result().Cookies()[0].Value
	noCSRF := map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}
	ok := map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json", "X-CSRF-Token": login.CSRFToken}
	secret := "ghp_consolesecret0123456789"
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Name: "switch without CSRF", Method: "PATCH", Path: "/api/admin/sources/lobsters", Headers: noCSRF, Body: `{"enabled": true}`, WantStatus: 403},
		{Name: "test without CSRF", Method: "POST", Path: "/api/admin/sources/lobsters/test", Headers: noCSRF, WantStatus: 403},
		{Name: "switch on", Method: "PATCH", Path: "/api/admin/sources/lobsters", Headers: ok, Body: `{"enabled": true}`, WantStatus: 200,
			WantBody: []string{`"source":"lobsters"`, `"enabled":true`, `"enabledBy":"console"`}},
		{Name: "a token", Method: "PATCH", Path: "/api/admin/sources/github", Headers: ok, Body: `{"enabled": true, "values": {"GITHUB_TOKEN": "` + secret + `"}}`,
			WantStatus: 200, WantBody: []string{`"last4":"6789"`}, NotBody: []string{secret}},
		{Name: "listed", Path: "/api/admin/sources", Headers: map[string]string{"Cookie": cookie}, WantStatus: 200,
			WantBody: []string{`"source":"index"`, `"kind":"index"`}, NotBody: []string{secret}},
	})
	var got []string
	for _, src := range s.sourceReg.Live(context.Background()) {
		got = append(got, src.Name())
	}
	if strings.Join(got, ", ") != "lobsters, github" {
		t.Fatalf("the searches' sources: %q", got)
	}
}
