package enrich

import (
	"net"
	"time"
)

// NewVerifier returns the email verifier live searches share (one per
// process, so its domain cache and lookup limit span every search), or
// nil when verification is off. budget bounds one search's verification.
// A single lookup gets four fifths of it: one that has not answered by
// then is recorded as failed (and remembered briefly), so an unreachable
// resolver costs one search the budget instead of every search.
func NewVerifier(enabled bool, budget time.Duration) *Verifier {
	if !enabled {
		return nil
	}
	return &Verifier{Resolver: net.DefaultResolver, Budget: budget, Timeout: budget * 4 / 5}
}
