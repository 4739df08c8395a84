package config

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"testing"
	"time"
)

func env(kv map[string]string) func(string) string {
	return func(k string) string { return kv[k] }
}

func TestDefaults(t *testing.T) {
	c, err := Load(nil, env(nil))
	if err != nil {
		t.Fatalf("Load with nothing set: %v", err)
	}
	want := Config{Port: 8080, DataDir: "./data", BaseURL: "http://localhost:8080",
		LogLevel: slog.LevelInfo, LogFormat: "text", ShutdownTimeout: 15 * time.Second, DrainDelay: 5 * time.Second,
		ForwardTimeout: 10 * time.Second, SessionTTL: 12 * time.Hour, FormRateLimit: 20, AnalyticsRateLimit: 60, BlogSeed: true,
		DemoKey: "signalpipe-demo", SearchRateLimit: 10, CorpusSeed: true,
		SlackAPIURL: "https://slack.com/api", HubSpotAPIURL: "https://api.hubapi.com", PipedriveAPIURL: "https://api.pipedrive.com",
		HNBaseURL: "https://hn.algolia.com", HNAPIURL: "https://hacker-news.firebaseio.com", ExaBaseURL: "https://api.exa.ai",
		LobstersBaseURL: "https://lobste.rs", StackExchangeSite: "stackoverflow", StackExchangeBaseURL: "https://api.stackexchange.com", GitHubBaseURL: "https://api.github.com", MastodonInstances: []string{"https://mastodon.social"}, RedditUserAgent: "server:signalpipe:1.0", BlueskyPDSURL: "https://bsky.social", JetstreamURL: "wss://jetstream2.us-east.bsky.network/subscribe", IngestQueries: DefaultIngestQueries, IngestLimit: 25, LLMModel: "gpt-4o-mini", LLMTimeout: 8 * time.Second, LLMReview: 20, LLMContextTokens: 8192,
		ChromiumPath: "", PDFConcurrency: 2, PDFQueue: 8, PDFTimeout: 30 * time.Second,
		PDFMaxHTMLBytes: 5 << 20, PDFRestartAfter: 100, PDFRateLimit: 20, EmailVerify: true, EmailVerifyTimeout: time.Second,
		LeadMaxAge: 30 * 24 * time.Hour, PDFCPUBudget: 10 * time.Second, PDFMemoryBudget: 1 << 30, PDFSandbox: true,
		MailFrom: `"Signalpipe" <leads@localhost>`, SMTPTimeout: 15 * time.Second, ChannelAlertAfter: 15 * time.Minute}
	if !reflect.DeepEqual(*c, want) {
		t.Fatalf("defaults = %+v, want %+v", *c, want)
	}
	if c.Addr() != ":8080" || c.UsesPostgres() || c.SQLitePath() != "data/signalpipe.db" {
		t.Fatalf("Addr %q UsesPostgres %v SQLitePath %q", c.Addr(), c.UsesPostgres(), c.SQLitePath())
	}
}

func TestEnvAndFlags(t *testing.T) {
	e := env(map[string]string{
		"HOST": "127.0.0.1", "PORT": "9000", "DATA_DIR": "/tmp/sp", "LOG_LEVEL": "DEBUG",
		"LOG_FORMAT": "json", "SHUTDOWN_TIMEOUT": "3s",
		"DATABASE_URL":         "postgresql://u@db:5432/sp?sslmode=disable",
		"BASE_URL":             "https://signalpipe.example/",
		"BOOKING_CALENDAR_URL": "https://cal.example/team/demo",
	})
	c, err := Load(nil, e)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if c.Addr() != "127.0.0.1:9000" || c.DataDir != "/tmp/sp" || c.LogLevel != slog.LevelDebug ||
		c.LogFormat != "json" || c.ShutdownTimeout != 3*time.Second || !c.UsesPostgres() ||
		c.BaseURL != "https://signalpipe.example" || c.BookingCalendarURL != "https://cal.example/team/demo" {
		t.Fatalf("from env = %+v", *c)
	}

	c, err = Load([]string{"--port", "9100", "--base-url=http://a.example:9100", "-log-level", "error"}, e)
	if err != nil {
		t.Fatalf("Load with flags: %v", err)
	}
	if c.Port != 9100 || c.BaseURL != "http://a.example:9100" || c.LogLevel != slog.LevelError || c.DataDir != "/tmp/sp" {
		t.Fatalf("flags did not override env: %+v", *c)
	}
}

func TestBaseURLDefaultFollowsPort(t *testing.T) {
	c, err := Load([]string{"--port=3000"}, env(nil))
	if err != nil || c.BaseURL != "http://localhost:3000" {
		t.Fatalf("BaseURL = %q, %v", c.BaseURL, err)
	}
}

func TestInvalidValuesNameTheOption(t *testing.T) {
	tests := []struct {
		env, value, want string
	}{
		{"PORT", "abc", `invalid PORT "abc": must be a number 1-65535`},
		{"PORT", "0", "invalid PORT"},
		{"PORT", "70000", "invalid PORT"},
		{"HOST", "not a host", "invalid HOST"},
		{"DATA_DIR", "   ", "invalid DATA_DIR"},
		{"DATABASE_URL", "mysql://root:secret@db/sp", "invalid DATABASE_URL: must be a postgres://"},
		{"BASE_URL", "localhost:8080", "invalid BASE_URL"},
		{"BASE_URL", "ftp://x.example", "invalid BASE_URL"},
		{"BASE_URL", "https://x.example/?a=1", "invalid BASE_URL"},
		{"BOOKING_CALENDAR_URL", "javascript:alert(1)", "invalid BOOKING_CALENDAR_URL"},
		{"BOOKING_CALENDAR_URL", "cal.example/x", "invalid BOOKING_CALENDAR_URL"},
		{"LOG_LEVEL", "verbose", "invalid LOG_LEVEL"},
		{"LOG_FORMAT", "xml", "invalid LOG_FORMAT"},
		{"SHUTDOWN_TIMEOUT", "15", "invalid SHUTDOWN_TIMEOUT"},
		{"SHUTDOWN_TIMEOUT", "-1s", "invalid SHUTDOWN_TIMEOUT"},
		{"DRAIN_DELAY", "5", "invalid DRAIN_DELAY"},
		{"DRAIN_DELAY", "-1s", "invalid DRAIN_DELAY"},
		{"DRAIN_DELAY", "6m", "invalid DRAIN_DELAY"},
		{"DB_MAX_CONNS", "2", `invalid DB_MAX_CONNS "2": must be a whole number 3-1000`},
		{"DB_MAX_CONNS", "many", "invalid DB_MAX_CONNS"},
		{"DB_MAX_CONNS", "1001", "invalid DB_MAX_CONNS"},
		{"WORKFLOW_WEBHOOK_URL", "hooks.example/x", "invalid WORKFLOW_WEBHOOK_URL"},
		{"FORMMAIL_URL", "mailto:x@y.z", "invalid FORMMAIL_URL"},
		{"FORMMAIL_KEY", "a\nb", "invalid FORMMAIL_KEY"},
		{"FORWARD_TIMEOUT", "0s", "invalid FORWARD_TIMEOUT"},
		{"CHANNEL_ALERT_AFTER", "30s", "invalid CHANNEL_ALERT_AFTER"},
		{"CHANNEL_ALERT_AFTER", "100h", "invalid CHANNEL_ALERT_AFTER"},
		{"FORWARD_TIMEOUT", "10", "invalid FORWARD_TIMEOUT"},
		{"ADMIN_EMAIL", "not-an-email", "invalid ADMIN_EMAIL"},
		{"ADMIN_EMAIL", "a@b.example", "invalid ADMIN_PASSWORD: must be set"},
		{"ADMIN_PASSWORD", "long enough secret", "invalid ADMIN_PASSWORD: needs ADMIN_EMAIL"},
		{"SESSION_TTL", "30s", "invalid SESSION_TTL"},
		{"SESSION_TTL", "200h", "invalid SESSION_TTL"},
		{"FORM_RATE_LIMIT", "-1", "invalid FORM_RATE_LIMIT"},
		{"FORM_RATE_LIMIT", "lots", "invalid FORM_RATE_LIMIT"},
		{"TRUST_PROXY_HEADERS", "maybe", "invalid TRUST_PROXY_HEADERS"},
		{"ALLOW_PRIVATE_WEBHOOKS", "sometimes", "invalid ALLOW_PRIVATE_WEBHOOKS"},
		{"SLACK_SIGNING_SECRET", "short", "invalid SLACK_SIGNING_SECRET"},
		{"SLACK_BOT_TOKEN", "xoxb-1-2", "invalid SLACK_BOT_TOKEN: needs SLACK_SIGNING_SECRET"},
		{"SLACK_API_URL", "slack.com/api", "invalid SLACK_API_URL"},
		{"HUBSPOT_API_URL", "ftp://x", "invalid HUBSPOT_API_URL"},
		{"PIPEDRIVE_API_URL", "http://x/?q=1", "invalid PIPEDRIVE_API_URL"},
		{"CHROMIUM_PATH", "/nonexistent/chromium", "invalid CHROMIUM_PATH"},
		{"PDF_CONCURRENCY", "0", "invalid PDF_CONCURRENCY"},
		{"PDF_QUEUE", "-1", "invalid PDF_QUEUE"},
		{"PDF_TIMEOUT", "30", "invalid PDF_TIMEOUT"},
		{"PDF_TIMEOUT", "10m", "invalid PDF_TIMEOUT"},
		{"PDF_MAX_HTML_BYTES", "5MB", "invalid PDF_MAX_HTML_BYTES"},
		{"PDF_MAX_HTML_BYTES", "100MiB", "invalid PDF_MAX_HTML_BYTES"},
		{"PDF_RESTART_AFTER", "0", "invalid PDF_RESTART_AFTER"},
		{"PDF_RATE_LIMIT", "x", "invalid PDF_RATE_LIMIT"},
		{"PDF_JAVASCRIPT", "maybe", "invalid PDF_JAVASCRIPT"},
		{"PDF_CPU_BUDGET", "10", "invalid PDF_CPU_BUDGET"},
		{"PDF_CPU_BUDGET", "1h", "invalid PDF_CPU_BUDGET"},
		{"PDF_MEMORY_BUDGET", "1MiB", "invalid PDF_MEMORY_BUDGET"},
		{"PDF_MEMORY_BUDGET", "1TB", "invalid PDF_MEMORY_BUDGET"},
		{"PDF_USER", "root", "invalid PDF_USER"},
		{"PDF_USER", "0:0", "invalid PDF_USER"},
		{"PDF_USER", "no-such-user-here", "invalid PDF_USER"},
		{"PDF_SANDBOX", "nope", "invalid PDF_SANDBOX"},
		{"GOTENBERG_URL", "gotenberg:3000", "invalid GOTENBERG_URL"},
		{"EMAIL_VERIFY", "sometimes", `invalid EMAIL_VERIFY "sometimes": must be true or false`},
		{"EMAIL_VERIFY_TIMEOUT", "5s", `invalid EMAIL_VERIFY_TIMEOUT "5s": must be a duration from 10ms to 2s`},
		{"EMAIL_VERIFY_TIMEOUT", "1", "invalid EMAIL_VERIFY_TIMEOUT"},
		{"EMAIL_VERIFY_TIMEOUT", "1ms", "invalid EMAIL_VERIFY_TIMEOUT"},
		{"LEAD_MAX_AGE", "30", "invalid LEAD_MAX_AGE"},
		{"LEAD_MAX_AGE", "5m", `invalid LEAD_MAX_AGE "5m": must be from 1h to 3650d`},
		{"LEAD_MAX_AGE", "xd", "invalid LEAD_MAX_AGE"},
	}
	for _, tt := range tests {
		t.Run(tt.env+"="+tt.value, func(t *testing.T) {
			_, err := Load(nil, env(map[string]string{tt.env: tt.value}))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want it to contain %q", err, tt.want)
			}
			if tt.env == "DATABASE_URL" && strings.Contains(err.Error(), "secret") {
				t.Fatalf("error leaks the database password: %v", err)
			}
		})
	}
}

func TestInvalidFlagNamesTheFlag(t *testing.T) {
	_, err := Load([]string{"--log-format", "xml"}, env(map[string]string{"LOG_FORMAT": "json"}))
	if err == nil || !strings.Contains(err.Error(), `invalid --log-format "xml"`) {
		t.Fatalf("error = %v", err)
	}
	if _, err := Load([]string{"--nope"}, env(nil)); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Fatalf("unknown flag error = %v", err)
	}
	if _, err := Load([]string{"extra"}, env(nil)); err == nil {
		t.Fatal("positional argument accepted")
	}
	if _, err := Load([]string{"-h"}, env(nil)); !errors.Is(err, ErrHelp) {
		t.Fatalf("-h error = %v, want ErrHelp", err)
	}
}

func TestOptionsAreDocumented(t *testing.T) {
	var usage bytes.Buffer
	Usage(&usage)
	seen := map[string]bool{}
	for _, o := range Options() {
		if o.Env == "" || o.Flag == "" || o.Description == "" || seen[o.Env] {
			t.Errorf("option %+v is incomplete or duplicated", o)
		}
		seen[o.Env] = true
		for _, s := range []string{"--" + o.Flag, "env " + o.Env} {
			if !strings.Contains(usage.String(), s) {
				t.Errorf("usage does not mention %q", s)
			}
		}
	}
	for _, name := range []string{"HOST", "PORT", "DATA_DIR", "DATABASE_URL", "BASE_URL",
		"BOOKING_CALENDAR_URL", "LOG_LEVEL", "LOG_FORMAT", "SHUTDOWN_TIMEOUT", "DRAIN_DELAY", "DB_MAX_CONNS", "WORKFLOW_WEBHOOK_URL", "FORMMAIL_URL",
		"FORMMAIL_KEY", "FORWARD_TIMEOUT", "ADMIN_EMAIL", "ADMIN_PASSWORD", "SESSION_TTL", "FORM_RATE_LIMIT", "TRUST_PROXY_HEADERS",
		"CHROMIUM_PATH", "PDF_CONCURRENCY", "PDF_QUEUE", "PDF_TIMEOUT", "PDF_MAX_HTML_BYTES", "PDF_RESTART_AFTER",
		"PDF_RATE_LIMIT", "GOTENBERG_URL", "EMAIL_VERIFY", "EMAIL_VERIFY_TIMEOUT", "LEAD_MAX_AGE",
		"PDF_JAVASCRIPT", "PDF_CPU_BUDGET", "PDF_MEMORY_BUDGET", "PDF_USER", "PDF_SANDBOX", "ALLOW_PRIVATE_WEBHOOKS",
		"SMTP_URL", "MAIL_FROM", "SMTP_TIMEOUT", "CHANNEL_ALERT_AFTER", "OWNER_NOTIFY_EMAIL", "OWNER_SLACK_WEBHOOK_URL"} {
		if !seen[name] {
			t.Errorf("option %s missing from Options()", name)
		}
	}
}

func TestFormAndAdminOptions(t *testing.T) {
	c, err := Load([]string{"--admin-password", "a long password!", "--trust-proxy-headers=true"}, env(map[string]string{
		"WORKFLOW_WEBHOOK_URL": "https://hooks.example/abc", "FORMMAIL_URL": "https://mail.example/send",
		"FORMMAIL_KEY": "k", "FORWARD_TIMEOUT": "3s", "ADMIN_EMAIL": "Boss@X.example",
		"SESSION_TTL": "2h", "FORM_RATE_LIMIT": "0", "ANALYTICS_RATE_LIMIT": "5",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.WorkflowWebhookURL != "https://hooks.example/abc" || c.FormMailURL != "https://mail.example/send" || c.FormMailKey != "k" ||
		c.ForwardTimeout != 3*time.Second || c.AdminEmail != "boss@x.example" || c.AdminPassword != "a long password!" ||
		c.SessionTTL != 2*time.Hour || c.FormRateLimit != 0 || c.AnalyticsRateLimit != 5 || !c.TrustProxyHeaders {
		t.Fatalf("config = %+v", *c)
	}
	if c.AllowPrivateWebhooks {
		t.Fatal("ALLOW_PRIVATE_WEBHOOKS is on by default")
	}
	if c.WorkflowWebhookSecret != "" {
		t.Fatal("WORKFLOW_WEBHOOK_SECRET is set by default")
	}
	const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	hook := "https://hooks.example/abc"
	if s, err := Load(nil, env(map[string]string{"WORKFLOW_WEBHOOK_URL": hook, "WORKFLOW_WEBHOOK_SECRET": secret})); err != nil || s.WorkflowWebhookSecret != secret {
		t.Fatalf("WORKFLOW_WEBHOOK_SECRET: %v", err)
	}
	if _, err := Load(nil, env(map[string]string{"WORKFLOW_WEBHOOK_SECRET": secret})); err == nil || !strings.Contains(err.Error(), "needs WORKFLOW_WEBHOOK_URL") {
		t.Fatalf("a secret without a URL: %v", err)
	}
	for _, bad := range []string{"MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_short", "whsec_not base64!!", "whsec_QUFB"} {
		_, err := Load(nil, env(map[string]string{"WORKFLOW_WEBHOOK_URL": hook, "WORKFLOW_WEBHOOK_SECRET": bad}))
		if err == nil || !strings.Contains(err.Error(), "WORKFLOW_WEBHOOK_SECRET") || strings.Contains(err.Error(), bad) {
			t.Errorf("WORKFLOW_WEBHOOK_SECRET=%q: %v", bad, err)
		}
	}
	if p, err := Load(nil, env(map[string]string{"ALLOW_PRIVATE_WEBHOOKS": "true"})); err != nil || !p.AllowPrivateWebhooks {
		t.Fatalf("ALLOW_PRIVATE_WEBHOOKS=true: %v", err)
	}
	_, err = Load(nil, env(map[string]string{"ADMIN_EMAIL": "a@b.example", "ADMIN_PASSWORD": "shortpw"}))
	if err == nil || strings.Contains(err.Error(), "shortpw") {
		t.Fatalf("short password error leaks or is missing: %v", err)
	}
}

func TestTrustedProxies(t *testing.T) {
	c, err := Load(nil, env(map[string]string{"TRUST_PROXY_HEADERS": "true"}))
	if err != nil || !c.TrustProxyHeaders || fmt.Sprint(c.TrustedProxies) != "[127.0.0.0/8 ::1/128]" {
		t.Fatalf("TRUST_PROXY_HEADERS=true: %v %v %v", err, c.TrustProxyHeaders, c.TrustedProxies)
	}
	c, err = Load([]string{"--trusted-proxies", " 10.1.2.3/16, 192.0.2.7 ,fd00::/8,::1"}, env(nil))
	if err != nil || !c.TrustProxyHeaders || fmt.Sprint(c.TrustedProxies) != "[10.1.0.0/16 192.0.2.7/32 fd00::/8 ::1/128]" {
		t.Fatalf("TRUSTED_PROXIES: %v %v %v", err, c.TrustProxyHeaders, c.TrustedProxies)
	}
	c, err = Load(nil, env(nil))
	if err != nil || c.TrustProxyHeaders || len(c.TrustedProxies) != 0 {
		t.Fatalf("default: %v %v %v", err, c.TrustProxyHeaders, c.TrustedProxies)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.internal", "10.0.0.1,", "fe80::1%eth0"} {
		_, err := Load(nil, env(map[string]string{"TRUSTED_PROXIES": bad}))
		if bad == "10.0.0.1," {
			if err != nil {
				t.Errorf("trailing comma refused: %v", err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "TRUSTED_PROXIES") {
			t.Errorf("TRUSTED_PROXIES=%q: %v", bad, err)
		}
	}
}

func TestPDFOptions(t *testing.T) {
	c, err := Load([]string{"--pdf-max-html-bytes=512KiB", "--chromium-path=sh"}, env(map[string]string{
		"PDF_CONCURRENCY": "3", "PDF_QUEUE": "0", "PDF_TIMEOUT": "45s", "PDF_RESTART_AFTER": "7",
		"PDF_RATE_LIMIT": "0", "GOTENBERG_URL": "http://gotenberg:3000/",
		"PDF_JAVASCRIPT": "true", "PDF_CPU_BUDGET": "3s", "PDF_MEMORY_BUDGET": "2GiB", "PDF_USER": "65534:65534",
		"PDF_SANDBOX": "false",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.PDFMaxHTMLBytes != 512<<10 || !strings.HasSuffix(c.ChromiumPath, "/sh") || c.PDFConcurrency != 3 ||
		c.PDFQueue != 0 || c.PDFTimeout != 45*time.Second || c.PDFRestartAfter != 7 || c.PDFRateLimit != 0 ||
		c.GotenbergURL != "http://gotenberg:3000/" || !c.PDFJavaScript || c.PDFCPUBudget != 3*time.Second ||
		c.PDFMemoryBudget != 2<<30 || c.PDFUser != "65534:65534" || c.PDFSandbox {
		t.Fatalf("config = %+v", *c)
	}
	c, err = Load(nil, env(map[string]string{"PDF_CPU_BUDGET": "0", "PDF_MEMORY_BUDGET": "0", "PDF_USER": "nobody"}))
	if err != nil || c.PDFCPUBudget != 0 || c.PDFMemoryBudget != 0 || c.PDFUser != "nobody" {
		t.Fatalf("budgets off: %v %+v", err, c)
	}
	for in, want := range map[string]int{"100000": 100000, "2 MiB": 2 << 20, "4096B": 4096} {
		c, err := Load(nil, env(map[string]string{"PDF_MAX_HTML_BYTES": in}))
		if err != nil || c.PDFMaxHTMLBytes != want {
			t.Errorf("PDF_MAX_HTML_BYTES=%q: %v, %v; want %d", in, c, err, want)
		}
	}
}

func TestDrainDelayAndDBMaxConns(t *testing.T) {
	c, err := Load([]string{"--drain-delay=0"}, env(map[string]string{"DB_MAX_CONNS": "4", "DRAIN_DELAY": "30s"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.DrainDelay != 0 || c.DBMaxConns != 4 {
		t.Fatalf("DrainDelay %s DBMaxConns %d, want 0 and 4", c.DrainDelay, c.DBMaxConns)
	}
	c, err = Load(nil, env(map[string]string{"DRAIN_DELAY": "30s"}))
	if err != nil || c.DrainDelay != 30*time.Second || c.DBMaxConns != 0 {
		t.Fatalf("DrainDelay %s DBMaxConns %d, %v", c.DrainDelay, c.DBMaxConns, err)
	}
}

func TestLeadMaxAge(t *testing.T) {
	for v, want := range map[string]time.Duration{"7d": 7 * 24 * time.Hour, "720h": 720 * time.Hour, "1h": time.Hour} {
		c, err := Load(nil, env(map[string]string{"LEAD_MAX_AGE": v}))
		if err != nil || c.LeadMaxAge != want {
			t.Errorf("LEAD_MAX_AGE=%s: %v %v, want %v", v, c, err, want)
		}
	}
	c, err := Load([]string{"--lead-max-age", "14d"}, env(nil))
	if err != nil || c.LeadMaxAge != 14*24*time.Hour {
		t.Errorf("--lead-max-age 14d: %v", err)
	}
}

// A true/false option may stand alone (--hn-enabled means true) and never
// takes the next argument; Flags gives a command's flag set the same
// options, set ones back as Load's args.
func TestSwitchFlags(t *testing.T) {
	c, err := Load([]string{"--hn-enabled", "--email-verify=false"}, env(nil))
	if err != nil || !c.HNEnabled || c.EmailVerify {
		t.Fatalf("switches: %+v, %v", c, err)
	}
	if _, err := Load([]string{"--hn-enabled", "f.jsonl"}, env(nil)); err == nil || !strings.Contains(err.Error(), `unexpected argument "f.jsonl"`) {
		t.Fatalf("a switch took the next argument: %v", err)
	}
	if _, err := Load([]string{"--hn-enabled=maybe"}, env(nil)); err == nil || !strings.Contains(err.Error(), "--hn-enabled") {
		t.Fatalf("bad switch value: %v", err)
	}
	fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
	own := fs.String("split", "", "")
	set := Flags(fs)
	if err := fs.Parse([]string{"--split", "test", "--port", "9090", "--trust-proxy-headers"}); err != nil {
		t.Fatal(err)
	}
	if got := set(); *own != "test" || !reflect.DeepEqual(got, []string{"--port=9090", "--trust-proxy-headers=true"}) {
		t.Fatalf("own %q, options %q", *own, got)
	}
	for _, o := range options {
		if o.isSwitch() {
			if err := o.apply(&Config{}, "true"); err != nil {
				t.Errorf("%s has a true/false default but does not take true: %v", o.Env, err)
			}
		}
	}
}

func TestMailOptions(t *testing.T) {
	c, err := Load(nil, env(map[string]string{"BASE_URL": "https://app.example.com"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.SMTP != nil || c.MailFrom != `"Signalpipe" <leads@app.example.com>` || c.SMTPTimeout != 15*time.Second ||
		c.OwnerNotifyEmail != nil || c.OwnerSlackWebhookURL != "" {
		t.Fatalf("defaults: %+v %q %s", c.SMTP, c.MailFrom, c.SMTPTimeout)
	}
	c, err = Load(nil, env(map[string]string{"SMTP_URL": "smtps://u:p%40ss@mail.example.com", "MAIL_FROM": "leads@x.example",
		"SMTP_TIMEOUT": "5s", "OWNER_NOTIFY_EMAIL": "a@x.example, b@y.example",
		"OWNER_SLACK_WEBHOOK_URL": "https://hooks.slack.com/services/T/B/x"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.SMTP == nil || c.SMTP.Host != "mail.example.com" || c.SMTP.Port != 465 || !c.SMTP.ImplicitTLS || c.SMTP.Password != "p@ss" ||
		c.MailFrom != "<leads@x.example>" || c.SMTPTimeout != 5*time.Second || len(c.OwnerNotifyEmail) != 2 ||
		c.OwnerSlackWebhookURL != "https://hooks.slack.com/services/T/B/x" {
		t.Fatalf("set: %+v %q %s %v %q", c.SMTP, c.MailFrom, c.SMTPTimeout, c.OwnerNotifyEmail, c.OwnerSlackWebhookURL)
	}
	for _, tc := range []struct{ env map[string]string }{
		{map[string]string{"SMTP_URL": "http://mail.example.com"}},
		{map[string]string{"SMTP_URL": "smtp://mail.example.com:0"}},
		{map[string]string{"MAIL_FROM": "not an address"}},
		{map[string]string{"SMTP_TIMEOUT": "0s"}},
		{map[string]string{"OWNER_NOTIFY_EMAIL": "boss@x.example"}}, // no SMTP_URL
		{map[string]string{"SMTP_URL": "smtp://h.example", "OWNER_NOTIFY_EMAIL": "nope"}},
		{map[string]string{"OWNER_SLACK_WEBHOOK_URL": "https://example.com/hook"}},
	} {
		if _, err := Load(nil, env(tc.env)); err == nil {
			t.Errorf("%v accepted", tc.env)
		}
	}
	_, err = Load(nil, env(map[string]string{"SMTP_URL": "ftp://user:hunter2@h"}))
	if err == nil || !strings.Contains(err.Error(), "invalid SMTP_URL") || strings.Contains(err.Error(), "hunter2") {
		t.Fatalf("SMTP_URL error leaks the password or is missing: %v", err)
	}
	if _, err := Load(nil, env(map[string]string{"OWNER_NOTIFY_EMAIL": "boss@x.example"})); err == nil || !strings.Contains(err.Error(), "needs SMTP_URL") {
		t.Fatalf("OWNER_NOTIFY_EMAIL without SMTP_URL: %v", err)
	}
}
