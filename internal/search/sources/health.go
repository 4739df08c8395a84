package sources

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/exa"
	"github.com/signalpipe/signalpipe/internal/search/feeds"
	"github.com/signalpipe/signalpipe/internal/search/github"
	"github.com/signalpipe/signalpipe/internal/search/hackernews"
	"github.com/signalpipe/signalpipe/internal/search/jetstream"
	"github.com/signalpipe/signalpipe/internal/search/lobsters"
	"github.com/signalpipe/signalpipe/internal/search/mastodon"
	"github.com/signalpipe/signalpipe/internal/search/remote"
	"github.com/signalpipe/signalpipe/internal/search/stackexchange"
)

// Catalog is every source (the ingest ones, then the Jetstream stream) with what the configuration says of it: enabled
// (State ""), disabled or unconfigured, and the option that enables it.
func Catalog(c *config.Config) []health.Configured {
	out := make([]health.Configured, 0, len(Names))
	for _, name := range Names {
		e := health.Configured{Name: name}
		switch {
		case name == hackernews.Name && !c.HNEnabled:
			e.State, e.Detail = health.Disabled, "HN_ENABLED=false"
		case name == exa.Name && c.ExaAPIKey == "":
			e.State, e.Detail = health.Unconfigured, "needs EXA_API_KEY"
		case name == feeds.Name && len(c.IngestFeeds) == 0:
			e.State, e.Detail = health.Unconfigured, "needs INGEST_FEEDS"
		case name == lobsters.Name && !c.LobstersEnabled:
			e.State, e.Detail = health.Disabled, "LOBSTERS_ENABLED=false"
		case name == stackexchange.Name && !c.StackExchangeEnabled:
			e.State, e.Detail = health.Disabled, "STACKEXCHANGE_ENABLED=false"
		case name == github.Name && !c.GitHubEnabled:
			e.State, e.Detail = health.Disabled, "GITHUB_ENABLED=false"
		case name == mastodon.Name && !c.MastodonEnabled:
			e.State, e.Detail = health.Disabled, "MASTODON_ENABLED=false"
		case name == mastodon.Name && len(c.MastodonInstances) == 0:
			e.State, e.Detail = health.Unconfigured, "needs MASTODON_INSTANCES"
		}
		out = append(out, e)
	}
	// The Jetstream consumer streams rather than fetches: not an ingest
	// --source, but a source with a health of its own.
	js := health.Configured{Name: jetstream.Name}
	if !c.JetstreamEnabled {
		js.State, js.Detail = health.Disabled, "JETSTREAM_ENABLED=false"
	}
	return append(out, js)
}

// ErrPaused means a source is rate limited and was not asked.
var ErrPaused = errors.New("rate limited")

// Tracked wraps each source so that every fetch records its outcome in
// store (internal/health) and a source paused by a Retry-After or backoff
// is not asked until the pause ends, on any instance.
func Tracked(store *health.Store, log *slog.Logger, srcs []search.Source) []search.Source {
	if log == nil {
		log = slog.Default()
	}
	out := make([]search.Source, len(srcs))
	for i, s := range srcs {
		out[i] = &tracked{Source: s, store: store, log: log, now: time.Now}
	}
	return out
}

type tracked struct {
	search.Source
	store *health.Store
	log   *slog.Logger
	now   func() time.Time
}

// Find implements search.Source.
func (t *tracked) Find(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	name := t.Name()
	if until, err := t.store.PausedUntil(ctx, name); err != nil {
		t.log.Warn("source health: read pause", "source", name, "err", err)
	} else if !until.IsZero() {
		return nil, fmt.Errorf("%s: %w until %s", name, ErrPaused, until.UTC().Format(time.RFC3339))
	}
	obs := &remote.Observation{}
	posts, err := t.Source.Find(remote.WithObservation(ctx, obs), q, limit)
	if err != nil && errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return posts, err // the caller gave up (shutdown, a cancelled search): not the source's fault
	}
	o := health.Outcome{Source: name, Posts: len(posts), Err: err, RateLimits: obs.RateLimits()}
	if wait := obs.Wait(err != nil); wait > 0 {
		o.PauseUntil = t.now().Add(wait)
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if rerr := t.store.Record(rctx, o); rerr != nil {
		t.log.Warn("source health: record", "source", name, "err", rerr)
	}
	return posts, err
}
