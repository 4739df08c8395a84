package enrich

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"

	"github.com/signalpipe/signalpipe/internal/engine/enrich/dnstest"
)

// clock is a settable time source for cache expiry.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newClock() *clock { return &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)} }

var zones = map[string]dnstest.Zone{
	"acme.example":    {MX: []dnstest.MX{{Pref: 10, Host: "mx1.acme.example"}, {Pref: 20, Host: "mx2.acme.example"}}},
	"aonly.example":   {A: []string{"192.0.2.7"}},
	"v6only.example":  {AAAA: []string{"2001:db8::25"}},
	"nomail.example":  {MX: []dnstest.MX{{Pref: 0, Host: "."}}},
	"parked.example":  {}, // exists, no MX and no address
	"broken.example":  {RCode: dnsmessage.RCodeServerFailure},
	"silent.example":  {Silent: true},
	"refused.example": {RCode: dnsmessage.RCodeRefused},
	"big.example":     {TCPOnly: true, MX: []dnstest.MX{{Pref: 5, Host: "mx.big.example"}}},
}

func TestVerifyThroughDNS(t *testing.T) {
	srv := dnstest.Start(t, zones)
	clk := newClock()
	v := &Verifier{Resolver: srv.Resolver(), Now: clk.Now, Timeout: 300 * time.Millisecond}
	tests := []struct{ addr, status string }{
		{"dana@acme.example", StatusVerified},
		{"lee@aonly.example", StatusVerified},  // no MX, an A record: the implicit MX
		{"kim@v6only.example", StatusVerified}, // no MX, an AAAA record
		{"kim@big.example", StatusVerified},    // answered over TCP after a truncated UDP reply
		{"kim@nowhere.example", StatusNoMailHost},
		{"kim@nomail.example", StatusNoMailHost}, // null MX
		{"kim@parked.example", StatusNoMailHost},
		{"kim@broken.example", StatusUnchecked}, // SERVFAIL says nothing about the address
		{"kim@refused.example", StatusUnchecked},
		{"kim@silent.example", StatusUnchecked}, // timeout
	}
	for _, tt := range tests {
		got := v.Check(context.Background(), tt.addr)
		if got.Status != tt.status || got.Verified != (tt.status == StatusVerified) {
			t.Errorf("%s: %s verified=%v (%s), want %s", tt.addr, got.Status, got.Verified, got.Detail, tt.status)
		}
		if !got.CheckedAt.Equal(clk.Now()) {
			t.Errorf("%s: checked at %v, want %v", tt.addr, got.CheckedAt, clk.Now())
		}
	}
	if got := v.Check(context.Background(), "dana@acme.example"); got.Detail != "MX mx1.acme.example" {
		t.Errorf("detail %q, want the preferred MX", got.Detail)
	}
}

func TestVerifyNeedsNoDNSForRolesAndDisposables(t *testing.T) {
	srv := dnstest.Start(t, zones)
	v := &Verifier{Resolver: srv.Resolver()}
	for addr, status := range map[string]string{
		"info@acme.example": StatusRoleAccount, "Sales@acme.example": StatusRoleAccount,
		"support@nowhere.example": StatusRoleAccount, "dana@mailinator.com": StatusDisposable,
		"dana@eu.yopmail.com": StatusDisposable, "dana@@acme.example": StatusInvalidSyntax,
	} {
		if got := v.Check(context.Background(), addr); got.Status != status || got.CheckedAt.IsZero() {
			t.Errorf("%s: %+v, want %s with a check time", addr, got, status)
		}
	}
	if n := srv.Total(); n != 0 {
		t.Errorf("%d DNS questions, want none", n)
	}
}

func TestVerifyCachesPerDomain(t *testing.T) {
	srv := dnstest.Start(t, zones)
	clk := newClock()
	v := &Verifier{Resolver: srv.Resolver(), Now: clk.Now, CacheTTL: time.Hour, Timeout: 300 * time.Millisecond}
	ctx := context.Background()
	first := v.Check(ctx, "dana@acme.example")
	clk.Add(time.Minute)
	second := v.Check(ctx, "lee@ACME.example")
	if n := srv.Queries("acme.example"); n != 1 || !second.Verified {
		t.Fatalf("second address on the domain: %d questions, %+v", n, second)
	}
	if !second.CheckedAt.Equal(first.CheckedAt) {
		t.Errorf("a cached answer keeps the time of its lookup: %v vs %v", second.CheckedAt, first.CheckedAt)
	}
	clk.Add(time.Hour)
	v.Check(ctx, "dana@acme.example")
	if n := srv.Queries("acme.example"); n != 2 {
		t.Errorf("after the TTL: %d questions, want 2", n)
	}
	// A failure is remembered briefly, then asked again.
	v.Check(ctx, "a@broken.example")
	asked := srv.Queries("broken.example")
	v.Check(ctx, "b@broken.example")
	if srv.Queries("broken.example") != asked {
		t.Errorf("SERVFAIL asked again at once")
	}
	clk.Add(failTTL)
	v.Check(ctx, "c@broken.example")
	if srv.Queries("broken.example") == asked {
		t.Errorf("SERVFAIL not asked again after %s", failTTL)
	}
}

func TestVerifyCacheIsBounded(t *testing.T) {
	srv := dnstest.Start(t, nil)
	v := &Verifier{Resolver: srv.Resolver(), CacheSize: 3}
	for i := range 5 {
		name := fmt.Sprintf("d%d.example", i)
		srv.Set(name, dnstest.Zone{MX: []dnstest.MX{{Pref: 1, Host: "mx." + name}}})
		v.Check(context.Background(), "a@"+name)
	}
	if n := v.cache.len(); n != 3 {
		t.Errorf("cache holds %d domains, want 3", n)
	}
	v.Check(context.Background(), "b@d4.example") // newest: still cached
	v.Check(context.Background(), "b@d0.example") // oldest: evicted, asked again
	if srv.Queries("d4.example") != 1 || srv.Queries("d0.example") != 2 {
		t.Errorf("questions d4 %d (want 1), d0 %d (want 2)", srv.Queries("d4.example"), srv.Queries("d0.example"))
	}
}

func TestVerifyBoundsConcurrency(t *testing.T) {
	srv := dnstest.Start(t, nil)
	var addrs []string
	for i := range 12 {
		name := fmt.Sprintf("slow%d.example", i)
		srv.Set(name, dnstest.Zone{Delay: 40 * time.Millisecond, MX: []dnstest.MX{{Pref: 1, Host: "mx." + name}}})
		addrs = append(addrs, "a@"+name, "b@"+name) // two addresses, one lookup
	}
	v := &Verifier{Resolver: srv.Resolver(), Workers: 8, MaxLookups: 3, Budget: 5 * time.Second}
	for i, c := range v.CheckAll(context.Background(), addrs) {
		if !c.Verified || c.Address != addrs[i] {
			t.Errorf("%s: %+v", addrs[i], c)
		}
	}
	if n := srv.MaxConcurrent(); n > 3 || n < 2 {
		t.Errorf("%d questions at once, want 2-3 (MaxLookups 3)", n)
	}
	if n := srv.Total(); n != 12 {
		t.Errorf("%d questions for 12 domains", n)
	}
}

func TestCheckAllKeepsToItsBudget(t *testing.T) {
	srv := dnstest.Start(t, zones)
	v := &Verifier{Resolver: srv.Resolver(), Budget: 500 * time.Millisecond}
	t0 := time.Now()
	got := v.CheckAll(context.Background(), []string{"a@acme.example", "b@silent.example", "info@silent.example", "c@nowhere.example"})
	if took := time.Since(t0); took > 2*time.Second {
		t.Errorf("CheckAll took %s with a 500ms budget", took)
	}
	want := []string{StatusVerified, StatusUnchecked, StatusRoleAccount, StatusNoMailHost}
	for i, c := range got {
		if c.Status != want[i] {
			t.Errorf("%s: %s (%s), want %s", c.Address, c.Status, c.Detail, want[i])
		}
	}
	// Running out of time is not the domain's fault: the next search asks again.
	srv.Set("silent.example", dnstest.Zone{MX: []dnstest.MX{{Pref: 1, Host: "mx.silent.example"}}})
	if c := v.Check(context.Background(), "b@silent.example"); !c.Verified {
		t.Errorf("after the domain answers: %+v", c)
	}
}
