// Package cli is the signalpipe command line: it parses the subcommand and
// configuration, sets up logging and runs serve, migrate, admin, detect, eval or version.
// cmd/signalpipe/main.go only calls Run.
package cli
