package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine/enrich"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/sources"
)

// runSearch reads an ICP (the JSON object research-leads takes) on stdin,
// runs one live search against the configured database (and Hacker News
// with HN_ENABLED, Exa Websets with EXA_API_KEY, a model's queries with
// LLM_BASE_URL and useAIQueries) and writes the leads as JSON Lines, best
// first. Like an anonymous search it stores nothing, except the bundled
// corpus on a database's first use (CORPUS_SEED).
func runSearch(ctx context.Context, env *runEnv) error {
	var raw map[string]json.RawMessage
	if err := json.NewDecoder(io.LimitReader(stdin, 1<<20)).Decode(&raw); err != nil {
		return fmt.Errorf("search: read the ICP on stdin: %w", err)
	}
	p, fields := search.ParseICP(raw)
	if fields != nil {
		names := make([]string, 0, len(fields))
		for k := range fields {
			names = append(names, k)
		}
		slices.Sort(names)
		msgs := make([]string, len(names))
		for i, k := range names {
			msgs[i] = k + ": " + fields[k]
		}
		return fmt.Errorf("search: invalid ICP: %s", strings.Join(msgs, "; "))
	}
	d, err := openMigrated(ctx, env)
	if err != nil {
		return err
	}
	defer d.Close()
	if env.cfg.CorpusSeed {
		if _, err := search.SeedCorpus(ctx, d, env.log); err != nil {
			return err
		}
	}
	cfg, err := withConsole(ctx, env, d)
	if err != nil {
		return err
	}
	svc := search.NewService(search.NewStore(d), search.Options{Sources: sources.Live(cfg), MaxAge: env.cfg.LeadMaxAge,
		Model: sources.Model(env.cfg), Reviewer: sources.Reviewer(env.cfg), ReviewTop: env.cfg.LLMReview, Writer: sources.Writer(env.cfg), Logger: env.log,
		Verifier: enrich.NewVerifier(env.cfg.EmailVerify, env.cfg.EmailVerifyTimeout)})
	job, leads := svc.Search(ctx, p)
	env.log.Info("search done", "status", job.Status, "sources", job.Sources, "leads", len(leads), "notes", job.Notes)
	enc := json.NewEncoder(env.stdout)
	for _, l := range leads {
		if err := enc.Encode(l); err != nil {
			return err
		}
	}
	if job.Status != search.StatusComplete {
		return fmt.Errorf("search failed: %s", job.Error)
	}
	if len(leads) == 0 && len(job.Notes) > 0 {
		// Say why: the last note counts what became of the posts read.
		fmt.Fprintf(env.stderr, "signalpipe search: no leads; %s\n", job.Notes[len(job.Notes)-1])
	}
	return nil
}
