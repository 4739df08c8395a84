// Package sources builds the search's live connectors from the configuration
// and the console's saved settings (Registry, re-read when they change; the
// admin's GET, PATCH and Test of a source), in one place for the server, the CLI and the ingest job.
package sources

import (
	"context"
	"fmt"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/draft"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/bluesky"
	"github.com/signalpipe/signalpipe/internal/search/exa"
	"github.com/signalpipe/signalpipe/internal/search/feeds"
	"github.com/signalpipe/signalpipe/internal/search/github"
	"github.com/signalpipe/signalpipe/internal/search/hackernews"
	"github.com/signalpipe/signalpipe/internal/search/jetstream"
	"github.com/signalpipe/signalpipe/internal/search/jobboards"
	"github.com/signalpipe/signalpipe/internal/search/llm"
	"github.com/signalpipe/signalpipe/internal/search/lobsters"
	"github.com/signalpipe/signalpipe/internal/search/mastodon"
	"github.com/signalpipe/signalpipe/internal/search/reddit"
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

// Writer is the same model writing the drafts of each run's best leads
// from the facts the templates use (the template's draft is the
// fallback), or nil without LLM_BASE_URL.
func Writer(c *config.Config) draft.Writer {
	if c.LLMBaseURL == "" {
		return nil
	}
	return modelWriter{LLM(c)}
}

// modelWriter hands a draft's facts to the model client.
type modelWriter struct{ c *llm.Client }

func (w modelWriter) Draft(ctx context.Context, in draft.Input) (engine.Draft, error) {
	s := in.Slots
	return w.c.Draft(ctx, llm.DraftRequest{Signal: in.Signal, Name: s.Name, Company: s.Company, Role: s.Role, Topic: s.Topic,
		Product: s.Product, Proof: s.Proof, Case: s.Case, Sender: s.Sender, Post: in.Post, Template: in.Template})
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
// with MASTODON_ENABLED and some MASTODON_INSTANCES, Reddit with
// REDDIT_CLIENT_ID, Bluesky's search with BLUESKY_HANDLE. Feeds and job
// boards are ingested,
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
	if c.RedditClientID != "" {
		out = append(out, redditClient(c))
	}
	if c.BlueskyHandle != "" {
		out = append(out, blueskyClient(c))
	}
	return out
}

// Names are every source ingest knows, in the order it runs them; `signalpipe
// ingest --help` and the README list them.
var Names = []string{hackernews.Name, exa.Name, feeds.Name, lobsters.Name, stackexchange.Name, github.Name, mastodon.Name, reddit.Name, bluesky.Name, jobboards.Name}

// needs says what enables each source, for the error naming a disabled one.
var needs = map[string]string{hackernews.Name: "HN_ENABLED=true", exa.Name: "EXA_API_KEY", feeds.Name: "INGEST_FEEDS",
	lobsters.Name: "LOBSTERS_ENABLED=true", stackexchange.Name: "STACKEXCHANGE_ENABLED=true",
	github.Name: "GITHUB_ENABLED=true", mastodon.Name: "MASTODON_ENABLED=true and MASTODON_INSTANCES", jobboards.Name: "JOB_BOARDS", reddit.Name: "REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET",
	bluesky.Name: "BLUESKY_HANDLE and BLUESKY_APP_PASSWORD"}

// Ingest returns the sources ingest fetches: Hacker News with HN_ENABLED,
// Exa with a key, the feeds when INGEST_FEEDS lists some, the job boards
// of JOB_BOARDS (diffed against what d remembers of them); a disabled
// source is never asked. only, when not empty, keeps just the named ones;
// naming one that is unknown or not enabled is an error, so `--source exa`
// without a key says why nothing ran.
func Ingest(c *config.Config, d *db.DB, only []string) ([]search.Source, error) {
	return IngestWith(c, d, only, nil, nil)
}

// IngestWith is Ingest whose job-board source also reads the clients'
// boards (more, when not nil), which makes it configured even when
// JOB_BOARDS is empty, and records each board's health in hs (nil: a store
// over d without an OnFailing hook).
func IngestWith(c *config.Config, d *db.DB, only []string, more ClientBoards, hs *health.Store) ([]search.Source, error) {
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
	if c.RedditClientID != "" {
		all = append(all, redditClient(c))
	}
	if c.BlueskyHandle != "" {
		all = append(all, blueskyClient(c))
	}
	if len(c.JobBoards) > 0 || more != nil {
		all = append(all, jobBoards(c, d, more, hs))
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

// shared is the one client of a kind in the process for its configuration
// (key), so the live searches and ingest share its budget, pauses and
// session; a new configuration (tests) makes a new client.
type shared[T any] struct {
	mu  sync.Mutex
	c   T
	key string
	set bool
}

func (s *shared[T]) get(key string, build func() T) T {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.set || s.key != key {
		s.c, s.key, s.set = build(), key, true
	}
	return s.c
}

var (
	seClient shared[*stackexchange.Client] // backoff and quota state
	ghClient shared[*github.Client]        // request budget and pauses
	mdClient shared[*mastodon.Client]      // each instance's budget and pauses
	rdClient shared[*reddit.Client]        // token, budget and pauses
	bsClient shared[*bluesky.Client]       // session, budget and pauses
	jbClient shared[*jobboards.Client]     // hosts' budgets, boards' last answers
)

func stackExchange(c *config.Config) *stackexchange.Client {
	return seClient.get(c.StackExchangeBaseURL+"\x00"+c.StackExchangeKey+"\x00"+c.StackExchangeSite, func() *stackexchange.Client {
		return stackexchange.New(c.StackExchangeBaseURL, c.StackExchangeKey, c.StackExchangeSite)
	})
}

func gitHub(c *config.Config) *github.Client {
	return ghClient.get(c.GitHubBaseURL+"\x00"+c.GitHubToken, func() *github.Client { return github.New(c.GitHubBaseURL, c.GitHubToken) })
}

func mastodonClient(c *config.Config) *mastodon.Client {
	return mdClient.get(strings.Join(c.MastodonInstances, ","), func() *mastodon.Client { return mastodon.New(c.MastodonInstances) })
}

func redditClient(c *config.Config) *reddit.Client {
	return rdClient.get(c.RedditClientID+"\x00"+c.RedditClientSecret+"\x00"+c.RedditUserAgent, func() *reddit.Client {
		return reddit.New(c.RedditClientID, c.RedditClientSecret, c.RedditUserAgent)
	})
}

func blueskyClient(c *config.Config) *bluesky.Client {
	return bsClient.get(c.BlueskyHandle+"\x00"+c.BlueskyAppPassword+"\x00"+c.BlueskyPDSURL, func() *bluesky.Client {
		bc := bluesky.New(c.BlueskyHandle, c.BlueskyAppPassword)
		bc.BaseURL = c.BlueskyPDSURL
		return bc
	})
}

func jobBoards(c *config.Config, d *db.DB, more ClientBoards, hs *health.Store) *jobboards.Client {
	var key strings.Builder
	boards := make([]jobboards.Board, len(c.JobBoards))
	for i, b := range c.JobBoards {
		boards[i] = jobboards.Board{Kind: b.Kind, Token: b.Token, Company: b.Company}
		fmt.Fprintf(&key, "%s\x00%s\x00", boards[i].Key(), b.Company)
	}
	fmt.Fprintf(&key, "%p %p %t", d, hs, more != nil) // a client per database and health store (tests open many)
	return jbClient.get(key.String(), func() *jobboards.Client {
		jc := jobboards.New(boards, jobboards.NewStore(d))
		jc.More = more // read at each fetch
		store := hs
		if store == nil {
			store = health.NewStore(d)
		}
		// Each board has its own line in source health (jobboards:kind:token),
		// so a board that fails shows which one.
		jc.OnBoard = func(ctx context.Context, board string, openings int, err error) {
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			record(rctx, store, slog.Default(), health.Outcome{Source: BoardSource(board), Posts: openings, Err: err})
		}
		return jc
	})
}

// ClientBoards lists the job boards of the clients' target accounts
// (clients.Store.JobBoards), read with JOB_BOARDS's at each fetch.
type ClientBoards func(ctx context.Context) ([]jobboards.Board, error)

// BoardSource is a job board's name in source health.
func BoardSource(board string) string { return jobboards.Name + ":" + board }

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
