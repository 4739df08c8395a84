// Package netguard decides which addresses an outbound connection to a
// URL that a user set (a client's webhook or Slack channel, a job board)
// may reach: none of the special-purpose ranges of the IANA IPv4 and IPv6
// special-purpose address registries (loopback, private, shared, link-local,
// documentation, benchmarking, reserved, ULA, ...), nor multicast or
// broadcast, including the IPv4 address embedded in an IPv6 transition form
// (IPv4-mapped and -compatible, NAT64, 6to4, Teredo). It is applied when the
// URL is saved, before each send and at dial (Control), so a DNS answer that
// changes in between (rebinding) is caught on the address actually dialled.
//
// ALLOW_PRIVATE_WEBHOOKS turns it off for local receivers; callers skip it
// then.
package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"syscall"
	"time"
)

// ErrBlocked is wrapped by every refusal.
var ErrBlocked = errors.New("resolves to a loopback, private or other special-purpose address (set ALLOW_PRIVATE_WEBHOOKS=true to allow)")

// BlockedError says which range refused an address.
type BlockedError struct {
	Addr  netip.Addr
	Range string // the registry's name of the range, e.g. "Benchmarking (198.18.0.0/15)"
	Via   string // the transition form the IPv4 address was found in, if any: "NAT64 64:ff9b::7f00:1"
}

func (e *BlockedError) Error() string {
	if e.Via != "" {
		return fmt.Sprintf("%s (embedded in %s) is in %s", e.Addr, e.Via, e.Range)
	}
	return fmt.Sprintf("%s is in %s", e.Addr, e.Range)
}

// Unwrap makes errors.Is(err, ErrBlocked) hold.
func (e *BlockedError) Unwrap() error { return ErrBlocked }

type rng struct {
	p    netip.Prefix
	name string
}

func r(p, name string) rng { return rng{netip.MustParsePrefix(p), name} }

// v4 is the IANA IPv4 Special-Purpose Address Registry (2024 edition),
// every entry whatever its "globally reachable" column, plus multicast
// (224.0.0.0/4, its own registry) and the rest of 240.0.0.0/4.
var v4 = []rng{
	r("0.0.0.0/8", `"This network" (0.0.0.0/8)`),
	r("10.0.0.0/8", "Private-Use (10.0.0.0/8)"),
	r("100.64.0.0/10", "Shared Address Space (100.64.0.0/10)"),
	r("127.0.0.0/8", "Loopback (127.0.0.0/8)"),
	r("169.254.0.0/16", "Link Local (169.254.0.0/16)"),
	r("172.16.0.0/12", "Private-Use (172.16.0.0/12)"),
	r("192.0.0.0/24", "IETF Protocol Assignments (192.0.0.0/24)"),
	r("192.0.2.0/24", "Documentation TEST-NET-1 (192.0.2.0/24)"),
	r("192.31.196.0/24", "AS112-v4 (192.31.196.0/24)"),
	r("192.52.193.0/24", "AMT (192.52.193.0/24)"),
	r("192.88.99.0/24", "Deprecated 6to4 Relay Anycast (192.88.99.0/24)"),
	r("192.168.0.0/16", "Private-Use (192.168.0.0/16)"),
	r("192.175.48.0/24", "Direct Delegation AS112 Service (192.175.48.0/24)"),
	r("198.18.0.0/15", "Benchmarking (198.18.0.0/15)"),
	r("198.51.100.0/24", "Documentation TEST-NET-2 (198.51.100.0/24)"),
	r("203.0.113.0/24", "Documentation TEST-NET-3 (203.0.113.0/24)"),
	r("224.0.0.0/4", "Multicast (224.0.0.0/4)"),
	r("240.0.0.0/4", "Reserved (240.0.0.0/4, 255.255.255.255 included)"),
}

// v6 is the IANA IPv6 Special-Purpose Address Registry, plus multicast,
// the deprecated site-local range and the IPv4-compatible block. The
// transition forms that embed an IPv4 address come first (see embedded).
var v6 = []rng{
	r("::/128", "Unspecified Address (::/128)"),
	r("::1/128", "Loopback Address (::1/128)"),
	r("::/96", "IPv4-compatible (deprecated, ::/96)"),
	r("::ffff:0:0/96", "IPv4-mapped Address (::ffff:0:0/96)"),
	r("64:ff9b:1::/48", "IPv4-IPv6 Translat. local-use (64:ff9b:1::/48)"),
	r("100::/64", "Discard-Only Address Block (100::/64)"),
	r("100:0:0:1::/64", "Dummy IPv6 Prefix (100:0:0:1::/64)"),
	r("2001::/32", "TEREDO (2001::/32)"),
	r("2001::/23", "IETF Protocol Assignments (2001::/23)"),
	r("2001:db8::/32", "Documentation (2001:db8::/32)"),
	r("2002::/16", "6to4 (2002::/16)"),
	r("2620:4f:8000::/48", "Direct Delegation AS112 Service (2620:4f:8000::/48)"),
	r("3fff::/20", "Documentation (3fff::/20)"),
	r("5f00::/16", "Segment Routing (SRv6) SIDs (5f00::/16)"),
	r("fc00::/7", "Unique-Local (fc00::/7)"),
	r("fe80::/10", "Link-Local Unicast (fe80::/10)"),
	r("fec0::/10", "Site-Local (deprecated, fec0::/10)"),
	r("ff00::/8", "Multicast (ff00::/8)"),
}

var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour = netip.MustParsePrefix("2002::/16")
	teredo    = netip.MustParsePrefix("2001::/32")
	mapped    = netip.MustParsePrefix("::ffff:0:0/96")
	compat    = netip.MustParsePrefix("::/96")
)

// embedded returns the IPv4 addresses an IPv6 transition form carries and
// the form's name: IPv4-mapped and -compatible (the last 32 bits), NAT64
// well-known prefix (the last 32 bits), 6to4 (bits 16-47), Teredo (the
// server, bits 32-63, and the client, the last 32 bits inverted).
func embedded(ip netip.Addr) (form string, v4s []netip.Addr) {
	if !ip.Is6() {
		return "", nil
	}
	b := ip.As16()
	last := netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	switch {
	case mapped.Contains(ip):
		return "IPv4-mapped", []netip.Addr{last}
	case nat64.Contains(ip):
		return "NAT64", []netip.Addr{last}
	case compat.Contains(ip):
		return "IPv4-compatible", []netip.Addr{last}
	case sixToFour.Contains(ip):
		return "6to4", []netip.Addr{netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]})}
	case teredo.Contains(ip):
		client := netip.AddrFrom4([4]byte{^b[12], ^b[13], ^b[14], ^b[15]})
		return "Teredo", []netip.Addr{netip.AddrFrom4([4]byte{b[4], b[5], b[6], b[7]}), client}
	}
	return "", nil
}

// Check returns nil when ip may be dialled, else a *BlockedError (which
// wraps ErrBlocked) naming the range. An IPv6 address embedding an IPv4
// address is refused when the IPv4 address is, and when its own range is:
// every such range is special-purpose except the NAT64 well-known prefix
// 64:ff9b::/96, which IANA lists as globally reachable (a DNS64 network
// gives IPv4-only hosts such addresses), so that one is judged by the IPv4
// address it carries alone. An IPv4-mapped address is the IPv4 address.
func Check(ip netip.Addr) error {
	if !ip.IsValid() {
		return &BlockedError{Addr: ip, Range: "no address"}
	}
	ip = ip.WithZone("")
	if ip.Is6() && !ip.Is4In6() && (ip.IsUnspecified() || ip.IsLoopback()) {
		return &BlockedError{Addr: ip, Range: v6Range(ip)}
	}
	if form, v4s := embedded(ip); form != "" {
		for _, a := range v4s {
			if name := v4Range(a); name != "" {
				return &BlockedError{Addr: a, Range: name, Via: form + " " + ip.String()}
			}
		}
		if form == "IPv4-mapped" || form == "NAT64" {
			return nil
		}
	}
	if ip.Is4() {
		if name := v4Range(ip); name != "" {
			return &BlockedError{Addr: ip, Range: name}
		}
		return nil
	}
	if name := v6Range(ip); name != "" {
		return &BlockedError{Addr: ip, Range: name}
	}
	return nil
}

func v6Range(ip netip.Addr) string {
	for _, x := range v6 {
		if x.p.Contains(ip) {
			return x.name
		}
	}
	return ""
}

func v4Range(ip netip.Addr) string {
	for _, x := range v4 {
		if x.p.Contains(ip) {
			return x.name
		}
	}
	return ""
}

// Blocked reports whether Check refuses ip.
func Blocked(ip netip.Addr) bool { return Check(ip) != nil }

// lookupTimeout bounds CheckHost's DNS lookup.
const lookupTimeout = 5 * time.Second

// Resolver is the part of *net.Resolver CheckHost uses.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// CheckHost checks a URL's host (a name or an address literal, IPv6
// without brackets): a name is resolved (within 5 s) and every address it
// has must pass Check. A name that does not resolve is an error too.
func CheckHost(ctx context.Context, host string) error {
	return CheckHostWith(ctx, net.DefaultResolver, host)
}

// CheckHostWith is CheckHost with another resolver (tests).
func CheckHostWith(ctx context.Context, res Resolver, host string) error {
	if ip, err := netip.ParseAddr(host); err == nil {
		if err := Check(ip); err != nil {
			return fmt.Errorf("host %s: %w", host, err)
		}
		return nil
	}
	rctx, cancel := context.WithTimeout(ctx, lookupTimeout)
	defer cancel()
	addrs, err := res.LookupNetIP(rctx, "ip", host)
	if err != nil || len(addrs) == 0 {
		return fmt.Errorf("host %s does not resolve", host)
	}
	for _, a := range addrs {
		if err := Check(a); err != nil {
			return fmt.Errorf("host %s: %w", host, err)
		}
	}
	return nil
}

// Control is a net.Dialer Control function that refuses to connect to an
// address Check refuses: it sees the address actually dialled, after DNS.
func Control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("connect to %s: %w", address, ErrBlocked)
	}
	if err := Check(ap.Addr()); err != nil {
		return fmt.Errorf("connect to %s: %w", address, err)
	}
	return nil
}

// Dialer returns a dialer with timeout whose connections pass Control
// (unless allowPrivate).
func Dialer(timeout time.Duration, allowPrivate bool) *net.Dialer {
	d := &net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second}
	if !allowPrivate {
		d.Control = Control
	}
	return d
}
