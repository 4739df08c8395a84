package config

import (
	"log/slog"
	"net"
	"net/netip"
	"path/filepath"
	"strconv"
	"time"

	"github.com/signalpipe/signalpipe/internal/mail"
)

// Config is the validated configuration of one Signalpipe process. Load
// produces it; code never reads the environment directly.
type Config struct {
	// Host is the interface to listen on; empty means all interfaces.
	Host string
	// Port is the TCP port to listen on.
	Port int
	// DataDir holds the SQLite database and other local state.
	DataDir string
	// DatabaseURL selects PostgreSQL when set; empty means SQLite in DataDir.
	DatabaseURL string
	// DBMaxConns caps the PostgreSQL pool; 0 means DATABASE_URL's
	// pool_max_conns, else DefaultDBMaxConns.
	DBMaxConns int
	// BaseURL is the public origin (and optional path) without a trailing
	// slash, used for canonical links, the sitemap and robots.txt.
	BaseURL string
	// BookingCalendarURL is the external scheduling page, empty when unset.
	BookingCalendarURL string
	// LogLevel is the minimum level that is logged.
	LogLevel slog.Level
	// LogFormat is "text" or "json".
	LogFormat string
	// ShutdownTimeout bounds how long in-flight requests may take to finish
	// after a shutdown signal.
	ShutdownTimeout time.Duration
	// DrainDelay is how long, after a shutdown signal, /readyz fails while
	// requests are still accepted, before the listener closes.
	DrainDelay time.Duration

	// WorkflowWebhookURL receives every form submission first; empty: skipped.
	WorkflowWebhookURL string
	// WorkflowWebhookSecret signs the POSTs to WorkflowWebhookURL (Standard
	// Webhooks); empty: unsigned.
	WorkflowWebhookSecret string
	// FormMailURL is the form-mail API used when the webhook fails or is unset.
	FormMailURL string
	// FormMailKey authenticates to the form-mail API (Authorization: Bearer).
	FormMailKey string
	// AllowPrivateWebhooks lets client webhook channels reach loopback,
	// link-local and private addresses (README.md "Delivery").
	AllowPrivateWebhooks bool
	// SMTP is the parsed SMTP_URL; nil: no email (README.md "Delivery").
	SMTP *mail.Server
	// MailFrom is every email's sender.
	MailFrom string
	// SMTPTimeout bounds one email's whole SMTP exchange.
	SMTPTimeout time.Duration
	// ChannelAlertAfter is how long a client's delivery channel fails,
	// with no 2xx, before the owner is told (docs/clients.md "Delivery").
	ChannelAlertAfter time.Duration
	// OwnerNotifyEmail and OwnerSlackWebhookURL are told of new bookings
	// and onboardings; empty: not.
	OwnerNotifyEmail     []string
	OwnerSlackWebhookURL string
	// SlackSigningSecret and SlackBotToken are the install's optional Slack
	// app (docs/clients.md "Slack buttons"); SlackAPIURL is the Web API
	// origin (tests point it at a fake).
	SlackSigningSecret string
	SlackBotToken      string
	SlackAPIURL        string
	// HubSpotAPIURL and PipedriveAPIURL are the CRM channels' API origins
	// (tests point them at fakes).
	HubSpotAPIURL   string
	PipedriveAPIURL string
	// ForwardTimeout bounds one forwarding HTTP attempt.
	ForwardTimeout time.Duration
	// AdminEmail and AdminPassword create the first admin on start if that
	// email has no account yet; they never overwrite one.
	AdminEmail string
	// AdminPassword is the bootstrap admin's password (see AdminEmail).
	AdminPassword string
	// SessionTTL is the idle lifetime of an admin session; each use slides it,
	// up to MaxSessionAge after sign-in.
	SessionTTL time.Duration
	// FormRateLimit is the number of public form posts allowed per client IP
	// and minute; 0 disables the limit.
	FormRateLimit int
	// AnalyticsRateLimit is the number of page-view beacons allowed per
	// client IP and minute (per instance); 0 disables.
	AnalyticsRateLimit int
	// TrustProxyHeaders takes the client IP from X-Forwarded-For: the
	// rightmost address that is not one of TrustedProxies.
	TrustProxyHeaders bool
	// TrustedProxies are the proxies in front of the server (TRUSTED_PROXIES;
	// loopback when only TRUST_PROXY_HEADERS is set, empty when neither).
	TrustedProxies []netip.Prefix
	// BlogSeed adds the starter blog articles on a fresh install.
	BlogSeed bool
	// DemoKey is the key the live lead search expects in X-Demo-Key. It is
	// public (the web app ships it); it marks calls as coming from the demo,
	// it does not protect data.
	DemoKey string
	// SearchRateLimit is the number of anonymous live searches allowed per
	// client IP and minute; 0 disables the limit.
	SearchRateLimit int
	// CorpusSeed loads the bundled posts into the search index on the first
	// start of a database.
	CorpusSeed bool
	// HNEnabled adds Hacker News (Algolia's HN search API) to every live
	// search, besides the stored posts.
	HNEnabled bool
	// HNBaseURL is the Algolia HN search API origin.
	HNBaseURL string
	// HNAPIURL is the official HN API origin (the fallback).
	HNAPIURL string
	// ExaAPIKey enables the Exa Websets source when set.
	ExaAPIKey string
	// ExaBaseURL is the Exa API origin.
	ExaBaseURL string
	// LobstersEnabled adds Lobsters' newest stories to live searches and
	// ingest.
	LobstersEnabled bool
	// LobstersBaseURL is the Lobsters origin.
	LobstersBaseURL string
	// StackExchangeEnabled adds Stack Exchange's advanced search of
	// StackExchangeSite to live searches and ingest; StackExchangeKey
	// (optional) raises its quota.
	StackExchangeEnabled bool
	StackExchangeKey     string
	StackExchangeSite    string
	// StackExchangeBaseURL is the Stack Exchange API origin.
	StackExchangeBaseURL string
	// GitHubEnabled adds GitHub's issue search to live searches and
	// ingest; GitHubToken (optional) raises its budget.
	GitHubEnabled bool
	GitHubToken   string
	// GitHubBaseURL is the GitHub REST API origin.
	GitHubBaseURL string
	// MastodonEnabled adds the hashtag timelines of MastodonInstances
	// (origins) to live searches and ingest.
	MastodonEnabled   bool
	MastodonInstances []string
	// RedditClientID and RedditClientSecret are the user's own Reddit app
	// (application-only OAuth); with an id, Reddit is searched live and by
	// ingest. RedditUserAgent is sent with every request.
	RedditClientID     string
	RedditClientSecret string
	RedditUserAgent    string
	// BlueskyHandle and BlueskyAppPassword sign in to Bluesky (an app
	// password) for its post search; with a handle, Bluesky is searched
	// live and by ingest. BlueskyPDSURL serves the session and the search.
	BlueskyHandle      string
	BlueskyAppPassword string
	BlueskyPDSURL      string
	// JobBoards are the public job boards ingest watches for new openings
	// (JOB_BOARDS), each a company's Greenhouse, Lever or Ashby board.
	JobBoards []JobBoard
	// JetstreamEnabled runs the Bluesky Jetstream consumer (one instance at
	// a time) on JetstreamURL, a ws:// or wss:// /subscribe endpoint.
	JetstreamEnabled bool
	JetstreamURL     string
	// IngestQueries are the intent queries ingest fetches.
	IngestQueries []string
	// IngestFeeds are RSS or Atom feed URLs ingest reads.
	IngestFeeds []string
	// IngestLimit is the posts ingest asks each source for, per query.
	IngestLimit int
	// IngestInterval is how often the background ingest runs; 0 is never.
	IngestInterval time.Duration
	// LLMBaseURL is an OpenAI-compatible API root; set, ICPs with
	// useAIQueries get their search queries from LLMModel, and the model
	// re-reads the posts behind each search's best LLMReview leads.
	LLMBaseURL string
	// LLMAPIKey authenticates to LLMBaseURL (may be empty for local models).
	LLMAPIKey string
	// LLMModel names the chat model.
	LLMModel string
	// LLMTimeout bounds one answer of the model; past it the search falls
	// back to rule-based queries, or keeps the leads as detected.
	LLMTimeout time.Duration
	// LLMReview is how many of a search's best leads the model re-reads
	// (0: none).
	LLMReview int
	// LLMTemperature is sent to the model only when set (nil: the model's
	// own default; some models refuse any other).
	LLMTemperature *float64
	// LLMContextTokens is the model's context window; review requests are
	// sized to fit it.
	LLMContextTokens int

	// ChromiumPath is the browser the PDF converter drives, as configured
	// (resolved on PATH); empty means detect one when the converter is built
	// (pdf.DetectChromium; none found: the converter answers 503).
	ChromiumPath string
	// PDFConcurrency is how many PDF conversions render at once.
	PDFConcurrency int
	// PDFQueue is how many more conversions may wait; beyond it, 429.
	PDFQueue int
	// PDFTimeout bounds one conversion, waiting included; beyond it, 503.
	PDFTimeout time.Duration
	// PDFMaxHTMLBytes is the largest document converted; beyond it, 413.
	PDFMaxHTMLBytes int
	// PDFRestartAfter replaces the browser after this many conversions.
	PDFRestartAfter int
	// PDFRateLimit is the number of conversions allowed per client IP and
	// minute; 0 disables the limit.
	PDFRateLimit int
	// PDFJavaScript lets converted documents run scripts.
	PDFJavaScript bool
	// PDFCPUBudget and PDFMemoryBudget are what one document's renderer
	// may use before it is stopped; 0: no limit.
	PDFCPUBudget    time.Duration
	PDFMemoryBudget int64
	// PDFUser is the account Chromium runs as when the server is root;
	// empty: signalpipe-pdf if it exists, else nobody.
	PDFUser string
	// PDFSandbox keeps Chromium's sandbox on.
	PDFSandbox bool
	// GotenbergURL selects a remote Gotenberg for rendering when set.
	GotenbergURL string
	// EmailVerify checks found emails in DNS during live searches.
	EmailVerify bool
	// EmailVerifyTimeout is the time one search may spend verifying its
	// leads' emails; addresses not answered by then stay unchecked.
	EmailVerifyTimeout time.Duration
	// LeadMaxAge is the oldest a post may be to yield a lead in a live
	// search (LEAD_MAX_AGE).
	LeadMaxAge time.Duration
	// SecretsKey (SECRETS_KEY, 32 bytes) seals the source credentials
	// saved in the console (package secretbox); nil: none can be saved.
	SecretsKey []byte

	// set holds the options the environment or a flag gave a value (Set).
	set map[string]bool
}

// DefaultDBMaxConns is the PostgreSQL pool size when neither DB_MAX_CONNS
// nor DATABASE_URL's pool_max_conns sets one.
const DefaultDBMaxConns = 20

// MinDBConns is the fewest PostgreSQL connections an instance may be given:
// River's LISTEN takes one for itself, and the pool left for requests and
// jobs needs two, so a transaction never waits for the only connection.
const MinDBConns = 3

// MaxSessionAge caps a sliding admin session, however active it is.
const MaxSessionAge = 7 * 24 * time.Hour

// Addr is the host:port the HTTP server listens on.
func (c *Config) Addr() string {
	return net.JoinHostPort(c.Host, strconv.Itoa(c.Port))
}

// UsesPostgres reports whether DatabaseURL selects PostgreSQL.
func (c *Config) UsesPostgres() bool { return c.DatabaseURL != "" }

// SQLitePath is the database file used when DatabaseURL is empty.
func (c *Config) SQLitePath() string {
	return filepath.Join(c.DataDir, "signalpipe.db")
}

// Default returns the configuration used when nothing is set.
func Default() *Config {
	c, err := Load(nil, func(string) string { return "" })
	if err != nil {
		panic("config: defaults do not validate: " + err.Error())
	}
	return c
}
