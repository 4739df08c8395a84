package pipeline

import (
	"net"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine/enrich"
)

// NewVerifier returns the email verifier live searches share (one per
// process, so its domain cache and lookup limit span every search), or
// nil when verification is off. budget bounds one search's verification.
// A single lookup gets four fifths of it: one that has not answered by
// then is recorded as failed (and remembered briefly), so an unreachable
// resolver costs one search the budget instead of every search.
func NewVerifier(enabled bool, budget time.Duration) *enrich.Verifier {
	if !enabled {
		return nil
	}
	return &enrich.Verifier{Resolver: net.DefaultResolver, Budget: budget, Timeout: budget * 4 / 5}
}
