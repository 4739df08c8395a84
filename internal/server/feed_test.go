package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestClientFeedMounted: the feed calls need an admin; the feed URL they
// make is served (Atom) by the full server outside /api, and an unknown
// token is 404, not the app's page.
func TestClientFeedMounted(t *testing.T) {
	s, _ := newTestServer(t, nil)
	for _, rt := range delivery.DeliveryRouteList() {
		method, path, _ := strings.Cut(rt, " ")
		path = strings.ReplaceAll(path, "{id}", "x")
		if rec := httpxtest.Do(s.Handler(), method, path, map[string]string{"Sec-Fetch-Site": "same-origin"}, ""); rec.Code != 401 {
			t.Errorf("%s %s without a session: %d", method, path, rec.Code)
		}
	}
	cookie, csrf := adminLogin(t, s)
	h := map[string]string{"Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json", "Origin": "https://sp.example"}
	rec := httpxtest.Do(s.Handler(), "POST", "/api/admin/clients", h, `{"name":"Acme"}`)
	var c struct{ ID string }
	if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &c) != nil {
		t.Fatalf("create client: %d %s", rec.Code, rec.Body)
	}
	rec = httpxtest.Do(s.Handler(), "POST", "/api/admin/clients/"+c.ID+"/feed", h, "")
	var feed struct{ URL string }
	if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &feed) != nil || !strings.HasPrefix(feed.URL, "https://sp.example/feeds/") {
		t.Fatalf("make feed: %d %s", rec.Code, rec.Body)
	}
	path := strings.TrimPrefix(feed.URL, "https://sp.example")
	if rec := httpxtest.Do(s.Handler(), "GET", path, nil, ""); rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/atom+xml") {
		t.Fatalf("feed: %d %s", rec.Code, rec.Header())
	}
	if rec := httpxtest.Do(s.Handler(), "GET", "/feeds/"+strings.Repeat("a", 43)+".atom", nil, ""); rec.Code != 404 {
		t.Fatalf("unknown token: %d", rec.Code)
	}
}
