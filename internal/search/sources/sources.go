// Package sources builds the search's live connectors from the
// configuration, in one place for the server, the CLI and the ingest job.
package sources

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/exa"
	"github.com/signalpipe/signalpipe/internal/search/feeds"
	"github.com/signalpipe/signalpipe/internal/search/github"
	"github.com/signalpipe/signalpipe/internal/search/hackernews"
	"github.com/signalpipe/signalpipe/internal/search/jetstream"
	"github.com/signalpipe/signalpipe/internal/search/llm"
	"github.com/signalpipe/signalpipe/internal/search/lobsters"
	"github.com/signalpipe/signalpipe/internal/search/mastodon"
	"github.com/signalpipe/signalpipe/internal/search/stackexchange"
)

// LLM is the client of the model LLM_BASE_URL serves, with every LLM_*
// option applied.
func LLM(c *config.Config) *llm.Client {
	return llm.New(llm.Options{BaseURL: c.LLMBaseURL, APIKey: c.LLMAPIKey, Model: c.LLMModel, Timeout: c.LLMTimeout,
		Temperature: c.LLMTemperature, ContextTokens: c.LLMContextTokens})
}

// Model is the OpenAI-compatible model that writes a search's queries when
// its ICP asks for useAIQueries, or nil without LLM_BASE_URL.
func Model(c *config.Config) search.QueryModel {
	if c.LLMBaseURL == "" {
		return nil
	}
	return LLM(c)
}

// Reviewer is the same model re-reading the posts behind each search's
// best LLM_REVIEW leads, or nil without LLM_BASE_URL or with LLM_REVIEW 0.
func Reviewer(c *config.Config) pipeline.Reviewer {
	if c.LLMBaseURL == "" || c.LLMReview == 0 {
		return nil
	}
	return LLM(c)
}

// Live returns the sources every live search asks besides the index:
// Hacker News with HN_ENABLED, Exa Websets with EXA_API_KEY, Lobsters with
// LOBSTERS_ENABLED (its newest stories, read at most once a minute), Stack
// Exchange with STACKEXCHANGE_ENABLED, GitHub with GITHUB_ENABLED, Mastodon
// with MASTODON_ENABLED and some MASTODON_INSTANCES. Feeds are ingested,
// not searched live: reading them per search would add their
// latency to every search for posts ingest already stores.
func Live(c *config.Config) []search.Source {
	var out []search.Source
	if c.HNEnabled {
		out = append(out, hackerNews(c))
	}
	if c.ExaAPIKey != "" {
		out = append(out, exa.New(c.ExaBaseURL, c.ExaAPIKey))
	}
	if c.LobstersEnabled {
		out = append(out, lobsters.New(c.LobstersBaseURL))
	}
	if c.StackExchangeEnabled {
		out = append(out, stackExchange(c))
	}
	if c.GitHubEnabled {
		out = append(out, gitHub(c))
	}
	if c.MastodonEnabled && len(c.MastodonInstances) > 0 {
		out = append(out, mastodonClient(c))
	}
	return out
}

// Names are every source ingest knows, in the order it runs them; `signalpipe
// ingest --help` and the README list them.
var Names = []string{hackernews.Name, exa.Name, feeds.Name, lobsters.Name, stackexchange.Name, github.Name, mastodon.Name}

// needs says what enables each source, for the error naming a disabled one.
var needs = map[string]string{hackernews.Name: "HN_ENABLED=true", exa.Name: "EXA_API_KEY", feeds.Name: "INGEST_FEEDS",
	lobsters.Name: "LOBSTERS_ENABLED=true", stackexchange.Name: "STACKEXCHANGE_ENABLED=true",
	github.Name: "GITHUB_ENABLED=true", mastodon.Name: "MASTODON_ENABLED=true and MASTODON_INSTANCES"}

// Ingest returns the sources ingest fetches: Hacker News with HN_ENABLED,
// Exa with a key, the feeds when INGEST_FEEDS lists some; a disabled source
// is never asked. only, when not empty, keeps just the named ones; naming
// one that is unknown or not enabled is an error, so `--source exa` without
// a key says why nothing ran.
func Ingest(c *config.Config, only []string) ([]search.Source, error) {
	var all []search.Source
	if c.HNEnabled {
		all = append(all, hackerNews(c))
	}
	if c.ExaAPIKey != "" {
		all = append(all, exa.New(c.ExaBaseURL, c.ExaAPIKey))
	}
	if len(c.IngestFeeds) > 0 {
		all = append(all, feeds.New(c.IngestFeeds))
	}
	if c.LobstersEnabled {
		all = append(all, lobsters.New(c.LobstersBaseURL))
	}
	if c.StackExchangeEnabled {
		all = append(all, stackExchange(c))
	}
	if c.GitHubEnabled {
		all = append(all, gitHub(c))
	}
	if c.MastodonEnabled && len(c.MastodonInstances) > 0 {
		all = append(all, mastodonClient(c))
	}
	if len(only) == 0 {
		return all, nil
	}
	var out []search.Source
	for _, name := range only {
		if name == jetstream.Name {
			return nil, fmt.Errorf("source %q is not fetched by ingest: `signalpipe serve` streams it with JETSTREAM_ENABLED=true (ingest sources: %s)",
				name, strings.Join(Names, ", "))
		}
		if !slices.Contains(Names, name) {
			return nil, fmt.Errorf("unknown source %q (sources: %s)", name, strings.Join(Names, ", "))
		}
		i := slices.IndexFunc(all, func(s search.Source) bool { return s.Name() == name })
		if i < 0 {
			return nil, fmt.Errorf("source %q is not enabled: it needs %s (enabled: %s)", name, needs[name], enabledNames(all))
		}
		if !slices.Contains(out, all[i]) {
			out = append(out, all[i])
		}
	}
	return out, nil
}

func enabledNames(srcs []search.Source) string {
	if len(srcs) == 0 {
		return "none"
	}
	return names(srcs)
}

// seClient is the one Stack Exchange client of the process, so the live
// searches and ingest share its backoff and quota state.
var seClient struct {
	sync.Mutex
	c   *stackexchange.Client
	key string
}

func stackExchange(c *config.Config) *stackexchange.Client {
	seClient.Lock()
	defer seClient.Unlock()
	key := c.StackExchangeBaseURL + "\x00" + c.StackExchangeKey + "\x00" + c.StackExchangeSite
	if seClient.c == nil || seClient.key != key {
		seClient.c, seClient.key = stackexchange.New(c.StackExchangeBaseURL, c.StackExchangeKey, c.StackExchangeSite), key
	}
	return seClient.c
}

// ghClient is the one GitHub client of the process, so the live searches
// and ingest share its request budget and pauses.
var ghClient struct {
	sync.Mutex
	c   *github.Client
	key string
}

func gitHub(c *config.Config) *github.Client {
	ghClient.Lock()
	defer ghClient.Unlock()
	key := c.GitHubBaseURL + "\x00" + c.GitHubToken
	if ghClient.c == nil || ghClient.key != key {
		ghClient.c, ghClient.key = github.New(c.GitHubBaseURL, c.GitHubToken), key
	}
	return ghClient.c
}

// mdClient is the one Mastodon client of the process, so the live searches
// and ingest share each instance's budget and pauses.
var mdClient struct {
	sync.Mutex
	c   *mastodon.Client
	key string
}

func mastodonClient(c *config.Config) *mastodon.Client {
	mdClient.Lock()
	defer mdClient.Unlock()
	key := strings.Join(c.MastodonInstances, ",")
	if mdClient.c == nil || mdClient.key != key {
		mdClient.c, mdClient.key = mastodon.New(c.MastodonInstances), key
	}
	return mdClient.c
}

func hackerNews(c *config.Config) *hackernews.Client {
	hn := hackernews.New(c.HNBaseURL)
	if c.HNAPIURL != "" {
		hn.APIURL = c.HNAPIURL
	}
	return hn
}

func names(srcs []search.Source) string {
	n := make([]string, len(srcs))
	for i, s := range srcs {
		n[i] = s.Name()
	}
	return strings.Join(n, ", ")
}
