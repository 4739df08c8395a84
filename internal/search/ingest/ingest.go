// Package ingest fetches the configured sources (Hacker News with
// HN_ENABLED, Exa Websets with a key, RSS/Atom feeds when listed) for a set of intent
// queries and stores what they find in the search index, each post once by
// source and id. `signalpipe ingest` runs it once; the periodic River job
// (Worker, PeriodicJob) runs it every INGEST_INTERVAL.
package ingest

import (
	"context"
	"log/slog"
	"strings"
	"sync"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// Options configure one ingest run.
type Options struct {
	// Sources are fetched side by side, each one's queries in turn (gentle
	// on rate limits).
	Sources []search.Source
	// Live, when set, gives the sources at each periodic run's start
	// instead (Worker), so the console's changes apply without a restart.
	Live func(context.Context) []search.Source
	// Queries are the intent queries; each is one search term.
	Queries []string
	// Limit is the posts asked of each source per query.
	Limit int
	// RunKey names the run for the sources' idempotency keys (see
	// search.WithJobKey): the periodic job passes its job id, so a retried
	// attempt reuses the websets the first one created.
	RunKey string
	// Logger defaults to slog.Default.
	Logger *slog.Logger
}

// Result is what one source did in a run.
type Result struct {
	Source string `json:"source"`
	// Queries is how many queries were asked, Failed how many failed.
	Queries int `json:"queries"`
	Failed  int `json:"failed"`
	// Fetched counts the distinct posts found, New those not stored before.
	Fetched int `json:"fetched"`
	New     int `json:"new"`
	// Error is the first failure, for the summary and the job's output.
	Error string `json:"error,omitempty"`
	// SourceFailed is true when every query failed or storing failed.
	SourceFailed bool `json:"sourceFailed"`
}

// Report is a run's results, one per source, in the order of the sources.
type Report []Result

// AllFailed reports whether every source failed (and there was one).
func (r Report) AllFailed() bool {
	for _, res := range r {
		if !res.SourceFailed {
			return false
		}
	}
	return len(r) > 0
}

// Run fetches every source for every query and stores the posts. A
// source's failure is logged and recorded in its Result; it never stops
// the others.
func Run(ctx context.Context, store *search.Store, o Options) Report {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.RunKey != "" {
		ctx = search.WithJobKey(ctx, o.RunKey)
	}
	// Posts stored before URL keys existed get theirs first, so this run's
	// copies of them are recognised (README.md, "Sources").
	if n, err := store.BackfillURLKeys(ctx, 0); err != nil {
		o.Logger.Warn("ingest: url key backfill failed", "err", err)
	} else if n > 0 {
		o.Logger.Info("ingest: url keys backfilled", "posts", n)
	}
	report := make(Report, len(o.Sources))
	var wg sync.WaitGroup
	for i, src := range o.Sources {
		wg.Go(func() { report[i] = runSource(ctx, store, src, o) })
	}
	wg.Wait()
	return report
}

func runSource(ctx context.Context, store *search.Store, src search.Source, o Options) Result {
	res := Result{Source: src.Name(), Queries: len(o.Queries)}
	seen := map[string]bool{}
	for qi, query := range o.Queries {
		found, err := src.Find(ctx, search.TermsQuery(query), o.Limit)
		if err != nil {
			res.Failed++
			o.Logger.Debug("ingest query failed", "source", res.Source, "query", query, "err", err)
			if u := remote.Unreachable(err); u != nil {
				// The service cannot be reached: the other queries would
				// only fail the same way, so they are not asked.
				res.Error = u.Error()
				res.Failed += len(o.Queries) - qi - 1
				break
			}
			if res.Error == "" {
				res.Error = short(err.Error())
			}
			continue
		}
		var posts []engine.Post
		for _, p := range found {
			if p.Source == "" {
				p.Source = res.Source
			}
			if k := p.Source + "\x00" + p.ID; !seen[k] {
				seen[k] = true
				posts = append(posts, p)
			}
		}
		res.Fetched += len(posts)
		if len(posts) == 0 {
			continue
		}
		// Stored query by query, so a run cut short by its time limit keeps
		// what it fetched.
		n, err := store.AddPosts(ctx, posts)
		res.New += n
		if err != nil {
			res.SourceFailed = true
			res.Error = "store: " + err.Error()
			o.Logger.Error("ingest store failed", "source", res.Source, "err", err)
			break
		}
		if sn, ok := src.(search.StoredNotifier); ok {
			// Told only now that the posts are stored. Its failing loses
			// nothing: the source offers the posts again (README.md,
			// "Sources", job boards) and the index keeps each once.
			if err := sn.Stored(ctx, posts); err != nil {
				o.Logger.Warn("ingest: source not told of its stored posts", "source", res.Source, "err", err)
				if res.Error == "" {
					res.Error = "stored: " + short(err.Error())
				}
			}
		}
	}
	res.SourceFailed = res.SourceFailed || (res.Queries > 0 && res.Failed == res.Queries)
	if res.SourceFailed {
		o.Logger.Warn("ingest source failed", "source", res.Source, "fetched", res.Fetched, "new", res.New,
			"failed_queries", res.Failed, "queries", res.Queries, "err", res.Error)
	} else {
		o.Logger.Info("ingest source done", "source", res.Source, "fetched", res.Fetched, "new", res.New,
			"failed_queries", res.Failed, "queries", res.Queries)
	}
	return res
}

// maxError bounds a result's error text: one line of a summary, not a
// dump of every URL a source tried.
const maxError = 160

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > maxError {
		s = string(r[:maxError-1]) + "…"
	}
	return s
}
