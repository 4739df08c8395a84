package config

import (
	"encoding/base64"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// DefaultIngestQueries are the intent queries ingest fetches when
// INGEST_QUERIES is unset: two for each of the five signal types (hiring,
// funding, competitor engagement, job change, tech research), short
// because Hacker News search wants every word of a query.
var DefaultIngestQueries = []string{
	"hiring SDR", "hiring account executives",
	"raised seed round", "raised Series A",
	"alternative to Salesforce", "switching from HubSpot",
	"joined as VP", "started new role head of sales",
	"evaluating CRM", "sales engagement platform recommendations",
}

// Bounds of the list options, so a typo cannot start thousands of paid
// webset searches per run.
const (
	maxIngestQueries = 50
	maxIngestFeeds   = 50
	maxIngestQuery   = 200
)

func applyHNBaseURL(c *Config, v string) (err error) {
	c.HNBaseURL, err = serviceURL(v)
	return err
}

func applyHNAPIURL(c *Config, v string) (err error) {
	c.HNAPIURL, err = serviceURL(v)
	return err
}

func applyLobstersEnabled(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.LobstersEnabled = b
	return nil
}

func applyLobstersBaseURL(c *Config, v string) (err error) {
	c.LobstersBaseURL, err = serviceURL(v)
	return err
}

func applyStackExchangeEnabled(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.StackExchangeEnabled = b
	return nil
}

func applyStackExchangeKey(c *Config, v string) error {
	if len(v) > 200 || strings.ContainsAny(v, "\r\n \t&?=#") {
		return fmt.Errorf("must be a single word of at most 200 characters")
	}
	c.StackExchangeKey = v
	return nil
}

func applyStackExchangeSite(c *Config, v string) error {
	if !siteName.MatchString(v) {
		return fmt.Errorf("must be a site's API name such as stackoverflow (letters, digits, dots, dashes)")
	}
	c.StackExchangeSite = v
	return nil
}

var siteName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{0,99}$`)

func applyStackExchangeBaseURL(c *Config, v string) (err error) {
	c.StackExchangeBaseURL, err = serviceURL(v)
	return err
}

func applyGitHubEnabled(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.GitHubEnabled = b
	return nil
}

func applyGitHubToken(c *Config, v string) error {
	if len(v) > 500 || strings.ContainsAny(v, "\r\n \t") {
		return fmt.Errorf("must be a single word of at most 500 characters")
	}
	c.GitHubToken = v
	return nil
}

func applyGitHubBaseURL(c *Config, v string) (err error) {
	c.GitHubBaseURL, err = serviceURL(v)
	return err
}

func applyMastodonEnabled(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.MastodonEnabled = b
	return nil
}

const maxMastodonInstances = 20

func applyMastodonInstances(c *Config, v string) error {
	list := splitList(v)
	if len(list) > maxMastodonInstances {
		return fmt.Errorf("must be at most %d comma-separated origins", maxMastodonInstances)
	}
	var out []string
	for _, o := range list {
		u, err := parseHTTPURL(o)
		if err != nil {
			return fmt.Errorf("%q: %w", o, err)
		}
		if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return fmt.Errorf("%q: must be an origin such as https://mastodon.social (no path, query or credentials)", o)
		}
		if o = u.Scheme + "://" + strings.ToLower(u.Host); !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	c.MastodonInstances = out
	return nil
}

func applyExaBaseURL(c *Config, v string) (err error) {
	c.ExaBaseURL, err = serviceURL(v)
	return err
}

// serviceURL accepts an API origin (and optional path), without a trailing
// slash, query or fragment.
func serviceURL(v string) (string, error) {
	u, err := parseHTTPURL(v)
	if err != nil {
		return "", err
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("must not have a query or fragment")
	}
	return strings.TrimRight(u.String(), "/"), nil
}

func applyExaAPIKey(c *Config, v string) error {
	if len(v) > 200 || strings.ContainsAny(v, "\r\n \t") {
		return fmt.Errorf("must be a single word of at most 200 characters")
	}
	c.ExaAPIKey = v
	return nil
}

func applyIngestQueries(c *Config, v string) error {
	qs := splitList(v)
	if len(qs) == 0 || len(qs) > maxIngestQueries {
		return fmt.Errorf("must be 1-%d comma-separated queries", maxIngestQueries)
	}
	for _, q := range qs {
		if len(q) > maxIngestQuery {
			return fmt.Errorf("each query must be at most %d characters", maxIngestQuery)
		}
	}
	c.IngestQueries = qs
	return nil
}

func applyIngestFeeds(c *Config, v string) error {
	feeds := splitList(v)
	if len(feeds) > maxIngestFeeds {
		return fmt.Errorf("must be at most %d comma-separated URLs", maxIngestFeeds)
	}
	for _, f := range feeds {
		if _, err := parseHTTPURL(f); err != nil {
			return fmt.Errorf("%q: %w", f, err)
		}
	}
	c.IngestFeeds = feeds
	return nil
}

func applyIngestInterval(c *Config, v string) error {
	d, err := time.ParseDuration(v)
	if v == "0" {
		d, err = 0, nil
	}
	if err != nil || d < 0 || (d > 0 && d < time.Minute) || d > 7*24*time.Hour {
		return fmt.Errorf("must be 0 (off) or a duration from 1m to 168h, such as 6h")
	}
	c.IngestInterval = d
	return nil
}

func applyIngestLimit(c *Config, v string) error {
	n, err := intIn(v, 1, 100)
	if err != nil {
		return err
	}
	c.IngestLimit = n
	return nil
}

// splitList splits a comma-separated value, trimming and dropping empties.
func splitList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// JobBoard is one public job board of JOB_BOARDS.
type JobBoard struct {
	// Kind is greenhouse, lever or ashby.
	Kind string
	// Token is the board's name on that service (the greenhouse board
	// token, the lever site, the ashby job board name).
	Token string
	// Company is the name posts give the company: the one after "=", or
	// the token with its first letter in upper case.
	Company string
}

const maxJobBoards = 50

var boardToken = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$`)

// ParseJobBoard reads one board: kind:token, optionally =Company Name (kind
// greenhouse, lever or ashby; the company defaults to the token with its
// first letter in upper case). JOB_BOARDS and a client's jobBoards setting
// (internal/search/jobboards.ParseSpec) both read boards with it.
func ParseJobBoard(e string) (JobBoard, error) {
	if len(e) > 220 {
		return JobBoard{}, fmt.Errorf("a board must be at most %d characters", 220)
	}
	spec, company, _ := strings.Cut(e, "=")
	kind, token, ok := strings.Cut(strings.TrimSpace(spec), ":")
	kind = strings.ToLower(strings.TrimSpace(kind))
	token = strings.TrimSpace(token)
	if !ok || (kind != "greenhouse" && kind != "lever" && kind != "ashby") {
		return JobBoard{}, fmt.Errorf("%q: must be kind:token with kind greenhouse, lever or ashby", e)
	}
	if !boardToken.MatchString(token) {
		return JobBoard{}, fmt.Errorf("%q: the token must be letters, digits, dots, dashes or underscores", e)
	}
	company = strings.Join(strings.Fields(company), " ")
	if len(company) > 100 {
		return JobBoard{}, fmt.Errorf("%q: the company name must be at most 100 characters", e)
	}
	if company == "" {
		company = strings.ToUpper(token[:1]) + token[1:]
	}
	return JobBoard{Kind: kind, Token: token, Company: company}, nil
}

func applyJobBoards(c *Config, v string) error {
	list := splitList(v)
	if len(list) > maxJobBoards {
		return fmt.Errorf("must be at most %d comma-separated boards", maxJobBoards)
	}
	var out []JobBoard
	for _, e := range list {
		b, err := ParseJobBoard(e)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(out, func(o JobBoard) bool { return o.Kind == b.Kind && strings.EqualFold(o.Token, b.Token) }) {
			continue
		}
		out = append(out, b)
	}
	c.JobBoards = out
	return nil
}

func applyRedditClientID(c *Config, v string) error {
	if len(v) > 100 || strings.ContainsAny(v, "\r\n \t:") {
		return fmt.Errorf("must be a single word of at most 100 characters, without a colon")
	}
	c.RedditClientID = v
	return nil
}

func applyRedditClientSecret(c *Config, v string) error {
	if len(v) > 200 || strings.ContainsAny(v, "\r\n \t") {
		return fmt.Errorf("must be a single word of at most 200 characters")
	}
	if v == "" && c.RedditClientID != "" {
		return fmt.Errorf("must be set with REDDIT_CLIENT_ID")
	}
	c.RedditClientSecret = v
	return nil
}

func applyRedditUserAgent(c *Config, v string) error {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > 200 || strings.ContainsAny(v, "\r\n") {
		return fmt.Errorf("must be one line of 1-200 characters")
	}
	c.RedditUserAgent = v
	return nil
}

func applyBlueskyHandle(c *Config, v string) error {
	if len(v) > 253 || strings.ContainsAny(v, "\r\n \t") {
		return fmt.Errorf("must be a handle such as owner.bsky.social (one word, at most 253 characters)")
	}
	c.BlueskyHandle = strings.TrimPrefix(v, "@")
	return nil
}

func applyBlueskyAppPassword(c *Config, v string) error {
	if len(v) > 200 || strings.ContainsAny(v, "\r\n \t") {
		return fmt.Errorf("must be a single word of at most 200 characters")
	}
	if v == "" && c.BlueskyHandle != "" {
		return fmt.Errorf("must be set with BLUESKY_HANDLE")
	}
	c.BlueskyAppPassword = v
	return nil
}

func applyBlueskyPDSURL(c *Config, v string) (err error) {
	c.BlueskyPDSURL, err = serviceURL(v)
	return err
}

func applySecretsKey(c *Config, v string) error {
	c.SecretsKey = nil
	if v == "" {
		return nil
	}
	// As package secretbox's ParseKey, which config may not import.
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(strings.TrimSpace(v)); err == nil {
			if len(b) != 32 {
				return fmt.Errorf("must be base64 of 32 bytes, got %d bytes (openssl rand -base64 32)", len(b))
			}
			c.SecretsKey = b
			return nil
		}
	}
	return fmt.Errorf("must be base64 of 32 bytes (openssl rand -base64 32)")
}
