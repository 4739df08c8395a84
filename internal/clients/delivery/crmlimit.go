package delivery

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/signalpipe/signalpipe/internal/clients"

	"golang.org/x/time/rate"
)

// The CRMs' published limits, kept proactively per token (docs/clients.md
// "CRM channels") so a busy client does not spend its calls on 429s; a 429
// that comes anyway waits for Retry-After (classifyCRM). A bucket of size
// b refilled at r per second lets through at most b + r·w calls in any
// window of w seconds, so each pair is chosen to stay within its window:
//   - HubSpot, a private app on the lowest tier: 100 calls per 10 s
//     (developers.hubspot.com "API usage guidelines"): 10 + 9·10 = 100;
//     its search endpoints also take at most 4 a second per token, the
//     strictest figure HubSpot has published: 1 + 3·1 = 4;
//   - Pipedrive, token-based limits: a burst limit per token in a rolling
//     2 s window, 20 on the lowest plan (developers.pipedrive.com "Rate
//     limiting"): 4 + 8·2 = 20; the daily token budget is left to 429.
//
// The limiters live in one process: instances sharing a token each keep
// the limit, and Retry-After covers what they exceed together.
var crmRates = map[string]struct {
	per   rate.Limit
	burst int
}{
	clients.ChannelHubSpot:            {9, 10},
	clients.ChannelHubSpot + "search": {3, 1},
	clients.ChannelPipedrive:          {8, 4},
}

// crmLimits holds one limiter per (CRM, token, bucket).
type crmLimits struct {
	mu sync.Mutex
	m  map[string]*rate.Limiter
}

// limiter is the limiter of bucket ("" or "search") of a's token; two
// channels with the same token share it, as the CRM counts per token.
func (l *crmLimits) limiter(a crmAuth, bucket string) *rate.Limiter {
	sum := sha256.Sum256([]byte(a.token))
	key := a.kind + bucket + ":" + hex.EncodeToString(sum[:8])
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.m == nil {
		l.m = map[string]*rate.Limiter{}
	}
	lim, ok := l.m[key]
	if !ok {
		r := crmRates[a.kind+bucket]
		lim = rate.NewLimiter(r.per, r.burst)
		l.m[key] = lim
	}
	return lim
}

// wait holds a call to url back until its token's limiters let it go. A
// wait longer than ctx allows is answered as the CRM's 429 would be (the
// delivery waits and tries again) without calling the CRM.
func (l *crmLimits) wait(ctx context.Context, a crmAuth, url string) error {
	lims := []*rate.Limiter{l.limiter(a, "")}
	if a.kind == clients.ChannelHubSpot && strings.HasSuffix(url, "/search") {
		lims = append(lims, l.limiter(a, "search"))
	}
	for _, lim := range lims {
		if err := lim.Wait(ctx); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return &crmError{code: http.StatusTooManyRequests, retryAfter: "1",
				msg: fmt.Sprintf("held back by Signalpipe's limiter for %s's published rate limit", a.kind)}
		}
	}
	return nil
}
