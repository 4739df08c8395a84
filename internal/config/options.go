package config

import (
	"fmt"
	"log/slog"
	"net"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Option documents one configuration option. Options returns them all, in the
// order --help shows them.
type Option struct {
	// Env is the environment variable, e.g. "PORT". Errors use it as the
	// option's name.
	Env string
	// Flag is the command-line flag without dashes, e.g. "port".
	Flag string
	// Default is the value used when neither flag nor environment sets it,
	// as shown to people.
	Default string
	// Description says what the option does.
	Description string

	// derived marks a default computed from other options (Default is then
	// only descriptive and apply receives "").
	derived bool
	// secret keeps the value out of error messages (it may hold a password).
	secret bool
	apply  func(c *Config, v string) error
}

// options is the single table of every option. apply parses and validates a
// value; its error text is the reason and Load prefixes the option's name.
var options = []Option{
	{Env: "HOST", Flag: "host", Default: "", Description: "interface to listen on (empty: all interfaces)", apply: applyHost},
	{Env: "PORT", Flag: "port", Default: "8080", Description: "TCP port to listen on", apply: applyPort},
	{Env: "DATA_DIR", Flag: "data-dir", Default: "./data", Description: "directory for the SQLite database and local state (created if missing)", apply: applyDataDir},
	{Env: "DATABASE_URL", Flag: "database-url", Default: "", Description: "PostgreSQL URL (postgres:// or postgresql://); empty: SQLite at DATA_DIR/signalpipe.db", secret: true, apply: applyDatabaseURL},
	{Env: "BASE_URL", Flag: "base-url", Default: "http://localhost:<PORT>", derived: true, Description: "public absolute http(s) URL of the site, used in canonical links and the sitemap", apply: applyBaseURL},
	{Env: "BOOKING_CALENDAR_URL", Flag: "booking-calendar-url", Default: "", Description: "external scheduling page (http or https URL); empty: booking calendar disabled", apply: applyBookingURL},
	{Env: "LOG_LEVEL", Flag: "log-level", Default: "info", Description: "minimum log level: debug, info, warn or error", apply: applyLogLevel},
	{Env: "LOG_FORMAT", Flag: "log-format", Default: "text", Description: "log format: text or json", apply: applyLogFormat},
	{Env: "SHUTDOWN_TIMEOUT", Flag: "shutdown-timeout", Default: "15s", Description: "time allowed for in-flight requests to finish on shutdown (e.g. 15s, 1m)", apply: applyShutdownTimeout},
	{Env: "WORKFLOW_WEBHOOK_URL", Flag: "workflow-webhook-url", Default: "", Description: "http(s) URL that receives every form submission as JSON; empty: not used", secret: true, apply: applyWebhookURL},
	{Env: "FORMMAIL_URL", Flag: "formmail-url", Default: "", Description: "http(s) URL of the form-mail API, the fallback when the webhook fails or is unset; empty: not used", secret: true, apply: applyFormMailURL},
	{Env: "FORMMAIL_KEY", Flag: "formmail-key", Default: "", Description: "form-mail API key, sent as Authorization: Bearer <key>", secret: true, apply: applyFormMailKey},
	{Env: "FORWARD_TIMEOUT", Flag: "forward-timeout", Default: "10s", Description: "timeout of one forwarding HTTP attempt (e.g. 10s)", apply: applyForwardTimeout},
	{Env: "ADMIN_EMAIL", Flag: "admin-email", Default: "", Description: "on start, create this admin if no account has this email (needs ADMIN_PASSWORD); never overwrites", apply: applyAdminEmail},
	{Env: "ADMIN_PASSWORD", Flag: "admin-password", Default: "", Description: "password of the ADMIN_EMAIL bootstrap admin (at least 12 characters)", secret: true, apply: applyAdminPassword},
	{Env: "SESSION_TTL", Flag: "session-ttl", Default: "12h", Description: "idle lifetime of an admin session, extended by use up to 7 days after sign-in", apply: applySessionTTL},
	{Env: "FORM_RATE_LIMIT", Flag: "form-rate-limit", Default: "20", Description: "public form submissions allowed per client IP per minute (per instance); 0 disables", apply: applyFormRateLimit},
	{Env: "TRUST_PROXY_HEADERS", Flag: "trust-proxy-headers", Default: "false", Description: "take the client IP from X-Forwarded-For's first hop (only behind a proxy that sets it)", apply: applyTrustProxy},
	{Env: "DEMO_KEY", Flag: "demo-key", Default: "signalpipe-demo", Description: "key the live lead search expects in the X-Demo-Key header (public: the web demo sends it)", apply: applyDemoKey},
	{Env: "SEARCH_RATE_LIMIT", Flag: "search-rate-limit", Default: "10", Description: "anonymous live lead searches allowed per client IP per minute (per instance); 0 disables", apply: applySearchRateLimit},
	{Env: "CORPUS_SEED", Flag: "corpus-seed", Default: "true", Description: "on the first start of a database, load the bundled posts into the search index (once per database)", apply: applyCorpusSeed},
	{Env: "HN_ENABLED", Flag: "hn-enabled", Default: "false", Description: "also search Hacker News (hn.algolia.com) live in every lead search", apply: applyHNEnabled},
	{Env: "EMAIL_VERIFY", Flag: "email-verify", Default: "true", Description: "verify the emails found in live lead searches (syntax, role account, disposable domain, DNS MX or A lookup)", apply: applyEmailVerify},
	{Env: "EMAIL_VERIFY_TIMEOUT", Flag: "email-verify-timeout", Default: "1s", Description: "time one lead search may spend on email DNS lookups (up to 2s); addresses not answered stay unchecked", apply: applyEmailVerifyTimeout},
	{Env: "BLOG_SEED", Flag: "blog-seed", Default: "true", Description: "on the first start of an empty blog, add the starter articles (once per database; never touches existing posts)", apply: applyBlogSeed},
}

// rawDefault is the value apply receives when the option is not set.
func (o Option) rawDefault() string {
	if o.derived {
		return ""
	}
	return o.Default
}

// Options lists every configuration option with its documentation.
func Options() []Option {
	out := make([]Option, len(options))
	copy(out, options)
	return out
}

var hostName = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$`)

func applyHost(c *Config, v string) error {
	h := strings.TrimSuffix(strings.TrimPrefix(v, "["), "]")
	if h != "" && net.ParseIP(h) == nil && !hostName.MatchString(h) {
		return fmt.Errorf("must be a host name or IP address")
	}
	c.Host = h
	return nil
}

func applyPort(c *Config, v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("must be a number 1-65535")
	}
	c.Port = n
	return nil
}

func applyDataDir(c *Config, v string) error {
	if strings.TrimSpace(v) == "" || strings.ContainsRune(v, 0) {
		return fmt.Errorf("must be a directory path")
	}
	c.DataDir = v
	return nil
}

func applyLogLevel(c *Config, v string) error {
	levels := map[string]slog.Level{"debug": slog.LevelDebug, "info": slog.LevelInfo, "warn": slog.LevelWarn, "error": slog.LevelError}
	l, ok := levels[strings.ToLower(v)]
	if !ok {
		return fmt.Errorf("must be one of debug, info, warn, error")
	}
	c.LogLevel = l
	return nil
}

func applyLogFormat(c *Config, v string) error {
	switch strings.ToLower(v) {
	case "text", "json":
		c.LogFormat = strings.ToLower(v)
		return nil
	}
	return fmt.Errorf("must be text or json")
}

func applyShutdownTimeout(c *Config, v string) error {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return fmt.Errorf("must be a positive duration such as 15s or 1m")
	}
	c.ShutdownTimeout = d
	return nil
}
