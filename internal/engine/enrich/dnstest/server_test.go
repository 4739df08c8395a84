package dnstest

import (
	"context"
	"errors"
	"net"
	"slices"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"
)

func TestServer(t *testing.T) {
	s := Start(t, map[string]Zone{
		"mail.example":   {MX: []MX{{20, "mx2.mail.example"}, {10, "mx1.mail.example."}}},
		"web.example":    {A: []string{"192.0.2.1"}, AAAA: []string{"2001:db8::1"}},
		"null.example":   {MX: []MX{{0, "."}}},
		"broken.example": {RCode: dnsmessage.RCodeServerFailure},
		"quiet.example":  {Silent: true},
		"big.example":    {TCPOnly: true, MX: []MX{{5, "mx.big.example"}}},
	})
	r := s.Resolver()
	ctx := context.Background()

	mx, err := r.LookupMX(ctx, "Mail.Example.")
	if err != nil || len(mx) != 2 || mx[0].Host != "mx1.mail.example." || mx[0].Pref != 10 {
		t.Fatalf("MX: %v %v", mx, err)
	}
	hosts, err := r.LookupHost(ctx, "web.example.")
	slices.Sort(hosts)
	if err != nil || !slices.Equal(hosts, []string{"192.0.2.1", "2001:db8::1"}) {
		t.Fatalf("host: %v %v", hosts, err)
	}
	if s.QueriesOf("web.example", dnsmessage.TypeA) != 1 || s.QueriesOf("web.example", dnsmessage.TypeAAAA) != 1 {
		t.Errorf("A/AAAA queries: %d %d", s.QueriesOf("web.example", dnsmessage.TypeA), s.QueriesOf("web.example", dnsmessage.TypeAAAA))
	}
	if mx, err := r.LookupMX(ctx, "null.example."); err != nil || len(mx) != 1 || mx[0].Host != "." {
		t.Errorf("null MX: %v %v", mx, err)
	}
	if mx, err := r.LookupMX(ctx, "web.example."); !isNotFound(err) || len(mx) != 0 {
		t.Errorf("NODATA: %v %v", mx, err) // Go reports an empty answer as not found
	}
	if _, err := r.LookupMX(ctx, "missing.example."); !isNotFound(err) {
		t.Errorf("NXDOMAIN: %v", err)
	}
	var de *net.DNSError
	if _, err := r.LookupMX(ctx, "broken.example."); !errors.As(err, &de) || de.IsNotFound {
		t.Errorf("SERVFAIL: %v", err)
	}
	tctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if _, err := r.LookupMX(tctx, "quiet.example."); !errors.As(err, &de) || !de.IsTimeout {
		t.Errorf("silent: %v", err)
	}
	if mx, err := r.LookupMX(ctx, "big.example."); err != nil || len(mx) != 1 || mx[0].Host != "mx.big.example." {
		t.Errorf("over TCP: %v %v", mx, err)
	}
	if s.QueriesOf("big.example", dnsmessage.TypeMX) != 2 { // truncated over UDP, then TCP
		t.Errorf("big.example asked %d times", s.QueriesOf("big.example", dnsmessage.TypeMX))
	}
	if s.Queries("mail.example") != 1 || s.Total() < 9 {
		t.Errorf("counts: mail %d total %d", s.Queries("mail.example"), s.Total())
	}
}

func isNotFound(err error) bool {
	var de *net.DNSError
	return errors.As(err, &de) && de.IsNotFound
}
