// Command signalpipe is the Signalpipe server: one binary that serves the web
// app and its JSON API. Run `signalpipe --help` for commands and options.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/signalpipe/signalpipe/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// The first signal starts the graceful shutdown (drain, then finish
	// in-flight requests); a second one ends the process at once.
	context.AfterFunc(ctx, stop)
	code := cli.Run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
