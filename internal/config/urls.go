package config

import (
	"fmt"
	"net/url"
	"strings"
)

func applyDatabaseURL(c *Config, v string) error {
	if v == "" {
		c.DatabaseURL = ""
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return fmt.Errorf("must be a postgres:// or postgresql:// URL")
	}
	c.DatabaseURL = v
	return nil
}

// applyBaseURL runs after PORT (table order), so the derived default can use it.
func applyBaseURL(c *Config, v string) error {
	if v == "" {
		c.BaseURL = fmt.Sprintf("http://localhost:%d", c.Port)
		return nil
	}
	u, err := parseHTTPURL(v)
	if err != nil {
		return err
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("must not have a query or fragment")
	}
	c.BaseURL = strings.TrimRight(u.String(), "/")
	return nil
}

func applyBookingURL(c *Config, v string) error {
	if v == "" {
		c.BookingCalendarURL = ""
		return nil
	}
	u, err := parseHTTPURL(v)
	if err != nil {
		return err
	}
	c.BookingCalendarURL = u.String()
	return nil
}

// parseHTTPURL accepts only absolute http(s) URLs with a host and no
// credentials, since these values end up in pages and security headers.
func parseHTTPURL(v string) (*url.URL, error) {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return nil, fmt.Errorf("must be an absolute http:// or https:// URL")
	}
	if strings.ContainsAny(u.Host, " '\";") {
		return nil, fmt.Errorf("must be an absolute http:// or https:// URL")
	}
	return u, nil
}
