package config

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/mail"
)

// maxOwnerRecipients bounds OWNER_NOTIFY_EMAIL.
const maxOwnerRecipients = 10

func applySMTPURL(c *Config, v string) error {
	c.SMTP = nil
	if strings.TrimSpace(v) == "" {
		return nil
	}
	s, err := mail.ParseURL(v)
	if err != nil {
		return err
	}
	c.SMTP = s
	return nil
}

// applyMailFrom runs after BASE_URL and SMTP_URL (table order): its
// default is leads@ the host of BASE_URL.
func applyMailFrom(c *Config, v string) error {
	if v == "" {
		host := "localhost"
		if u, err := url.Parse(c.BaseURL); err == nil && u.Hostname() != "" {
			host = u.Hostname()
		}
		v = "Signalpipe <leads@" + host + ">"
	}
	a, err := mail.ParseAddress(v)
	if err != nil {
		return err
	}
	c.MailFrom = a.String()
	return nil
}

func applySMTPTimeout(c *Config, v string) error {
	d, err := time.ParseDuration(v)
	// At most 20 s: a delivery job's attempt stays under the 30 s after
	// which another instance takes it for abandoned (docs/clients.md).
	if err != nil || d < time.Second || d > 20*time.Second {
		return fmt.Errorf("must be a duration from 1s to 20s, such as 15s")
	}
	c.SMTPTimeout = d
	return nil
}

func applyChannelAlertAfter(c *Config, v string) error {
	d, err := time.ParseDuration(v)
	// Under the 72-hour pause, which stays: a notice after the pause
	// would say nothing new.
	if err != nil || d < time.Minute || d > 72*time.Hour {
		return fmt.Errorf("must be a duration from 1m to 72h, such as 15m")
	}
	c.ChannelAlertAfter = d
	return nil
}

// applyOwnerNotifyEmail runs after SMTP_URL (table order).
func applyOwnerNotifyEmail(c *Config, v string) error {
	c.OwnerNotifyEmail = nil
	if strings.TrimSpace(v) == "" {
		return nil
	}
	to, err := mail.ParseRecipients(v, maxOwnerRecipients)
	if err != nil {
		return err
	}
	if c.SMTP == nil {
		return errors.New("needs SMTP_URL (mail is not configured)")
	}
	c.OwnerNotifyEmail = to
	return nil
}

// applyOwnerSlackWebhookURL runs after ALLOW_PRIVATE_WEBHOOKS (table
// order): an http:// or local URL only with it.
func applyOwnerSlackWebhookURL(c *Config, v string) error {
	c.OwnerSlackWebhookURL = ""
	if v == "" {
		return nil
	}
	u, err := parseHTTPURL(v)
	if err != nil {
		return err
	}
	if !c.AllowPrivateWebhooks && (u.Scheme != "https" || u.Hostname() != "hooks.slack.com" || !strings.HasPrefix(u.Path, "/services/")) {
		return errors.New("must be a Slack incoming webhook URL (https://hooks.slack.com/services/…)")
	}
	c.OwnerSlackWebhookURL = u.String()
	return nil
}
