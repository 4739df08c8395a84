package enrich

import (
	"context"
	"errors"
	"net"
	"net/mail"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Resolver is the part of *net.Resolver the verifier uses; tests pass a
// fake.
type Resolver interface {
	LookupMX(ctx context.Context, name string) ([]*net.MX, error)
	LookupHost(ctx context.Context, host string) ([]string, error)
}

// Email check statuses.
const (
	StatusVerified      = "verified"
	StatusInvalidSyntax = "invalid_syntax"
	StatusRoleAccount   = "role_account"
	StatusDisposable    = "disposable"
	StatusNoMailHost    = "no_mail_host"
	StatusLookupFailed  = "lookup_failed"
)

// Verifier checks email addresses. The zero value uses net.DefaultResolver,
// the built-in lists and time.Now.
type Verifier struct {
	Resolver Resolver
	Now      func() time.Time
	// Timeout bounds one address's DNS lookups; default 3 s.
	Timeout time.Duration
	// Disposable and Roles override the built-in lists when set.
	Disposable map[string]bool
	Roles      map[string]bool
}

// Check verifies one address. Only an address that passes every check is
// Verified; the first failing check names the status.
func (v *Verifier) Check(ctx context.Context, addr string) engine.EmailCheck {
	now := time.Now
	if v.Now != nil {
		now = v.Now
	}
	res := engine.EmailCheck{Address: strings.TrimSpace(addr)}
	done := func(status, detail string) engine.EmailCheck {
		res.Status, res.Detail, res.CheckedAt = status, detail, now().UTC()
		res.Verified = status == StatusVerified
		return res
	}
	local, domain, ok := splitAddress(res.Address)
	if !ok {
		return done(StatusInvalidSyntax, "not a valid address")
	}
	res.Address = local + "@" + domain
	roles, disposable := roleAccounts, disposableDomains
	if v.Roles != nil {
		roles = v.Roles
	}
	if v.Disposable != nil {
		disposable = v.Disposable
	}
	if roles[strings.ToLower(local)] {
		return done(StatusRoleAccount, "role account "+local+"@, not a person")
	}
	if isDisposable(domain, disposable) {
		return done(StatusDisposable, domain+" is a disposable-mail domain")
	}
	var r Resolver = net.DefaultResolver
	if v.Resolver != nil {
		r = v.Resolver
	}
	timeout := v.Timeout
	if timeout <= 0 {
		timeout = 3 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	status, detail := lookupMailHost(ctx, r, domain)
	return done(status, detail)
}

// lookupMailHost accepts a domain with an MX record (other than the null
// MX "."), or without MX records but with an address (RFC 5321 §5.1).
func lookupMailHost(ctx context.Context, r Resolver, domain string) (string, string) {
	mxs, err := r.LookupMX(ctx, domain)
	if err == nil {
		for _, mx := range mxs {
			if h := strings.TrimSuffix(mx.Host, "."); h != "" {
				return StatusVerified, "MX " + h
			}
		}
		if len(mxs) > 0 {
			return StatusNoMailHost, "null MX: the domain accepts no mail"
		}
	} else if !notFound(err) {
		return StatusLookupFailed, "MX lookup: " + err.Error()
	}
	addrs, err := r.LookupHost(ctx, domain)
	switch {
	case err == nil && len(addrs) > 0:
		return StatusVerified, "no MX, A/AAAA " + addrs[0]
	case err == nil || notFound(err):
		return StatusNoMailHost, "no MX or A record for " + domain
	}
	return StatusLookupFailed, "host lookup: " + err.Error()
}

func notFound(err error) bool {
	var de *net.DNSError
	return errors.As(err, &de) && de.IsNotFound
}

// splitAddress checks the syntax of a bare address (no display name) and
// returns its local part and lower-cased domain.
func splitAddress(addr string) (string, string, bool) {
	if addr == "" || len(addr) > 254 || strings.ContainsAny(addr, " <>\"") {
		return "", "", false
	}
	a, err := mail.ParseAddress(addr)
	if err != nil || a.Address != addr {
		return "", "", false
	}
	at := strings.LastIndexByte(addr, '@')
	local, domain := addr[:at], strings.ToLower(addr[at+1:])
	if len(local) > 64 || !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") ||
		strings.Contains(domain, "..") {
		return "", "", false
	}
	for _, label := range strings.Split(domain, ".") {
		if label == "" || len(label) > 63 || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") {
			return "", "", false
		}
	}
	if tld := domain[strings.LastIndexByte(domain, '.')+1:]; len(tld) < 2 || strings.IndexFunc(tld, func(r rune) bool { return r >= '0' && r <= '9' }) >= 0 {
		return "", "", false
	}
	return local, domain, true
}

func isDisposable(domain string, list map[string]bool) bool {
	for d := domain; d != ""; {
		if list[d] {
			return true
		}
		i := strings.IndexByte(d, '.')
		if i < 0 {
			break
		}
		d = d[i+1:]
	}
	return false
}
