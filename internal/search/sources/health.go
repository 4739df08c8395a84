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
	"github.com/signalpipe/signalpipe/internal/search/bluesky"
	"github.com/signalpipe/signalpipe/internal/search/exa"
	"github.com/signalpipe/signalpipe/internal/search/feeds"
	"github.com/signalpipe/signalpipe/internal/search/github"
	"github.com/signalpipe/signalpipe/internal/search/hackernews"
	"github.com/signalpipe/signalpipe/internal/search/jetstream"
	"github.com/signalpipe/signalpipe/internal/search/jobboards"
	"github.com/signalpipe/signalpipe/internal/search/lobsters"
	"github.com/signalpipe/signalpipe/internal/search/mastodon"
	"github.com/signalpipe/signalpipe/internal/search/reddit"
	"github.com/signalpipe/signalpipe/internal/search/remote"
	"github.com/signalpipe/signalpipe/internal/search/stackexchange"
)

// Catalog is every source (the ingest ones, then the Jetstream stream) with what the configuration says of it: enabled
// (State ""), disabled or unconfigured, and the option that enables it.
func Catalog(c *config.Config) []health.Configured { return CatalogWith(c, false) }

// CatalogWith is Catalog where clientBoards says the job-board source also
// reads the clients' boards (IngestWith), so it is configured without
// JOB_BOARDS.
func CatalogWith(c *config.Config, clientBoards bool) []health.Configured {
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
		case name == reddit.Name && c.RedditClientID == "":
			e.State, e.Detail = health.Unconfigured, "needs REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET"
		case name == bluesky.Name && c.BlueskyHandle == "":
			e.State, e.Detail = health.Unconfigured, "needs BLUESKY_HANDLE and BLUESKY_APP_PASSWORD"
		case name == jobboards.Name && len(c.JobBoards) == 0 && !clientBoards:
			e.State, e.Detail = health.Unconfigured, "needs JOB_BOARDS"
		}
		out = append(out, e)
		if name == jobboards.Name {
			for _, b := range c.JobBoards { // each board's own line
				out = append(out, health.Configured{Name: BoardSource(b.Kind + ":" + b.Token)})
			}
		}
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

// Stored implements search.StoredNotifier, passing ingest's word on to
// the source when it needs it.
func (t *tracked) Stored(ctx context.Context, posts []engine.Post) error {
	if sn, ok := t.Source.(search.StoredNotifier); ok {
		return sn.Stored(ctx, posts)
	}
	return nil
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
	record(rctx, t.store, t.log, o)
	return posts, err
}

// record writes a fetch's outcome and, when it failed, tells the store's
// OnFailing (else the log) if the source has now been failing for an hour
// (once per episode).
func record(ctx context.Context, store *health.Store, log *slog.Logger, o health.Outcome) {
	if err := store.Record(ctx, o); err != nil {
		log.Warn("source health: record", "source", o.Source, "err", err)
		return
	}
	if o.Err == nil {
		return
	}
	since, lastErr, ok, err := store.ClaimFailing(ctx, o.Source)
	if err != nil {
		log.Warn("source health: failing notice", "source", o.Source, "err", err)
		return
	}
	if !ok {
		return
	}
	if store.OnFailing != nil {
		store.OnFailing(ctx, o.Source, since, lastErr)
		return
	}
	log.WarnContext(ctx, "source failing for an hour", "source", o.Source, "since", since.UTC().Format(time.RFC3339), "last_error", lastErr)
}
