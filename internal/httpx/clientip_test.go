package httpx_test

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"testing"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// request builds a request from peer carrying each X-Forwarded-For line as
// its own header line.
func request(peer string, xff ...string) *http.Request {
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = peer
	for _, v := range xff {
		r.Header.Add("X-Forwarded-For", v)
	}
	return r
}

// clientIP runs ClientIP behind TrustProxies(nets) as the server does.
func clientIP(r *http.Request, nets []netip.Prefix) string {
	var got string
	httpx.TrustProxies(nets)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		got = httpx.ClientIP(r, true)
	})).ServeHTTP(httptest.NewRecorder(), r)
	return got
}

func TestClientIPRightmostUntrusted(t *testing.T) {
	lb := []netip.Prefix{netip.MustParsePrefix("10.1.0.0/16"), netip.MustParsePrefix("192.0.2.7/32")}
	for _, tc := range []struct {
		name string
		r    *http.Request
		nets []netip.Prefix
		want string
	}{
		// haproxy's "option forwardfor" adds a header line of its own after
		// whatever the client sent.
		{"haproxy, honest client", request("127.0.0.1:4000", "203.0.113.9"), httpx.LoopbackProxies, "203.0.113.9"},
		{"haproxy, forged line first", request("127.0.0.1:4000", "10.77.0.3", "203.0.113.9"), httpx.LoopbackProxies, "203.0.113.9"},
		{"haproxy, forged list first", request("127.0.0.1:4000", "1.1.1.1, 10.77.0.3", "203.0.113.9"), httpx.LoopbackProxies, "203.0.113.9"},
		// nginx's $proxy_add_x_forwarded_for appends ", peer" to the last line.
		{"nginx, honest client", request("[::1]:4000", "203.0.113.9"), httpx.LoopbackProxies, "203.0.113.9"},
		{"nginx, forged value first", request("[::1]:4000", "10.77.0.3, 203.0.113.9"), httpx.LoopbackProxies, "203.0.113.9"},
		{"nginx, forged loopback first", request("127.0.0.1:4000", "127.0.0.1, 203.0.113.9"), httpx.LoopbackProxies, "203.0.113.9"},
		// Two proxies in a row: the load balancer (10.1.0.5) in front of a
		// local nginx.
		{"chain of trusted proxies", request("10.1.0.5:80", "6.6.6.6, 198.51.100.4, 192.0.2.7"), lb, "198.51.100.4"},
		{"chain over two lines", request("10.1.0.5:80", "6.6.6.6", "198.51.100.4, 10.1.3.3"), lb, "198.51.100.4"},
		// A peer that is not a trusted proxy is the client, whatever it wrote.
		{"untrusted peer", request("198.51.100.4:5555", "10.77.0.3"), httpx.LoopbackProxies, "198.51.100.4"},
		{"untrusted peer, configured list", request("127.0.0.1:5555", "10.77.0.3"), lb, "127.0.0.1"},
		{"no header", request("127.0.0.1:4000"), httpx.LoopbackProxies, "127.0.0.1"},
		{"only trusted hops", request("127.0.0.1:4000", "127.0.0.2, ::1"), httpx.LoopbackProxies, "127.0.0.2"},
		{"garbage left of the proxy's entry", request("127.0.0.1:4000", "not-an-ip, 203.0.113.9"), httpx.LoopbackProxies, "203.0.113.9"},
		{"garbage from the proxy side", request("127.0.0.1:4000", "203.0.113.9, unknown"), httpx.LoopbackProxies, "127.0.0.1"},
		{"ports and brackets", request("127.0.0.1:4000", "[2001:db8::1]:443"), httpx.LoopbackProxies, "2001:db8::1"},
		{"address with port", request("127.0.0.1:4000", "203.0.113.9:1234"), httpx.LoopbackProxies, "203.0.113.9"},
		{"mapped IPv4", request("[::ffff:127.0.0.1]:4000", "::ffff:203.0.113.9"), httpx.LoopbackProxies, "203.0.113.9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := clientIP(tc.r, tc.nets); got != tc.want {
				t.Errorf("ClientIP = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestClientIPWithoutTrust(t *testing.T) {
	r := request("127.0.0.1:4000", "203.0.113.9")
	if got := httpx.ClientIP(r, false); got != "127.0.0.1" {
		t.Fatalf("ClientIP without trust = %q", got)
	}
	// Without TrustProxies in the chain, trust means a proxy on loopback.
	if got := httpx.ClientIP(r, true); got != "203.0.113.9" {
		t.Fatalf("ClientIP behind loopback = %q", got)
	}
	if got := httpx.ClientIP(request("198.51.100.1:9", "203.0.113.9"), true); got != "198.51.100.1" {
		t.Fatalf("ClientIP from a remote peer = %q", got)
	}
}

// The reproduction: behind haproxy with TRUST_PROXY_HEADERS=true, 30
// requests each forging another X-Forwarded-For all passed a limit of 20.
func TestRateLimitIgnoresForgedForwardedFor(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {})
	h := httpx.TrustProxies(httpx.LoopbackProxies)(httpx.RateLimit(httpx.NewRateLimiter(20), true)(ok))
	for _, style := range []string{"haproxy", "nginx"} {
		passed := 0
		for i := range 30 {
			forged := "10.77.0." + strconv.Itoa(i)
			r := request("127.0.0.1:4000", forged, "203.0.113.50")
			if style == "nginx" {
				r = request("127.0.0.1:4000", forged+", 203.0.113.60")
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			if rec.Code == http.StatusOK {
				passed++
			}
		}
		if passed != 20 {
			t.Errorf("%s: %d of 30 forged requests passed a limit of 20", style, passed)
		}
	}
}
