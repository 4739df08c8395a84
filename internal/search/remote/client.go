package remote

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/netguard"
)

// Connection limits every source's HTTP client shares (README.md, "Sources"):
// an offline or unreachable service fails within seconds, not minutes.
const (
	// ConnectTimeout bounds resolving and connecting to a host.
	ConnectTimeout = 2 * time.Second
	// HandshakeTimeout bounds the TLS handshake.
	HandshakeTimeout = 2 * time.Second
	// HeaderTimeout bounds the wait for a response's headers after the
	// request is sent; a host that accepts and never answers is
	// unreachable after it.
	HeaderTimeout = 3 * time.Second
	// DownFor is how long a host that could not be reached is not asked
	// again: its later requests fail at once with the same UnreachableError.
	DownFor = 30 * time.Second
)

// UnreachableError says a host could not be reached at all (no DNS answer,
// connection refused, no connection, handshake or answer within the
// timeouts). Retrying it within a run is pointless: sources give up at once.
type UnreachableError struct {
	Host   string
	Reason string
}

func (e *UnreachableError) Error() string { return e.Host + " unreachable: " + e.Reason }

// Unreachable returns the UnreachableError in err's chain, or nil.
func Unreachable(err error) *UnreachableError {
	var u *UnreachableError
	if errors.As(err, &u) {
		return u
	}
	return nil
}

// NewHTTPClient returns a source's HTTP client: the whole request within
// timeout, a connection within ConnectTimeout, the TLS handshake within
// HandshakeTimeout, the answer's headers within HeaderTimeout; a host that
// could not be reached fails the client's further requests to it at once
// for DownFor (a per-client circuit, so a run's next queries and retries
// do not each wait out the timeouts again).
func NewHTTPClient(timeout time.Duration) *http.Client {
	return newHTTPClient(timeout, &net.Dialer{Timeout: ConnectTimeout, KeepAlive: 30 * time.Second})
}

// NewGuardedHTTPClient is NewHTTPClient for a source whose addresses a
// user sets (a client's job boards): it refuses at dial every address
// netguard refuses (loopback, private, every special-purpose range), so a
// DNS answer or a redirect cannot point it inside the network.
func NewGuardedHTTPClient(timeout time.Duration) *http.Client {
	c := newHTTPClient(timeout, netguard.Dialer(ConnectTimeout, false))
	// No proxy: the guard must see the address actually dialled.
	c.Transport.(*circuit).next.(*http.Transport).Proxy = nil
	return c
}

func newHTTPClient(timeout time.Duration, d *net.Dialer) *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = d.DialContext
	t.TLSHandshakeTimeout = HandshakeTimeout
	t.ResponseHeaderTimeout = HeaderTimeout
	return &http.Client{Timeout: timeout, Transport: &circuit{next: t, down: map[string]downHost{}, now: time.Now}}
}

type downHost struct {
	until time.Time
	err   *UnreachableError
}

// circuit remembers hosts that could not be reached.
type circuit struct {
	next http.RoundTripper
	now  func() time.Time
	mu   sync.Mutex
	down map[string]downHost
}

func (c *circuit) RoundTrip(req *http.Request) (*http.Response, error) {
	host := req.URL.Host
	c.mu.Lock()
	d, isDown := c.down[host]
	c.mu.Unlock()
	if isDown && c.now().Before(d.until) {
		if req.Body != nil {
			_ = req.Body.Close()
		}
		return nil, d.err
	}
	res, err := c.next.RoundTrip(req)
	if err == nil {
		observe(req, res)
		return res, nil
	}
	if req.Context().Err() != nil || errors.Is(err, netguard.ErrBlocked) {
		return res, err // a refused address is no outage: say why
	}
	reason := unreachableReason(err)
	if reason == "" {
		return res, err
	}
	u := &UnreachableError{Host: req.URL.Hostname(), Reason: reason}
	c.mu.Lock()
	c.down[host] = downHost{until: c.now().Add(DownFor), err: u}
	c.mu.Unlock()
	return nil, u
}

// unreachableReason names a connection-level failure in a few words, or
// returns "" for any other error.
func unreachableReason(err error) string {
	var dns *net.DNSError
	var op *net.OpError
	var ne net.Error
	switch {
	case errors.As(err, &dns):
		return "cannot resolve host"
	case errors.As(err, &op) && op.Op == "dial":
		if op.Timeout() {
			return fmt.Sprintf("no connection within %s", ConnectTimeout)
		}
		var inner error = op.Err
		for {
			if u := errors.Unwrap(inner); u != nil {
				inner = u
				continue
			}
			break
		}
		return "cannot connect (" + inner.Error() + ")"
	case errors.As(err, &ne) && ne.Timeout():
		return fmt.Sprintf("no answer within %s", HeaderTimeout)
	}
	return ""
}

// Observation collects what one fetch of a source met: the rate-limit
// answers (429) its requests got, retried or not, the longest Retry-After
// among them, and any backoff the connector was told to keep (Stack
// Exchange's "backoff"). The source health recorder reads it
// (internal/health).
type Observation struct {
	mu         sync.Mutex
	rateLimits int
	retryAfter time.Duration
	backoff    time.Duration
}

// RateLimits is the number of 429 answers seen.
func (o *Observation) RateLimits() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.rateLimits
}

// Wait is how long the service asked to be left alone: the longest
// Retry-After (only when failed is true: a fetch that succeeded after
// waiting it out need not wait again) or backoff.
func (o *Observation) Wait(failed bool) time.Duration {
	o.mu.Lock()
	defer o.mu.Unlock()
	if failed {
		return max(o.retryAfter, o.backoff)
	}
	return o.backoff
}

type observationKey struct{}

// WithObservation makes requests sent with the returned context (through a
// NewHTTPClient client) report to o.
func WithObservation(ctx context.Context, o *Observation) context.Context {
	return context.WithValue(ctx, observationKey{}, o)
}

func observation(ctx context.Context) *Observation {
	o, _ := ctx.Value(observationKey{}).(*Observation)
	return o
}

// ReportBackoff records that the service asked for d without requests
// (Stack Exchange's "backoff" field); the source is paused that long.
func ReportBackoff(ctx context.Context, d time.Duration) {
	if o := observation(ctx); o != nil && d > 0 {
		o.mu.Lock()
		o.backoff = max(o.backoff, d)
		o.mu.Unlock()
	}
}

// ReportRateLimit counts a rate-limit answer that is not a 429 (GitHub
// answers 403 when its rate limit is spent); the transport counts 429s.
func ReportRateLimit(ctx context.Context) {
	if o := observation(ctx); o != nil {
		o.mu.Lock()
		o.rateLimits++
		o.mu.Unlock()
	}
}

// observe counts a response that matters to the source's health.
func observe(req *http.Request, res *http.Response) {
	if res.StatusCode != http.StatusTooManyRequests {
		return
	}
	if o := observation(req.Context()); o != nil {
		wait := RetryAfter(res.Header.Get("Retry-After"), time.Now())
		o.mu.Lock()
		o.rateLimits++
		o.retryAfter = max(o.retryAfter, wait)
		o.mu.Unlock()
	}
}
