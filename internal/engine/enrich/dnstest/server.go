// Package dnstest runs a small DNS server on 127.0.0.1 for tests: it
// answers MX, A and AAAA questions from a table, can answer NXDOMAIN or
// SERVFAIL or stay silent, counts the questions it gets, and hands out a
// pure-Go *net.Resolver that asks it and nothing else. UDP and TCP are
// both served (a zone can force the client over to TCP).
package dnstest

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"
)

// MX is one mail exchanger; Host "." with Pref 0 is the null MX of
// RFC 7505 (the domain accepts no mail).
type MX struct {
	Pref uint16
	Host string
}

// Zone is what the server answers for one name. A name missing from the
// table is NXDOMAIN; a name present without records of the asked type is
// NOERROR with no answers (NODATA).
type Zone struct {
	MX   []MX
	A    []string // IPv4 addresses
	AAAA []string // IPv6 addresses
	// RCode, when not success, is answered instead of records (e.g.
	// dnsmessage.RCodeServerFailure).
	RCode dnsmessage.RCode
	// Silent drops every question: the client times out.
	Silent bool
	// Delay holds every answer back this long.
	Delay time.Duration
	// TCPOnly answers over UDP with the truncated bit and no records, so
	// the client must ask again over TCP.
	TCPOnly bool
	// TTL of the records (300 s when zero).
	TTL uint32
}

// Server is a running fake DNS server. Its table may be changed while it
// runs (Set); every method is safe for concurrent use.
type Server struct {
	udp net.PacketConn
	tcp net.Listener

	mu      sync.Mutex
	zones   map[string]Zone
	queries map[string]int // "name TYPE" → count
	total   int
	busy    int // questions being answered now
	maxBusy int
	wg      sync.WaitGroup
}

// Start serves zones (keyed by domain name, any case, with or without the
// final dot) on 127.0.0.1 until the test ends.
func Start(t testing.TB, zones map[string]Zone) *Server {
	t.Helper()
	udp, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("dnstest: listen udp: %v", err)
	}
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		udp.Close()
		t.Fatalf("dnstest: listen tcp: %v", err)
	}
	s := &Server{udp: udp, tcp: tcp, zones: map[string]Zone{}, queries: map[string]int{}}
	for name, z := range zones {
		s.Set(name, z)
	}
	s.wg.Go(s.serveUDP)
	s.wg.Go(s.serveTCP)
	t.Cleanup(s.Close)
	return s
}

// Close stops the server and waits for its goroutines.
func (s *Server) Close() {
	s.udp.Close()
	s.tcp.Close()
	s.wg.Wait()
}

// Set adds or replaces the zone of name.
func (s *Server) Set(name string, z Zone) {
	s.mu.Lock()
	s.zones[canonical(name)] = z
	s.mu.Unlock()
}

// Addr is the UDP address the server listens on.
func (s *Server) Addr() string { return s.udp.LocalAddr().String() }

// Resolver returns a pure-Go resolver that sends every question to this
// server, whatever /etc/resolv.conf names.
func (s *Server) Resolver() *net.Resolver {
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		if strings.HasPrefix(network, "tcp") {
			return d.DialContext(ctx, "tcp", s.tcp.Addr().String())
		}
		return d.DialContext(ctx, "udp", s.udp.LocalAddr().String())
	}}
}

// Queries counts the questions asked about name, of any type and over
// either transport.
func (s *Server) Queries(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	prefix, n := canonical(name)+" ", 0
	for k, c := range s.queries {
		if strings.HasPrefix(k, prefix) {
			n += c
		}
	}
	return n
}

// QueriesOf counts the questions of one type (e.g. dnsmessage.TypeMX)
// asked about name.
func (s *Server) QueriesOf(name string, t dnsmessage.Type) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.queries[canonical(name)+" "+t.String()]
}

// Total counts every question the server received.
func (s *Server) Total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total
}

// MaxConcurrent is the most questions the server was answering at once
// (a zone's Delay makes overlapping questions visible).
func (s *Server) MaxConcurrent() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.maxBusy
}

// canonical lower-cases name and gives it the final dot.
func canonical(name string) string {
	name = strings.ToLower(name)
	if !strings.HasSuffix(name, ".") {
		name += "."
	}
	return name
}
