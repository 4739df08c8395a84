package config

import (
	"fmt"
	"strconv"
	"strings"
)

func applyAllowPrivateWebhooks(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.AllowPrivateWebhooks = b
	return nil
}

func applySlackSigningSecret(c *Config, v string) error {
	if v != "" && (len(v) < 16 || strings.ContainsAny(v, " \t\r\n")) {
		return fmt.Errorf("must be the app's signing secret (at least 16 characters, no spaces)")
	}
	c.SlackSigningSecret = v
	return nil
}

func applySlackBotToken(c *Config, v string) error {
	if v != "" && !strings.HasPrefix(v, "xoxb-") {
		return fmt.Errorf("must be a bot token (xoxb-...)")
	}
	if v != "" && c.SlackSigningSecret == "" {
		return fmt.Errorf("needs SLACK_SIGNING_SECRET")
	}
	c.SlackBotToken = v
	return nil
}

// apiOrigin takes an http(s) origin, stored without a trailing slash.
func apiOrigin(to *string) func(*Config, string) error {
	return func(_ *Config, v string) error {
		u, err := parseHTTPURL(v)
		if err != nil {
			return err
		}
		if u.RawQuery != "" || u.Fragment != "" {
			return fmt.Errorf("must not have a query or fragment")
		}
		*to = strings.TrimRight(u.String(), "/")
		return nil
	}
}

func applySlackAPIURL(c *Config, v string) error   { return apiOrigin(&c.SlackAPIURL)(c, v) }
func applyHubSpotAPIURL(c *Config, v string) error { return apiOrigin(&c.HubSpotAPIURL)(c, v) }
func applyPipedriveAPIURL(c *Config, v string) error {
	return apiOrigin(&c.PipedriveAPIURL)(c, v)
}
