package netguard

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestCheckTable(t *testing.T) {
	for _, c := range []struct {
		ip    string
		block string // "" = allowed; else a piece of the refusal
	}{
		// Public addresses pass.
		{"8.8.8.8", ""},
		{"1.1.1.1", ""},
		{"93.184.215.14", ""},
		{"2606:4700:4700::1111", ""},
		{"2a00:1450:4001:80b::200e", ""},
		{"::ffff:8.8.8.8", ""},         // IPv4-mapped public: the IPv4 address
		{"64:ff9b::808:808", ""},       // NAT64 of 8.8.8.8 (DNS64 networks)
		{"192.0.0.9", "IETF Protocol"}, // every special-purpose entry, reachable or not
		// IPv4 special-purpose registry.
		{"0.0.0.0", `"This network"`},
		{"0.1.2.3", `"This network"`},
		{"10.1.2.3", "Private-Use"},
		{"100.64.0.1", "Shared Address Space"},
		{"100.127.255.254", "Shared Address Space"},
		{"127.0.0.1", "Loopback"},
		{"127.255.255.254", "Loopback"},
		{"169.254.169.254", "Link Local"},
		{"172.16.0.1", "Private-Use"},
		{"172.31.255.255", "Private-Use"},
		{"192.0.0.170", "IETF Protocol"},
		{"192.0.2.1", "TEST-NET-1"},
		{"192.31.196.1", "AS112-v4"},
		{"192.52.193.1", "AMT"},
		{"192.88.99.1", "6to4 Relay"},
		{"192.168.1.1", "Private-Use"},
		{"192.175.48.1", "AS112"},
		{"198.18.0.1", "Benchmarking"},
		{"198.19.255.255", "Benchmarking"},
		{"198.51.100.7", "TEST-NET-2"},
		{"203.0.113.9", "TEST-NET-3"},
		{"224.0.0.1", "Multicast"},
		{"239.255.255.250", "Multicast"},
		{"240.0.0.1", "Reserved"},
		{"255.255.255.255", "Reserved"},
		// IPv6 special-purpose registry.
		{"::", "Unspecified"},
		{"::1", "Loopback"},
		{"100::1", "Discard-Only"},
		{"100:0:0:1::1", "Dummy"},
		{"2001:2::1", "IETF Protocol Assignments"},
		{"2001:db8::1", "Documentation"},
		{"2620:4f:8000::1", "AS112"},
		{"3fff::1", "Documentation"},
		{"5f00::1", "SRv6"},
		{"fc00::1", "Unique-Local"},
		{"fd12:3456::1", "Unique-Local"},
		{"fe80::1", "Link-Local"},
		{"fe80::1%eth0", "Link-Local"},
		{"fec0::1", "Site-Local"},
		{"ff02::1", "Multicast"},
		{"64:ff9b:1::1", "local-use"},
		// Transition forms: the embedded IPv4 address is judged.
		{"64:ff9b::7f00:1", "NAT64 64:ff9b::7f00:1"},
		{"64:ff9b::a9fe:a9fe", "Link Local"},
		{"64:ff9b::c612:1", "Benchmarking"},
		{"2002:7f00:1::", "6to4 2002:7f00:1::"},
		{"2002:a00:1::1", "Private-Use"},
		{"2002:808:808::1", "6to4 (2002::/16)"},                // public IPv4 inside: the range itself is special-purpose
		{"2001:0:7f00:1::", "Teredo"},                          // server 127.0.0.1
		{"2001:0:808:808:0:0:80ff:fffe", "Teredo"},             // client ^ = 127.0.0.1
		{"2001:0:808:808:0:0:f7f7:f7f7", "TEREDO (2001::/32)"}, // server and client 8.8.8.8: the range itself
		{"::ffff:127.0.0.1", "IPv4-mapped"},
		{"::ffff:169.254.169.254", "Link Local"},
		{"::ffff:10.0.0.1", "Private-Use"},
		{"::127.0.0.1", "IPv4-compatible ::7f00:1"},
		{"::8.8.8.8", "IPv4-compatible (deprecated"},
	} {
		ip := netip.MustParseAddr(c.ip)
		err := Check(ip)
		switch {
		case c.block == "" && err != nil:
			t.Errorf("%s: refused (%v), want allowed", c.ip, err)
		case c.block != "" && err == nil:
			t.Errorf("%s: allowed, want refused (%s)", c.ip, c.block)
		case c.block != "" && (!errors.Is(err, ErrBlocked) || !strings.Contains(err.Error(), c.block)):
			t.Errorf("%s: %v, want an ErrBlocked naming %q", c.ip, err, c.block)
		}
	}
	if Check(netip.Addr{}) == nil {
		t.Error("the zero address must be refused")
	}
}

// The Teredo decoding names both embedded addresses' ranges.
func TestTeredoClientDecoded(t *testing.T) {
	// server 8.8.8.8 (public), client 10.0.0.1 stored inverted (f5ff:fffe).
	err := Check(netip.MustParseAddr("2001:0:808:808::f5ff:fffe"))
	if err == nil || !strings.Contains(err.Error(), "10.0.0.1") || !strings.Contains(err.Error(), "Private-Use") {
		t.Fatalf("err = %v, want the client 10.0.0.1 named", err)
	}
}

type fakeResolver map[string][]string

func (f fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	var out []netip.Addr
	for _, a := range f[host] {
		out = append(out, netip.MustParseAddr(a))
	}
	if len(out) == 0 {
		return nil, errors.New("no such host")
	}
	return out, nil
}

func TestCheckHost(t *testing.T) {
	res := fakeResolver{"public.test": {"8.8.8.8"}, "mixed.test": {"8.8.8.8", "64:ff9b::7f00:1"}, "bench.test": {"198.18.0.1"}}
	for host, want := range map[string]string{
		"public.test":     "",
		"mixed.test":      "NAT64", // one bad address is enough
		"bench.test":      "Benchmarking",
		"nowhere.test":    "does not resolve",
		"64:ff9b::7f00:1": "Loopback",
		"2002:7f00:1::":   "Loopback",
		"198.18.0.1":      "Benchmarking",
	} {
		err := CheckHostWith(context.Background(), res, host)
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", host, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", host, err, want)
		}
	}
}

// Control refuses at dial: a real connection attempt to a listener on
// loopback fails before any byte is sent, under every spelling.
func TestDialerRefusesAtDial(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan struct{}, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- struct{}{}
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	d := Dialer(2*time.Second, false)
	for _, host := range []string{"127.0.0.1", "localhost", "[::ffff:127.0.0.1]"} {
		c, err := d.Dial("tcp", net.JoinHostPort(strings.Trim(host, "[]"), strconv.Itoa(port)))
		if err == nil {
			c.Close()
			t.Errorf("dial %s: connected, want refused", host)
		} else if !errors.Is(err, ErrBlocked) {
			t.Errorf("dial %s: %v, want ErrBlocked", host, err)
		}
	}
	select {
	case <-accepted:
		t.Error("the listener accepted a connection")
	default:
	}
	// With allowPrivate the same dial connects.
	c, err := Dialer(2*time.Second, true).Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatalf("allowPrivate dial: %v", err)
	}
	c.Close()
}
