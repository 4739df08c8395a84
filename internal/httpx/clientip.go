package httpx

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// LoopbackProxies are the proxies trusted when the server is told to trust
// proxy headers without naming the proxies (TRUST_PROXY_HEADERS=true and no
// TRUSTED_PROXIES): a proxy on the same machine.
var LoopbackProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}

type trustedProxiesKey struct{}

// TrustProxies names the proxies whose X-Forwarded-For entries ClientIP
// believes for the requests passing through it (see ClientIP). Without it,
// or with none, ClientIP trusts LoopbackProxies.
func TrustProxies(nets []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), trustedProxiesKey{}, nets)))
		})
	}
}

// ClientIP is the address a request came from, the key of every per-client
// limit. Without trustProxy it is the connection's peer. With it, the
// X-Forwarded-For entries (all header lines, in order: haproxy adds a line of
// its own, nginx appends to the last with a comma) are read from the right,
// the way the request travelled back: each trusted proxy vouches for the hop
// left of it, and the first address that is not a trusted proxy is the
// client. Entries left of that were written by the client and are never
// believed, so a forged X-Forwarded-For cannot choose the address. A peer
// that is not a trusted proxy is the client whatever the header says. The
// trusted proxies are those named with TrustProxies, else LoopbackProxies.
func ClientIP(r *http.Request, trustProxy bool) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, ok := parseHop(host)
	if !ok {
		return host
	}
	if !trustProxy {
		return peer.String()
	}
	nets, _ := r.Context().Value(trustedProxiesKey{}).([]netip.Prefix)
	if len(nets) == 0 {
		nets = LoopbackProxies
	}
	client := peer
	hops := forwardedFor(r.Header)
	for i := len(hops) - 1; i >= 0 && trusted(nets, client); i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			break // garbage a trusted proxy would not have written
		}
		client = hop
	}
	return client.String()
}

// forwardedFor lists the X-Forwarded-For entries of every header line, left
// to right.
func forwardedFor(h http.Header) []string {
	var hops []string
	for _, line := range h.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(line, ",")...)
	}
	return hops
}

// parseHop reads one address as proxies write it: bare, with a port, or in
// brackets (IPv6). IPv4-mapped IPv6 addresses become IPv4.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	if inner, ok := strings.CutPrefix(s, "["); ok {
		if inner, ok := strings.CutSuffix(inner, "]"); ok {
			if a, err := netip.ParseAddr(inner); err == nil {
				return a.Unmap(), true
			}
		}
	}
	return netip.Addr{}, false
}

func trusted(nets []netip.Prefix, a netip.Addr) bool {
	a = a.WithZone("")
	for _, n := range nets {
		if n.Contains(a) {
			return true
		}
	}
	return false
}
