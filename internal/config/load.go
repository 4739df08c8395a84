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
	flags := register(fs)
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
			name, v = "--"+o.Flag, flags[o.Flag].v
		}
		if v != "" {
			if c.set == nil {
				c.set = map[string]bool{}
			}
			c.set[o.Env] = true
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

// Set reports whether the environment (or a flag) gave the option env a
// value: such a value wins over one saved in the console (sources'
// settings, docs/sources.md).
func (c *Config) Set(env string) bool { return c.set[env] }

// Apply validates v as the option env's value and sets it on c, as Load
// would; the error names the option (never its value when it is secret).
// The console's source settings are applied this way over a copy of the
// loaded configuration.
func Apply(c *Config, env, v string) error {
	for _, o := range options {
		if o.Env != env {
			continue
		}
		if err := o.apply(c, v); err != nil {
			if o.secret {
				return fmt.Errorf("invalid %s: %w", env, err)
			}
			return fmt.Errorf("invalid %s %q: %w", env, v, err)
		}
		return nil
	}
	return fmt.Errorf("unknown option %s", env)
}

// Flags declares every option's flag on fs, a command's own flag set
// (internal/cli), so one parser reads the command's flags and the options
// in any order. A switch (an option whose default is true or false) may
// stand alone: --hn-enabled means --hn-enabled=true, and a value needs
// "=" (--hn-enabled=false), so a switch never takes the next argument. The
// function returned gives the options set on the command line, as args
// for Load, which validates them.
func Flags(fs *flag.FlagSet) func() []string {
	flags := register(fs)
	return func() []string {
		var out []string
		fs.Visit(func(f *flag.Flag) {
			if v, ok := flags[f.Name]; ok {
				out = append(out, "--"+f.Name+"="+v.v)
			}
		})
		return out
	}
}

// register declares the options' flags on fs.
func register(fs *flag.FlagSet) map[string]*optionValue {
	flags := make(map[string]*optionValue, len(options))
	for _, o := range options {
		v := &optionValue{isBool: o.isSwitch()}
		fs.Var(v, o.Flag, o.Description)
		flags[o.Flag] = v
	}
	return flags
}

// isSwitch reports whether o is a true/false option.
func (o Option) isSwitch() bool { return o.Default == "true" || o.Default == "false" }

// optionValue holds an option's flag as given; Load's apply validates it.
type optionValue struct {
	v      string
	isBool bool
}

func (o *optionValue) String() string {
	if o == nil {
		return ""
	}
	return o.v
}

func (o *optionValue) Set(s string) error { o.v = s; return nil }

// IsBoolFlag lets a switch stand alone (flag.Value's boolFlag).
func (o *optionValue) IsBoolFlag() bool { return o.isBool }

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
