package enrich

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine/enrich/dnstest"
)

// BenchmarkCheckAll verifies a search's worth of addresses (60 over 40
// domains) against a local DNS server that answers each question in 20 ms,
// like a nearby recursive resolver: cold, every domain is looked up
// (Workers at once); warm, every answer comes from the shared cache.
func BenchmarkCheckAll(b *testing.B) {
	srv := dnstest.Start(b, nil)
	var addrs []string
	for i := range 60 {
		name := fmt.Sprintf("co%d.example", i%40)
		srv.Set(name, dnstest.Zone{Delay: 20 * time.Millisecond, MX: []dnstest.MX{{Pref: 1, Host: "mx." + name}}})
		addrs = append(addrs, fmt.Sprintf("person%d@%s", i, name))
	}
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			v := &Verifier{Resolver: srv.Resolver()}
			for _, c := range v.CheckAll(context.Background(), addrs) {
				if !c.Verified {
					b.Fatalf("%+v", c)
				}
			}
		}
	})
	b.Run("warm", func(b *testing.B) {
		v := &Verifier{Resolver: srv.Resolver()}
		v.CheckAll(context.Background(), addrs)
		for b.Loop() {
			v.CheckAll(context.Background(), addrs)
		}
	})
}
