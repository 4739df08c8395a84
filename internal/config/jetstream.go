package config

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

func applyJetstreamEnabled(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.JetstreamEnabled = b
	return nil
}

// applyJetstreamURL takes a websocket URL without a query: the consumer
// adds wantedCollections and its cursor (README.md, "Bluesky Jetstream").
func applyJetstreamURL(c *Config, v string) error {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "ws" && u.Scheme != "wss") || u.Host == "" || u.User != nil ||
		strings.ContainsAny(u.Host, " '\";") {
		return fmt.Errorf("must be an absolute ws:// or wss:// URL")
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("must not have a query or fragment")
	}
	c.JetstreamURL = u.String()
	return nil
}
