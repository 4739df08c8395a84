// Package config is the one typed place where Signalpipe's configuration is
// declared, read and validated.
//
// Every option has a default, an environment variable, a command-line flag
// (flags override the environment) and a validator. Load fails fast with an
// error that names the offending option, and the zero configuration is valid,
// so the server starts with nothing set. Options lists every option so that
// --help and tests can enumerate them.
package config
