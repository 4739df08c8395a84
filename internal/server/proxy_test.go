package server

import (
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/config"
)

// The per-client form limit keys on the address the configured proxies
// vouch for: two clients behind one proxy are counted apart, and a client
// forging X-Forwarded-For is still counted as itself.
func TestTrustedProxiesReachTheLimits(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) {
		c.FormRateLimit = 2
		c.TrustProxyHeaders = true
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	})
	post := func(xff ...string) int {
		req := httptest.NewRequest("POST", "/api/newsletter", strings.NewReader(`{"email":"reader@example.com"}`))
		req.RemoteAddr = "10.0.0.5:40000" // the load balancer
		req.Header.Set("Content-Type", "application/json")
		for _, v := range xff {
			req.Header.Add("X-Forwarded-For", v)
		}
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		return rec.Code
	}
	for i, forged := range []string{"1.1.1.1", "2.2.2.2"} {
		if code := post(forged, "203.0.113.1"); code >= 300 {
			t.Fatalf("client A's request %d: %d", i+1, code)
		}
	}
	if code := post("3.3.3.3, 203.0.113.1"); code != 429 {
		t.Fatalf("client A's third request with another forged address: %d, want 429", code)
	}
	if code := post("203.0.113.2"); code >= 300 {
		t.Fatalf("client B behind the same proxy: %d", code)
	}
}
