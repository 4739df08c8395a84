package docgen

import (
	"github.com/signalpipe/signalpipe/internal/cli"
	"github.com/signalpipe/signalpipe/internal/config"
)

// FromCode reads the command and option tables from the CLI and config
// packages.
func FromCode() Inputs {
	var in Inputs
	for _, c := range cli.Commands() {
		in.Commands = append(in.Commands, Command{Name: c.Name, Summary: c.Summary})
	}
	for _, o := range config.Options() {
		in.Options = append(in.Options, Option{Env: o.Env, Flag: o.Flag, Default: o.Default, Description: o.Description})
	}
	return in
}
