package config

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestSourceAndIngestOptions(t *testing.T) {
	c, err := Load([]string{"--ingest-interval", "6h"}, env(map[string]string{
		"HN_BASE_URL": "http://127.0.0.1:18141/", "HN_API_URL": "http://127.0.0.1:18142",
		"EXA_API_KEY": "k-123", "EXA_BASE_URL": "https://exa.test/",
		"INGEST_QUERIES": " hiring SDR , ,raised Series A", "INGEST_FEEDS": "https://blog.example/feed.xml",
		"INGEST_LIMIT": "10", "LOBSTERS_ENABLED": "true", "LOBSTERS_BASE_URL": "http://127.0.0.1:18143/",
		"STACKEXCHANGE_ENABLED": "true", "STACKEXCHANGE_KEY": "se-key", "STACKEXCHANGE_SITE": "serverfault",
		"MASTODON_ENABLED": "true", "MASTODON_INSTANCES": "https://Fosstodon.org/, http://127.0.0.1:18145,https://fosstodon.org",
		"GITHUB_ENABLED": "true", "GITHUB_TOKEN": "ghp_abc", "GITHUB_BASE_URL": "http://127.0.0.1:18144/",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.HNBaseURL != "http://127.0.0.1:18141" || c.HNAPIURL != "http://127.0.0.1:18142" || c.ExaAPIKey != "k-123" ||
		c.ExaBaseURL != "https://exa.test" || !reflect.DeepEqual(c.IngestQueries, []string{"hiring SDR", "raised Series A"}) ||
		!reflect.DeepEqual(c.IngestFeeds, []string{"https://blog.example/feed.xml"}) || c.IngestLimit != 10 ||
		c.IngestInterval != 6*time.Hour || !c.LobstersEnabled || c.LobstersBaseURL != "http://127.0.0.1:18143" ||
		!c.StackExchangeEnabled || c.StackExchangeKey != "se-key" || c.StackExchangeSite != "serverfault" ||
		!c.GitHubEnabled || c.GitHubToken != "ghp_abc" || c.GitHubBaseURL != "http://127.0.0.1:18144" ||
		!c.MastodonEnabled || !reflect.DeepEqual(c.MastodonInstances, []string{"https://fosstodon.org", "http://127.0.0.1:18145"}) {
		t.Fatalf("config %+v", c)
	}
	if len(DefaultIngestQueries) < 5 {
		t.Fatal("the default queries should cover the five signal types")
	}
}

func TestInvalidSourceAndIngestOptions(t *testing.T) {
	for _, tc := range []struct{ env, value, want string }{
		{"HN_BASE_URL", "hn.algolia.com", "invalid HN_BASE_URL"},
		{"HN_API_URL", "https://x.example/?q=1", "invalid HN_API_URL"},
		{"EXA_BASE_URL", "ftp://exa", "invalid EXA_BASE_URL"},
		{"EXA_API_KEY", "two words", "invalid EXA_API_KEY: must be"},
		{"INGEST_QUERIES", " , ", "invalid INGEST_QUERIES"},
		{"INGEST_QUERIES", strings.Repeat("q,", 51), "invalid INGEST_QUERIES"},
		{"INGEST_QUERIES", strings.Repeat("x", 201), "invalid INGEST_QUERIES"},
		{"INGEST_FEEDS", "https://ok.example/feed,not-a-url", "invalid INGEST_FEEDS"},
		{"INGEST_INTERVAL", "30s", "invalid INGEST_INTERVAL"},
		{"INGEST_INTERVAL", "six hours", "invalid INGEST_INTERVAL"},
		{"INGEST_INTERVAL", "200h", "invalid INGEST_INTERVAL"},
		{"INGEST_LIMIT", "0", "invalid INGEST_LIMIT"},
		{"LOBSTERS_ENABLED", "yes please", "invalid LOBSTERS_ENABLED"},
		{"LOBSTERS_BASE_URL", "lobste.rs", "invalid LOBSTERS_BASE_URL"},
		{"STACKEXCHANGE_SITE", "Stack Overflow", "invalid STACKEXCHANGE_SITE"},
		{"STACKEXCHANGE_KEY", "a&site=x", "invalid STACKEXCHANGE_KEY"},
		{"STACKEXCHANGE_BASE_URL", "api.stackexchange.com", "invalid STACKEXCHANGE_BASE_URL"},
		{"INGEST_LIMIT", "101", "invalid INGEST_LIMIT"},
		{"GITHUB_ENABLED", "maybe", "invalid GITHUB_ENABLED"},
		{"MASTODON_ENABLED", "maybe", "invalid MASTODON_ENABLED"},
		{"MASTODON_INSTANCES", "mastodon.social", "invalid MASTODON_INSTANCES"},
		{"MASTODON_INSTANCES", "https://mastodon.social/api/v1", "invalid MASTODON_INSTANCES"},
		{"MASTODON_INSTANCES", "https://m.example/?x=1", "invalid MASTODON_INSTANCES"},
		{"MASTODON_INSTANCES", strings.Repeat("https://m.example,", 21), "invalid MASTODON_INSTANCES"},
		{"GITHUB_TOKEN", "two words", "invalid GITHUB_TOKEN"},
		{"GITHUB_BASE_URL", "api.github.com", "invalid GITHUB_BASE_URL"},
		{"REDDIT_CLIENT_ID", "two words", "invalid REDDIT_CLIENT_ID"},
		{"REDDIT_CLIENT_ID", "abc", "invalid REDDIT_CLIENT_SECRET: must be set with REDDIT_CLIENT_ID"},
		{"REDDIT_USER_AGENT", "a\nb", "invalid REDDIT_USER_AGENT"},
		{"BLUESKY_HANDLE", "two words", "invalid BLUESKY_HANDLE"},
		{"BLUESKY_HANDLE", "owner.bsky.social", "invalid BLUESKY_APP_PASSWORD: must be set with BLUESKY_HANDLE"},
		{"BLUESKY_PDS_URL", "bsky.social", "invalid BLUESKY_PDS_URL"},
		{"JOB_BOARDS", "stripe", "invalid JOB_BOARDS"},
		{"JOB_BOARDS", "workday:acme", "invalid JOB_BOARDS"},
		{"JOB_BOARDS", "greenhouse:../admin", "invalid JOB_BOARDS"},
		{"JOB_BOARDS", "lever:", "invalid JOB_BOARDS"},
		{"JOB_BOARDS", "ashby:x=" + strings.Repeat("n", 101), "invalid JOB_BOARDS"},
		{"JOB_BOARDS", strings.Repeat("lever:a,", 51), "invalid JOB_BOARDS"},
	} {
		_, err := Load(nil, env(map[string]string{tc.env: tc.value}))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s=%q: err %v, want %q", tc.env, tc.value, err, tc.want)
		}
	}
	if _, err := Load(nil, env(map[string]string{"EXA_API_KEY": "secret value"})); err == nil || strings.Contains(err.Error(), "secret value") {
		t.Errorf("the key must stay out of the error: %v", err)
	}
}

func TestJobBoards(t *testing.T) {
	c, err := Load(nil, env(map[string]string{"JOB_BOARDS": " greenhouse:stripe, Lever:netflix = Netflix  Inc ,ashby:linear,greenhouse:Stripe"}))
	if err != nil {
		t.Fatal(err)
	}
	want := []JobBoard{{Kind: "greenhouse", Token: "stripe", Company: "Stripe"}, {Kind: "lever", Token: "netflix", Company: "Netflix Inc"},
		{Kind: "ashby", Token: "linear", Company: "Linear"}}
	if !reflect.DeepEqual(c.JobBoards, want) {
		t.Fatalf("boards %+v", c.JobBoards)
	}
	if c, _ := Load(nil, env(nil)); len(c.JobBoards) != 0 {
		t.Fatalf("default boards %+v", c.JobBoards)
	}
}

func TestReddit(t *testing.T) {
	c, err := Load(nil, env(map[string]string{"REDDIT_CLIENT_ID": "abc123", "REDDIT_CLIENT_SECRET": "s3cr3t",
		"REDDIT_USER_AGENT": "linux:signalpipe:1.0 (by /u/owner)"}))
	if err != nil || c.RedditClientID != "abc123" || c.RedditClientSecret != "s3cr3t" || c.RedditUserAgent != "linux:signalpipe:1.0 (by /u/owner)" {
		t.Fatalf("%+v %v", c, err)
	}
	if c, _ := Load(nil, env(nil)); c.RedditClientID != "" || c.RedditUserAgent != "server:signalpipe:1.0" {
		t.Fatalf("defaults %+v", c)
	}
	if _, err := Load(nil, env(map[string]string{"REDDIT_CLIENT_ID": "abc", "REDDIT_CLIENT_SECRET": "two words"})); err == nil ||
		strings.Contains(err.Error(), "two words") {
		t.Fatalf("the secret must stay out of the error: %v", err)
	}
}

func TestBluesky(t *testing.T) {
	c, err := Load(nil, env(map[string]string{"BLUESKY_HANDLE": "@owner.bsky.social", "BLUESKY_APP_PASSWORD": "abcd-efgh-ijkl-mnop",
		"BLUESKY_PDS_URL": "http://127.0.0.1:18146/"}))
	if err != nil || c.BlueskyHandle != "owner.bsky.social" || c.BlueskyAppPassword != "abcd-efgh-ijkl-mnop" || c.BlueskyPDSURL != "http://127.0.0.1:18146" {
		t.Fatalf("%+v %v", c, err)
	}
	if c, _ := Load(nil, env(nil)); c.BlueskyHandle != "" || c.BlueskyPDSURL != "https://bsky.social" {
		t.Fatalf("defaults %+v", c)
	}
	if _, err := Load(nil, env(map[string]string{"BLUESKY_HANDLE": "a.b", "BLUESKY_APP_PASSWORD": "two words"})); err == nil ||
		strings.Contains(err.Error(), "two words") {
		t.Fatalf("the password must stay out of the error: %v", err)
	}
}

// SECRETS_KEY is base64 of 32 bytes; Set tells what the environment set;
// Apply validates one option as Load does, without quoting a secret.
func TestSecretsKeySetAndApply(t *testing.T) {
	key := strings.Repeat("A", 43) + "=" // base64 of 32 zero bytes
	c, err := Load(nil, func(k string) string {
		return map[string]string{"SECRETS_KEY": key, "HN_ENABLED": "true"}[k]
	})
	if err != nil || len(c.SecretsKey) != 32 {
		t.Fatalf("%v, %d bytes", err, len(c.SecretsKey))
	}
	if !c.Set("HN_ENABLED") || !c.Set("SECRETS_KEY") || c.Set("EXA_API_KEY") || c.Set("PORT") {
		t.Fatal("Set: only the options the environment gave")
	}
	if _, err := Load(nil, func(k string) string {
		return map[string]string{"SECRETS_KEY": "c2hvcnQ="}[k]
	}); err == nil || !strings.Contains(err.Error(), "32 bytes") || strings.Contains(err.Error(), "c2hvcnQ") {
		t.Fatalf("a short key: %v", err)
	}
	if err := Apply(c, "GITHUB_TOKEN", "has space"); err == nil || strings.Contains(err.Error(), "has space") {
		t.Fatalf("a bad secret's error quotes it: %v", err)
	}
	if err := Apply(c, "STACKEXCHANGE_SITE", "serverfault"); err != nil || c.StackExchangeSite != "serverfault" {
		t.Fatalf("%v %q", err, c.StackExchangeSite)
	}
	if err := Apply(c, "NOPE", "x"); err == nil {
		t.Fatal("an unknown option applies")
	}
}
