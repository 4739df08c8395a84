package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/search/sources"
)

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *runEnv) error
	// usage, if set, is the command's usage line (with what its argument
	// holds), shown first by its --help.
	usage string
	// arg names the command's one positional argument (e.g. "FILE"),
	// required when set; empty: the command takes none.
	arg string
	// words is how many words the positional argument may have (1 when
	// 0): admin's "create" and "token create".
	words int
	// flags, if set, declares the command's own flags on fs and returns
	// the function that checks them, with the positional argument, and
	// builds what run receives as runEnv.args. Its errors are usage
	// errors (exit 2).
	flags func(fs *flag.FlagSet) func(arg string) (any, error)
}

// runEnv is what a subcommand receives.
type runEnv struct {
	cfg    *config.Config
	log    *slog.Logger
	stdout io.Writer
	stderr io.Writer
	// args are the command's own arguments (see command.flags).
	args any
}

var commands = []command{
	{name: "serve", summary: "run the web server (default): migrate the database, then serve HTTP", run: runServe},
	{name: "migrate", summary: "apply pending database migrations and exit", run: runMigrate},
	{name: "admin", summary: "admin create --email E [--reset]: create an admin (password from a prompt or one line of stdin); " +
		"admin token create [--name N] [--scopes S,...]: make an admin token for the MCP server, printed once",
		run: runAdmin, usage: adminUsage, arg: "create", words: 2, flags: adminFlags},
	{name: "detect", summary: "read JSON Lines posts (id, title, text, source) on stdin, write one detection per line", run: runDetect},
	{name: "eval", summary: "eval FILE [--split S] [--rows written|real-shaped]: score the detector and a keyword baseline on labelled JSON Lines",
		run: runEval, usage: evalUsage, arg: "FILE", flags: evalFlags},
	{name: "search", summary: "read an ICP (JSON, as research-leads takes) on stdin, run a live search, write the leads as JSON Lines", run: runSearch},
	{name: "ingest", summary: "ingest [--source " + strings.Join(sources.Names, "|") + "]... [--query Q]... [--limit N]: fetch the enabled sources for intent queries and store new posts in the index",
		run: runIngest, usage: ingestUsage, flags: ingestFlags},
	{name: "import", summary: "import FILE.jsonl [--skip-bad]: store posts (engine.Post JSON Lines) in the search index, de-duplicated by source and id, all or none",
		run: runImport, usage: importUsage, arg: "FILE", flags: importFlags},
	{name: "eval-search", summary: "eval-search DIR [--details]: run each ICP of a labelled folder through the search and print precision@10, precision and recall",
		run: runEvalSearch, usage: evalSearchUsage, arg: "DIR", flags: evalSearchFlags},
	{name: "sources", summary: "print each source's health: state, last success and error, 24-hour counts of posts, errors and rate limits", run: runSources},
	{name: "version", summary: "print the version and exit", run: runVersion},
}

// Run executes the command line args (without the program name) and returns
// the process exit code: 0 on success, 1 on failure, 2 on usage errors.
// Configuration is read from the environment and flags; see --help.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return run(ctx, args, os.Getenv, stdout, stderr)
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	cmd, rest, err := pickCommand(args)
	if err != nil {
		fmt.Fprintf(stderr, "signalpipe: %v\n\n", err)
		usage(stderr)
		return 2
	}
	if cmd == nil {
		usage(stdout)
		return 0
	}
	own, cfgArgs, err := parseArgs(cmd, rest)
	if errors.Is(err, flag.ErrHelp) {
		commandHelp(stdout, cmd)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "signalpipe %s: %v (see signalpipe %s --help)\n", cmd.name, err, cmd.name)
		return 2
	}
	cfg, err := config.Load(cfgArgs, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "signalpipe: %v\n", err)
		return 2
	}
	// The relevance model shipped in the binary must match the code's
	// feature list; a mismatch refuses every command at start.
	if _, err := icp.DefaultModel(); err != nil {
		fmt.Fprintf(stderr, "signalpipe: %v\n", err)
		return 1
	}
	env := &runEnv{cfg: cfg, log: newLogger(cfg, stderr), stdout: stdout, stderr: stderr, args: own}
	if err := cmd.run(ctx, env); err != nil {
		env.log.Error(cmd.name+" failed", "err", err)
		return 1
	}
	return 0
}

// pickCommand splits args into the subcommand and its flags. Flags alone
// mean serve; "help" (or a leading -h) returns a nil command.
func pickCommand(args []string) (*command, []string, error) {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			return nil, nil, nil
		}
		return &commands[0], args, nil
	}
	if args[0] == "help" {
		return nil, nil, nil
	}
	for i := range commands {
		if commands[i].name == args[0] {
			return &commands[i], args[1:], nil
		}
	}
	return nil, nil, fmt.Errorf("unknown command %q", args[0])
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "Usage: signalpipe [command] [options]\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nOptions (flags override environment variables):\n")
	config.Usage(w)
}

func newLogger(cfg *config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// CommandInfo is one subcommand as documented: its name and --help summary.
type CommandInfo struct{ Name, Summary string }

// Commands lists every subcommand in --help order (the generated docs and
// the README's drift test read it).
func Commands() []CommandInfo {
	out := make([]CommandInfo, 0, len(commands))
	for _, c := range commands {
		out = append(out, CommandInfo{Name: c.name, Summary: c.summary})
	}
	return out
}
