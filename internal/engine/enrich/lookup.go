package enrich

import (
	"context"
	"errors"
	"net"
	"strings"
)

// lookupMailHost accepts a domain with an MX record (other than the null
// MX "." of RFC 7505), or without MX records but with an address (the
// implicit MX of RFC 5321 §5.1). A name that does not exist, or has
// neither, cannot receive mail; any other failure leaves it unchecked,
// because a flaky DNS server says nothing about the address.
func lookupMailHost(ctx context.Context, r Resolver, domain string) (string, string) {
	// The final dot makes the name absolute: resolv.conf's search suffixes
	// never turn a missing domain into extra questions.
	fqdn := domain + "."
	mxs, err := r.LookupMX(ctx, fqdn)
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
		return StatusUnchecked, "MX lookup failed: " + err.Error()
	}
	addrs, err := r.LookupHost(ctx, fqdn)
	switch {
	case err == nil && len(addrs) > 0:
		return StatusVerified, "no MX, A/AAAA " + addrs[0]
	case err == nil || notFound(err):
		return StatusNoMailHost, "no MX or A record for " + domain
	}
	return StatusUnchecked, "host lookup failed: " + err.Error()
}

func notFound(err error) bool {
	var de *net.DNSError
	return errors.As(err, &de) && de.IsNotFound
}
