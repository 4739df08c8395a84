package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/ingest"
	"github.com/signalpipe/signalpipe/internal/search/jobboards"
	"github.com/signalpipe/signalpipe/internal/search/sources"
)

// ingestArgs are `signalpipe ingest`'s own flags; empty ones fall back to
// INGEST_QUERIES, INGEST_LIMIT and every configured source.
type ingestArgs struct {
	sources []string
	queries []string
	limit   int
}

var ingestUsage = "usage: signalpipe ingest [--source " + strings.Join(sources.Names, "|") + "]... [--query Q]... [--limit 1-100]"

// ingestFlags declares ingest's flags: --source (repeatable, or
// comma-separated), --query (repeatable) and --limit.
func ingestFlags(fs *flag.FlagSet) func(string) (any, error) {
	var a ingestArgs
	var limit string
	fs.Func("source", "fetch only this `source` ("+strings.Join(sources.Names, ", ")+"; repeatable or comma-separated; default: every enabled one)", func(v string) error {
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				a.sources = append(a.sources, s)
			}
		}
		return nil
	})
	fs.Func("query", "an intent `query` to fetch (repeatable, up to 50; default: INGEST_QUERIES)", func(v string) error {
		if q := strings.TrimSpace(v); q == "" || len(q) > 200 {
			return errors.New("must be 1-200 characters")
		}
		a.queries = append(a.queries, strings.TrimSpace(v))
		return nil
	})
	fs.StringVar(&limit, "limit", "", "posts per query and source, `1-100` (default: INGEST_LIMIT)")
	return func(string) (any, error) {
		if limit != "" {
			n, err := strconv.Atoi(limit)
			if err != nil || n < 1 || n > 100 {
				return nil, errors.New("--limit must be a whole number 1-100")
			}
			a.limit = n
		}
		if len(a.queries) > 50 {
			return nil, errors.New("at most 50 --query values")
		}
		return a, nil
	}
}

// runIngest fetches the sources for the queries once, stores the posts
// (each once, by source and id) and prints a summary per source. It fails
// only when every source failed.
func runIngest(ctx context.Context, env *runEnv) error {
	a := env.args.(ingestArgs)
	d, err := openMigrated(ctx, env)
	if err != nil {
		return err
	}
	defer d.Close()
	// The clients' target accounts' job boards too, when any client has
	// some (docs/clients.md §1).
	var more sources.ClientBoards
	if boards, err := clients.NewStore(d, nil).JobBoards(ctx); err == nil && len(boards) > 0 {
		more = func(context.Context) ([]jobboards.Board, error) { return boards, nil }
	}
	cfg, err := withConsole(ctx, env, d)
	if err != nil {
		return err
	}
	srcs, err := sources.IngestWith(cfg, d, a.sources, more, nil)
	if err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	if len(srcs) == 0 {
		return errors.New("ingest: no source is enabled; set HN_ENABLED=true, EXA_API_KEY, INGEST_FEEDS or JOB_BOARDS")
	}
	o := ingest.Options{Sources: srcs, Queries: env.cfg.IngestQueries, Limit: env.cfg.IngestLimit, Logger: env.log}
	if len(a.queries) > 0 {
		o.Queries = a.queries
	}
	if a.limit > 0 {
		o.Limit = a.limit
	}
	o.Sources = sources.Tracked(health.NewStore(d), env.log, o.Sources) // `signalpipe sources` shows the outcome
	report := ingest.Run(ctx, search.NewStore(d), o)
	if err := printReport(env, report); err != nil {
		return err
	}
	if report.AllFailed() {
		return errors.New("ingest: every source failed")
	}
	return nil
}

func printReport(env *runEnv, report ingest.Report) error {
	w := tabwriter.NewWriter(env.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "SOURCE\tFETCHED\tNEW\tFAILED QUERIES\tERROR")
	for _, r := range report {
		errText := r.Error
		if len(errText) > 120 {
			errText = errText[:120] + "…"
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%d/%d\t%s\n", r.Source, r.Fetched, r.New, r.Failed, r.Queries, errText)
	}
	return w.Flush()
}
