package enrich

import (
	"context"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Resolver is the part of *net.Resolver the verifier uses; tests pass a
// fake or a resolver pointed at dnstest.
type Resolver interface {
	LookupMX(ctx context.Context, name string) ([]*net.MX, error)
	LookupHost(ctx context.Context, host string) ([]string, error)
}

// Email check statuses. Verified is the only one that makes an address a
// lead's email; InvalidSyntax and NoMailHost mean the address cannot
// receive mail; Unchecked means DNS gave no usable answer in time (a
// failure of the lookup, not of the address).
const (
	StatusVerified      = "verified"
	StatusInvalidSyntax = "invalid_syntax"
	StatusRoleAccount   = "role_account"
	StatusDisposable    = "disposable"
	StatusNoMailHost    = "no_mail_host"
	StatusUnchecked     = "unchecked"
)

// Verifier checks email addresses. The zero value uses net.DefaultResolver,
// the built-in lists, time.Now and the defaults below. A Verifier is meant
// to be shared (its domain cache and lookup limit span every caller) and
// must not be copied after first use.
type Verifier struct {
	Resolver Resolver
	Now      func() time.Time
	// Timeout bounds one domain's DNS lookups (3 s).
	Timeout time.Duration
	// Budget bounds one CheckAll call, a search's whole batch (1 s):
	// addresses not answered by then stay unchecked.
	Budget time.Duration
	// Workers is how many addresses one CheckAll checks at once (8).
	Workers int
	// MaxLookups bounds the domains looked up at once across every caller
	// (32), so many searches together cannot flood the resolver.
	MaxLookups int
	// CacheTTL is how long a domain's answer is reused (1 h; failures 30 s).
	CacheTTL time.Duration
	// CacheSize bounds the domains remembered (10,000).
	CacheSize int
	// Disposable and Roles override the built-in lists when set.
	Disposable map[string]bool
	Roles      map[string]bool

	once  sync.Once
	cache *domainCache
	slots chan struct{}
}

func (v *Verifier) init() {
	v.once.Do(func() {
		setDefault(&v.Timeout, 3*time.Second)
		setDefault(&v.Budget, time.Second)
		setDefault(&v.Workers, 8)
		setDefault(&v.MaxLookups, 32)
		setDefault(&v.CacheTTL, time.Hour)
		setDefault(&v.CacheSize, 10_000)
		v.cache = newDomainCache(v.CacheSize)
		v.slots = make(chan struct{}, v.MaxLookups)
		if v.Resolver == nil {
			v.Resolver = net.DefaultResolver
		}
		if v.Now == nil {
			v.Now = time.Now
		}
		if v.Roles == nil {
			v.Roles = roleAccounts
		}
		if v.Disposable == nil {
			v.Disposable = disposableDomains
		}
	})
}

func setDefault[T int | time.Duration](p *T, d T) {
	if *p <= 0 {
		*p = d
	}
}

// Check verifies one address. Only an address that passes every check is
// Verified; the first failing check names the status. Syntax, role and
// disposable checks need no DNS; a domain's DNS answer is cached.
func (v *Verifier) Check(ctx context.Context, addr string) engine.EmailCheck {
	v.init()
	res := engine.EmailCheck{Address: strings.TrimSpace(addr)}
	done := func(status, detail string, at time.Time) engine.EmailCheck {
		res.Status, res.Detail, res.CheckedAt = status, detail, at.UTC()
		res.Verified = status == StatusVerified
		return res
	}
	local, domain, ok := splitAddress(res.Address)
	if !ok {
		return done(StatusInvalidSyntax, "not a valid address", v.Now())
	}
	res.Address = local + "@" + domain
	if v.Roles[strings.ToLower(local)] {
		return done(StatusRoleAccount, "role account "+local+"@, not a person", v.Now())
	}
	if isDisposable(domain, v.Disposable) {
		return done(StatusDisposable, domain+" is a disposable-mail domain", v.Now())
	}
	d := v.domain(ctx, domain)
	return done(d.status, d.detail, d.at)
}

// domain returns domain's mail-host answer from the cache, from a lookup
// already in flight, or from a new lookup.
func (v *Verifier) domain(ctx context.Context, domain string) domainResult {
	e, owner := v.cache.claim(domain, v.Now())
	if !owner {
		select {
		case <-e.done:
			return e.res
		case <-ctx.Done():
			return timedOut()
		}
	}
	select {
	case v.slots <- struct{}{}:
	case <-ctx.Done():
		res := timedOut()
		v.cache.drop(domain, e, res)
		return res
	}
	lctx, cancel := context.WithTimeout(ctx, v.Timeout)
	status, detail := lookupMailHost(lctx, v.Resolver, domain)
	cancel()
	<-v.slots
	res := domainResult{status: status, detail: detail, at: v.Now()}
	switch {
	case status != StatusUnchecked:
		v.cache.fill(e, res, v.CacheTTL)
	case expired(ctx): // the caller's deadline, not the domain's fault
		v.cache.drop(domain, e, res)
	default:
		v.cache.fill(e, res, min(failTTL, v.CacheTTL))
	}
	return res
}

// expired reports whether ctx is done or at its deadline. The resolver's
// socket deadline is ctx's deadline and may fire a moment before ctx's own
// timer does, so ctx.Err() alone could blame the domain for the caller's
// deadline.
func expired(ctx context.Context) bool {
	if ctx.Err() != nil {
		return true
	}
	d, ok := ctx.Deadline()
	return ok && !time.Now().Before(d)
}

// timedOut is the answer for a domain not looked up before the caller's
// deadline; it has no check time because no check ran.
func timedOut() domainResult {
	return domainResult{status: StatusUnchecked, detail: "not checked: no DNS answer within the time allowed"}
}
