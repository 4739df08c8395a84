package clients

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"syscall"
	"time"
)

// errPrivateAddress: a webhook host resolving to an address not allowed.
var errPrivateAddress = errors.New("resolves to a loopback, link-local or private address (set ALLOW_PRIVATE_WEBHOOKS=true to allow)")

// blockedAddr reports whether ip is loopback, link-local, private,
// unspecified, multicast or shared (100.64.0.0/10) address space.
func blockedAddr(ip netip.Addr) bool {
	ip = ip.Unmap()
	return !ip.IsValid() || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() || ip.IsPrivate() ||
		ip.IsUnspecified() || ip.IsMulticast() || ip.IsInterfaceLocalMulticast() || netip.MustParsePrefix("100.64.0.0/10").Contains(ip)
}

// checkWebhookURL says why raw is no webhook target: not an absolute
// http(s) URL, credentials in it, or (unless allowPrivate) a host any of
// whose addresses is blocked. It resolves the host (every address).
func checkWebhookURL(ctx context.Context, raw string, allowPrivate bool) error {
	u, err := url.Parse(raw)
	switch {
	case err != nil || len(raw) > maxTarget:
		return fmt.Errorf("must be an http or https URL of at most %d characters", maxTarget)
	case u.Scheme != "http" && u.Scheme != "https" || u.Hostname() == "" || u.Opaque != "":
		return errors.New("must be an absolute http or https URL")
	case u.User != nil:
		return errors.New("must not hold a user name or password")
	case u.Fragment != "":
		return errors.New("must not hold a #fragment")
	}
	if allowPrivate {
		return nil
	}
	host := u.Hostname()
	var addrs []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{ip}
	} else {
		rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if addrs, err = net.DefaultResolver.LookupNetIP(rctx, "ip", host); err != nil || len(addrs) == 0 {
			return fmt.Errorf("host %s does not resolve", host)
		}
	}
	for _, a := range addrs {
		if blockedAddr(a) {
			return fmt.Errorf("host %s %w", host, errPrivateAddress)
		}
	}
	return nil
}

// webhookClient posts without following redirects, within timeout, and
// keeps a kept-alive connection per delivery worker to a host (a drain to
// one receiver reuses them instead of dialling per POST), and
// (unless allowPrivate) refuses to connect to a blocked address: the check
// is on the address actually dialled, so a DNS answer changed between the
// URL check and the connection (rebinding) is caught too.
func webhookClient(timeout time.Duration, allowPrivate bool) *http.Client {
	d := &net.Dialer{Timeout: timeout}
	if !allowPrivate {
		d.Control = func(_, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || blockedAddr(ap.Addr()) {
				return fmt.Errorf("connect to %s: %w", address, errPrivateAddress)
			}
			return nil
		}
	}
	return &http.Client{Timeout: timeout,
		Transport:     &http.Transport{DialContext: d.DialContext, TLSHandshakeTimeout: timeout, MaxIdleConnsPerHost: DeliveryWorkers, IdleConnTimeout: time.Minute},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}
