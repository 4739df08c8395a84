package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestSourceFailingBecomesANotice: source health's "failing for an hour"
// (health.Store.OnFailing, told once per episode) becomes an owner's notice in
// the console, which the notices forwarder hands to the owner's channels.
func TestSourceFailingBecomesANotice(t *testing.T) {
	s, _ := newTestServer(t, nil)
	since := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	s.health.OnFailing(context.Background(), "github", since, "github: answered 503")
	cookie, _ := adminLogin(t, s)
	rec := httpxtest.Do(s.Handler(), "GET", "/api/admin/notices", map[string]string{"Cookie": cookie}, "")
	if rec.Code != 200 {
		t.Fatalf("notices: %d %s", rec.Code, rec.Body)
	}
	body := rec.Body.String()
	for _, want := range []string{`"kind":"source_failing"`, "The source github has been failing since 2026-11-27 08:00 UTC", "answered 503", `"unseen":1`} {
		if !strings.Contains(body, want) {
			t.Errorf("notices lack %q: %s", want, body)
		}
	}
}
