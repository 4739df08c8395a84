package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// ErrHelp is returned by Load when -h or --help was given.
var ErrHelp = flag.ErrHelp

// Load builds a Config from command-line args (flags only, no positional
// arguments) and the environment read through getenv. A flag overrides its
// environment variable, which overrides the default. The error names the
// first invalid option, e.g. `invalid PORT "abc": must be a number 1-65535`.
func Load(args []string, getenv func(string) string) (*Config, error) {
	fs := flag.NewFlagSet("signalpipe", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	flags := make(map[string]*string, len(options))
	for _, o := range options {
		flags[o.Flag] = fs.String(o.Flag, "", o.Description)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, ErrHelp
		}
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	fromFlag := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { fromFlag[f.Name] = true })

	c := &Config{}
	for _, o := range options {
		name, v := o.Env, getenv(o.Env)
		if fromFlag[o.Flag] {
			name, v = "--"+o.Flag, *flags[o.Flag]
		}
		if v == "" {
			v = o.rawDefault()
		}
		if err := o.apply(c, v); err != nil {
			if o.secret {
				return nil, fmt.Errorf("invalid %s: %w", name, err)
			}
			return nil, fmt.Errorf("invalid %s %q: %w", name, v, err)
		}
	}
	return c, nil
}

// Usage writes the option table: flag, environment variable, default and
// description of every option.
func Usage(w io.Writer) {
	for _, o := range options {
		def := o.Default
		if def == "" {
			def = "(empty)"
		}
		fmt.Fprintf(w, "  --%s (env %s, default %s)\n      %s\n", o.Flag, o.Env, def, o.Description)
	}
}
