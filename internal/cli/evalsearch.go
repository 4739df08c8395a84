package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"

	"github.com/signalpipe/signalpipe/internal/search"
)

type evalSearchArgs struct {
	dir     string
	details bool          // also list each ICP's leads and misses
	maxAge  time.Duration // LEAD_MAX_AGE for the measured searches; 0: none
	loco    bool          // DIR is a training corpus: leave each category out in turn
	only    []string      // with loco: leave out only these categories
}

const evalSearchUsage = "usage: signalpipe eval-search [--loco [--only a,b]] DIR [--details] [--max-age 30d] (DIR holds icps.jsonl, posts.jsonl and labels.jsonl; see docs/performance-log.md, Relevance; --max-age applies LEAD_MAX_AGE to the folder's shifted dates, off by default; --loco: DIR is the training corpus (internal/engine/realcorpus/testdata), each category is left out of training in turn and measured)"

// evalSearchFlags declares eval-search's flags: --details and --max-age.
func evalSearchFlags(fs *flag.FlagSet) func(string) (any, error) {
	var a evalSearchArgs
	fs.BoolVar(&a.details, "details", false, "also list each ICP's leads and misses")
	fs.BoolVar(&a.loco, "loco", false, "leave one category out: train on the corpus DIR without it, measure it; for every category")
	fs.Func("only", "with --loco: leave out only these categories (comma-separated ids, e.g. `bi,secrets`)", func(v string) error {
		for _, id := range strings.Split(v, ",") {
			if id = strings.TrimSpace(id); id != "" {
				a.only = append(a.only, id)
			}
		}
		return nil
	})
	fs.Func("max-age", "apply this LEAD_MAX_AGE (e.g. `30d`) to the folder's shifted dates (default: off)", func(v string) error {
		d, err := config.ParseAge(v)
		if err != nil {
			return err
		}
		a.maxAge = d
		return nil
	})
	return func(dir string) (any, error) {
		if dir == "" {
			return nil, errors.New(evalSearchUsage)
		}
		a.dir = dir
		return a, nil
	}
}

// runEvalSearch measures the search on a labelled folder: per ICP and
// macro-averaged precision@10, precision and recall of the returned posts.
func runEvalSearch(ctx context.Context, env *runEnv) error {
	a := env.args.(evalSearchArgs)
	// The labels judge relevance, not age: a folder whose posts span more
	// than LEAD_MAX_AGE is measured whole unless --max-age asks otherwise
	// (the decay still ranks fresher posts first).
	eval := search.EvalSearch
	if a.loco {
		eval = func(ctx context.Context, dir string, opt search.Options) (search.EvalReport, error) {
			return search.EvalLOCO(ctx, dir, opt, a.only...)
		}
	}
	rep, err := eval(ctx, a.dir, search.Options{MaxAge: a.maxAge})
	if err != nil {
		return fmt.Errorf("eval-search: %w", err)
	}
	tw := tabwriter.NewWriter(env.stdout, 0, 4, 2, ' ', 0)
	age := "no age limit"
	if a.maxAge > 0 {
		age = "max age " + a.maxAge.String()
	}
	mode := ""
	if a.loco {
		mode = "; leave one category out: each ICP judged by a model trained without its category"
	}
	fmt.Fprintf(tw, "%d posts, %d ICPs (dates shifted so the newest post is now; %s%s)\n", rep.Posts, len(rep.ICPs), age, mode)
	fmt.Fprintln(tw, "icp\treturned\trelevant\thits\tp@10\tprecision\trecall\tkeyword precision\tkeyword recall")
	for _, r := range rep.ICPs {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\n", r.ID, r.Returned, r.Relevant, r.Hits, r.PrecisionAt, r.Precision, r.Recall,
			r.KeywordPrecision, r.KeywordRecall)
	}
	fmt.Fprintf(tw, "macro\t\t\t\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\n", rep.MacroPrecisionAt, rep.MacroPrecision, rep.MacroRec,
		rep.MacroKeywordPrecision, rep.MacroKeywordRecall)
	if err := tw.Flush(); err != nil {
		return err
	}
	if a.details {
		for _, r := range rep.ICPs {
			fmt.Fprintf(env.stdout, "%s:\n", r.ID)
			returned := map[string]bool{}
			for i, l := range r.Leads {
				mark := "wrong"
				if r.Labelled[l.PostID] {
					mark = "right"
				}
				returned[l.PostID] = true
				fmt.Fprintf(env.stdout, "  %2d %s %s score %d fit %.2f strength %.2f %s; terms: %s\n", i+1, mark, l.PostID, l.IntentScore,
					l.Fit.Score, l.Detection.Strength, l.Detection.SignalType, strings.Join(l.Relevance.Terms, ", "))
			}
			var missed []string
			for id := range r.Labelled {
				if !returned[id] {
					missed = append(missed, id)
				}
			}
			slices.Sort(missed)
			fmt.Fprintf(env.stdout, "  missed: %s\n", strings.Join(missed, " "))
			for _, n := range r.Notes {
				fmt.Fprintf(env.stdout, "  note: %s\n", n)
			}
		}
	}
	return nil
}
