package pipeline

import (
	"context"
	"fmt"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/enrich"
	"github.com/signalpipe/signalpipe/internal/engine/enrich/dnstest"
)

// TestRunVerifiesThroughDNS runs the pipeline against a local DNS server:
// each lead's emails come back verified, invalid or unchecked, and a
// domain that never answers costs the run only the verifier's budget.
func TestRunVerifiesThroughDNS(t *testing.T) {
	dns := dnstest.Start(t, map[string]dnstest.Zone{
		"northwind.example": {MX: []dnstest.MX{{Pref: 10, Host: "mx.northwind.example"}}},
		"umbra.example":     {A: []string{"192.0.2.40"}},
		"voidmail.example":  {MX: []dnstest.MX{{Pref: 0, Host: "."}}},
		"flaky.example":     {RCode: dnsmessage.RCodeServerFailure},
		"tarpit.example":    {Silent: true},
	})
	people := []struct{ name, email string }{
		{"Ana Lopez", "ana@northwind.example"},  // MX
		{"Ben Okafor", "ben@umbra.example"},     // A only
		{"Cy Tanaka", "cy@gone.example"},        // NXDOMAIN
		{"Di Moreau", "di@voidmail.example"},    // null MX
		{"Ed Brandt", "ed@flaky.example"},       // SERVFAIL
		{"Flo Nguyen", "flo@tarpit.example"},    // never answers
		{"Gus Hale", "info@northwind.example"},  // role account
		{"Hana Berg", "hana@mailinator.com"},    // disposable
		{"Ivo Petrov", "ivo@northwind.example"}, // same domain: cached
	}
	var posts []engine.Post
	for i, p := range people {
		posts = append(posts, engine.Post{ID: fmt.Sprint(i), Source: "test", URL: fmt.Sprintf("https://x.example/%d", i),
			Author: p.name, PublishedAt: time.Now().Add(-time.Duration(i+1) * time.Hour),
			Text: "We just closed our $12M Series A! The funding goes into sales and engineering. Write to " + p.email + "."})
	}
	v := &enrich.Verifier{Resolver: dns.Resolver(), Budget: time.Second}
	t0 := time.Now()
	leads := Run(context.Background(), posts, engine.ICP{SignalThreshold: "All signals 40%+ match"}, Options{Verifier: v})
	if took := time.Since(t0); took > 3*time.Second {
		t.Errorf("run took %s with a 1s verification budget", took)
	}
	want := map[string]string{
		"ana@northwind.example": enrich.StatusVerified, "ben@umbra.example": enrich.StatusVerified,
		"cy@gone.example": enrich.StatusNoMailHost, "di@voidmail.example": enrich.StatusNoMailHost,
		"ed@flaky.example": enrich.StatusUnchecked, "flo@tarpit.example": enrich.StatusUnchecked,
		"info@northwind.example": enrich.StatusRoleAccount, "hana@mailinator.com": enrich.StatusDisposable,
		"ivo@northwind.example": enrich.StatusVerified,
	}
	if len(leads) != len(people) {
		t.Fatalf("%d leads, want %d", len(leads), len(people))
	}
	for _, l := range leads {
		if len(l.Emails) != 1 {
			t.Fatalf("%s: emails %+v", l.Name, l.Emails)
		}
		e := l.Emails[0]
		if e.Status != want[e.Address] {
			t.Errorf("%s: %s (%s), want %s", e.Address, e.Status, e.Detail, want[e.Address])
		}
		if (l.Email == e.Address) != e.Verified {
			t.Errorf("%s: lead email %q with check %+v", l.Name, l.Email, e)
		}
		if e.Status != enrich.StatusUnchecked && e.CheckedAt.IsZero() {
			t.Errorf("%s: no check time", e.Address)
		}
	}
	if n := dns.Queries("northwind.example"); n != 1 {
		t.Errorf("northwind.example asked %d times for two people", n)
	}
}

// TestRunWithoutVerifier keeps every found email unchecked: no DNS.
func TestRunWithoutVerifier(t *testing.T) {
	posts := []engine.Post{{ID: "1", Source: "test", Author: "Ana Lopez",
		Text: "We just closed our $12M Series A! Write to ana@northwind.example."}}
	leads := Run(context.Background(), posts, engine.ICP{SignalThreshold: "All signals 40%+ match"}, Options{})
	if len(leads) != 1 || leads[0].Email != "" || len(leads[0].Emails) != 1 || leads[0].Emails[0].Status != enrich.StatusUnchecked {
		t.Fatalf("leads %+v", leads)
	}
}
