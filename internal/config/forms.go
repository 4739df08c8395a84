package config

import (
	"encoding/base64"
	"fmt"
	"net/mail"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// MinPasswordLength is the shortest admin password accepted anywhere.
const MinPasswordLength = 12

func applyWebhookURL(c *Config, v string) error {
	u, err := optionalHTTPURL(v)
	c.WorkflowWebhookURL = u
	return err
}

// applyWebhookSecret takes a Standard Webhooks secret: whsec_ and the
// base64 of at least 24 random bytes (README, "Forms, forwarding and the
// admin console").
func applyWebhookSecret(c *Config, v string) error {
	c.WorkflowWebhookSecret = ""
	if v == "" {
		return nil
	}
	if c.WorkflowWebhookURL == "" { // WORKFLOW_WEBHOOK_URL comes first in the table
		return fmt.Errorf("needs WORKFLOW_WEBHOOK_URL")
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(v, "whsec_"))
	if !strings.HasPrefix(v, "whsec_") || err != nil || len(raw) < 24 {
		return fmt.Errorf("must be whsec_ followed by the base64 of at least 24 random bytes (e.g. whsec_$(openssl rand -base64 32))")
	}
	c.WorkflowWebhookSecret = v
	return nil
}

func applyFormMailURL(c *Config, v string) error {
	u, err := optionalHTTPURL(v)
	c.FormMailURL = u
	return err
}

func optionalHTTPURL(v string) (string, error) {
	if v == "" {
		return "", nil
	}
	u, err := parseHTTPURL(v)
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

func applyFormMailKey(c *Config, v string) error {
	if strings.ContainsAny(v, "\r\n") {
		return fmt.Errorf("must be a single line")
	}
	c.FormMailKey = v
	return nil
}

func applyForwardTimeout(c *Config, v string) error {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 || d > 5*time.Minute {
		return fmt.Errorf("must be a positive duration up to 5m, such as 10s")
	}
	c.ForwardTimeout = d
	return nil
}

func applyAdminEmail(c *Config, v string) error {
	if v == "" {
		c.AdminEmail = ""
		return nil
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v {
		return fmt.Errorf("must be an email address")
	}
	c.AdminEmail = strings.ToLower(v)
	return nil
}

// applyAdminPassword runs after ADMIN_EMAIL (table order), so it can insist
// the two come together.
func applyAdminPassword(c *Config, v string) error {
	switch {
	case v == "" && c.AdminEmail != "":
		return fmt.Errorf("must be set when ADMIN_EMAIL is set")
	case v != "" && c.AdminEmail == "":
		return fmt.Errorf("needs ADMIN_EMAIL")
	case v != "" && len([]rune(v)) < MinPasswordLength:
		return fmt.Errorf("must be at least %d characters", MinPasswordLength)
	}
	c.AdminPassword = v
	return nil
}

func applySessionTTL(c *Config, v string) error {
	d, err := time.ParseDuration(v)
	if err != nil || d < time.Minute || d > MaxSessionAge {
		return fmt.Errorf("must be a duration between 1m and 168h, such as 12h")
	}
	c.SessionTTL = d
	return nil
}

func applyFormRateLimit(c *Config, v string) error {
	n, err := intIn(v, 0, 100000)
	if err != nil {
		return fmt.Errorf("%w (0 disables)", err)
	}
	c.FormRateLimit = n
	return nil
}

func applyAnalyticsRateLimit(c *Config, v string) error {
	n, err := intIn(v, 0, 100000)
	if err != nil {
		return fmt.Errorf("%w (0 disables)", err)
	}
	c.AnalyticsRateLimit = n
	return nil
}

func applyTrustProxy(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.TrustProxyHeaders = b
	return nil
}

// loopbackProxies is what TRUST_PROXY_HEADERS=true trusts on its own.
var loopbackProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}

// applyTrustedProxies runs after TRUST_PROXY_HEADERS (table order): a list
// turns trust on; an empty one leaves the boolean's loopback shorthand.
func applyTrustedProxies(c *Config, v string) error {
	c.TrustedProxies = nil
	for item := range strings.SplitSeq(v, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		p, err := parseProxy(item)
		if err != nil {
			return fmt.Errorf("%q is not an IP address or CIDR (such as 10.0.0.0/8 or ::1)", item)
		}
		c.TrustedProxies = append(c.TrustedProxies, p)
	}
	if len(c.TrustedProxies) > 0 {
		c.TrustProxyHeaders = true
	} else if c.TrustProxyHeaders {
		c.TrustedProxies = loopbackProxies
	}
	return nil
}

func parseProxy(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return netip.Prefix{}, err
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil || a.Zone() != "" {
		return netip.Prefix{}, fmt.Errorf("bad address %q", s)
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}
