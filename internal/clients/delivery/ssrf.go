package delivery

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/netguard"
)

// errPrivateAddress: a webhook host resolving to an address not allowed;
// every such error wraps it. The ranges are internal/netguard's: every
// special-purpose range of the IANA registries, embedded IPv4 decoded.
var errPrivateAddress = netguard.ErrBlocked

// checkWebhookURL says why raw is no webhook target: not an absolute
// http(s) URL, credentials in it, or (unless allowPrivate) a host any of
// whose addresses is blocked. It resolves the host (every address).
func checkWebhookURL(ctx context.Context, raw string, allowPrivate bool) error {
	u, err := url.Parse(raw)
	switch {
	case err != nil || len(raw) > clients.MaxTarget:
		return fmt.Errorf("must be an http or https URL of at most %d characters", clients.MaxTarget)
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
	if err := netguard.CheckHost(ctx, u.Hostname()); err != nil {
		if errors.Is(err, netguard.ErrBlocked) {
			return fmt.Errorf("%w: %w", err, errPrivateAddress)
		}
		return err
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
	d := netguard.Dialer(timeout, allowPrivate)
	return &http.Client{Timeout: timeout,
		Transport:     &http.Transport{DialContext: d.DialContext, TLSHandshakeTimeout: timeout, MaxIdleConnsPerHost: clients.DeliveryWorkers, IdleConnTimeout: time.Minute},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}
