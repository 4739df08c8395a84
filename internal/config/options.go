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
	{Env: "DB_MAX_CONNS", Flag: "db-max-conns", Default: "pool_max_conns from DATABASE_URL, else 20", derived: true, Description: "PostgreSQL connections one instance may open in all (3-1000; one of them is River's LISTEN connection); set, it wins over DATABASE_URL's pool_max_conns", apply: applyDBMaxConns},
	{Env: "DRAIN_DELAY", Flag: "drain-delay", Default: "5s", Description: "on SIGTERM, how long /readyz answers 503 while requests are still served, so load balancers take the instance out before it stops accepting (0-5m)", apply: applyDrainDelay},
	{Env: "BASE_URL", Flag: "base-url", Default: "http://localhost:<PORT>", derived: true, Description: "public absolute http(s) URL of the site, used in canonical links and the sitemap", apply: applyBaseURL},
	{Env: "BOOKING_CALENDAR_URL", Flag: "booking-calendar-url", Default: "", Description: "external scheduling page (http or https URL); empty: booking calendar disabled", apply: applyBookingURL},
	{Env: "LOG_LEVEL", Flag: "log-level", Default: "info", Description: "minimum log level: debug, info, warn or error", apply: applyLogLevel},
	{Env: "LOG_FORMAT", Flag: "log-format", Default: "text", Description: "log format: text or json", apply: applyLogFormat},
	{Env: "SHUTDOWN_TIMEOUT", Flag: "shutdown-timeout", Default: "15s", Description: "time allowed for in-flight requests to finish on shutdown (e.g. 15s, 1m)", apply: applyShutdownTimeout},
	{Env: "WORKFLOW_WEBHOOK_URL", Flag: "workflow-webhook-url", Default: "", Description: "http(s) URL that receives every form submission as JSON; empty: not used", secret: true, apply: applyWebhookURL},
	{Env: "WORKFLOW_WEBHOOK_SECRET", Flag: "workflow-webhook-secret", Default: "", Description: "Standard Webhooks secret (whsec_ and base64 of at least 24 bytes) that signs every POST to WORKFLOW_WEBHOOK_URL (webhook-id, webhook-timestamp, webhook-signature headers; needs WORKFLOW_WEBHOOK_URL); empty: unsigned", secret: true, apply: applyWebhookSecret},
	{Env: "FORMMAIL_URL", Flag: "formmail-url", Default: "", Description: "http(s) URL of the form-mail API, the fallback when the webhook fails or is unset; empty: not used", secret: true, apply: applyFormMailURL},
	{Env: "FORMMAIL_KEY", Flag: "formmail-key", Default: "", Description: "form-mail API key, sent as Authorization: Bearer <key>", secret: true, apply: applyFormMailKey},
	{Env: "ALLOW_PRIVATE_WEBHOOKS", Flag: "allow-private-webhooks", Default: "false", Description: "let client webhook channels reach loopback, link-local and private addresses (checked when saved and at every send); for local receivers only", apply: applyAllowPrivateWebhooks},
	{Env: "SMTP_URL", Flag: "smtp-url", Default: "", Description: "SMTP server for email channels and owner notifications: smtp://user:pass@host:587 (STARTTLS required) or smtps://user:pass@host:465 (implicit TLS); ?tls=none sends in the clear (a local relay only); empty: no email", secret: true, apply: applySMTPURL},
	{Env: "MAIL_FROM", Flag: "mail-from", Default: "Signalpipe <leads@host of BASE_URL>", derived: true, Description: "sender address of every email (an address, or Name <address>)", apply: applyMailFrom},
	{Env: "SMTP_TIMEOUT", Flag: "smtp-timeout", Default: "15s", Description: "time allowed for one email's whole SMTP exchange, dial to QUIT (1s-20s); over it the delivery is retried later", apply: applySMTPTimeout},
	{Env: "CHANNEL_ALERT_AFTER", Flag: "channel-alert-after", Default: "15m", Description: "how long a client's delivery channel may fail, with no 2xx, before a notice tells the owner (the bell and the owner's channels; a second one when it works again); 1m-72h", apply: applyChannelAlertAfter},
	{Env: "OWNER_NOTIFY_EMAIL", Flag: "owner-notify-email", Default: "", Description: "comma-separated addresses told of every new booking and onboarding (needs SMTP_URL; at most 10); empty: none", apply: applyOwnerNotifyEmail},
	{Env: "OWNER_SLACK_WEBHOOK_URL", Flag: "owner-slack-webhook-url", Default: "", Description: "Slack incoming webhook (https://hooks.slack.com/services/…) told of every new booking and onboarding; empty: none", secret: true, apply: applyOwnerSlackWebhookURL},
	{Env: "SLACK_SIGNING_SECRET", Flag: "slack-signing-secret", Default: "", Description: "signing secret of this install's own Slack app (Basic Information); set, Slack lead messages carry Good, Noise, Approve and Contacted buttons that act in Slack through POST /hooks/slack/interactions (requests verified with it); empty: the buttons are signed links to a web page", secret: true, apply: applySlackSigningSecret},
	{Env: "SLACK_BOT_TOKEN", Flag: "slack-bot-token", Default: "", Description: "bot token (xoxb-...) of that Slack app: updates a message with chat.update when Slack sends no response_url; empty: the response_url only", secret: true, apply: applySlackBotToken},
	{Env: "SLACK_API_URL", Flag: "slack-api-url", Default: "https://slack.com/api", Description: "Slack Web API origin; for tests only (a local fake); it also lets response_url point anywhere", apply: applySlackAPIURL},
	{Env: "HUBSPOT_API_URL", Flag: "hubspot-api-url", Default: "https://api.hubapi.com", Description: "HubSpot API origin of hubspot delivery channels; for tests only (a local fake)", apply: applyHubSpotAPIURL},
	{Env: "PIPEDRIVE_API_URL", Flag: "pipedrive-api-url", Default: "https://api.pipedrive.com", Description: "Pipedrive API origin of pipedrive delivery channels; for tests only (a local fake)", apply: applyPipedriveAPIURL},
	{Env: "FORWARD_TIMEOUT", Flag: "forward-timeout", Default: "10s", Description: "timeout of one forwarding HTTP attempt (e.g. 10s)", apply: applyForwardTimeout},
	{Env: "ADMIN_EMAIL", Flag: "admin-email", Default: "", Description: "on start, create this admin if no account has this email (needs ADMIN_PASSWORD); never overwrites", apply: applyAdminEmail},
	{Env: "ADMIN_PASSWORD", Flag: "admin-password", Default: "", Description: "password of the ADMIN_EMAIL bootstrap admin (at least 12 characters, not a common or breached password)", secret: true, apply: applyAdminPassword},
	{Env: "SESSION_TTL", Flag: "session-ttl", Default: "12h", Description: "idle lifetime of an admin or client portal session, extended by use up to 7 days after sign-in", apply: applySessionTTL},
	{Env: "FORM_RATE_LIMIT", Flag: "form-rate-limit", Default: "20", Description: "public form submissions allowed per client IP per minute (per instance); 0 disables", apply: applyFormRateLimit},
	{Env: "ANALYTICS_RATE_LIMIT", Flag: "analytics-rate-limit", Default: "60", Description: "page-view beacons allowed per client IP per minute (per instance), more answer 429 and are not counted; 0 disables", apply: applyAnalyticsRateLimit},
	{Env: "TRUST_PROXY_HEADERS", Flag: "trust-proxy-headers", Default: "false", Description: "take the client IP from X-Forwarded-For, trusting a proxy on loopback (shorthand for TRUSTED_PROXIES=127.0.0.0/8,::1)", apply: applyTrustProxy},
	{Env: "TRUSTED_PROXIES", Flag: "trusted-proxies", Default: "", Description: "comma-separated IPs or CIDRs of the proxies in front of the server; set, the client IP is the rightmost X-Forwarded-For address that is not one of them (implies TRUST_PROXY_HEADERS)", apply: applyTrustedProxies},
	{Env: "DEMO_KEY", Flag: "demo-key", Default: "signalpipe-demo", Description: "key the live lead search expects in the X-Demo-Key header (public: the web demo sends it)", apply: applyDemoKey},
	{Env: "SEARCH_RATE_LIMIT", Flag: "search-rate-limit", Default: "10", Description: "anonymous live lead searches allowed per client IP per minute (per instance); 0 disables", apply: applySearchRateLimit},
	{Env: "CORPUS_SEED", Flag: "corpus-seed", Default: "true", Description: "on the first start of a database, load the bundled posts into the search index (once per database)", apply: applyCorpusSeed},
	{Env: "HN_ENABLED", Flag: "hn-enabled", Default: "false", Description: "the Hacker News source (hn.algolia.com): searched live in every lead search and fetched by ingest; false: never contacted", apply: applyHNEnabled},
	{Env: "HN_BASE_URL", Flag: "hn-base-url", Default: "https://hn.algolia.com", Description: "Algolia HN search API origin (tests point it at a fake)", apply: applyHNBaseURL},
	{Env: "HN_API_URL", Flag: "hn-api-url", Default: "https://hacker-news.firebaseio.com", Description: "official HN API origin, the fallback when Algolia fails or is stale", apply: applyHNAPIURL},
	{Env: "SECRETS_KEY", Flag: "secrets-key", Default: "", Description: "base64 of 32 random bytes (openssl rand -base64 32) that encrypts the source credentials saved in the console (AES-256-GCM); the same on every instance; empty: the console cannot save credentials", secret: true, apply: applySecretsKey},
	{Env: "EXA_API_KEY", Flag: "exa-api-key", Default: "", Description: "Exa API key; when set, live searches and ingest also build Exa Websets (paid per item)", secret: true, apply: applyExaAPIKey},
	{Env: "EXA_BASE_URL", Flag: "exa-base-url", Default: "https://api.exa.ai", Description: "Exa API origin", apply: applyExaBaseURL},
	{Env: "LOBSTERS_ENABLED", Flag: "lobsters-enabled", Default: "false", Description: "the Lobsters source (newest stories, at most one request a second): searched live and fetched by ingest; false: never contacted", apply: applyLobstersEnabled},
	{Env: "LOBSTERS_BASE_URL", Flag: "lobsters-base-url", Default: "https://lobste.rs", Description: "Lobsters origin", apply: applyLobstersBaseURL},
	{Env: "STACKEXCHANGE_ENABLED", Flag: "stackexchange-enabled", Default: "false", Description: "the Stack Exchange source (advanced search of STACKEXCHANGE_SITE, honouring its backoff and daily quota): searched live and fetched by ingest; false: never contacted", apply: applyStackExchangeEnabled},
	{Env: "STACKEXCHANGE_KEY", Flag: "stackexchange-key", Default: "", Description: "optional Stack Exchange app key (raises the daily quota from 300 to 10,000 requests)", secret: true, apply: applyStackExchangeKey},
	{Env: "STACKEXCHANGE_SITE", Flag: "stackexchange-site", Default: "stackoverflow", Description: "the Stack Exchange site searched (its API name: stackoverflow, serverfault, superuser, …)", apply: applyStackExchangeSite},
	{Env: "STACKEXCHANGE_BASE_URL", Flag: "stackexchange-base-url", Default: "https://api.stackexchange.com", Description: "Stack Exchange API origin", apply: applyStackExchangeBaseURL},
	{Env: "GITHUB_ENABLED", Flag: "github-enabled", Default: "false", Description: "the GitHub source (issue search, 10 requests a minute without GITHUB_TOKEN, 30 with; honours its rate-limit answers): searched live and fetched by ingest; false: never contacted", apply: applyGitHubEnabled},
	{Env: "GITHUB_TOKEN", Flag: "github-token", Default: "", Description: "optional GitHub token (raises the search budget from 10 to 30 requests a minute)", secret: true, apply: applyGitHubToken},
	{Env: "GITHUB_BASE_URL", Flag: "github-base-url", Default: "https://api.github.com", Description: "GitHub REST API origin", apply: applyGitHubBaseURL},
	{Env: "MASTODON_ENABLED", Flag: "mastodon-enabled", Default: "false", Description: "the Mastodon source (hashtag timelines of MASTODON_INSTANCES, at most 30 requests a minute per instance, honouring its rate-limit headers): searched live and fetched by ingest; false: never contacted", apply: applyMastodonEnabled},
	{Env: "MASTODON_INSTANCES", Flag: "mastodon-instances", Default: "https://mastodon.social", Description: "comma-separated Mastodon instance origins whose hashtag timelines are read (at most 20)", apply: applyMastodonInstances},
	{Env: "REDDIT_CLIENT_ID", Flag: "reddit-client-id", Default: "", Description: "client id of your own approved Reddit app (reddit.com/prefs/apps); set, Reddit's search is read through OAuth (application-only, at most 100 requests a minute): searched live and fetched by ingest; empty: Reddit is never contacted", apply: applyRedditClientID},
	{Env: "REDDIT_CLIENT_SECRET", Flag: "reddit-client-secret", Default: "", Description: "that app's secret (required with REDDIT_CLIENT_ID)", secret: true, apply: applyRedditClientSecret},
	{Env: "REDDIT_USER_AGENT", Flag: "reddit-user-agent", Default: "server:signalpipe:1.0", Description: "User-Agent sent to Reddit; its rules ask for platform:app-id:version (by /u/your-username)", apply: applyRedditUserAgent},
	{Env: "BLUESKY_HANDLE", Flag: "bluesky-handle", Default: "", Description: "handle (or DID or email) of the Bluesky account whose app password signs in; set, Bluesky's post search is read (app.bsky.feed.searchPosts, at most 60 requests a minute): searched live and fetched by ingest; empty: never contacted", apply: applyBlueskyHandle},
	{Env: "BLUESKY_APP_PASSWORD", Flag: "bluesky-app-password", Default: "", Description: "an app password of that account (Settings, App passwords; required with BLUESKY_HANDLE)", secret: true, apply: applyBlueskyAppPassword},
	{Env: "BLUESKY_PDS_URL", Flag: "bluesky-pds-url", Default: "https://bsky.social", Description: "origin of the account's PDS, which serves the session and proxies the search (https://bsky.social for accounts hosted by Bluesky)", apply: applyBlueskyPDSURL},
	{Env: "JOB_BOARDS", Flag: "job-boards", Default: "", Description: "comma-separated public job boards ingest watches, each kind:token with kind greenhouse, lever or ashby and optionally =Company Name (greenhouse:stripe,lever:netflix=Netflix,ashby:linear; at most 50); each board's new openings become one hiring post per fetch; empty: none", apply: applyJobBoards},
	{Env: "JETSTREAM_ENABLED", Flag: "jetstream-enabled", Default: "false", Description: "the Bluesky Jetstream consumer: `signalpipe serve` reads every new Bluesky post from JETSTREAM_URL (one instance at a time, resuming from its cursor) and stores those matching the active agents' or ingest's queries and the detector; false: never contacted", apply: applyJetstreamEnabled},
	{Env: "JETSTREAM_URL", Flag: "jetstream-url", Default: "wss://jetstream2.us-east.bsky.network/subscribe", Description: "Jetstream's websocket endpoint (ws:// or wss://, no query: the consumer sets it)", apply: applyJetstreamURL},
	{Env: "INGEST_QUERIES", Flag: "ingest-queries", Default: strings.Join(DefaultIngestQueries, ","), Description: "comma-separated intent queries that ingest fetches from every source (at most 50, 200 characters each)", apply: applyIngestQueries},
	{Env: "INGEST_FEEDS", Flag: "ingest-feeds", Default: "", Description: "comma-separated RSS or Atom feed URLs that ingest also reads (at most 50); empty: none", apply: applyIngestFeeds},
	{Env: "INGEST_LIMIT", Flag: "ingest-limit", Default: "25", Description: "posts ingest asks each source for, per query (1-100)", apply: applyIngestLimit},
	{Env: "INGEST_INTERVAL", Flag: "ingest-interval", Default: "0", Description: "run ingest in the background this often (e.g. 6h, at least 1m); 0: never, so an offline start makes no network calls", apply: applyIngestInterval},
	{Env: "LLM_BASE_URL", Flag: "llm-base-url", Default: "", Description: "OpenAI-compatible API root (e.g. https://api.openai.com/v1); set, ICPs with useAIQueries get search queries from the model, and the model re-reads each search's best leads (LLM_REVIEW); empty: rule-based queries and the built-in detector only", secret: true, apply: applyLLMBaseURL},
	{Env: "LLM_API_KEY", Flag: "llm-api-key", Default: "", Description: "key for LLM_BASE_URL, sent as Authorization: Bearer <key>", secret: true, apply: applyLLMAPIKey},
	{Env: "LLM_MODEL", Flag: "llm-model", Default: "gpt-4o-mini", Description: "chat model that writes search queries (useAIQueries) and reviews leads (LLM_REVIEW)", apply: applyLLMModel},
	{Env: "LLM_TIMEOUT", Flag: "llm-timeout", Default: "8s", Description: "time allowed for one answer of the model (up to 30s); past it a search uses rule-based queries, or keeps its leads as detected", apply: applyLLMTimeout},
	{Env: "LLM_REVIEW", Flag: "llm-review", Default: "20", Description: "with LLM_BASE_URL set, how many of a search's best leads the model re-reads by the labelling rule book, dropping those without a live signal (0-30; 0: none)", apply: applyLLMReview},
	{Env: "LLM_TEMPERATURE", Flag: "llm-temperature", Default: "", Description: "sampling temperature sent to the model (0-2); empty: none is sent and the model's default applies (GPT-5 and o-series models refuse any other)", apply: applyLLMTemperature},
	{Env: "LLM_CONTEXT_TOKENS", Flag: "llm-context-tokens", Default: "8192", Description: "the model's context window in tokens, prompt and answer together (1024-1000000); review requests carry fewer posts, and cut a post's text last, to fit it (tokens estimated as UTF-8 bytes / 3)", apply: applyLLMContextTokens},
	{Env: "EMAIL_VERIFY", Flag: "email-verify", Default: "true", Description: "verify the emails found in live lead searches (syntax, role account, disposable domain, DNS MX or A lookup)", apply: applyEmailVerify},
	{Env: "EMAIL_VERIFY_TIMEOUT", Flag: "email-verify-timeout", Default: "1s", Description: "time one lead search may spend on email DNS lookups (up to 2s); addresses not answered stay unchecked", apply: applyEmailVerifyTimeout},
	{Env: "LEAD_MAX_AGE", Flag: "lead-max-age", Default: "30d", Description: "posts published longer ago than this yield no lead in live searches (a duration such as 720h, or days such as 30d; 1h to 3650d)", apply: applyLeadMaxAge},
	{Env: "BLOG_SEED", Flag: "blog-seed", Default: "true", Description: "on the first start of an empty blog, add the starter articles (once per database; never touches existing posts)", apply: applyBlogSeed},
	{Env: "CHROMIUM_PATH", Flag: "chromium-path", Default: "first of chromium, chromium-browser, google-chrome on PATH", derived: true, Description: "Chromium binary the PDF converter drives (path or name on PATH); none found: the converter answers 503", apply: applyChromiumPath},
	{Env: "PDF_CONCURRENCY", Flag: "pdf-concurrency", Default: "2", Description: "PDF conversions rendered at once (per instance)", apply: applyPDFConcurrency},
	{Env: "PDF_QUEUE", Flag: "pdf-queue", Default: "8", Description: "PDF conversions that may wait for a free slot; more are answered 429", apply: applyPDFQueue},
	{Env: "PDF_TIMEOUT", Flag: "pdf-timeout", Default: "30s", Description: "time limit of one PDF conversion, queueing included (1s-5m); over it: 503", apply: applyPDFTimeout},
	{Env: "PDF_MAX_HTML_BYTES", Flag: "pdf-max-html-bytes", Default: "5MiB", Description: "largest HTML document accepted for conversion (e.g. 5MiB, 512KiB, 100000); over it: 413", apply: applyPDFMaxHTML},
	{Env: "PDF_RESTART_AFTER", Flag: "pdf-restart-after", Default: "100", Description: "restart Chromium after this many conversions", apply: applyPDFRestartAfter},
	{Env: "PDF_RATE_LIMIT", Flag: "pdf-rate-limit", Default: "20", Description: "PDF conversions allowed per client IP per minute (per instance); 0 disables", apply: applyPDFRateLimit},
	{Env: "PDF_JAVASCRIPT", Flag: "pdf-javascript", Default: "false", Description: "let converted documents run JavaScript (off: no script of a document runs)", apply: applyPDFJavaScript},
	{Env: "PDF_CPU_BUDGET", Flag: "pdf-cpu-budget", Default: "10s", Description: "CPU time a document's renderer may use without a pause before it is stopped (422); 0 disables", apply: applyPDFCPUBudget},
	{Env: "PDF_MEMORY_BUDGET", Flag: "pdf-memory-budget", Default: "1GiB", Description: "resident memory a document's renderer may use before it is stopped (422), e.g. 512MiB, 1GiB; 0 disables", apply: applyPDFMemoryBudget},
	{Env: "PDF_USER", Flag: "pdf-user", Default: "signalpipe-pdf if that user exists, else nobody", derived: true, Description: "unprivileged user (name or uid[:gid]) Chromium runs as when the server runs as root", apply: applyPDFUser},
	{Env: "PDF_SANDBOX", Flag: "pdf-sandbox", Default: "true", Description: "run Chromium with its sandbox; false only where user namespaces are unavailable (unsafe)", apply: applyPDFSandbox},
	{Env: "GOTENBERG_URL", Flag: "gotenberg-url", Default: "", Description: "base URL of a Gotenberg 8 service to render PDFs instead of the local Chromium; empty: local Chromium", apply: applyGotenbergURL},
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

func applyDBMaxConns(c *Config, v string) error {
	if v == "" {
		c.DBMaxConns = 0
		return nil
	}
	n, err := intIn(v, MinDBConns, 1000)
	c.DBMaxConns = n
	return err
}

func applyDrainDelay(c *Config, v string) error {
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 || d > 5*time.Minute {
		return fmt.Errorf("must be a duration from 0 to 5m, such as 5s")
	}
	c.DrainDelay = d
	return nil
}

func applyShutdownTimeout(c *Config, v string) error {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return fmt.Errorf("must be a positive duration such as 15s or 1m")
	}
	c.ShutdownTimeout = d
	return nil
}
