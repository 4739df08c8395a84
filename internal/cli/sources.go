package cli

import (
	"context"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search/sources"
)

// runSources prints every source's health (internal/health): its state,
// last success and error, and the last 24 hours' counts.
func runSources(ctx context.Context, env *runEnv) error {
	d, err := openMigrated(ctx, env)
	if err != nil {
		return err
	}
	defer d.Close()
	boards, _ := clients.NewStore(d, nil).JobBoards(ctx) // the clients' boards make the job-board source configured
	cfg, err := withConsole(ctx, env, d)
	if err != nil {
		return err
	}
	report, err := health.NewStore(d).Report(ctx, sources.CatalogWith(cfg, len(boards) > 0))
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(env.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "SOURCE\tSTATE\tLAST SUCCESS\tLAST ERROR\tPOSTS 24H\tERRORS 24H\tRATE LIMITS 24H\tDETAIL")
	for _, s := range report {
		lastErr := s.LastError
		if s.LastErrorAt != nil {
			lastErr = ago(*s.LastErrorAt) + ": " + lastErr
		}
		if r := []rune(lastErr); len(r) > 80 {
			lastErr = string(r[:79]) + "…"
		}
		last := "-"
		if s.LastSuccessAt != nil {
			last = ago(*s.LastSuccessAt)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%s\n", s.Source, s.State, last, dash(lastErr),
			s.Posts24h, s.Errors24h, s.RateLimits24h, dash(s.Detail))
	}
	return w.Flush()
}

// withConsole is the configuration with the sources' settings saved in
// the admin console applied where the environment sets nothing (README.md
// "Sources from the console"), as the server uses them.
func withConsole(ctx context.Context, env *runEnv, d *db.DB) (*config.Config, error) {
	reg, err := sources.NewRegistry(env.cfg, d, sources.RegistryOptions{Logger: env.log})
	if err != nil {
		return nil, err
	}
	return reg.Config(ctx), nil
}

func ago(t time.Time) string {
	return time.Since(t).Round(time.Second).String() + " ago"
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
