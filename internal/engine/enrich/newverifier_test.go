package enrich

import (
	"net"
	"testing"
	"time"
)

func TestNewVerifier(t *testing.T) {
	if v := NewVerifier(false, time.Second); v != nil {
		t.Fatalf("verification off: %+v, want nil", v)
	}
	v := NewVerifier(true, time.Second)
	if v == nil || v.Resolver != net.DefaultResolver || v.Budget != time.Second || v.Timeout != 800*time.Millisecond {
		t.Fatalf("verification on: %+v", v)
	}
}
