package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/signalpipe/signalpipe/internal/config"
)

// One parser for every command (miniflux's cli: a stdlib flag set per
// command): a flag.FlagSet holding the command's own flags and every
// configuration option's flag (config.Flags, from the one option table),
// so a switch never swallows the next argument and a value flag always
// takes one. Flags may come before or after the positional argument; "--"
// ends the flags.

// parseArgs parses a command's arguments. It returns what the command's
// run receives and the configuration flags for config.Load; -h or --help
// returns flag.ErrHelp.
func parseArgs(cmd *command, args []string) (own any, cfgArgs []string, err error) {
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var finish func(string) (any, error)
	if cmd.flags != nil {
		finish = cmd.flags(fs)
	}
	cfgFlags := config.Flags(fs)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, nil, flagError(err)
		}
		left := fs.Args()
		if n := len(args) - len(left); n > 0 && args[n-1] == "--" {
			pos = append(pos, left...) // after "--", all are arguments
			break
		}
		if len(left) == 0 {
			break
		}
		pos, args = append(pos, left[0]), left[1:]
	}
	var arg string
	switch {
	case cmd.arg == "" && len(pos) > 0:
		return nil, nil, fmt.Errorf("unexpected argument %q", pos[0])
	case cmd.arg != "" && len(pos) > max(cmd.words, 1):
		return nil, nil, fmt.Errorf("unexpected argument %q", pos[max(cmd.words, 1)])
	case len(pos) >= 1:
		arg = strings.Join(pos, " ")
	}
	if finish != nil {
		if own, err = finish(arg); err != nil {
			return nil, nil, err
		}
	} else if cmd.arg != "" && arg == "" {
		return nil, nil, fmt.Errorf("missing %s", cmd.arg)
	}
	return own, cfgFlags(), nil
}

// flagError words the flag package's errors with two dashes, as --help
// shows the flags.
func flagError(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return err
	}
	msg := err.Error()
	for _, p := range []string{"flag provided but not defined: -", "flag needs an argument: -"} {
		if name, ok := strings.CutPrefix(msg, p); ok {
			if strings.HasPrefix(p, "flag provided") {
				return fmt.Errorf("unknown flag --%s", strings.TrimLeft(name, "-"))
			}
			return fmt.Errorf("--%s needs a value", strings.TrimLeft(name, "-"))
		}
	}
	return errors.New(strings.Replace(msg, " for flag -", " for --", 1))
}

// commandHelp is a command's --help: what it does, its own flags, then
// the configuration options (the one option table). serve, the default
// command, shows the whole usage.
func commandHelp(w io.Writer, cmd *command) {
	if cmd.flags == nil && cmd.arg == "" && cmd.name == "serve" {
		usage(w)
		return
	}
	syn := cmd.name
	if cmd.arg != "" {
		syn += " " + cmd.arg
	}
	fmt.Fprintf(w, "Usage: signalpipe %s [flags] [options]\n\n%s\n", syn, cmd.summary)
	if cmd.usage != "" {
		fmt.Fprintf(w, "\n%s\n", cmd.usage)
	}
	if cmd.flags != nil {
		fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
		cmd.flags(fs)
		fmt.Fprintf(w, "\nFlags:\n")
		fs.VisitAll(func(f *flag.Flag) {
			name, text := flag.UnquoteUsage(f)
			if name != "" {
				name = " " + name
			}
			fmt.Fprintf(w, "  --%s%s\n      %s\n", f.Name, name, text)
		})
	}
	fmt.Fprintf(w, "\nOptions (flags override environment variables):\n")
	config.Usage(w)
}
